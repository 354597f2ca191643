/**
 * Storing a seat's orders in a few SQL statements: the order submission path of every source (API, web, mail,
 * moderator). With the deps' `pool` (node-postgres) the statements go straight to Postgres as prepared statements;
 * without it (tools that build deps with Prisma only) the same statements run in a Prisma transaction.
 *
 * A submission:
 *   1. read: the game, its current step and the seat (one query; remembered per game and seat while the step is
 *      open, since the write checks it anyway);
 *   2. the caller validates the orders against the step's envelope (cached per step id: it never changes);
 *   3. one transaction, sent in one round trip: the game row FOR SHARE (the turn processor's FOR UPDATE waits for
 *      it, and it for the turn processor) after a transaction-scoped advisory lock per game, which serialises the
 *      submissions of one game; then one statement that checks the step is still the open current one, inserts
 *      the order, supersedes the seat's previous current order, records the step's last-order time and says
 *      whether every owed seat now has a current order (its snapshot is taken after the locks, so it sees every
 *      submission of the game that committed before); COMMIT. The locks are held only inside Postgres.
 */
import type pg from 'pg';
import type { Envelope } from '../engine/step-runner.ts';
import type { Owed } from '../engine/types.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { QUEUES, type ResolveJob } from '../jobs/queues.ts';
import { rollBack } from '../db/sql-tx.ts';
import type { ServiceDeps, Tx } from './deps.ts';
import { asEnvelope } from './json.ts';

/**
 * A statement of the submission path: `text` with $1..$n parameters of the listed types. On the pg pool each
 * connection prepares every statement once (PREPARE), and the statements of a transaction go to Postgres in one
 * round trip as `BEGIN; EXECUTE name(literals); ...; COMMIT` (simple protocol; each statement still takes its own
 * snapshot). Parameters are sent as escaped literals (see `literal`).
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
  /**
   * Runs statements in order and returns the rows of each; with `commit` the transaction ends with them (on the
   * pool: BEGIN, the statements and COMMIT in one round trip).
   */
  batch(items: [Statement, unknown[]][], opts?: { commit?: boolean }): Promise<unknown[][]>;
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
  const begin = async () => {
    if (state.begun) return;
    state.begun = true;
    await client.query('BEGIN');
  };
  return {
    async batch(items, opts = {}) {
      const sql = [...(state.begun ? [] : ['BEGIN']), ...items.map(([s, params]) => `EXECUTE ${s.name}(${params.map(literal).join(', ')})`), ...(opts.commit ? ['COMMIT'] : [])].join(';\n');
      state.begun = true;
      const results = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      if (opts.commit) state.committed = true;
      const list = Array.isArray(results) ? results : [results];
      // BEGIN and COMMIT answer too: the statements' results are the ones in between.
      const offset = list.length - items.length - (opts.commit ? 1 : 0);
      return items.map((_, i) => list[offset + i]?.rows ?? []);
    },
    $queryRawUnsafe: async <T>(text: string, ...params: unknown[]) => {
      await begin();
      return (await client.query(text, params)).rows as T;
    },
  };
}

function prismaRunner(tx: Tx): SqlRunner {
  return {
    async batch(items) {
      const out: unknown[][] = [];
      for (const [s, params] of items) out.push(await tx.$queryRawUnsafe<unknown[]>(s.text, ...params));
      return out;
    },
    $queryRawUnsafe: <T>(text: string, ...params: unknown[]) => tx.$queryRawUnsafe<T>(text, ...params),
  };
}

/** Transaction settings when Prisma carries the statements (waiting for the game lock is normal). */
const PRISMA_TX = { maxWait: 20_000, timeout: 20_000 } as const;

