/**
 * What every service function takes first: the database, a logger, the settings, a clock (tests move time), the
 * game registry (tests may add a game of their own) and the notifier; and the contract of a background worker.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { guardPool, throttledReporter } from '../db/faults.ts';
import { inPgTransaction, type SqlTx } from '../db/sql-tx.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import { getGame } from '../games/index.ts';
import { GameNotInstalledError } from './errors.ts';
import type { Notifier } from './notifier.ts';

/** Looks a game package up by its id. */
export type GameLookup = (id: string) => AnyGamePackage | undefined;

/** The dependencies of every service function. */
export interface ServiceDeps {
  db: Db;
  log: Logger;
  config: Config;
  clock: () => Date;
  /** Game packages; defaults to the registry of src/games. */
  games?: GameLookup;
  /**
   * A node-postgres pool on the same database as `db`, for the hot paths written in SQL (bearer-token
   * authentication, order submission, step resolution). Optional: without it those paths run through Prisma.
   */
  pool?: pg.Pool;
  /** How services tell players, the moderator and webhooks (mails and deliveries queued in their transactions). */
  notifier: Notifier;
}

/** The pool of `ServiceDeps.pool` (close it with `end()` after the app). */
export function createSqlPool(databaseUrl: string, opts: { max?: number; log?: Logger } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.max ?? 10, idleTimeoutMillis: 30_000 });
  // A connection that breaks (e.g. Postgres restarting), idle or checked out, must not end the process.
  return guardPool(pool, throttledReporter(opts.log));
}

/**
 * Runs `fn` in one transaction of raw SQL: on the deps' pg pool when there is one (the service and its workers),
 * else in a Prisma transaction (tools and tests built without a pool). `limits.timeout` bounds either; `maxWait`
 * (for a connection) applies to Prisma's; `deferWrites` (pool only): the writes made with `write` (src/db/sql-tx.ts)
 * go with the transaction's next statement or its COMMIT, in one round trip.
 */
export function inTransaction<T>(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  fn: (tx: SqlTx) => Promise<T>,
  limits?: { maxWait?: number; timeout?: number; deferWrites?: boolean },
): Promise<T> {
  return deps.pool
    ? inPgTransaction(deps.pool, fn, { timeoutMs: limits?.timeout, deferWrites: limits?.deferWrites })
    : deps.db.$transaction((tx) => fn(tx), { maxWait: limits?.maxWait, timeout: limits?.timeout });
}

export type { SqlTx, Tx };

/**
 * The game package of an engine id, from the deps' lookup or the registry; undefined when it is not installed. For
 * the few readers that still show something of a game without its package (a mail's title, a seat's name); every
 * other caller resolves the package once with {@link requireGame} and passes it down.
 */
export function gameDefinition(deps: Pick<ServiceDeps, 'games'>, id: string): AnyGamePackage | undefined {
  return deps.games?.(id) ?? getGame(id);
}

/**
 * The game package of a stored game, resolved once per request or job and passed down from there. Throws
 * {@link GameNotInstalledError} (500 `game/unknown-game`, mapped by the server's one error handler) when no package
 * of that id is installed.
 */
export function requireGame(deps: Pick<ServiceDeps, 'games'>, id: string): AnyGamePackage {
  const game = gameDefinition(deps, id);
  if (!game) throw new GameNotInstalledError(id);
  return game;
}

/** A background worker of the service (the composition root lists them: src/server/workers.ts), once started. */
export interface RunningWorker {
  stop(): Promise<void>;
}

/** A background worker: a name for the logs, and its start with the service's dependencies. */
export interface Worker {
  name: string;
  start(deps: ServiceDeps): Promise<RunningWorker>;
}
