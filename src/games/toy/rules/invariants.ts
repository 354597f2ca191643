/** The toy's rule invariants (TOY 1, 3). */
import { TOY_SEATS, type ToyState } from '../state.ts';

/** Scores are never negative and only seats of the game score. */
export function invariants(state: ToyState): string[] {
  const broken: string[] = [];
  for (const [seat, score] of Object.entries(state.score)) {
    if (!(TOY_SEATS as readonly string[]).includes(seat)) broken.push(`TOY 3: a score for an unknown seat ${seat}`);
    if (score < 0 || score % 3 !== 0) broken.push(`TOY 3: score ${score} of ${seat} is not a multiple of 3`);
  }
  if (state.step > state.rounds) broken.push(`TOY 1: step ${state.step} beyond ${state.rounds} rounds`);
  return broken;
}
