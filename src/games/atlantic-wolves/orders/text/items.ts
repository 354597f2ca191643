/**
 * The lexer of the order text: a statement's tokens become items (units, areas, numbers, facing and stay words,
 * arrows and separators) after name lookup. Also the small helpers every statement parser shares.
 */
import { nameKey, tokenize } from '../../../../orders-text/normalize.ts';
import type { StatementResult } from '../../../../engine/grammar.ts';
import type { AwOrders } from '../schema.ts';
import type { AwTextContext } from './context.ts';

/** What a statement parser returns: orders to apply, an error, or null for a line that is not an order. */
export type Parsed = StatementResult<AwOrders>;

/** One item of a statement after name lookup. */
export type Item =
  | { t: 'unit'; id: string }
  | { t: 'area'; id: string }
  | { t: 'num'; n: number }
  | { t: 'face'; face: 'up' | 'down' }
  | { t: 'stay' }
  | { t: 'ask' }
  | { t: 'none' }
  | { t: 'arrow' }
  | { t: 'sep'; c: string };

const ARROWS = new Set(['->', 'to', 'in', 'at', 'へ', 'に', 'を', '=>', '=', '>']);
const FACE = new Map<string, 'up' | 'down'>([
  ['up', 'up'],
  ['faceup', 'up'],
  ['表', 'up'],
  ['表向き', 'up'],
  ['down', 'down'],
  ['facedown', 'down'],
  ['裏', 'down'],
  ['裏向き', 'down'],
]);
const STAY_WORDS = new Set(['stay', 'hold', '待機', '残留', 'そのまま', '移動なし', 'none'].map(nameKey));
const NONE_WORDS = new Set(['none', 'no', 'pass', 'なし', '無し'].map(nameKey));
const SEPARATORS = new Set([',', ';', ':', '/']);

/** A text error of the grammar (`aw/text/<code>`). */
export const err = (code: string, en: string, ja: string): Parsed => ({
  kind: 'error',
  code: `aw/text/${code}`,
  message: { en, ja },
});

/** Orders a statement sets. */
export const ok = (apply: (o: AwOrders) => void): Parsed => ({ kind: 'order', apply });

/** True when the lexer or a parser returned a result (an error) instead of its list. */
export const isErr = <T>(x: T[] | Parsed): x is Parsed => !Array.isArray(x);

/** The unit ids among the items, in order. */
export const unitsOf = (xs: Item[]): string[] =>
  xs.filter((x): x is { t: 'unit'; id: string } => x.t === 'unit').map((x) => x.id);

/** Splits the Japanese particles を, へ, に off words (`HX船団を中央ギャップへ`) and tokenizes. */
export function awTokens(line: string): string[] {
  return tokenize(line.replace(/[をへに]/g, ' $& '));
}

/** `CG?2`: the second face-down Step-2 unit in an area (AW-A06), named so by its owner in OVERFLOW. */
function blindItem(tok: string, ctx: AwTextContext): Item | null {
  const m = /^([^?]+)\?([1-9]\d{0,2})$/.exec(tok);
  const area = m ? ctx.names.match('area', [m[1]], 0) : null;
  return area && !('ambiguous' in area) ? { t: 'unit', id: `${area.id}?${m![2]}` } : null;
}

/** A word that names no unit or area: a facing, STAY, ASK, NONE or a number; null for anything else. */
function wordItem(tok: string): Item | null {
  const key = nameKey(tok);
  const face = FACE.get(key);
  if (face) return { t: 'face', face };
  if (STAY_WORDS.has(key) && key !== 'none') return { t: 'stay' };
  if (key === 'ask' || key === '質問') return { t: 'ask' };
  if (NONE_WORDS.has(key)) return { t: 'none' };
  if (/^\d+$/.test(tok)) return { t: 'num', n: Number(tok) };
  return null;
}

/** The item of the one token at `tokens[i]` that needs no name lookup, or null. */
function tokenItem(tok: string, ctx: AwTextContext, countsFirst: boolean): Item | null {
  if (countsFirst && /^\d+$/.test(tok)) return { t: 'num', n: Number(tok) };
  if (ARROWS.has(tok.toLowerCase())) return { t: 'arrow' };
  if (SEPARATORS.has(tok)) return { t: 'sep', c: tok };
  return blindItem(tok, ctx);
}

/**
 * Turns tokens into items; the first unknown or ambiguous name is returned as an error. With `countsFirst` a
 * number is a number even where a unit has that number (STEP2 counts).
 */
export function items(tokens: string[], ctx: AwTextContext, countsFirst = false): Item[] | Parsed {
  const out: Item[] = [];
  for (let i = 0; i < tokens.length; ) {
    const single = tokenItem(tokens[i], ctx, countsFirst);
    if (single) {
      out.push(single);
      i++;
      continue;
    }
    const unit = ctx.names.match('unit', tokens, i);
    const area = ctx.names.match('area', tokens, i);
    const best = unit && area ? (area.length > unit.length ? area : unit) : (unit ?? area);
    if (best) {
      const words = tokens.slice(i, i + best.length).join(' ');
      if ('ambiguous' in best) {
        return err(
          'ambiguous',
          `"${words}" could be ${best.ambiguous.join(' or ')}: use the id`,
          `「${words}」は ${best.ambiguous.join('・')} のどれか分かりません。IDで書いてください`,
        );
      }
      out.push({ t: best === area ? 'area' : 'unit', id: best.id });
      i += best.length;
      continue;
    }
    const word = wordItem(tokens[i]);
    if (!word) {
      return err(
        'unknown-name',
        `"${tokens[i]}" is not a unit or area of this game`,
        `「${tokens[i]}」はこのゲームのユニットでもエリアでもありません`,
      );
    }
    out.push(word);
    i++;
  }
  return out;
}

/** OVERFLOW and REINFORCE: units and nothing else (separators aside). */
export function unitList(xs: Item[], kw: 'overflow' | 'reinforce'): string[] | Parsed {
  const units = unitsOf(xs);
  if (!units.length || xs.some((x) => x.t !== 'unit' && x.t !== 'sep')) {
    return err(`${kw}-form`, `write ${kw.toUpperCase()} <units>`, `${kw.toUpperCase()} <ユニット> と書いてください`);
  }
  return units;
}
