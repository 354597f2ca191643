/** The generic line of an event no describer knows (or one missing a field its type needs): never a throw. */
import type { GameEvent } from '../../../engine/types.ts';
import { isText, type Locale, ruleId, sentence } from './describe-words.ts';

/** A value in the generic line: plain for scalars, compact for lists and maps, never "undefined" or "[object …]". */
function plain(v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return `[${v.map(plain).join(', ')}]`;
  if (typeof v === 'object') {
    return `{${Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${k}: ${plain(x)}`)
      .join(', ')}}`;
  }
  return '-';
}

const NOT_FIELDS = new Set(['type', 'rule', 'visibleTo', 'text']);

/** The generic line: an event's own text when it carries one, else its type and fields as key=value pairs. */
export function describeGeneric(e: GameEvent, lc: Locale): string {
  const type = typeof e.type === 'string' && e.type ? e.type : 'event';
  const rule = ruleId(e.rule);
  if (isText(e.text)) return sentence(e.text[lc].replace(/[.。]$/, ''), lc, rule);
  const fields = Object.entries(e)
    .filter(([k, v]) => !NOT_FIELDS.has(k) && v !== undefined && typeof v !== 'function')
    .map(([k, v]) => `${k}=${plain(v)}`)
    .join(', ');
  const head = lc === 'ja' ? `出来事「${type}」` : `Event "${type}"`;
  return sentence(fields ? `${head}: ${fields}` : head, lc, rule);
}
