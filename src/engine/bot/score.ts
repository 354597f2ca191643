/** How good an ended (or cut-off) game is for one seat, in [0, 1]: what the search maximises. */
import type { AnyGamePackage } from '../game-package.ts';
import type { Outcome, SeatId } from '../types.ts';

/** 1 for a win (alone or with a team), 0.5 for a draw, 0 for a loss. */
export function outcomeScore(outcome: Outcome, seat: SeatId): number {
  if (outcome.winner === seat) return 1;
  if (outcome.winners?.includes(seat)) return 1;
  if (outcome.draw || (outcome.winner === null && !outcome.winners?.length)) return 0.5;
  return 0;
}

/** The score of a state for a seat: its outcome's, the package's estimate of an unfinished game's, or even odds. */
export function stateScore(game: AnyGamePackage, state: unknown, seat: SeatId): number {
  const outcome = game.outcome(state);
  if (outcome) return outcomeScore(outcome, seat);
  const estimate = game.botEstimate?.(state, seat);
  return estimate === undefined ? 0.5 : Math.min(1, Math.max(0, estimate));
}
