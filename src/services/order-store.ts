/**
 * Storing a seat's orders in a few SQL statements: the order submission path of every source (API, web, mail,
 * moderator). With the deps' `pool` (node-postgres) the statements go straight to Postgres as prepared statements;
 * without it (tools that build deps with Prisma only) the same statements run in a Prisma transaction.
 *
 * A submission:
 *   1. read: the game, its current step and the seat (one query; remembered per game and seat while the step is
 *      open, since the write checks it anyway: src/services/submission-state.ts);
 *   2. the caller validates the orders against the step's envelope (cached per step id, since it never changes:
 *      src/services/step-envelopes.ts);
 *   3. here, one transaction, sent in one round trip (src/services/prepared-statements.ts): the game row FOR SHARE (the turn processor's FOR UPDATE waits for
 *      it, and it for the turn processor) after a transaction-scoped advisory lock per game, which serialises the
 *      submissions of one game; then one statement that checks the step is still the open current one, inserts
 *      the order as the seat's next revision (superseding the ones before), records the step's last-order time
 *      and says whether every owed seat now has orders (its snapshot is taken after the locks, so it sees every
 *      submission of the game that committed before); the order that completes the step also marks it due to
 *      resolve (Step.resolveDueAt), so a crash before the resolution leaves a mark the recovery sweep acts on;
 *      COMMIT. The locks are held only inside Postgres.
 *      On the pool, submissions that arrive while others are in flight share one such transaction and round trip
 *      (group commit, src/services/group-commit.ts): each keeps the outcome it would have had alone.
 */
import type pg from 'pg';
import { enqueue } from '../queue/enqueue.ts';
import { QUEUES, type ResolveJob } from '../queue/queues.ts';
import type { ServiceDeps } from './deps.ts';
import { GroupCommit, type GroupCommitStats } from './group-commit.ts';
import { inOrderTransaction, type SqlRunner, type Statement, statement } from './prepared-statements.ts';
import { CURRENT_STEP_JOIN } from './steps.ts';

// The advisory lock's first key keeps this lock apart from any other user of advisory locks.
const LOCK_NAMESPACE = 0x6f726472; // "ordr"

// The game row FOR SHARE (the turn processor's FOR UPDATE and this wait for each other) and, taken first, the
// game's submission lock, which serialises the submissions of one game.
const LOCK = statement(
  'order_lock',
  ['text'],
  `
  SELECT 1 AS locked FROM "Game" g
  CROSS JOIN LATERAL (SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(g.id))) lk
  WHERE g.id = $1
  FOR SHARE OF g`,
);

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
  /** A seat token's hash not checked before the write: stored only if the seat's token still has it. */
  tokenHash: string | null;
}

