/** TOY 2: who owes a pick at each step. */
import type { Owed } from '../../../engine/types.ts';
import type { ToyState } from '../state.ts';

/** The prompt of the one decision point. */
export const PROMPT = { en: 'pick a number 1-6', ja: '1〜6 の数を選ぶ' };

/** TOY 2: who picks now. */
export function owed(state: ToyState): Owed[] {
  if (state.step >= state.rounds) return [];
  const seats = state.step % 2 === 0 ? ['a', 'b'] : ['a'];
  return seats.map((seat) => ({ seat, point: 'TOY-D1', rule: 'TOY 2', prompt: PROMPT }));
}
