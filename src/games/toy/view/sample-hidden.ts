/** The computer player's determinization of the toy (TOY 2: another seat's note is hidden): no note for others. */
import type { SeatId } from '../../../engine/types.ts';
import type { ToyState } from '../state.ts';

/** A position the seat cannot tell from `state`: only its own note kept. */
export function sampleHidden(state: ToyState, seat: SeatId, _rand: () => number): ToyState {
  const notes: Record<string, string> = {};
  if (Object.hasOwn(state.notes, seat)) notes[seat] = state.notes[seat];
  return { ...state, notes };
}