// Stores the order only while the step is still the game's current, open step and the game is active (or paused,
// for a moderator) with the expected processing delay, and, for a seat token taken from memory ($12), while the
// seat's token still has that hash, and while the seat is played by whoever sends the order (the computer's orders
// for a seat it plays, a player's for one it does not: src/services/bot-seats.ts; the moderator's for any): checked
// in this statement's snapshot, taken under the locks. The order is the
// seat's next revision of the step, which supersedes the ones before: one insert, found by the unique (step, seat,
// revision) index however often the seat revised its orders. An order id already stored ($4, a mail processed
// again after a crash) inserts nothing. `complete`: every owed seat has orders, these included.
// The step row is written only when there is something to note, in the same statement: the last-order time when the
// game has a processing delay (its only reader, the delayed resolution job; without a delay it would rewrite the
// step's row, envelope included, on every submission for nobody), and, by the order that completes the step, the
// time from which the step is due to resolve (plus the delay): if the process dies before the resolution, the step
// is durably marked and the recovery sweep resolves it (src/services/recovery.ts).
const STORE = statement(
  'order_store',
  ['text', 'text', 'text', 'text', 'text', 'text', 'jsonb', 'timestamptz', 'text', 'boolean', 'integer', 'text'],
  `
  WITH cur AS (
    SELECT st.id, st.owed FROM "Game" g ${CURRENT_STEP_JOIN}
    WHERE g.id = $1 AND st.id = $2 AND st.status = 'open' AND (g.status = 'active' OR (g.status = 'paused' AND $10::boolean))
      AND g."processingDelaySeconds" = $11::integer
      AND ($12::text IS NULL OR EXISTS (SELECT 1 FROM "Seat" se WHERE se.id = $3 AND se."gameId" = $1 AND se."tokenHash" = $12::text))
      AND ($5 = 'moderator' OR EXISTS (SELECT 1 FROM "Seat" se WHERE se.id = $3 AND se.bot = ($5 = 'bot')))
  ), ins AS (
    INSERT INTO "Order" (id, "gameId", "stepId", "seatId", revision, source, raw, parsed, "receivedAt")
    SELECT $4, $1, cur.id, $3, COALESCE((SELECT max(o.revision) FROM "Order" o WHERE o."stepId" = $2 AND o."seatId" = $3), 0) + 1,
      $5, $6, $7::jsonb, ($8::timestamptz AT TIME ZONE 'UTC') FROM cur
    ON CONFLICT (id) DO NOTHING
    RETURNING id
  ), done AS (
    SELECT COALESCE((
      SELECT bool_and(w.seat = $9 OR EXISTS (
        SELECT 1 FROM "Order" o WHERE o."stepId" = $2
          AND o."seatId" = (SELECT se.id FROM "Seat" se WHERE se."gameId" = $1 AND se.side = w.seat)))
      FROM cur, jsonb_to_recordset(cur.owed) AS w(seat text)
    ), true) AS complete
  ), noted AS (
    UPDATE "Step" s SET
      "lastOrderAt" = CASE WHEN $11::integer > 0 THEN ($8::timestamptz AT TIME ZONE 'UTC') ELSE s."lastOrderAt" END,
      "resolveDueAt" = CASE WHEN done.complete
        THEN ($8::timestamptz AT TIME ZONE 'UTC') + $11::integer * interval '1 second' ELSE s."resolveDueAt" END
    FROM ins, done WHERE s.id = $2 AND ($11::integer > 0 OR done.complete)
    RETURNING s.id
  )
  SELECT (SELECT count(*) FROM ins)::int AS stored, (SELECT count(*) FROM noted)::int AS noted,
    (SELECT complete FROM done) AS complete`,
);

// A moderator's amendment, written only if the order was stored (a later statement of the same transaction).
const AUDIT = statement(
  'order_audit',
  ['text', 'text', 'text', 'jsonb', 'timestamptz', 'text'],
  `
  INSERT INTO "AuditLog" ("gameId", actor, action, detail, at)
  SELECT $1, $2, $3, $4::jsonb, ($5::timestamptz AT TIME ZONE 'UTC') WHERE EXISTS (SELECT 1 FROM "Order" WHERE id = $6)`,
);

function storeParams(o: OrderRow): unknown[] {
  return [
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
    o.delaySeconds,
    o.tokenHash,
  ];
}

