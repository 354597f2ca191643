/**
 * Opening the step after a published one: the new step row, and the game moved to it (finished with its outcome when
 * the engine says the game is over). Where the caller knows the game as locked and the published step's events (a
 * resolution that has just stored them), both rows are built here and written without reading anything back, so the
 * transaction sends them with its next statement or its COMMIT (src/db/sql-tx.ts `write`); otherwise (a moderator's
 * approval of a preview) they are written and read back in one round trip.
 */
import { randomUUID } from 'node:crypto';
import type { Envelope } from '../engine/step-runner.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { GameEvent, Outcome } from '../engine/types.ts';
import type { Game, Step } from '../generated/prisma/client.ts';
import { asStoredJsonb } from '../db/jsonb.ts';
import { queryMany, write } from '../db/sql-tx.ts';
import type { SqlTx } from './deps.ts';

/** The step just published, and what its caller knows of it. */
export interface NextStepInput {
  gameId: string;
  stepId: string;
  stepNumber: number;
  def: AnyGamePackage;
  result: Envelope;
  /** The game as read under the lock in this transaction, and the published step's events as just stored. */
  known?: { game: Game; events: readonly GameEvent[] };
}

/** The game as updated, the next step as stored, and the published step's events in order (mails, webhooks). */
export interface NextStepOpened {
  game: Game;
  next: Step;
  events: GameEvent[];
}

const GAME_MOVED = `UPDATE "Game" SET "currentStep" = $1, "updatedAt" = $3::timestamp(3) WHERE id = $2`;
const GAME_FINISHED = `UPDATE "Game" SET "currentStep" = $1, "updatedAt" = $3::timestamp(3), status = 'finished', outcome = $4::jsonb, "finishedAt" = $5::timestamp(3) WHERE id = $2`;

/** The values of the game's update (GAME_MOVED or GAME_FINISHED). */
function gameUpdate(input: NextStepInput, outcome: Outcome | null, now: Date): [string, unknown[]] {
  const at = now.toISOString();
  return outcome
    ? [GAME_FINISHED, [input.stepNumber + 1, input.gameId, at, JSON.stringify(outcome), at]]
    : [GAME_MOVED, [input.stepNumber + 1, input.gameId, at]];
}

/**
 * Opens the step after a published one (owing what the engine says, nothing when the game is over) and moves the
 * game to it, finishing the game with its outcome.
 */
export async function openNextStep(
  tx: SqlTx,
  input: NextStepInput,
  outcome: Outcome | null,
  now: Date,
): Promise<NextStepOpened> {
  const owed = outcome ? [] : input.def.owed(input.result.state);
  const [gameText, gameValues] = gameUpdate(input, outcome, now);
  if (input.known) {
    const next = newStep(input, owed, now);
    await write(
      tx,
      `INSERT INTO "Step" (id, "gameId", number, status, envelope, owed, "deadlineState", "defaultsApplied", "openedAt")
       VALUES ($1, $2, $3, 'open', $4::jsonb, $5::jsonb, '{}'::jsonb, '{}'::text[], $6::timestamp(3))`,
      next.id,
      next.gameId,
      next.number,
      JSON.stringify(input.result),
      JSON.stringify(owed),
      now.toISOString(),
    );
    await write(tx, gameText, ...gameValues);
    const game: Game = {
      ...input.known.game,
      currentStep: input.stepNumber + 1,
      updatedAt: now,
      ...(outcome
        ? { status: 'finished' as const, outcome: asStoredJsonb(outcome) as Game['outcome'], finishedAt: now }
        : {}),
    };
    return { game, next, events: input.known.events.map((e) => asStoredJsonb(e) as GameEvent) };
  }
  // The step and the game in one round trip where the transaction sends statements together (src/db/sql-tx.ts).
  const [steps, games] = await queryMany(tx, [
    [
      `WITH ins AS (INSERT INTO "Step" (id, "gameId", number, envelope, owed, "openedAt") VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::timestamp(3)) RETURNING *)
     SELECT ins.*, COALESCE((SELECT json_agg(e.payload ORDER BY e.seq) FROM "Event" e WHERE e."stepId" = $7), '[]'::json) AS "__events" FROM ins`,
      [
        randomUUID(),
        input.gameId,
        input.stepNumber + 1,
        JSON.stringify(input.result),
        JSON.stringify(owed),
        now.toISOString(),
        input.stepId,
      ],
    ],
    [`${gameText} RETURNING *`, gameValues],
  ]);
  const { __events: events, ...next } = (steps as (Step & { __events: GameEvent[] })[])[0];
  return { game: (games as Game[])[0], next, events };
}

/** The row of a step just opened, every column as the INSERT above writes it and a read would give it back. */
function newStep(input: NextStepInput, owed: unknown[], now: Date): Step {
  return {
    id: randomUUID(),
    gameId: input.gameId,
    number: input.stepNumber + 1,
    status: 'open',
    envelope: asStoredJsonb(input.result) as Step['envelope'],
    owed: asStoredJsonb(owed) as Step['owed'],
    deadlineAt: null,
    deadlineState: {},
    ordersDigest: null,
    resultEnvelope: null,
    defaultsApplied: [],
    rejectedReason: null,
    rejectedRevisions: null,
    openedAt: now,
    lastOrderAt: null,
    resolveDueAt: null,
    resolvedAt: null,
    publishedAt: null,
    rulesVersion: null,
  };
}
