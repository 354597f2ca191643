/**
 * The computer player's estimate of a position (the package's `botEstimate`): the German VP Table (AW 9.0[4]-[8]),
 * which the German wants above 0 at the end of turn 5 and the Allied below 0, squashed into (0, 1).
 */
import type { SeatId } from '../../../engine/types.ts';
import type { AwState } from '../state.ts';

/** How well the game stands for `seat`, in (0, 1): 0.5 at a table of 0. */
export function botEstimate(s: AwState, seat: SeatId): number {
  const german = 1 / (1 + Math.exp(-s.table / 2));
  return seat === 'german' ? german : 1 - german;
}
