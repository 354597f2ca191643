/**
 * Per-test-file databases: each call clones the migrated template into a fresh database and returns its URL and a
 * Prisma client; `drop()` disconnects and removes it. Real Postgres, never a mock.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/db/client.ts';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** Runs `fn` with a client of the test server's maintenance connection (to create and drop databases). */
export async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('dbServerUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `pbem_test_${randomBytes(6).toString('hex')}`;
  // CREATE DATABASE ... TEMPLATE fails while another session is connected to the template: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('dbTemplate')}"`));
      break;
    } catch (error) {
      if (attempt > 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
  const url = new URL(inject('dbServerUrl'));
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { max: 20 });
  return {
    url: url.toString(),
    db,
    async drop() {
      // Bounded, as the app's teardown steps are: the forced drop ends what is left.
      await bounded(db.$disconnect(), 'Prisma');
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** How long a teardown step may take before the next goes on (the database is then dropped by force). */
const TEARDOWN_STEP_MS = 15_000;

/**
 * Waits for one teardown step, at most TEARDOWN_STEP_MS, and says so on stderr when it did not end: a pool still
 * holding a client, or the app still closing, would otherwise hold the test file's hook until it times out (seen a
 * few times in whole-suite runs on a busy machine, never alone). The drop that follows ends any connection left.
 */
export async function bounded(step: Promise<unknown>, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), TEARDOWN_STEP_MS);
  });
  const outcome = await Promise.race([step.then(() => 'done' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.warn(`test teardown: ${what} did not close within ${TEARDOWN_STEP_MS} ms; going on`);
}

/** Whether another session of `session`'s database waits for a lock (a transaction under test, blocked on a row). */
export async function anotherSessionWaitsForALock(session: pg.Client): Promise<boolean> {
  const r = await session.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
  );
  return r.rows[0].n > 0;
}