/**
 * Runs `fn` in one transaction on the deps' pg pool, or in a Prisma transaction without one. On the pool the
 * transaction begins with `fn`'s first statement and ends with a batch that commits, or with a COMMIT here.
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
    if (state.begun && !state.committed) broken = await rollBack(client); // a failed ROLLBACK: destroy the connection
    throw error;
  } finally {
    client.release(broken);
  }
}

/** One statement outside any transaction: a prepared statement of the pool, or Prisma. */
async function readOne<T>(deps: Pick<ServiceDeps, 'db' | 'pool'>, s: Statement, params: unknown[]): Promise<T[]> {
  // A protocol-level name of its own: the SQL-level PREPAREd statements of the same connection share the namespace.
  if (deps.pool) return (await deps.pool.query({ name: `read_${s.name}`, text: s.text, values: params })).rows as T[];
  return deps.db.$queryRawUnsafe<T[]>(s.text, ...params);
}

// ---- Step envelopes: immutable per step id, parsed once per process (least recently used evicted). ----

const ENVELOPE_CACHE_MAX = 500;
const ENVELOPE = statement('order_envelope', ['text'], 'SELECT envelope FROM "Step" WHERE id = $1');
const envelopes = new Map<string, Envelope>();

function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key); // most recently used last
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

/** The envelope at the start of a step, from the cache or read once. */
export async function cachedEnvelope(deps: Pick<ServiceDeps, 'db' | 'pool'>, stepId: string): Promise<Envelope> {
  const hit = envelopes.get(stepId);
  if (hit) {
    touch(envelopes, stepId, hit, ENVELOPE_CACHE_MAX);
    return hit;
  }
  const rows = await readOne<{ envelope: unknown }>(deps, ENVELOPE, [stepId]);
  if (!rows[0]) throw new Error(`step ${stepId} not found`);
  const envelope = asEnvelope(rows[0].envelope);
  touch(envelopes, stepId, envelope, ENVELOPE_CACHE_MAX);
  return envelope;
}

/** Entries in the envelope cache (tests). */
export function envelopeCacheSize(): number {
  return envelopes.size;
}

// ---- What validation needs: the game, its current step and the seat ----

/** The game, its current step and the seat, as read (or remembered) before the transaction. */
export interface SubmissionState {
  game: string;
  gameStatus: 'active' | 'paused' | 'finished';
  delaySeconds: number;
  stepId: string;
  number: number;
  status: 'open' | 'resolving' | 'awaiting_review' | 'published';
  owed: Owed[];
  /** Null when the seat is not one of the game's. */
  seat: { id: string; side: string } | null;
  /** Remembered from an earlier submission, not read now: the write checks it, and a refusal is re-read. */
  remembered: boolean;
  /** The seat's current order of this step as the last submission here stored it (a hint for the write). */
  currentHint: string | null;
}

const READ = statement('order_read', ['text', 'text'], `
  SELECT g.game, g.status::text AS "gameStatus", g."processingDelaySeconds" AS "delaySeconds",
    st.id AS "stepId", st.number, st.status::text AS status, st.owed, se.id AS "seatId", se.side
  FROM "Game" g
  JOIN "Step" st ON st."gameId" = g.id AND st.number = g."currentStep"
  LEFT JOIN "Seat" se ON se.id = $2 AND se."gameId" = g.id
  WHERE g.id = $1`);

interface ReadRow {
  game: string;
  gameStatus: SubmissionState['gameStatus'];
  delaySeconds: number;
  stepId: string;
  number: number;
  status: SubmissionState['status'];
  owed: Owed[];
  seatId: string | null;
  side: string | null;
}

// Open steps of active games, by game and seat, as the last submission found them. Only ever used to try the
// write (which checks game status, step and delay under the locks): every refusal is decided on a fresh read.
const STATE_CACHE_MAX = 2000;
const states = new Map<string, SubmissionState>();

/** Notes the order a submission stored as the seat's current one of its step. */
export function rememberStoredOrder(gameId: string, seatId: string, stepId: string, orderId: string): void {
  const key = `${gameId}:${seatId}`;
  const known = states.get(key);
  if (known && known.stepId === stepId) known.currentHint = orderId;
}

/** Forgets what submissions remembered (tests). */
export function forgetSubmissionStates(): void {
  states.clear();
}

/**
 * The game's current step and the seat: remembered from the last submission of this seat if the step was open
 * then (`fresh` forces a read). Null for an unknown game.
 */
