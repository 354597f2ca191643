/**
 * The computer player's estimate of a position (the package's `botEstimate`): the VP balance (GF 10: positive for
 * Britain, a lead of 7 wins outright), squashed into (0, 1).
 */
import type { SeatId } from '../../../engine/types.ts';
import type { GfState } from '../state.ts';

/** How well the game stands for `seat`, in (0, 1): 0.5 at even VP. */
export function botEstimate(s: GfState, seat: SeatId): number {
  const british = 1 / (1 + Math.exp(-s.vp / 3));
  return seat === 'british' ? british : 1 - british;
}
