/**
 * The turn processor: when every owed order of the current step is in, the step resolves in one transaction
 * holding the game row lock: run the engine (committed dice), store the events, then publish (next step, result
 * mails) or keep the result as a preview for the moderator. The lock plus the step status make it exactly once,
 * whatever the number of concurrent submissions or server processes.
 */
import { randomUUID } from 'node:crypto';
import { advance, sortedOrders, type Envelope } from '../engine/step-runner.ts';
import { ordersDigest } from '../engine/dice.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { GameEvent, Outcome, SeatId } from '../engine/types.ts';
import type { Game, Person, Seat, Step } from '../generated/prisma/client.ts';
import { insertRows } from '../db/insert-rows.ts';
import { queryMany, write } from '../db/sql-tx.ts';
import { audit } from './audit.ts';
import { unconfirmedSides } from './confirmation.ts';
import { afterStepOpened } from './deadlines/opened.ts';
import { inTransaction, requireGame, type ServiceDeps, type SqlTx } from './deps.ts';
import { ServiceError } from './errors.ts';
import { rememberLockedPeople } from './locked-people.ts';
import { asEnvelope, storedOwed } from './json.ts';
import { queueReviewNotice, queueStepNotifications } from './notifications.ts';
import { rulesFor } from '../engine/rules-version.ts';
import { refuseUnreproducible } from './rules-refusal.ts';

/** The outcome of an attempt to resolve. */
export type ResolveResult =
  | { resolved: true; step: number; status: 'published' | 'awaiting_review'; finished: boolean }
  | { resolved: false; reason: 'not-ready' | 'not-open' | 'not-active' | 'no-game' | 'rules-version' };

/** Limits of a resolution transaction (either kind, see inTransaction): waiting for the lock is normal under concurrent submissions. */
export const RESOLVE_TX = { maxWait: 20_000, timeout: 30_000 } as const;

/** A resolution transaction of `inTransaction`: RESOLVE_TX, its writes held until its next statement or its COMMIT. */
export const RESOLVE_SQL_TX = { ...RESOLVE_TX, deferWrites: true } as const;

/** Locks the game row for the rest of the transaction; returns the game (every column) or null. */
export async function lockGame(tx: SqlTx, gameId: string): Promise<Game | null> {
  const rows = await tx.$queryRaw<Game[]>`SELECT * FROM "Game" WHERE id = ${gameId} FOR UPDATE`;
  return rows[0] ?? null;
}

/**
 * What a resolution reads under the game lock, read once and passed down (deadline bookkeeping, punctuality,
 * notices and mails use the same rows): the game, the events its webhooks subscribe to, and its seats.
 */
export interface LockedGame {
  game: Game;
  /** The events the game's webhooks subscribe to (none: no webhook job to queue). */
  hookEvents: string[];
  seats: Seat[];
}

/** Locks the game row and reads the game with its webhook events and seats (null when the game is gone). */
export async function lockGameWithSeats(tx: SqlTx, gameId: string): Promise<LockedGame | null> {
  return (await lockGamesWithSeats(tx, [gameId])).get(gameId) ?? null;
}

/**
 * Locks the rows of the games listed, in the order of their ids (two transactions locking overlapping sets cannot
 * deadlock), and reads each game with its webhook events, seats and persons: three statements for any number of
 * games, sent together. A game that is gone has no entry.
 */
export async function lockGamesWithSeats(tx: SqlTx, gameIds: string[]): Promise<Map<string, LockedGame>> {
  return (await lockGamesAndRead(tx, gameIds, [])).locked;
}

/**
 * `lockGamesWithSeats`, with further reads (`also`, which must not depend on one another) sent in the same round
 * trip after the lock, so that they see the locked games as they stand; their rows, in order.
 */
