/**
 * The computer player's determinization (docs/contract.md, `sampleHidden`): what a seat cannot see drawn afresh.
 * The face-down markers' fleets (GF 8[2][1], secret from both players until the reveal) are put in fleet order and
 * shuffled; the other seat's standing orders (spec 5.2) are taken as none, so it answers each question when asked.
 */
import type { SeatId } from '../../../engine/types.ts';
import { shuffled } from '../../../engine/shuffled.ts';
import { cloneState, type GfState, type Side, SIDE_ORDER } from '../state.ts';

/** A position the seat cannot tell from `state`, drawn from `rand` and from what the seat sees only. */
export function sampleHidden(state: GfState, seat: SeatId, rand: () => number): GfState {
  const s = cloneState(state);
  for (const side of SIDE_ORDER) if (side !== seat) s.standing[side] = {};
  const b = s.battle;
  if (b && !b.revealed) {
    const drawn = (side: Side) =>
      shuffled(
        [...b.hidden[side]].sort((x, y) => x - y),
        rand,
      );
    const british = drawn('british'); // British first, as the dice have always been drawn
    b.hidden = { british, german: drawn('german') };
  }
  return s;
}
