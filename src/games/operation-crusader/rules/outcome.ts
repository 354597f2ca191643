/** The outcome once the game is over (OC 3.0[1], 7.3): the winner, or a draw, as the final phase decided it. */
import type { Outcome } from '../../../engine/types.ts';
import type { OcState } from '../state.ts';

/** The result once the game is over. */
export function outcome(s: OcState): Outcome | null {
  if (s.phase.kind !== 'over') return null;
  const { winner, reason, rule } = s.phase;
  return { winner, ...(winner ? {} : { draw: true }), reason, rule, vp: s.vp, turn: s.turn };
}