export async function lockGamesAndRead(
  tx: SqlTx,
  gameIds: string[],
  also: [string, unknown[]][],
): Promise<{ locked: Map<string, LockedGame>; also: unknown[][] }> {
  // One round trip where the transaction sends reads together (src/db/sql-tx.ts): the lock is the first statement,
  // so every later one runs once the games are locked. Seats and persons of a game that is gone are none.
  const [games, seatRows, personRows, ...rest] = await queryMany(tx, [
    [
      `SELECT g.*, COALESCE((SELECT array_agg(DISTINCT ev ORDER BY ev) FROM "Webhook" w, unnest(w.events) ev WHERE w."gameId" = g.id), '{}') AS "__hookEvents"
     FROM "Game" g WHERE g.id = ANY($1::text[]) ORDER BY g.id FOR UPDATE OF g`,
      [gameIds],
    ],
    [`SELECT * FROM "Seat" WHERE "gameId" = ANY($1::text[]) ORDER BY "gameId", side`, [gameIds]],
    // The mails of the resolution take the persons from here (src/services/locked-people.ts).
    [`SELECT * FROM "Person" WHERE "gameId" = ANY($1::text[])`, [gameIds]],
    ...also,
  ]);
  const seats = seatRows as Seat[];
  rememberLockedPeople(tx, seats, personRows as Person[]);
  const locked = new Map<string, LockedGame>();
  for (const { __hookEvents: hookEvents, ...game } of games as (Game & { __hookEvents: string[] })[])
    locked.set(game.id, { game, hookEvents, seats: seats.filter((s) => s.gameId === game.id) });
  return { locked, also: rest };
}

/** A current order of a step (its seat's highest revision), with its seat's side. */
export interface CurrentOrder {
  seatId: string;
  side: string;
  parsed: unknown;
  receivedAt: Date;
  source: string;
}

/** A step (every column) with its current orders. */
export type StepWithOrders = Step & { orders: CurrentOrder[] };

/** The columns of a step and, as JSON, its current orders (each seat's highest revision) with their seats' sides. */
const STEP_WITH_ORDERS = `SELECT s.*, COALESCE((SELECT json_agg(json_build_object('seatId', o."seatId", 'side', se.side, 'parsed', o.parsed, 'receivedAt', o."receivedAt", 'source', o.source) ORDER BY o."receivedAt", o.id)
       FROM "Seat" se CROSS JOIN LATERAL (
         SELECT * FROM "Order" o WHERE o."stepId" = s.id AND o."seatId" = se.id ORDER BY o.revision DESC LIMIT 1) o
       WHERE se."gameId" = s."gameId"), '[]'::json) AS "__orders"
     FROM "Step" s`;

type StepRow = Step & { __orders: (Omit<CurrentOrder, 'receivedAt'> & { receivedAt: string })[] };

/** A step row as read with STEP_WITH_ORDERS, with its orders' times as Dates. */
function withOrders({ __orders, ...step }: StepRow): StepWithOrders {
  // json_build_object writes timestamps without a zone: they are UTC (the columns are timestamp(3) in UTC).
  return { ...step, orders: __orders.map((o) => ({ ...o, receivedAt: new Date(`${o.receivedAt}Z`) })) };
}

/** Reads a step of a game (by id or number) with its current orders, in one statement. */
export async function loadStepWithOrders(
  tx: SqlTx,
  gameId: string,
  where: { id: string } | { number: number },
): Promise<StepWithOrders | null> {
  const rows = await tx.$queryRawUnsafe<StepRow[]>(
    `${STEP_WITH_ORDERS} WHERE s."gameId" = $1 AND ${'id' in where ? 's.id = $2' : 's.number = $2'}`,
    gameId,
    'id' in where ? where.id : where.number,
  );
  return rows.length ? withOrders(rows[0]) : null;
}

/** The read of the steps listed (every column) with their current orders, to send with others (`lockGamesAndRead`). */
export const stepsWithOrdersRead = (stepIds: string[]): [string, unknown[]] => [
  `${STEP_WITH_ORDERS} WHERE s.id = ANY($1::text[])`,
  [stepIds],
];

/** The steps that read gave, by id (a step that is gone has no entry). */
export function stepsWithOrdersFrom(rows: unknown[]): Map<string, StepWithOrders> {
  return new Map((rows as StepRow[]).map((r) => [r.id, withOrders(r)]));
}

/** Resolves the current step if every owed order is in. Safe to call any time, from any process. */
export async function resolveIfReady(deps: ServiceDeps, gameId: string): Promise<ResolveResult> {
  return inTransaction(deps, (tx) => resolveLocked(tx, deps, gameId, []), RESOLVE_SQL_TX);
}

/**
 * Resolves the current step, first giving each listed seat that owes orders and has none its engine default
 * (deadline policy; recorded as orders of source "default" and in Step.defaultsApplied).
 */
export async function resolveWithDefaults(deps: ServiceDeps, gameId: string, seats: SeatId[]): Promise<ResolveResult> {
  return inTransaction(deps, (tx) => resolveLocked(tx, deps, gameId, seats), RESOLVE_SQL_TX);
}

