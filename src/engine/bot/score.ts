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

/** How much of an ended game's score its margin makes (the rest is win, draw or loss). */
const MARGIN_SHARE = 0.25;

/**
 * The score of a state for a seat. An unfinished game (a play-out cut short) scores the package's estimate, or even
 * odds. An ended game scores its outcome, plus a share for the margin where the package can estimate it: a wider
 * win is worth a little more, so that among orders that all win (or all lose) in the play-outs the search still
 * prefers the better ones, and the scores vary less from one play-out to the next.
 */
export function stateScore(game: AnyGamePackage, state: unknown, seat: SeatId): number {
  const outcome = game.outcome(state);
  const raw = game.botEstimate?.(state, seat);
  const estimate = raw === undefined ? undefined : Math.min(1, Math.max(0, raw));
  if (!outcome) return estimate ?? 0.5;
  const result = outcomeScore(outcome, seat);
  return estimate === undefined ? result : (1 - MARGIN_SHARE) * result + MARGIN_SHARE * estimate;
}
