/** Text in SVG and HTML: every string a board carries goes through `xmlEscape` before it reaches markup. */

/** A character that XML content or an attribute value must escape. */
const NEEDS_ESCAPE = /[&<>"']/;

/** Escapes text for XML content and attribute values. */
export function xmlEscape(s: unknown): string {
  const t = String(s ?? '');
  // Most texts of a map (numbers, ids, colours) need nothing: one scan instead of five replacements.
  if (!NEEDS_ESCAPE.test(t)) return t;
  return t
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A number with its sign when positive (a VP difference: +3, 0, -2). */
export const signed = (v: number): string => `${v > 0 ? '+' : ''}${v}`;

/** About how wide a text runs at `size` (bold sans): Japanese and full-width characters 1 em, the rest 0.62 em. */
export function textWidth(s: string, size: number): number {
  let em = 0;
  for (const ch of s) em += /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.62;
  return em * size;
}

/** An attribute value: text (escaped), a number (rounded to 0.1) or nothing (left out). */
export type AttrValue = string | number | undefined;

/** An opening tag: attributes in the order given, every value escaped. */
export function openTag(tag: string, attrs: Record<string, AttrValue>): string {
  let out = `<${tag}`;
  for (const k in attrs) {
    const v = attrs[k];
    if (v !== undefined) out += ` ${k}="${typeof v === 'number' ? Math.round(v * 10) / 10 : xmlEscape(v)}"`;
  }
  return `${out}>`;
}

/** One SVG element; `inner` is markup already made (none: an empty element). */
export function el(tag: string, attrs: Record<string, AttrValue>, inner?: string): string {
  const open = openTag(tag, attrs);
  return inner === undefined ? `${open.slice(0, -1)}/>` : `${open}${inner}</${tag}>`;
}