/** What the write did: stored (false: the game or step is no longer as the caller saw it), and completeness. */
export interface StoreResult {
  stored: boolean;
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
export async function storeOrder(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  o: OrderRow,
  audit?: AuditRow,
): Promise<StoreResult> {
  // The common case goes through the pool's group commit; an audited amendment or a delayed game's job goes alone.
  if (deps.pool && !audit && o.delaySeconds === 0) return groupCommitOf(deps.pool, deps).write(o);
  return storeAlone(deps, o, audit);
}

async function storeAlone(deps: Pick<ServiceDeps, 'db' | 'pool'>, o: OrderRow, audit?: AuditRow): Promise<StoreResult> {
  return inOrderTransaction(deps, async (sql) => {
    const delayed = o.delaySeconds > 0;
    const items: [Statement, unknown[]][] = [
      [LOCK, [o.gameId]],
      [STORE, storeParams(o)],
    ];
    if (audit)
      items.push([
        AUDIT,
        [o.gameId, audit.actor, audit.action, JSON.stringify(audit.detail), o.receivedAt.toISOString(), o.id],
      ]);
    const results = await sql.batch(items, { commit: !delayed });
    const result = storeResult(results[1][0]);
    if (result.stored && delayed)
      await queueDelayedResolution(sql, {
        gameId: o.gameId,
        stepId: o.stepId,
        at: o.receivedAt,
        delaySeconds: o.delaySeconds,
      });
    return result;
  });
}

function storeResult(row: unknown): StoreResult {
  const r = row as { stored: number; complete: boolean } | undefined;
  const stored = Number(r?.stored ?? 0) === 1;
  return { stored, complete: stored && r?.complete === true };
}

/**
 * Several submissions (of any games, without audit rows or processing delays) in one transaction and one round
 * trip: the locks of every game involved, taken one game at a time in one order (game id), so that two batches
 * never wait for each other in a cycle; then each order's STORE, in arrival order. Each STORE takes its own
 * snapshot, so it sees the orders stored before it in the batch as it would see them committed: the outcome of
 * every submission (stored or refused, what it supersedes, completeness) is what it would have been alone, in
 * this order.
 */
async function storeBatch(deps: Pick<ServiceDeps, 'db' | 'pool'>, rows: OrderRow[]): Promise<StoreResult[]> {
  const games = [...new Set(rows.map((o) => o.gameId))].sort();
  return inOrderTransaction(deps, async (sql) => {
    const items: [Statement, unknown[]][] = [
      ...games.map((g): [Statement, unknown[]] => [LOCK, [g]]),
      ...rows.map((o): [Statement, unknown[]] => [STORE, storeParams(o)]),
    ];
    const results = await sql.batch(items, { commit: true });
    return rows.map((_, i) => storeResult(results[games.length + i][0]));
  });
}

/** Thrown inside the transaction of `storeOrdersTogether` to roll it back when one order cannot be stored. */
class NotAllStored extends Error {}

/**
 * Several seats' orders of one game (a person's: src/services/orders.ts `submitOrdersBySeat`) in one transaction, all or none:
 * the game's locks once, then each order's STORE in turn (each sees the ones before it), committed only when every
 * one was stored. The step cannot resolve between them (the turn processor waits for the game lock), so it never
 * resolves with one of these seats' orders and not the others'. `complete`: every owed seat now has orders.
 */
export async function storeOrdersTogether(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  rows: OrderRow[],
): Promise<StoreResult> {
  const last = rows[rows.length - 1];
  if (!last) return { stored: false, complete: false };
  try {
    return await inOrderTransaction(deps, async (sql) => {
      const items: [Statement, unknown[]][] = [
        [LOCK, [last.gameId]],
        ...rows.map((o): [Statement, unknown[]] => [STORE, storeParams(o)]),
      ];
      const results = (await sql.batch(items)).slice(1).map((r) => storeResult(r[0]));
      if (!results.every((r) => r.stored)) throw new NotAllStored();
      if (last.delaySeconds > 0)
        await queueDelayedResolution(sql, {
          gameId: last.gameId,
          stepId: last.stepId,
          at: last.receivedAt,
          delaySeconds: last.delaySeconds,
        });
      return results[results.length - 1];
    });
  } catch (error) {
    if (error instanceof NotAllStored) return { stored: false, complete: false };
    throw error;
  }
}

/** Order submissions in flight to one pool, and a batch size that keeps one round trip small. */
const GROUP_COMMIT = { maxBatch: 64, maxFlights: 2 } as const;
const groupCommits = new WeakMap<pg.Pool, GroupCommit<OrderRow, StoreResult>>();

function groupCommitOf(pool: pg.Pool, deps: Pick<ServiceDeps, 'db' | 'pool'>): GroupCommit<OrderRow, StoreResult> {
  let group = groupCommits.get(pool);
  if (!group) {
    group = new GroupCommit({
      ...GROUP_COMMIT,
      writeBatch: (rows) => storeBatch(deps, rows),
      writeOne: (o) => storeAlone(deps, o),
    });
    groupCommits.set(pool, group);
  }
  return group;
}

/** What the pool's group commit has done so far (tests, benchmarks), or null before its first write. */
export function groupCommitStats(pool: pg.Pool): GroupCommitStats | null {
  return groupCommits.get(pool)?.stats ?? null;
}

/** With a processing delay, queues the step's resolution at the end of the delay (in the same transaction). */
async function queueDelayedResolution(
  sql: SqlRunner,
  input: { gameId: string; stepId: string; at: Date; delaySeconds: number },
): Promise<void> {
  const due = new Date(input.at.getTime() + input.delaySeconds * 1000);
  // enqueue only calls $queryRawUnsafe and awaits it: a plain promise serves as well as Prisma's.
  const runner = sql as unknown as Parameters<typeof enqueue>[0];
  await enqueue(
    runner,
    QUEUES.resolve,
    { gameId: input.gameId, stepId: input.stepId, at: due.toISOString() } satisfies ResolveJob,
    { key: `${input.stepId}:${due.toISOString()}`, startAfter: due },
  );
}