export async function submissionState(deps: Pick<ServiceDeps, 'db' | 'pool'>, gameId: string, seatId: string, opts: { fresh?: boolean } = {}): Promise<SubmissionState | null> {
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
    gameStatus: r.gameStatus,
    delaySeconds: Number(r.delaySeconds),
    stepId: r.stepId,
    number: Number(r.number),
    status: r.status,
    owed: r.owed,
    seat: r.seatId && r.side ? { id: r.seatId, side: r.side } : null,
    remembered: false,
    currentHint: null,
  };
  if (state.gameStatus === 'active' && state.status === 'open' && state.seat) touch(states, key, { ...state, remembered: true }, STATE_CACHE_MAX);
  else states.delete(key);
  return state;
}

// ---- The transaction ----

// The advisory lock's first key keeps this lock apart from any other user of advisory locks.
const LOCK_NAMESPACE = 0x6f726472; // "ordr"

// The game row FOR SHARE (the turn processor's FOR UPDATE and this wait for each other) and, taken first, the
// game's submission lock, which serialises the submissions of one game.
const LOCK = statement('order_lock', ['text'], `
  SELECT 1 AS locked FROM "Game" g
  CROSS JOIN LATERAL (SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(g.id))) lk
  WHERE g.id = $1
  FOR SHARE OF g`);

/** Takes the submission locks of a game in `sql`'s transaction (tests hold them to watch others wait). */
export async function takeSubmissionLocks(sql: SqlRunner, gameId: string): Promise<boolean> {
  const [rows] = await sql.batch([[LOCK, [gameId]]]);
  return rows.length === 1;
}

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
  /** The processing delay the caller acts on (no job queued when 0): the write refuses if it changed. */
  delaySeconds: number;
  /** A moderator may amend orders while the game is paused. */
  allowPaused: boolean;
  /** The seat's current order of the step as this process last stored it (a hint), or null. */
  currentHint: string | null;
}

// Stores the order only while the step is still the game's current, open step and the game is active (or paused,
// for a moderator) with the expected processing delay: checked in this statement's snapshot, taken under the locks.
// The superseded order is the seat's current one of the step. There is at most one (the submissions of a game are
// serialised, and so were they before this path). It is found from the order this process last stored for the
// seat ($12, a hint): following supersededById from it to the end of the chain (a few steps when other processes
// or concurrent requests stored orders since), checked to be of this step and seat; without a usable hint, among
// the seat's orders of the step. So a seat that revised its orders hundreds of times in one step does not make
// every revision scan them all. The step's last-order time is what a processing delay counts from (its only
// reader, the delayed resolution job): it is written when the game has a delay. Without one it would rewrite the
// step's row, envelope included (a few KB), on every submission for nobody. `complete`: every owed seat has a
// current order, this one included.
const STORE = statement('order_store', ['text', 'text', 'text', 'text', 'text', 'text', 'jsonb', 'timestamptz', 'text', 'boolean', 'integer', 'text'], `
  WITH RECURSIVE cur AS (
    SELECT st.id, st.owed FROM "Game" g JOIN "Step" st ON st."gameId" = g.id AND st.number = g."currentStep"
    WHERE g.id = $1 AND st.id = $2 AND st.status = 'open' AND (g.status = 'active' OR (g.status = 'paused' AND $10::boolean))
      AND g."processingDelaySeconds" = $11::integer
  ), ins AS (
    INSERT INTO "Order" (id, "gameId", "stepId", "seatId", source, raw, parsed, "receivedAt")
    SELECT $4, $1, cur.id, $3, $5, $6, $7::jsonb, ($8::timestamptz AT TIME ZONE 'UTC') FROM cur
    RETURNING id
  ), chain AS (
    SELECT k.id, k."stepId", k."seatId", k."supersededById" FROM "Order" k WHERE k.id = $12
    UNION ALL
    SELECT k.id, k."stepId", k."seatId", k."supersededById" FROM chain c JOIN "Order" k ON k.id = c."supersededById"
  ), sup AS (
    UPDATE "Order" o SET "supersededById" = ins.id FROM ins
    WHERE o.id = COALESCE(
      (SELECT c.id FROM chain c WHERE c."supersededById" IS NULL AND c."stepId" = $2 AND c."seatId" = $3 LIMIT 1),
      (SELECT k.id FROM "Order" k WHERE k."stepId" = $2 AND k."seatId" = $3 AND k."supersededById" IS NULL LIMIT 1))
    RETURNING o.id
  ), last AS (
    UPDATE "Step" s SET "lastOrderAt" = ($8::timestamptz AT TIME ZONE 'UTC') FROM ins WHERE s.id = $2 AND $11::integer > 0
    RETURNING s.id
  )
  SELECT (SELECT count(*) FROM ins)::int AS stored,
    (SELECT count(*) FROM sup)::int AS superseded,
    (SELECT count(*) FROM last)::int AS noted,
    COALESCE((
      SELECT bool_and(w.seat = $9 OR EXISTS (
        SELECT 1 FROM "Seat" se JOIN "Order" o ON o."stepId" = $2 AND o."seatId" = se.id AND o."supersededById" IS NULL
        WHERE se."gameId" = $1 AND se.side = w.seat))
      FROM cur, jsonb_to_recordset(cur.owed) AS w(seat text)
    ), true) AS complete`);

