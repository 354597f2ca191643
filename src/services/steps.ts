/**
 * The current step of a game, read in one place: the step whose number is the game's `currentStep`. Readers take
 * the row of `readCurrentStep` (several games at once: `currentStepsOf`), or `currentStep` with the step's envelope
 * from the process's cache (src/services/step-envelopes.ts); the statements that must check "the current step"
 * inside a larger statement (the order write, the recovery sweep, deadline work) join it with `CURRENT_STEP_JOIN`.
 */
import type { SqlTx } from '../db/sql-tx.ts';
import type { Envelope } from '../engine/step-runner.ts';
import type { Owed } from '../engine/types.ts';
import type { ServiceDeps } from './deps.ts';
import { notFound } from './errors.ts';
import { readOne, statement } from './prepared-statements.ts';
import { cachedEnvelope } from './step-envelopes.ts';

/** From a game `g` to its current step `st`: the definition of "current" every statement here builds on. */
export const CURRENT_STEP_JOIN = 'JOIN "Step" st ON st."gameId" = g.id AND st.number = g."currentStep"';

/** The status of a step. */
export type StepStatus = 'open' | 'resolving' | 'awaiting_review' | 'published';

/** The current step of a game, with what its readers need of the game (the envelope is read apart: it is large). */
export interface CurrentStepRow {
  gameId: string;
  /** The game package's id. */
  game: string;
  /** The rules version the game runs under. */
  rulesVersion: string;
  gameStatus: 'active' | 'paused' | 'finished';
  reviewMode: string;
  stepId: string;
  number: number;
  status: StepStatus;
  owed: Owed[];
  deadlineAt: Date | null;
  openedAt: Date;
  rejectedReason: string | null;
  rejectedRevisions: unknown;
}

/** The current step of a game with its starting envelope. */
export type CurrentStep = CurrentStepRow & { envelope: Envelope };

/** What the reads here need: a transaction (Prisma's or the pool's) or the Prisma client. */
type SqlReader = Pick<SqlTx, '$queryRawUnsafe'>;

/** The columns of a CurrentStepRow, from a game `g` and its current step `st`. */
const CURRENT_STEP_COLUMNS = `g.id AS "gameId", g.game, g."rulesVersion", g.status::text AS "gameStatus", g."reviewMode",
  st.id AS "stepId", st.number, st.status::text AS status, st.owed, st."deadlineAt", st."openedAt", st."rejectedReason",
  st."rejectedRevisions"`;

/** The current steps of the games listed, in one statement (an unknown game has none). */
export async function currentStepsOf(client: SqlReader, gameIds: string[]): Promise<CurrentStepRow[]> {
  if (!gameIds.length) return [];
  return client.$queryRawUnsafe<CurrentStepRow[]>(
    `SELECT ${CURRENT_STEP_COLUMNS} FROM "Game" g ${CURRENT_STEP_JOIN} WHERE g.id = ANY($1::text[])`,
    gameIds,
  );
}

/** The current step of one game, as a statement to read with others (readTogether); no row for an unknown game. */
export const CURRENT_STEP_OF = statement(
  'current_step_of',
  ['text'],
  `SELECT ${CURRENT_STEP_COLUMNS} FROM "Game" g ${CURRENT_STEP_JOIN} WHERE g.id = $1`,
);

/** A current step read with other statements, with its envelope (from the cache). 404 for an unknown game. */
export async function withEnvelope(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  row: CurrentStepRow | undefined,
): Promise<CurrentStep> {
  if (!row) throw notFound('game');
  return { ...row, envelope: await cachedEnvelope(deps, row.stepId, row.rulesVersion) };
}

/** The current step of a game, or null for an unknown game. */
export async function readCurrentStep(client: SqlReader, gameId: string): Promise<CurrentStepRow | null> {
  return (await currentStepsOf(client, [gameId]))[0] ?? null;
}

/** The game's current step with its envelope (one query, plus the envelope on a cache miss). 404 for an unknown game. */
export async function currentStep(deps: Pick<ServiceDeps, 'db' | 'pool'>, gameId: string): Promise<CurrentStep> {
  return withEnvelope(deps, (await readCurrentStep(deps.db, gameId)) ?? undefined);
}

/** How far the current step of a game is: its status, what it owes, its deadline and the seats with orders in. */
export interface StepProgress {
  status: StepStatus;
  owed: Owed[];
  deadlineAt: Date | null;
  /** The ids of the seats with orders for the step. */
  seatsIn: string[];
}

// One statement for the step and its seats with orders; the deadline as the UTC instant it is (pg would read a
// `timestamp` in the process's zone).
const PROGRESS = statement(
  'step_progress',
  ['text'],
  `SELECT st.status::text AS status, st.owed, st."deadlineAt" AT TIME ZONE 'UTC' AS "deadlineAt",
     ARRAY(SELECT DISTINCT o."seatId" FROM "Order" o WHERE o."stepId" = st.id) AS "seatsIn"
   FROM "Game" g ${CURRENT_STEP_JOIN} WHERE g.id = $1`,
);

/** The progress of a game's current step, read now. 404 for an unknown game. */
export async function currentStepProgress(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  gameId: string,
): Promise<StepProgress> {
  const [row] = await readOne<StepProgress>(deps, PROGRESS, [gameId]);
  if (!row) throw notFound('game');
  return row;
}
