/**
 * One statement line -> the orders it sets (docs/orders.md): the leading keyword (English or Japanese, after an
 * optional STANDING) chooses the reader of its decision point; a line without a keyword is read by what it names.
 */
import { nameKey } from '../../../../orders-text/normalize.ts';
import { attackFieldOf, attackStatement } from './attacks.ts';
import type { AwTextContext } from './context.ts';
import { awTokens, err, isErr, type Item, items, type Parsed } from './items.ts';
import { overflowStatement, placeStatement } from './placement.ts';
import { reinforceStatement } from './reinforce.ts';
import { moveStatement, responseTableStatement, stayStatement } from './response.ts';
import { step2Statement } from './step2.ts';

const KEYWORDS = {
  place: ['place', 'p', '配置'],
  step2: ['step2', 'blind', '手順2'],
  step3: ['step3', '手順3'],
  overflow: ['overflow', '超過'],
  replace: ['replace', '再配置'],
  move: ['move', 'm', '移動', '対応移動'],
  stay: ['stay', 'hold', '待機', '残留', 'そのまま', '移動なし'],
  air: ['air', '空軍', '航空攻撃'],
  escort: ['escort', 'e', '護衛', '護衛艦'],
  ub: ['ub', 'uboat', 'attack', 'fire', '攻撃', 'ub攻撃'],
  reinforce: ['reinforce', '増強'],
  response: ['response', 'responses', '対応', '対応表'],
  standing: ['standing', '予約'],
} as const;
type Keyword = keyof typeof KEYWORDS;
const KEYWORD_OF = new Map<string, Keyword>();
for (const [k, words] of Object.entries(KEYWORDS)) for (const w of words) KEYWORD_OF.set(nameKey(w), k as Keyword);

/** What a line says besides its items: a STANDING prefix, and PLAN after STEP2. */
interface LineFlags {
  standing: boolean;
  plan: boolean;
}

/** The reader of each keyword's items (STAY is read from its tokens: see `statement`). */
const READERS: Record<Exclude<Keyword, 'stay'>, (xs: Item[], flags: LineFlags, ctx: AwTextContext) => Parsed> = {
  place: (xs, _f, ctx) => placeStatement(xs, ctx.place),
  step3: (xs) => placeStatement(xs, 'step3'),
  replace: (xs) => placeStatement(xs, 'replace'),
  step2: (xs, f) => step2Statement(xs, f.plan),
  overflow: (xs) => overflowStatement(xs),
  reinforce: (xs, f, ctx) => reinforceStatement(xs, f.standing || !ctx.reinforceNow),
  move: (xs) => moveStatement(xs),
  air: (xs) => attackStatement(xs, 'air'),
  escort: (xs) => attackStatement(xs, 'escorts'),
  ub: (xs) => attackStatement(xs, 'ubs'),
  response: (xs) => responseTableStatement(xs),
  standing: () => err('standing-form', 'STANDING goes before REINFORCE', 'STANDING の後には REINFORCE を書きます'),
};

/** The keyword a line starts with; a unit named like a keyword ("UB 1") is read as the name instead. */
function leadingKeyword(tokens: string[], ctx: AwTextContext): Keyword | undefined {
  const kw = KEYWORD_OF.get(nameKey(tokens[0] ?? ''));
  if (kw !== 'ub' && kw !== 'air') return kw;
  const unit = ctx.names.match('unit', tokens, 0);
  return unit && unit.length > 1 ? undefined : kw;
}

/** Lines without a keyword: `U01 -> CG` (placement at this point), `GB-DD1 -> U01` (an attack by the unit's type). */
function unkeyed(xs: Item[], ctx: AwTextContext): Parsed {
  const first = xs[0];
  if (!first || (first.t !== 'unit' && first.t !== 'area')) return null;
  if (first.t === 'unit' && !xs.some((x) => x.t === 'area')) {
    const field = attackFieldOf(first.id, ctx);
    if (!field || xs.length < 2) return null;
    return attackStatement(xs, field);
  }
  return placeStatement(xs, ctx.place);
}

/** Parses one statement line (see docs/orders.md). */
export function statement(line: string, ctx: AwTextContext): Parsed {
  const tokens = awTokens(line);
  let kw = leadingKeyword(tokens, ctx);
  const standing = kw === 'standing';
  if (standing) {
    tokens.shift();
    kw = KEYWORD_OF.get(nameKey(tokens[0] ?? ''));
  }
  const rest = kw ? tokens.slice(1) : tokens;
  if (kw === 'response' && nameKey(rest[0] ?? '') === 'table') rest.shift();
  const plan = kw === 'step2' && nameKey(rest[0] ?? '') === 'plan';
  if (plan) rest.shift();
  if (kw === 'stay') return stayStatement(rest);
  const xs = items(rest, ctx, kw === 'step2');
  if (isErr(xs)) return kw ? xs : null;
  return kw ? READERS[kw](xs, { standing, plan }, ctx) : unkeyed(xs, ctx);
}
