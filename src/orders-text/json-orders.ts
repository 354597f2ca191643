/**
 * Orders as JSON inside an order message: every game accepts its orders object (the API's `orders`) in a mail or
 * the page's text box, whether or not it has a text grammar. The object starts on a line whose first character is
 * `{` and may span lines; it ends where its braces close. Mail clients and Japanese input methods change what
 * people type: when the text as sent is not JSON, it is read again with full-width forms folded (NFKC) and curly
 * double quotes made straight.
 */
import { normalizeText } from './normalize.ts';

/** A JSON object read from the lines [start, end] of a message, or why it could not be read. */
export type JsonBlock =
  | { ok: true; end: number; value: Record<string, unknown> }
  | { ok: false; end: number; code: string; message: { en: string; ja: string } };

/** True when a (normalised, trimmed) line opens a JSON object. */
export function opensJson(line: string): boolean {
  return line.startsWith('{');
}

/** Full-width forms folded and curly double quotes made straight: the lenient reading. */
const lenient = (text: string): string => normalizeText(text).replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"');

/**
 * The offset just past the brace that closes the object opening at the first `{` of `text`, or null when the braces
 * never balance. Strings and escapes are followed, so braces inside a string do not count.
 */
function closing(text: string): number | null {
  let depth = 0;
  let inString = false;
  for (let i = text.indexOf('{'); i >= 0 && i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return null;
}

const failure = (end: number, code: string, en: string, ja: string): JsonBlock => {
  return { ok: false, end, code, message: { en, ja } };
};

/** Reads the JSON object opening on `lines[start]` (at most `maxLines` lines), as sent or leniently. */
export function readJsonBlock(lines: readonly string[], start: number, maxLines: number): JsonBlock {
  const span = lines.slice(start, Math.min(lines.length, start + maxLines));
  // NFKC works line by line, so the lenient text has the same lines as the text as sent.
  const text = span.map(lenient).join('\n');
  const close = closing(text);
  if (close === null) {
    const en = 'the JSON object is not closed: a "}" is missing';
    return failure(
      start + span.length - 1,
      'text/json-unclosed',
      en,
      'JSON オブジェクトが閉じていません (「}」が足りません)',
    );
  }
  const end = start + (text.slice(0, close).match(/\n/g)?.length ?? 0);
  const lineEnd = text.indexOf('\n', close);
  const rest = text
    .slice(close, lineEnd < 0 ? undefined : lineEnd)
    .replace(/(^|\s)(#|\/\/).*$/, '')
    .trim();
  if (rest) {
    const shown = rest.slice(0, 40);
    const ja = `JSON オブジェクトの後に余分な文字があります:「${shown}」`;
    return failure(end, 'text/json-trailing', `text after the JSON object: "${shown}"`, ja);
  }
  const raw = lines.slice(start, end + 1).join('\n');
  const rawClose = closing(raw);
  const asSent = rawClose === null ? undefined : parseObject(raw.slice(raw.indexOf('{'), rawClose));
  const value = asSent ?? parseObject(text.slice(text.indexOf('{'), close));
  if (value === undefined) {
    const why = syntaxProblem(text.slice(text.indexOf('{'), close));
    return failure(
      end,
      'text/json',
      `the JSON orders could not be read: ${why}`,
      `JSON の命令を読めませんでした: ${why}`,
    );
  }
  return { ok: true, end, value };
}

/** The object a text holds, or undefined when it is not JSON or not an object. */
function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
    return isObject ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The parser's own words for what is wrong with a text. */
function syntaxProblem(text: string): string {
  try {
    JSON.parse(text);
    return 'not an object';
  } catch (error) {
    return (error as Error).message.slice(0, 120);
  }
}
