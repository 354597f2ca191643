/**
 * What the computer player is given for one decision: a seed and a budget. An iteration budget makes the decision
 * reproducible (the same seed and iterations give the same orders); a time budget needs the caller's clock, since
 * the engine reads none.
 */

/** The budget and seed of one decision. */
export interface BotSettings {
  /** Any text: the decision's chance (determinizations, candidate orders, play-outs, dice) is drawn from it. */
  seed: string;
  /** Play-outs to run (default {@link DEFAULT_BOT_ITERATIONS} when no time budget is given). */
  iterations?: number;
  /** Milliseconds to think, measured with `now`; with `iterations` too, whichever ends first. */
  thinkMs?: number;
  /** The caller's clock in milliseconds (required with `thinkMs`). */
  now?: () => number;
  /** Most candidate orders weighed at the root (default {@link DEFAULT_BOT_CANDIDATES}). */
  candidates?: number;
}

/** What one decision found. */
export interface BotDecision {
  orders: unknown;
  /** Play-outs run. */
  iterations: number;
  /** Candidate orders weighed. */
  candidates: number;
  /** The chosen candidate's mean score in [0, 1] over its play-outs (1: always won). */
  expected: number;
}

/**
 * The default budget of a game that names none (`botIterations`): a game whose complete play-out takes about 2 ms
 * on one core stays near a second a decision.
 */
export const DEFAULT_BOT_ITERATIONS = 600;

/** The default number of candidate orders weighed at the root. */
export const DEFAULT_BOT_CANDIDATES = 24;

/** The most steps a play-out runs before it is scored as it stands (every game here ends well before). */
export const MAX_PLAYOUT_STEPS = 600;
