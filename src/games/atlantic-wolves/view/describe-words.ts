/**
 * The words every event description is made of: field readers that refuse a missing field, units, areas and sides
 * by name, lists, and the sentence with its rule ids. Names come from the shipped data set (`defaultData`); an id
 * it does not know is shown as the id itself.
 */
import type { GameEvent } from '../../../engine/types.ts';
import { defaultData } from '../data/default-data.ts';

/** The reader's language. */
export type Locale = 'en' | 'ja';
type Text = { en: string; ja: string };

/** What a describer gets besides the event: the reader's language and the sentence maker with the event's rule. */
export interface Say {
  lc: Locale;
  ja: boolean;
  /** The event's rule id (ruleId of its `rule`). */
  rule: string | undefined;
  /** The sentence in the reader's language (both are built), ending with the rule id and any `more` ids. */
  s(en: string, ja: string, ...more: (string | undefined)[]): string;
}

/** The sentence for one event of a known type. Throws `Missing` when a field it needs is absent. */
export type Describer = (e: GameEvent, say: Say) => string;

const unitNames = new Map<string, Text>(defaultData.units.map((u) => [u.id, u.name]));
const areaNames = new Map<string, Text>(defaultData.areas.map((a) => [a.id, a.name]));
const areaOrder = new Map<string, number>(defaultData.areas.map((a, i) => [a.id, i]));

/** A field an event of a known type must have but lacks: the caller falls back to the generic line. */
export class Missing extends Error {}

/** A non-empty string, or a finite number as text. */
export const str = (v: unknown): string => {
  if (typeof v === 'string' && v.length) return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new Missing();
};
/** A finite number. */
export const num = (v: unknown): number => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new Missing();
};
/** A list of strings (see `str`). */
export const strs = (v: unknown): string[] => {
  if (!Array.isArray(v)) throw new Missing();
  return v.map(str);
};
/** An object (not a list). */
export const record = (v: unknown): Record<string, unknown> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Missing();
  return v as Record<string, unknown>;
};
/** An English and Japanese text. */
export const isText = (v: unknown): v is Text =>
  !!v && typeof v === 'object' && typeof (v as Text).en === 'string' && typeof (v as Text).ja === 'string';

/** A number with its sign (VP differences). */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** `word` with an English plural `s` unless `n` is 1 ("unit", "units"). */
export const plural = (n: number, word: string): string => (n === 1 ? word : `${word}s`);

/** A unit by its id, with its name where known: "GB-DD1 (British DD 1)", "GB-DD1（英駆逐艦1）". */
export function unit(id: string, lc: Locale): string {
  const name = unitNames.get(id)?.[lc];
  if (!name || name === id) return id;
  return lc === 'ja' ? `${id}（${name}）` : `${id} (${name})`;
}

/** A list of units: with names when short (up to 4), ids only when long. */
export function units(ids: string[], lc: Locale): string {
  if (!ids.length) return lc === 'ja' ? 'なし' : 'none';
  return ids.map((id) => (ids.length <= 4 ? unit(id, lc) : id)).join(lc === 'ja' ? '、' : ', ');
}

/** An area's name ("the Caribbean", "カリブ海"), or its id when the shipped data set does not know it. */
export function area(id: string, lc: Locale): string {
  const name = areaNames.get(id)?.[lc];
  if (name) return lc === 'ja' ? name : `the ${name}`;
  return lc === 'ja' ? `エリア${id}` : `area ${id}`;
}

/** Area ids in map order (shipped data set order, then others as they came). */
export function byArea<T>(entries: [string, T][]): [string, T][] {
  const rank = (a: string) => areaOrder.get(a) ?? Number.MAX_SAFE_INTEGER;
  return entries
    .map((e, i) => [e, i] as const)
    .sort(([x, i], [y, j]) => rank(x[0]) - rank(y[0]) || i - j)
    .map(([e]) => e);
}

/** "3 in the Caribbean, 1 in the Central Gap" / "カリブ海に3、中央ギャップに1". */
export function counts(c: Record<string, unknown>, lc: Locale): string {
  const parts = byArea(Object.entries(c).map(([a, n]) => [a, num(n)] as [string, number])).filter(([, n]) => n > 0);
  if (!parts.length) return lc === 'ja' ? 'なし' : 'none';
  return parts
    .map(([a, n]) => (lc === 'ja' ? `${area(a, lc)}に${n}` : `${n} in ${area(a, lc)}`))
    .join(lc === 'ja' ? '、' : ', ');
}

/** Units grouped by area: "the Caribbean: C05, C10; the Central Gap: U01" / "カリブ海: C05、C10 ／ 中央ギャップ: U01". */
export function grouped(groups: [string, string[]][], lc: Locale): string {
  if (!groups.length) return lc === 'ja' ? 'なし' : 'none';
  return byArea(groups)
    .map(([a, ids]) => `${area(a, lc)}: ${ids.join(lc === 'ja' ? '、' : ', ')}`)
    .join(lc === 'ja' ? ' ／ ' : '; ');
}

/** A unit -> area map as groups by area. */
export function groupByArea(placement: Record<string, unknown>): [string, string[]][] {
  const out = new Map<string, string[]>();
  for (const [u, a] of Object.entries(placement)) {
    const key = str(a);
    const list = out.get(key) ?? [];
    list.push(u);
    out.set(key, list);
  }
  return [...out.entries()];
}

/** A side as the subject of a sentence: "the Allies", "連合軍". */
export const sideName = (side: unknown, lc: Locale): string => {
  const s = str(side);
  if (s === 'allied') return lc === 'ja' ? '連合軍' : 'the Allies';
  if (s === 'german') return lc === 'ja' ? 'ドイツ軍' : 'the Germans';
  return s;
};
/** A side as an adjective: "Allied", "連合軍". */
export const sideAdj = (side: unknown, lc: Locale): string => {
  const s = str(side);
  if (s === 'allied') return lc === 'ja' ? '連合軍' : 'Allied';
  if (s === 'german') return lc === 'ja' ? 'ドイツ軍' : 'German';
  return s;
};
/** The text with its first letter in capitals (a sentence starting with "the Allies"). */
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The rule id of an event, without a trailing explanation ("AW 9.0[8] (plus at …)" -> "AW 9.0[8]"). */
export const ruleId = (rule: unknown): string | undefined =>
  typeof rule === 'string' && rule.trim() ? rule.replace(/ \(.*\)$/, '').trim() : undefined;

/** Ends a sentence with the rule id(s) in parentheses. */
export function sentence(body: string, lc: Locale, ...rules: (string | undefined)[]): string {
  const ids = [...new Set(rules.filter((r): r is string => !!r))];
  const tag = ids.length ? (lc === 'ja' ? `（${ids.join('、')}）` : ` (${ids.join(', ')})`) : '';
  return `${body}${tag}${lc === 'ja' ? '。' : '.'}`;
}