// A moderator's amendment, written only if the order was stored (a later statement of the same transaction).
const AUDIT = statement('order_audit', ['text', 'text', 'text', 'jsonb', 'timestamptz', 'text'], `
  INSERT INTO "AuditLog" ("gameId", actor, action, detail, at)
  SELECT $1, $2, $3, $4::jsonb, ($5::timestamptz AT TIME ZONE 'UTC') WHERE EXISTS (SELECT 1 FROM "Order" WHERE id = $6)`);

/** What the write did: stored (false: the game or step is no longer as the caller saw it), and completeness. */
export interface StoreResult {
  stored: boolean;
  superseded: number;
  complete: boolean;
}

/** An audit row to write with the order. */
export interface AuditRow {
  actor: string;
  action: string;
  detail: Record<string, unknown>;
}

/**
 * The submission's transaction: takes the game's locks, inserts the order, supersedes the seat's previous current
 * order, notes the step's last order time (and the audit row, if any), all in one round trip with the commit.
 * With a processing delay the resolution job is queued in the same transaction.
 */
export async function storeOrder(deps: Pick<ServiceDeps, 'db' | 'pool'>, o: OrderRow, audit?: AuditRow): Promise<StoreResult> {
  return inOrderTransaction(deps, async (sql) => {
    const delayed = o.delaySeconds > 0;
    const items: [Statement, unknown[]][] = [
      [LOCK, [o.gameId]],
      [STORE, [o.gameId, o.stepId, o.seatId, o.id, o.source, o.raw, JSON.stringify(o.parsed), o.receivedAt.toISOString(), o.side, o.allowPaused, o.delaySeconds, o.currentHint]],
    ];
    if (audit) items.push([AUDIT, [o.gameId, audit.actor, audit.action, JSON.stringify(audit.detail), o.receivedAt.toISOString(), o.id]]);
    const results = await sql.batch(items, { commit: !delayed });
    const r = results[1][0] as { stored: number; superseded: number; complete: boolean } | undefined;
    const stored = Number(r?.stored ?? 0) === 1;
    if (stored && delayed) await queueDelayedResolution(sql, { gameId: o.gameId, stepId: o.stepId, at: o.receivedAt, delaySeconds: o.delaySeconds });
    return { stored, superseded: Number(r?.superseded ?? 0), complete: stored && r?.complete === true };
  });
}

/** With a processing delay, queues the step's resolution at the end of the delay (in the same transaction). */
async function queueDelayedResolution(sql: SqlRunner, input: { gameId: string; stepId: string; at: Date; delaySeconds: number }): Promise<void> {
  const due = new Date(input.at.getTime() + input.delaySeconds * 1000);
  // enqueue only calls $queryRawUnsafe and awaits it: a plain promise serves as well as Prisma's.
  const runner = sql as unknown as Parameters<typeof enqueue>[0];
  await enqueue(runner, QUEUES.resolve, { gameId: input.gameId, stepId: input.stepId, at: due.toISOString() } satisfies ResolveJob, { key: `${input.stepId}:${due.toISOString()}`, startAfter: due });
}