/** An engine default stored for a seat that missed its orders (source "default"). */
type DefaultOrder = CurrentOrder & { id: string; raw: string };

/**
 * Gives each of `seats` that owes orders at the step and has none its engine default (deadline policy), stored as
 * orders of source "default"; `orders` (by side) gets them too.
 */
async function storeDefaultOrders(
  tx: SqlTx,
  input: {
    def: AnyGamePackage;
    locked: LockedGame;
    step: StepWithOrders;
    state: unknown;
    orders: Record<SeatId, unknown>;
    seats: SeatId[];
    now: Date;
  },
): Promise<DefaultOrder[]> {
  const { def, locked, step, orders, now } = input;
  const defaults: DefaultOrder[] = [];
  for (const { seat } of storedOwed(step.owed)) {
    if (seat in orders || !input.seats.includes(seat)) continue;
    const seatRow = locked.seats.find((s) => s.side === seat);
    if (!seatRow) throw new ServiceError('game/no-seat', 500, `seat ${seat} of game ${step.gameId} is missing`);
    const parsed = def.defaultOrders(input.state, seat);
    const raw = JSON.stringify(parsed);
    defaults.push({
      id: randomUUID(),
      seatId: seatRow.id,
      side: seat,
      parsed,
      raw,
      receivedAt: now,
      source: 'default',
    });
    orders[seat] = parsed;
  }
  const rows = defaults.map((o) => ({
    id: o.id,
    gameId: step.gameId,
    stepId: step.id,
    seatId: o.seatId,
    source: o.source,
    raw: o.raw,
    parsed: o.parsed,
    receivedAt: o.receivedAt,
  }));
  await insertRows(tx, 'Order', rows, { parsed: 'jsonb' });
  return defaults;
}

/**
 * Writes what a step resolved to: its events, its result envelope, the digest of its orders, the defaults applied,
 * and its status (awaiting review, or published with its publication time).
 */
async function storeResolution(
  tx: SqlTx,
  step: StepWithOrders,
  input: {
    orders: Record<SeatId, unknown>;
    result: { envelope: Envelope; events: GameEvent[] };
    defaultsApplied: string[];
    resolvedAt: Date;
    publishedAt: Date | null;
    rulesVersion: string;
  },
): Promise<void> {
  const { events, envelope } = input.result;
  const rows = events.map((e, seq) => ({
    stepId: step.id,
    seq,
    type: e.type,
    visibleTo: e.visibleTo ?? [],
    payload: e,
  }));
  await insertRows(tx, 'Event', rows, { visibleTo: 'text[]', payload: 'jsonb' });
  const { publishedAt } = input;
  await write(
    tx,
    `UPDATE "Step" SET status = $1::"StepStatus", "ordersDigest" = $2, "resultEnvelope" = $3::jsonb, "resolvedAt" = $4::timestamp(3), "defaultsApplied" = ARRAY(SELECT jsonb_array_elements_text($5::jsonb))::text[], "rejectedReason" = NULL,
       "resolveDueAt" = NULL, "rulesVersion" = $7${publishedAt ? ', "publishedAt" = $8::timestamp(3)' : ''} WHERE id = $6`,
    publishedAt ? 'published' : 'awaiting_review',
    ordersDigest(sortedOrders(input.orders)),
    JSON.stringify(envelope),
    input.resolvedAt.toISOString(),
    JSON.stringify(input.defaultsApplied),
    step.id,
    input.rulesVersion,
    ...(publishedAt ? [publishedAt.toISOString()] : []),
  );
}

/** The current step of the locked game, as the caller read it or read now; or why it cannot resolve. */
async function openStepOf(
  tx: SqlTx,
  locked: LockedGame,
  known: StepWithOrders | undefined,
): Promise<StepWithOrders | Extract<ResolveResult, { resolved: false }>> {
  const { game } = locked;
  if (game.status !== 'active') return { resolved: false, reason: 'not-active' };
  const step =
    known && known.number === game.currentStep
      ? known
      : await loadStepWithOrders(tx, game.id, { number: game.currentStep });
  if (!step) throw new ServiceError('game/no-step', 500, `step ${game.currentStep} of game ${game.id} is missing`);
  return step.status === 'open' ? step : { resolved: false, reason: 'not-open' };
}

/**
 * Resolves the current step under the game lock (taken here unless the caller holds it: `pre`), first giving the
 * listed seats that owe orders and have none their engine defaults; then publishes it, or keeps it for review.
 */
export async function resolveLocked(
  tx: SqlTx,
  deps: ServiceDeps,
  gameId: string,
  defaultSeats: SeatId[],
  depth = 0,
  pre?: { locked: LockedGame; step?: StepWithOrders },
): Promise<ResolveResult> {
  // What the caller read under the lock is used as it is (the next step of a chained resolution is read again).
  const locked = pre?.locked ?? (await lockGameWithSeats(tx, gameId));
  if (!locked) return { resolved: false, reason: 'no-game' };
  const step = await openStepOf(tx, locked, pre?.step);
  if ('resolved' in step) return step;
  const code = requireGame(deps, locked.game.game);
  // The rules the game runs under, as this code reproduces them; none: refused, never guessed (rules-refusal.ts).
  const def = rulesFor(code, locked.game.rulesVersion);
  if (!def) return refuseUnreproducible(tx, deps, { game: locked.game, step, def: code });
  const rulesVersion = locked.game.rulesVersion;
  const envelope = asEnvelope(step.envelope);
  const orders: Record<SeatId, unknown> = {};
  for (const o of step.orders) orders[o.side] = o.parsed;
  const now = deps.clock();
  const input = { def, locked, step, state: envelope.state, orders, seats: defaultSeats, now };
  const defaults = await storeDefaultOrders(tx, input);
  if (!storedOwed(step.owed).every((o) => o.seat in orders)) return { resolved: false, reason: 'not-ready' };
  // After a moderator's rejection every owed seat confirms or revises first (src/services/confirmation.ts).
  if (step.rejectedRevisions && (await unconfirmedSides(tx, step)).length) {
    return { resolved: false, reason: 'not-ready' };
  }
  // `advance` checks every order again (the engine's contract: it parses each seat's orders before resolving, the
  // same parse `pbem verify` replays and the dice are committed to). Submitted orders passed the same check against
  // this step's unchanging envelope (src/services/orders.ts, submit): this pass protects the engine defaults stored
  // just above, which nothing checked, and orders stored under an earlier version of the game package. A refusal
  // here is therefore a fault (500), never a player's error.
  const result = advance(def, envelope, orders);
  if (!result.ok) {
    deps.log.error({ gameId, step: step.number, errors: result.errors }, 'the engine refused orders it had accepted');
    throw new ServiceError('engine/refused', 500, 'the engine refused the stored orders of this step', result.errors);
  }
  const review = locked.game.reviewMode === 'moderator';
  const defaulted = defaults.map((o) => o.side);
  const defaultsApplied = [...step.defaultsApplied, ...defaulted];
  // Published at once (no review): the status and publication time are written here, not again by publishStep.
  const publishedAt = review ? null : deps.clock();
  await storeResolution(tx, step, { orders, result, defaultsApplied, resolvedAt: now, publishedAt, rulesVersion });
  if (defaulted.length)
    await audit(tx, gameId, 'system', 'orders.default', { step: step.number, seats: defaulted }, now);
  deps.log.info({ gameId, step: step.number, events: result.events.length, review }, 'step resolved');
  if (review) {
    await queueReviewNotice(tx, deps, { gameId, stepNumber: step.number, game: locked.game });
    return { resolved: true, step: step.number, status: 'awaiting_review', finished: false };
  }
  const published: StepWithOrders = {
    ...step,
    status: 'published',
    defaultsApplied,
    resolvedAt: now,
    publishedAt,
    rejectedReason: null,
    rulesVersion,
    orders: [...step.orders, ...defaults.map(({ id: _id, raw: _raw, ...o }) => o)],
  };
  return publishResolved(tx, deps, { locked, step: published, def, result: result.envelope, depth });
}

/**
 * Publishes a step just resolved under the lock; a next step that owes nothing (the engine stopped where no seat
 * has to answer) resolves at once, still under the lock.
 */
async function publishResolved(
  tx: SqlTx,
  deps: ServiceDeps,
  input: { locked: LockedGame; step: StepWithOrders; def: AnyGamePackage; result: Envelope; depth: number },
): Promise<ResolveResult> {
  const { locked, step, def, result } = input;
  const gameId = locked.game.id;
  const known = { locked, step };
  const stepNumber = step.number;
  const finished = await publishStep(tx, deps, { gameId, stepId: step.id, stepNumber, def, result, known });
  if (!finished && def.owed(result.state).length === 0 && input.depth < 50) {
    const next = await resolveLocked(tx, deps, gameId, [], input.depth + 1);
    if (next.resolved) return { ...next, step: stepNumber };
  }
  return { resolved: true, step: stepNumber, status: 'published', finished };
}

