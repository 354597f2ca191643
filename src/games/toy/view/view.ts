/** What each viewer sees of the state (TOY 2: a note is its writer's only). */
import type { Viewer } from '../../../engine/types.ts';
import type { ToyState } from '../state.ts';

/** What a viewer sees: the scores, and its own note only (TOY 2). */
export function view(state: ToyState, viewer: Viewer): unknown {
  if (viewer.kind === 'moderator') return state;
  const notes = viewer.kind === 'seat' && state.notes[viewer.seat] ? { [viewer.seat]: state.notes[viewer.seat] } : {};
  return { step: state.step, rounds: state.rounds, score: state.score, notes };
}
