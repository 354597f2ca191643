/** Positions for rule cases, built from a compact description (the package's `play.fixtures`). */
import type { ToyState } from '../state.ts';

/** Builds a positioned state for tests: `{ step?, rounds?, score?, notes? }` over a fresh game. */
export function positionFromFixture(spec: unknown): ToyState {
  const f = (spec ?? {}) as Partial<ToyState>;
  return { step: f.step ?? 0, rounds: f.rounds ?? 4, score: { a: 0, b: 0, ...f.score }, notes: { ...f.notes } };
}
