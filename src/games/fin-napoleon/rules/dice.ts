/**
 * Fin-Napoleon's dice with their purposes made once: `rollDie` of the engine (src/engine/dice-purpose.ts) makes the
 * purpose's text anew for every die a context without `rollFor` rolls (simulations, play-outs, odds previews). The
 * dice, their order and what is recorded stay the same.
 */
import { purposeText } from '../../../engine/dice-purpose.ts';
import type { DicePurpose, ResolveContext, Text } from '../../../engine/types.ts';

/** A die's purpose, and the text a context without `rollFor` records it as. */
export interface KnownPurpose {
  purpose: DicePurpose;
  text: string;
}

/** A purpose and its text, made once. */
export function knownPurpose(rule: string, what: Text): KnownPurpose {
  const purpose = { rule, what };
  return { purpose, text: purposeText(purpose) };
}

/** One d6 for a known purpose: what `rollDie(ctx, 6, purpose)` rolls. */
export const rollD6 = (ctx: ResolveContext, p: KnownPurpose): number =>
  ctx.rollFor ? ctx.rollFor(6, p.purpose) : ctx.roll(6, p.text);
