/**
 * `buildTestApp()`: a fresh real Postgres database for the test file (cloned from the migrated template), the app
 * built on it with test settings, and the service deps; `close()` closes the app and drops the database.
 * Options: a fixed clock, extra games (e.g. the toy game), settings overrides.
 */
import { pino, type Logger } from 'pino';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { testConfig, type Config } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import type { AnyGame } from '../../src/engine/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { ensureAdminToken } from '../../src/services/auth.ts';
import { createSqlPool, type ServiceDeps } from '../../src/services/deps.ts';
import { getGame } from '../../src/games/index.ts';
import { bounded, createTestDatabase, type TestDatabase } from './db.ts';
import { withNotifier } from '../../src/server/notifier.ts';

/** The operator token of test apps. */
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  deps: ServiceDeps;
  database: TestDatabase;
  /** Authorization header of the operator. */
  adminAuth: { authorization: string };
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: () => Date;
  /** Games besides the registry's (looked up first). */
  games?: AnyGame[];
  /** Asked before `games` and the registry on every look-up (a test may change a game's package mid-way). */
  gameLookup?: (id: string) => AnyGame | undefined;
  extraPlugins?: FastifyPluginAsync[];
  /** Reuse a database (e.g. two app instances on one database). */
  database?: TestDatabase;
  /** Without the pg pool: order submission and authentication then run through Prisma (as in the tools). */
  noPool?: boolean;
  /** The logger of the app and services (default: silent, or TEST_LOG_LEVEL). */
  log?: Logger;
}

/** Builds the app on a fresh test database. */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const config = testConfig({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, DATABASE_URL: database.url, ...opts.config });
  const extra = new Map((opts.games ?? []).map((g) => [g.id, g]));
  // Each app has its own pool, as each server process would.
  const pool = opts.noPool ? undefined : createSqlPool(database.url, { max: 10 });
  const deps: ServiceDeps = withNotifier({
    db: database.db,
    pool,
    log: opts.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    config,
    clock: opts.clock ?? (() => new Date()),
    games: (id) => opts.gameLookup?.(id) ?? extra.get(id) ?? getGame(id),
  });
  await ensureAdminToken(deps);
  const app = await buildApp({ deps, extraPlugins: opts.extraPlugins });
  return {
    app,
    db: database.db,
    deps,
    database,
    adminAuth: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    async close() {
      await bounded(app.close(), 'the app');
      if (pool) await bounded(pool.end(), 'its pg pool');
      if (!opts.database) await database.drop();
    },
  };
}

/** An Authorization header for a token. */
export const bearerOf = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });
