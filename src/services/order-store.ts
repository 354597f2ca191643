/**
 * Storing a seat's orders in a few SQL statements: the order submission path of every source (API, web, mail,
 * moderator). With the deps' `pool` (node-postgres) the statements go straight to Postgres as prepared statements;
 * without it (tools that build deps with Prisma only) the same statements run in a Prisma transaction.
 *
 * One submission is one transaction:
 *   1. lock: the game row FOR SHARE (the turn processor's FOR UPDATE waits for it, and it for the turn processor)
 *      and a transaction-scoped advisory lock per game, which serialises the submissions of one game; the same
 *      statement reads the current step and the seat;
 *   2. the caller validates the orders against the step's envelope (cached per step id: it never changes);
 *   3. write: one statement inserts the order, supersedes the seat's previous current order of the step, records
 *      the step's last-order time and says whether every owed seat now has a current order. Its snapshot is taken
 *      after the locks, so it sees every submission of the game that committed before it.
 */
import type pg from 'pg';
import type { Envelope } from '../engine/step-runner.ts';
import type { Owed } from '../engine/types.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { QUEUES, type ResolveJob } from '../jobs/queues.ts';
import type { ServiceDeps, Tx } from './deps.ts';
import { asEnvelope } from './json.ts';

/**
 * A statement of the submission path: `text` with $1..$n parameters of the listed types. On the pg pool each
 * connection prepares every statement once (PREPARE), and a statement runs as `EXECUTE name(literals)` in the
 * simple protocol, so that BEGIN goes in the same round trip as the first statement and COMMIT in the same round
 * trip as the last. Parameters are sent as escaped literals (see `literal`).
 */
export interface Statement {
  name: string;
  types: string[];
  text: string;
}

const statements: Statement[] = [];
function statement(name: string, types: string[], text: string): Statement {
  const s = { name, types, text };
  statements.push(s);
  return s;
}

/** Runs the statements of one transaction. */
export interface SqlRunner {
  query<T>(s: Statement, params: unknown[]): Promise<T[]>;
  /** Runs the transaction's last statement and commits (one round trip on the pg pool). */
  queryAndCommit<T>(s: Statement, params: unknown[]): Promise<T[]>;
  /** Any SQL with positional parameters, in the form the job queue's `enqueue` takes. */
  $queryRawUnsafe<T = unknown>(text: string, ...params: unknown[]): Promise<T>;
}

/** A parameter as an SQL literal: E'' strings with backslashes and quotes doubled, whatever the server settings. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = value instanceof Date ? value.toISOString() : value;
  if (typeof text !== 'string') throw new TypeError(`not an SQL parameter: ${typeof value}`);
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

// Connections (pg clients live as long as their connection) that have prepared the statements.
const prepared = new WeakSet<pg.PoolClient>();

async function prepareAll(client: pg.PoolClient): Promise<void> {
  if (prepared.has(client)) return;
  await client.query(statements.map((s) => `PREPARE ${s.name}(${s.types.join(', ')}) AS ${s.text}`).join(';\n'));
  prepared.add(client);
}

type TxState = { begun: boolean; committed: boolean };

function pgRunner(client: pg.PoolClient, state: TxState): SqlRunner {
  const run = async <T>(s: Statement, params: unknown[], commit: boolean): Promise<T[]> => {
    const sql = [state.begun ? null : 'BEGIN', `EXECUTE ${s.name}(${params.map(literal).join(', ')})`, commit ? 'COMMIT' : null].filter(Boolean).join('; ');
    state.begun = true;
    const results = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
    if (commit) state.committed = true;
    const list = Array.isArray(results) ? results : [results];
    return list.find((r) => r.command === 'SELECT' || r.command === 'INSERT')?.rows as T[];
  };
  return {
    query: (s, params) => run(s, params, false),
    queryAndCommit: (s, params) => run(s, params, true),
    $queryRawUnsafe: async <T>(text: string, ...params: unknown[]) => {
      if (!state.begun) {
        state.begun = true;
        await client.query('BEGIN');
      }
      return (await client.query(text, params)).rows as T;
    },
  };
}

function prismaRunner(tx: Tx): SqlRunner {
  const query = <T>(s: Statement, params: unknown[]) => tx.$queryRawUnsafe<T[]>(s.text, ...params);
  return { query, queryAndCommit: query, $queryRawUnsafe: <T>(text: string, ...params: unknown[]) => tx.$queryRawUnsafe<T>(text, ...params) };
}

/** Transaction settings when Prisma carries the statements (waiting for the game lock is normal). */
const PRISMA_TX = { maxWait: 20_000, timeout: 20_000 } as const;

/**
 * Runs `fn` in one transaction on the deps' pg pool, or in a Prisma transaction without one. On the pool the
 * transaction begins with `fn`'s first statement and ends with its `queryAndCommit`, or with a COMMIT here.
 */
export async function inOrderTransaction<T>(deps: Pick<ServiceDeps, 'db' | 'pool'>, fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  if (!deps.pool) return deps.db.$transaction((tx) => fn(prismaRunner(tx)), PRISMA_TX);
  const client = await deps.pool.connect();
  const state: TxState = { begun: false, committed: false };
  let broken: Error | undefined;
  try {
    await prepareAll(client);
    const result = await fn(pgRunner(client, state));
    if (state.begun && !state.committed) await client.query('COMMIT');
    return result;
  } catch (error) {
    if (state.begun && !state.committed) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError)); // unusable: destroy it
      }
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

// ---- Step envelopes: immutable per step id, parsed once per process (least recently used evicted). ----

const ENVELOPE_CACHE_MAX = 500;
const ENVELOPE = statement('order_envelope', ['text'], 'SELECT envelope FROM "Step" WHERE id = $1');
const envelopes = new Map<string, Envelope>();

/** The envelope at the start of a step, from the cache or read through `sql`. */
export async function cachedEnvelope(sql: SqlRunner, stepId: string): Promise<Envelope> {
  const hit = envelopes.get(stepId);
  if (hit) {
    envelopes.delete(stepId); // most recently used last
    envelopes.set(stepId, hit);
    return hit;
  }
  const rows = await sql.query<{ envelope: unknown }>(ENVELOPE, [stepId]);
  if (!rows[0]) throw new Error(`step ${stepId} not found`);
  const envelope = asEnvelope(rows[0].envelope);
  envelopes.set(stepId, envelope);
  if (envelopes.size > ENVELOPE_CACHE_MAX) envelopes.delete(envelopes.keys().next().value as string);
  return envelope;
}

/** Entries in the envelope cache (tests). */
export function envelopeCacheSize(): number {
  return envelopes.size;
}

// ---- 1. Locks and what validation needs ----

/** The game, its current step and the seat, read under the submission locks. */
export interface LockedSubmission {
  game: string;
  gameStatus: 'active' | 'paused' | 'finished';
  delaySeconds: number;
  stepId: string;
  number: number;
  status: 'open' | 'resolving' | 'awaiting_review' | 'published';
  owed: Owed[];
  /** Null when the seat is not one of the game's. */
  seat: { id: string; side: string } | null;
}

// The advisory lock's first key keeps this lock apart from any other user of advisory locks.
const LOCK_NAMESPACE = 0x6f726472; // "ordr"

const LOCK = statement('order_lock', ['text', 'text'], `
  SELECT g.game, g.status::text AS "gameStatus", g."processingDelaySeconds" AS "delaySeconds",
    st.id AS "stepId", st.number, st.status::text AS status, st.owed, se.id AS "seatId", se.side
  FROM "Game" g
  CROSS JOIN LATERAL (SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(g.id))) lk
  JOIN "Step" st ON st."gameId" = g.id AND st.number = g."currentStep"
  LEFT JOIN "Seat" se ON se.id = $2 AND se."gameId" = g.id
  WHERE g.id = $1
  FOR SHARE OF g`);
const GAME_EXISTS = statement('order_game_exists', ['text'], 'SELECT 1 AS one FROM "Game" WHERE id = $1');

interface LockRow {
  game: string;
  gameStatus: LockedSubmission['gameStatus'];
  delaySeconds: number;
  stepId: string;
  number: number;
  status: LockedSubmission['status'];
  owed: Owed[];
  seatId: string | null;
  side: string | null;
}

/**
 * Takes the submission locks of a game and reads its current step and the seat; null for an unknown game.
 * A resolution that committed while this waited for the game lock moved the current step: the statement then
 * finds no row and is run again (a fresh snapshot) so that it reads the new step.
 */
export async function lockForSubmission(sql: SqlRunner, gameId: string, seatId: string): Promise<LockedSubmission | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await sql.query<LockRow>(LOCK, [gameId, seatId]);
    const r = rows[0];
    if (r) {
      return {
        game: r.game,
        gameStatus: r.gameStatus,
        delaySeconds: Number(r.delaySeconds),
        stepId: r.stepId,
        number: Number(r.number),
        status: r.status,
        owed: r.owed,
        seat: r.seatId && r.side ? { id: r.seatId, side: r.side } : null,
      };
    }
    const exists = await sql.query<{ one: number }>(GAME_EXISTS, [gameId]);
    if (!exists.length) return null;
  }
  throw new Error(`game ${gameId}: the current step kept moving while orders were submitted`);
}

// ---- 3. The write ----

/** One order to store. */
export interface OrderRow {
  id: string;
  gameId: string;
  stepId: string;
  seatId: string;
  side: string;
  source: string;
  raw: string;
  parsed: unknown;
  receivedAt: Date;
  /** A moderator may amend orders while the game is paused. */
  allowPaused: boolean;
}

// Stores the order only while the step is still the game's current, open step (checked in this statement's
// snapshot, taken under the locks). The superseded order is the seat's current one of the step (at most one: the
// submissions of a game are serialised). `complete`: every owed seat has a current order, this one included.
const STORE = statement('order_store', ['text', 'text', 'text', 'text', 'text', 'text', 'jsonb', 'timestamptz', 'text', 'boolean'], `
  WITH cur AS (
    SELECT st.id, st.owed FROM "Game" g JOIN "Step" st ON st."gameId" = g.id AND st.number = g."currentStep"
    WHERE g.id = $1 AND st.id = $2 AND st.status = 'open' AND (g.status = 'active' OR (g.status = 'paused' AND $10::boolean))
  ), ins AS (
    INSERT INTO "Order" (id, "gameId", "stepId", "seatId", source, raw, parsed, "receivedAt")
    SELECT $4, $1, cur.id, $3, $5, $6, $7::jsonb, ($8::timestamptz AT TIME ZONE 'UTC') FROM cur
    RETURNING id
  ), sup AS (
    UPDATE "Order" o SET "supersededById" = ins.id FROM ins
    WHERE o."stepId" = $2 AND o."seatId" = $3 AND o."supersededById" IS NULL
    RETURNING o.id
  ), last AS (
    UPDATE "Step" s SET "lastOrderAt" = ($8::timestamptz AT TIME ZONE 'UTC') FROM ins WHERE s.id = $2
    RETURNING s.id
  )
  SELECT (SELECT count(*) FROM ins)::int AS stored,
    (SELECT count(*) FROM sup)::int AS superseded,
    (SELECT count(*) FROM last)::int AS noted,
    COALESCE((
      SELECT bool_and(w.seat = $9 OR EXISTS (
        SELECT 1 FROM "Order" o JOIN "Seat" se ON se.id = o."seatId"
        WHERE o."stepId" = $2 AND o."supersededById" IS NULL AND se.side = w.seat))
      FROM cur, jsonb_to_recordset(cur.owed) AS w(seat text)
    ), true) AS complete`);

/** What the write did: stored (false: the step is no longer the open current step), and completeness. */
export interface StoreResult {
  stored: boolean;
  superseded: number;
  complete: boolean;
}

/**
 * Inserts the order, supersedes the seat's previous current order, notes the step's last order time. With
 * `commit`, this is the transaction's last statement.
 */
export async function storeOrder(sql: SqlRunner, o: OrderRow, opts: { commit?: boolean } = {}): Promise<StoreResult> {
  const run = opts.commit ? sql.queryAndCommit.bind(sql) : sql.query.bind(sql);
  const rows = await run<{ stored: number; superseded: number; complete: boolean }>(STORE, [
    o.gameId,
    o.stepId,
    o.seatId,
    o.id,
    o.source,
    o.raw,
    JSON.stringify(o.parsed),
    o.receivedAt.toISOString(),
    o.side,
    o.allowPaused,
  ]);
  const r = rows[0];
  const stored = Number(r?.stored ?? 0) === 1;
  return { stored, superseded: Number(r?.superseded ?? 0), complete: stored && r.complete === true };
}

const AUDIT = statement('order_audit', ['text', 'text', 'text', 'jsonb', 'timestamptz'], `
  INSERT INTO "AuditLog" ("gameId", actor, action, detail, at) VALUES ($1, $2, $3, $4::jsonb, ($5::timestamptz AT TIME ZONE 'UTC'))`);

/** An audit row in the submission's transaction (moderator amendments). */
export async function auditInTransaction(sql: SqlRunner, gameId: string, actor: string, action: string, detail: Record<string, unknown>, at: Date): Promise<void> {
  await sql.query(AUDIT, [gameId, actor, action, JSON.stringify(detail), at.toISOString()]);
}

/** With a processing delay, queues the step's resolution at the end of the delay (in the same transaction). */
export async function queueDelayedResolution(sql: SqlRunner, input: { gameId: string; stepId: string; at: Date; delaySeconds: number }): Promise<void> {
  const due = new Date(input.at.getTime() + input.delaySeconds * 1000);
  // enqueue only calls $queryRawUnsafe and awaits it: a plain promise serves as well as Prisma's.
  const runner = sql as unknown as Parameters<typeof enqueue>[0];
  await enqueue(runner, QUEUES.resolve, { gameId: input.gameId, stepId: input.stepId, at: due.toISOString() } satisfies ResolveJob, { key: `${input.stepId}:${due.toISOString()}`, startAfter: due });
}