/**
 * Publishes a resolved step (called under the game lock): its events become visible, the next step opens with the
 * engine's next decision point (or the game finishes with its outcome), and the result mails are queued.
 * Returns whether the game is over. `known`: the locked game and the step as published, when the caller has them
 * (the step's status and publication time are then already written).
 */
export async function publishStep(tx: SqlTx, deps: ServiceDeps, input: PublishInput): Promise<boolean> {
  const now = deps.clock();
  const { def, result } = input;
  const outcome = def.outcome(result.state);
  const known = input.known ?? (await markPublished(tx, input, now));
  const { game, next, events } = await openNextStep(tx, input, outcome, now);
  const { seats, hookEvents } = known.locked;
  // Deadline and jobs of the next step (first, so that the result mails can say when the next orders are due);
  // punctuality and result webhook of this one.
  const { deadlineAt, handed } = await afterStepOpened(tx, deps, {
    gameId: input.gameId,
    number: input.stepNumber + 1,
    known: { game, step: next, prev: known.step, seats, hookEvents, events, def },
  });
  // Default orders may have made the computer player take a seat over (src/services/deadlines/ladder.ts, the only
  // change of the seats in this transaction): that seat's result mail would ask its player for orders the computer
  // gives now.
  const mailed = handed.length ? seats.map((s) => (handed.includes(s.side) ? { ...s, bot: true } : s)) : seats;
  await queueStepNotifications(tx, deps, {
    gameId: input.gameId,
    stepNumber: input.stepNumber,
    known: { game, def, seats: mailed, step: known.step, events, next: { ...next, deadlineAt } },
  });
  return !!outcome;
}

/** A step to publish: the step, its game's package and its result; what the caller read under the lock, if any. */
interface PublishInput {
  gameId: string;
  stepId: string;
  stepNumber: number;
  def: AnyGamePackage;
  result: Envelope;
  known?: { locked: LockedGame; step: StepWithOrders };
}

/** Marks a step approved for publication as published, and reads the locked game and the step back. */
async function markPublished(
  tx: SqlTx,
  input: PublishInput,
  now: Date,
): Promise<{ locked: LockedGame; step: StepWithOrders }> {
  await tx.$executeRawUnsafe(
    `UPDATE "Step" SET status = 'published', "publishedAt" = $1::timestamp(3) WHERE id = $2`,
    now.toISOString(),
    input.stepId,
  );
  const locked = await lockGameWithSeats(tx, input.gameId);
  const step = await loadStepWithOrders(tx, input.gameId, { id: input.stepId });
  if (!locked || !step)
    throw new ServiceError('game/no-step', 500, `step ${input.stepNumber} of game ${input.gameId} is missing`);
  return { locked, step };
}

/**
 * Opens the step after a published one (owing what the engine says, nothing when the game is over) and moves the
 * game to it, finishing the game with its outcome. Returns the game as updated, the next step as stored, and the
 * events of the published step (in order) for the mails and webhooks.
 */
async function openNextStep(
  tx: SqlTx,
  input: PublishInput,
  outcome: Outcome | null,
  now: Date,
): Promise<{ game: Game; next: Step; events: GameEvent[] }> {
  const owed = outcome ? [] : input.def.owed(input.result.state);
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
    [
      outcome
        ? `UPDATE "Game" SET "currentStep" = $1, "updatedAt" = $3::timestamp(3), status = 'finished', outcome = $4::jsonb, "finishedAt" = $5::timestamp(3) WHERE id = $2 RETURNING *`
        : `UPDATE "Game" SET "currentStep" = $1, "updatedAt" = $3::timestamp(3) WHERE id = $2 RETURNING *`,
      [
        input.stepNumber + 1,
        input.gameId,
        now.toISOString(),
        ...(outcome ? [JSON.stringify(outcome), now.toISOString()] : []),
      ],
    ],
  ]);
  const { __events: events, ...next } = (steps as (Step & { __events: GameEvent[] })[])[0];
  const game = (games as Game[])[0];
  return { game, next, events };
}

/** The events of a step as stored, in order. */
export function eventsOf(rows: { payload: unknown }[]): GameEvent[] {
  return rows.map((r) => r.payload as GameEvent);
}
