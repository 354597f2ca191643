/** The toy's hidden information made testable: a state a viewer cannot tell from another. */
import type { HiddenTwin } from '../../../engine/game-package.ts';
import type { Viewer } from '../../../engine/types.ts';
import { TOY_SEATS, type ToyState } from '../state.ts';

const OTHER_NOTES = ['', 'bluff', 'メモ', 'a longer note about nothing at all'];

/**
 * A position the viewer cannot tell from `state` (the package's `hiddenTwin`): every note it may not see (TOY 2:
 * another seat's, all of them for the public) replaced by another note or none. Null for the moderator.
 */
export function hiddenTwin(state: ToyState, viewer: Viewer, rand: () => number): HiddenTwin<ToyState> | null {
  if (viewer.kind === 'moderator') return null;
  const notes = { ...state.notes };
  for (const seat of TOY_SEATS) {
    if (viewer.kind === 'seat' && viewer.seat === seat) continue;
    const note = OTHER_NOTES[Math.floor(rand() * OTHER_NOTES.length)];
    if (note) notes[seat] = note;
    else delete notes[seat];
  }
  return { state: { ...state, notes }, renamed: {} };
}
