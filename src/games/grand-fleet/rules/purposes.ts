/**
 * Dice purposes made once: each die's `{ rule, what }` and the text a context that records text only gets (what
 * `rollDie` would make of it). Random play and play-outs roll a hundred and more dice a game, each of which made
 * its purpose and its text anew.
 */
import { purposeText } from '../../../engine/dice-purpose.ts';
import type { DicePurpose, ResolveContext } from '../../../engine/types.ts';

/** A die's purpose and its text. */
export interface KnownPurpose {
  purpose: DicePurpose;
  text: string;
}

/** A purpose and its text, made once. */
export function knownPurpose(rule: string, en: string, ja: string): KnownPurpose {
  const purpose = { rule, what: { en, ja } };
  return { purpose, text: purposeText(purpose) };
}

/** Rolls one die as `rollDie` does: the structured purpose for a context that records it, else its text. */
export function rollKnown(ctx: ResolveContext, sides: number, known: KnownPurpose): number {
  return ctx.rollFor ? ctx.rollFor(sides, known.purpose) : ctx.roll(sides, known.text);
}
