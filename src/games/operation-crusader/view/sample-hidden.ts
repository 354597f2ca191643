/**
 * The computer player's determinization (docs/contract.md, `sampleHidden`): only standing orders are hidden in
 * Operation Crusader (spec 5.2), so the other side's are taken as none: it is asked at each decision instead.
 */
import type { SeatId } from '../../../engine/types.ts';
import type { OcSide, OcState } from '../state.ts';

/** A position the seat cannot tell from `state`; it needs no chance. */
export function sampleHidden(state: OcState, seat: SeatId, _rand: () => number): OcState {
  const standing = { ...state.standing };
  for (const side of ['british', 'axis'] as OcSide[]) if (side !== seat) standing[side] = {};
  return { ...state, standing };
}
