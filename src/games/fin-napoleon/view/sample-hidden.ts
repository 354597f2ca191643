/**
 * The computer player's determinization (docs/contract.md, `sampleHidden`): the other seats' later activations and
 * standing orders are theirs alone (spec 4), so they are taken as not yet given: each seat is asked when its turn
 * comes. Every unit is on the map and open.
 */
import type { SeatId } from '../../../engine/types.ts';
import { cloneState, type FnState, queuedToChange, standingToChange } from '../state.ts';

/** A position the seat cannot tell from `state`; it needs no chance. */
export function sampleHidden(state: FnState, seat: SeatId, _rand: () => number): FnState {
  const s = cloneState(state);
  for (const other of Object.keys(s.queued)) if (other !== seat) delete queuedToChange(s)[other];
  for (const other of Object.keys(s.standing)) if (other !== seat) standingToChange(s)[other] = {};
  return s;
}
