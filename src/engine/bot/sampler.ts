/**
 * Determinization: the position the computer player searches is never the real one but a sample of it drawn from
 * what its seat may see (the package's `sampleHidden`), so that its decision cannot depend on hidden information.
 */
import type { AnyGamePackage } from '../game-package.ts';
import type { SeatId } from '../types.ts';

/** Draws one complete position the seat cannot tell from `state`. */
export type Sampler = (rand: () => number) => unknown;

/** The sampler of a seat's view of `state`; a game that hides nothing is its own sample. */
export function samplerOf(game: AnyGamePackage, state: unknown, seat: SeatId): Sampler {
  const sample = game.sampleHidden;
  if (sample) return (rand) => sample(state, seat, rand);
  if (game.openInformation) return () => state;
  throw new Error(`${game.id} hides information but gives no sampleHidden: the computer player cannot play it`);
}
