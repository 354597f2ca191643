/** TOY 3: who won. */
import type { Outcome } from '../../../engine/types.ts';
import type { ToyState } from '../state.ts';

/** TOY 3: the higher score after the last step; equal scores have no winner. */
export function outcome(state: ToyState): Outcome | null {
  if (state.step < state.rounds) return null;
  const { a, b } = state.score;
  const reason = { en: `final score ${a} to ${b}`, ja: `最終得点 ${a} 対 ${b}` };
  return { winner: a === b ? null : a > b ? 'a' : 'b', reason, rule: 'TOY 3', score: state.score };
}
