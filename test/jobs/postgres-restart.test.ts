/**
 * A restart of Postgres while deadline jobs are pending: a private embedded cluster (the shared test server is not
 * touched), a worker process, games whose deadlines fall while the database is down. After the restart every step
 * is resolved exactly once.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pino } from 'pino';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { createDb, type Db } from '../../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { applyMigrationSql } from '../../src/db/migrate.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import type { ServiceDeps } from '../../src/services/deps.ts';
import { createGame } from '../../src/services/games.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { killHard, spawnWorker, waitFor, type WorkerProcess } from './support/processes.ts';
import { withNotifier } from '../../src/server/notifier.ts';
import { freePort } from '../support/service-process.ts';

const dir = resolve(import.meta.dirname, `../../data/test-pg-restart-${process.pid}`);
/**
 * The cluster's port: one the system has just handed out as free. A port worked out from the process id fell in the
 * range the system lends to outgoing connections, and the suite's own connections to Postgres had taken it.
 */
let port: number;
let pg: EmbeddedDatabase;
let db: Db;
let boss: PgBoss;
let worker: WorkerProcess;
let url: string;

beforeAll(async () => {
  port = await freePort();
  pg = await startEmbeddedPostgres({ dir, port, database: 'restart' });
  url = pg.url;
  await applyMigrationSql(url);
  db = createDb(url, { max: 4 });
  boss = await startBoss({
    databaseUrl: url,
    config: testConfig({ JOB_EXPIRE_SECONDS: 5 }),
    log: pino({ level: 'silent' }),
    worker: false,
  });
  markJobTablesInstalled();
}, 60_000);

afterAll(async () => {
  if (worker) await killHard(worker);
  await boss?.stop({ graceful: false, wait: true }).catch(() => {});
  await db?.$disconnect().catch(() => {});
  await pg?.stop().catch(() => {});
  for (const d of [dir, `${dir}.run`]) rmSync(d, { recursive: true, force: true });
}, 60_000);

test('deadlines falling while Postgres is down are handled once it is back', async () => {
  const deps: ServiceDeps = withNotifier({
    db,
    log: pino({ level: 'silent' }),
    config: testConfig({ DATABASE_URL: url }),
    clock: () => new Date(),
    games: (id) => (id === 'toy' ? toyGame : undefined),
  });
  worker = spawnWorker(url);
  await worker.ready;
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) {
    const g = await createGame(deps, {
      game: 'toy',
      mode: 'mail',
      options: { rounds: 1 },
      seats: [
        { side: 'a', email: `a${i}@example.org` },
        { side: 'b', email: `b${i}@example.org` },
      ],
      deadlines: { default: { length: '3s' } },
      missedPolicy: 'default-after-grace',
      reminderHours: [1],
    });
    ids.push(g.id);
  }
  await boss.stop({ graceful: false, wait: true });
  await pg.stop();
  await new Promise((r) => setTimeout(r, 5000)); // every deadline passes while the database is down
  pg = await startEmbeddedPostgres({ dir, port, database: 'restart' });
  const finished = () =>
    db.game
      .count({ where: { id: { in: ids }, status: 'finished' } })
      .then((n) => n === ids.length)
      .catch(() => false);
  expect(await waitFor(finished, 45_000, 500)).toBe(true);
  const steps = await db.step.findMany({
    where: { gameId: { in: ids }, number: 0 },
    select: { defaultsApplied: true, status: true },
  });
  expect(steps.every((s) => s.status === 'published' && s.defaultsApplied.join() === 'a,b')).toBe(true);
  expect(await db.order.count({ where: { gameId: { in: ids } } })).toBe(ids.length * 2);
  expect(await db.event.count({ where: { step: { gameId: { in: ids } } } })).toBe(ids.length * 6);
  expect(await db.outbox.count({ where: { gameId: { in: ids }, kind: 'result' } })).toBe(ids.length * 2);
}, 90_000);
