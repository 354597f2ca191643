/**
 * Database faults: recognising that Postgres is away (restarting, crashed, unreachable), and keeping a process
 * alive while it is. node-postgres reports a broken connection as an 'error' event on the client and on the pool;
 * an EventEmitter's 'error' with no listener ends the process, so every pool and long-lived client of the service
 * gets one here. The service then answers 503 `service/database-unavailable` until the database is back, and the
 * pools reconnect by themselves (a broken client is dropped when released; the next checkout opens a new one).
 */
import type pg from 'pg';

/** Postgres SQLSTATEs and socket errors of a database that is away (not of a bad query). */
const AWAY_CODES = new Set([
  '57P01', // admin_shutdown (terminated by a shutdown or pg_terminate_backend)
  '57P02', // crash_shutdown (another backend crashed)
  '57P03', // cannot_connect_now (starting up, in recovery, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // Prisma's codes for the same: can't reach, timed out, server closed the connection, pool timeout.
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
]);

/** What @prisma/adapter-pg calls the same faults (DriverAdapterError.cause.kind). */
const AWAY_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** Messages of pg and Prisma for a lost or refused connection, when no code says it. */
const AWAY_MESSAGE = new RegExp(
  [
    'Connection terminated',
    'not queryable',
    'connection error',
    "Can't reach database server",
    'Server has closed the connection',
    'timeout exceeded when trying to connect',
    'the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)',
    'terminating connection',
    'server closed the connection unexpectedly',
  ].join('|'),
  'i',
);

/**
 * Whether an error (or any error it wraps: `cause`, an AggregateError's `errors`) says the database is away,
 * rather than that a query or the code is wrong. A bug or a constraint violation is not.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  const e = error as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    meta?: { code?: unknown };
  };
  if (typeof e.code === 'string' && AWAY_CODES.has(e.code)) return true;
  // Prisma's raw-query error (P2010) carries the database's SQLSTATE in meta.code.
  if (typeof e.meta?.code === 'string' && AWAY_CODES.has(e.meta.code)) return true;
  if (typeof e.kind === 'string' && AWAY_KINDS.has(e.kind)) return true;
  if (error instanceof Error && e.constructor?.name === 'PrismaClientInitializationError') return true;
  if (typeof e.message === 'string' && AWAY_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * SQLSTATEs of a transaction that lost a race with another, not of a wrong query: a deadlock broken by failing it,
 * a serialization failure (and Prisma's code for either). The same work tried again can succeed.
 */
const CONFLICT_CODES = new Set(['40P01', '40001', 'P2034']);

/** What @prisma/adapter-pg calls the same (DriverAdapterError.cause.kind). */
const CONFLICT_KINDS = new Set(['TransactionWriteConflict']);

/** Whether an error (or any error it wraps) is a transaction's lost race: see `CONFLICT_CODES`. */
export function isTransactionConflict(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; kind?: unknown; cause?: unknown; meta?: { code?: unknown } };
  if (typeof e.code === 'string' && CONFLICT_CODES.has(e.code)) return true;
  if (typeof e.meta?.code === 'string' && CONFLICT_CODES.has(e.meta.code)) return true;
  if (typeof e.kind === 'string' && CONFLICT_KINDS.has(e.kind)) return true;
  return isTransactionConflict(e.cause, depth + 1);
}

/** Where a broken connection is reported (a logger's warn); silent when absent. */
export type FaultReporter = ((error: Error, what: string) => void) | undefined;

/**
 * Gives a pool the listeners that keep a lost connection from ending the process: its own 'error' (an idle client
 * broke; the pool drops it) and one on every client it opens, for a client checked out between two statements of
 * a transaction when the server goes away (its next query fails, and the release drops it).
 */
export function guardPool(pool: pg.Pool, report?: FaultReporter): pg.Pool {
  pool.on('error', (error) => report?.(error, 'idle database connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (error) => report?.(error, 'database connection lost'));
  });
  return pool;
}

/** A reporter for `guardPool` that logs at warn, at most once per second (an outage breaks every connection). */
export function throttledReporter(log: { warn(obj: object, msg: string): void } | undefined): FaultReporter {
  if (!log) return undefined;
  let last = 0;
  return (error, what) => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    log.warn({ err: { message: error.message, code: (error as { code?: unknown }).code } }, what);
  };
}
