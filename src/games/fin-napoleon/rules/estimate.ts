/**
 * The computer player's estimate of a position (the package's `botEstimate`): how far each side is along its road to
 * victory (FN 10.3): France towards the VP of Allied nations at peace it needs (FN 10.3[4]), the Allies towards
 * French morale 0 (FN 10.3[5]). Every Allied seat shares the Allies' estimate.
 */
import type { SeatId } from '../../../engine/types.ts';
import { FRANCE_SEAT, type FnState } from '../state.ts';
import { peaceVp } from './end.ts';

/** How well the game stands for `seat`, in [0, 1]: 0.5 when both sides are as far along. */
export function botEstimate(s: FnState, seat: SeatId): number {
  const french = Math.min(1, peaceVp(s) / Math.max(1, s.data.frenchVictoryVp));
  const allied = Math.min(1, Math.max(0, 1 - s.morale / Math.max(1, s.data.moraleStart)));
  const forFrance = 0.5 + (french - allied) / 2;
  return seat === FRANCE_SEAT ? forFrance : 1 - forFrance;
}
