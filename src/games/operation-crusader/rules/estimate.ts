/**
 * The computer player's estimate of a position (the package's `botEstimate`): the VP marker (OC 7.0[2], positive
 * favours the British; OC 7.3 decides by its sign), squashed into (0, 1).
 */
import type { SeatId } from '../../../engine/types.ts';
import type { OcState } from '../state.ts';

/** How well the game stands for `seat`, in (0, 1): 0.5 at 0 VP. */
export function botEstimate(s: OcState, seat: SeatId): number {
  const british = 1 / (1 + Math.exp(-s.vp / 2));
  return seat === 'british' ? british : 1 - british;
}
