/**
 * What a submission is validated against: the game, its current step and the seat, in one read, remembered per
 * game and seat while the step is open (the write checks it anyway, and every refusal is decided on a fresh read).
 */
import type { Owed } from '../engine/types.ts';
import type { ServiceDeps } from './deps.ts';
import { touch } from './lru.ts';
import { readOne, statement } from './prepared-statements.ts';
import { CURRENT_STEP_JOIN } from './steps.ts';

/** The game, its current step and the seat, as read (or remembered) before the transaction. */
export interface SubmissionState {
  game: string;
  /** The rules version the game runs under (its orders are checked under it). */
  rulesVersion: string;
  gameStatus: 'active' | 'paused' | 'finished';
  delaySeconds: number;
  stepId: string;
  number: number;
  status: 'open' | 'resolving' | 'awaiting_review' | 'published';
  owed: Owed[];
  /** Null when the seat is not one of the game's; `bot`: the computer player plays it (src/services/bot-seats.ts). */
  seat: { id: string; side: string; bot: boolean } | null;
  /** Remembered from an earlier submission, not read now: the write checks it, and a refusal is re-read. */
  remembered: boolean;
}

const READ = statement(
  'order_read',
  ['text', 'text'],
  `
  SELECT g.game, g."rulesVersion", g.status::text AS "gameStatus", g."processingDelaySeconds" AS "delaySeconds",
    st.id AS "stepId", st.number, st.status::text AS status, st.owed, se.id AS "seatId", se.side, se.bot
  FROM "Game" g
  ${CURRENT_STEP_JOIN}
  LEFT JOIN "Seat" se ON se.id = $2 AND se."gameId" = g.id
  WHERE g.id = $1`,
);

interface ReadRow {
  game: string;
  rulesVersion: string;
  gameStatus: SubmissionState['gameStatus'];
  delaySeconds: number;
  stepId: string;
  number: number;
  status: SubmissionState['status'];
  owed: Owed[];
  seatId: string | null;
  side: string | null;
  bot: boolean | null;
}

// Open steps of active games, by game and seat, as the last submission found them. Only ever used to try the
// write (which checks game status, step and delay under the locks): every refusal is decided on a fresh read.
const STATE_CACHE_MAX = 2000;
const states = new Map<string, SubmissionState>();

/** Forgets what submissions remembered (tests). */
export function forgetSubmissionStates(): void {
  states.clear();
}

/**
 * The game's current step and the seat: remembered from the last submission of this seat if the step was open
 * then (`fresh` forces a read). Null for an unknown game.
 */
export async function submissionState(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  gameId: string,
  seatId: string,
  opts: { fresh?: boolean } = {},
): Promise<SubmissionState | null> {
  const key = `${gameId}:${seatId}`;
  const known = opts.fresh ? undefined : states.get(key);
  if (known) return known;
  const rows = await readOne<ReadRow>(deps, READ, [gameId, seatId]);
  const r = rows[0];
  if (!r) {
    states.delete(key);
    return null;
  }
  const state: SubmissionState = {
    game: r.game,
    rulesVersion: r.rulesVersion,
    gameStatus: r.gameStatus,
    delaySeconds: Number(r.delaySeconds),
    stepId: r.stepId,
    number: Number(r.number),
    status: r.status,
    owed: r.owed,
    seat: r.seatId && r.side ? { id: r.seatId, side: r.side, bot: r.bot === true } : null,
    remembered: false,
  };
  if (state.gameStatus === 'active' && state.status === 'open' && state.seat)
    touch(states, key, { ...state, remembered: true }, STATE_CACHE_MAX);
  else states.delete(key);
  return state;
}
