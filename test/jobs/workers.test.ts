/**
 * Real deadlines a few seconds long against real Postgres, worked by separate worker processes: every step is
 * resolved exactly once with two workers, and still when workers are killed with SIGKILL in the middle of their
 * work and restarted (jobs of a killed worker expire and are retried; resolution is one transaction).
 */
import { pino } from 'pino';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import type { ServiceDeps } from '../../src/services/deps.ts';
import { createGame } from '../../src/services/games.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { killHard, spawnWorker, stopGracefully, waitFor, type WorkerProcess } from './support/processes.ts';
import { withNotifier } from '../../src/server/notifier.ts';

let tdb: TestDatabase;
let boss: PgBoss;
let deps: ServiceDeps;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: tdb.url, JOB_EXPIRE_SECONDS: 5 });
  deps = withNotifier({
    db: tdb.db,
    log: pino({ level: 'silent' }),
    config,
    clock: () => new Date(),
    games: (id) => (id === 'toy' ? toyGame : undefined),
  });
  boss = await startBoss({ databaseUrl: tdb.url, config, log: deps.log, worker: false });
  markJobTablesInstalled();
});
afterAll(async () => {
  await Promise.all(workers.map(killHard));
  await boss.stop({ graceful: false, wait: true });
  await tdb.drop();
});

/** Games of the toy (2 rounds: step 0 owed by a and b, step 1 by a) whose deadlines are `seconds` long. */
async function createGames(n: number, seconds: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const g = await createGame(deps, {
      game: 'toy',
      mode: 'mail',
      options: { rounds: 2 },
      moderatorEmail: 'mod@example.org',
      seats: [
        { side: 'a', email: `a${i}@example.org` },
        { side: 'b', email: `b${i}@example.org` },
      ],
      deadlines: { default: { length: `${seconds}s` } },
      missedPolicy: 'default-after-grace',
      reminderHours: [1],
    });
    ids.push(g.id);
  }
  return ids;
}

/** Every game finished and every missed notice out (it follows the resolution in its own transaction). */
const finished = async (ids: string[]) =>
  (await deps.db.game.count({ where: { id: { in: ids }, status: 'finished' } })) === ids.length &&
  (await deps.db.step.count({
    where: { gameId: { in: ids }, number: { lt: 2 }, deadlineState: { path: ['defaultsAnnounced'], equals: true } },
  })) ===
    ids.length * 2;

/** Every step resolved once: steps, default orders, events, audit entries and mails exactly as one resolution makes. */
async function expectExactlyOnce(ids: string[]): Promise<void> {
  const steps = await deps.db.step.findMany({
    where: { gameId: { in: ids } },
    select: { id: true, gameId: true, number: true, status: true, defaultsApplied: true },
  });
  expect(steps.length).toBe(ids.length * 3);
  const resolved = steps.filter((s) => s.number < 2);
  expect(resolved.every((s) => s.status === 'published')).toBe(true);
  for (const s of resolved) expect(s.defaultsApplied).toEqual(s.number === 0 ? ['a', 'b'] : ['a']);
  const orders = await deps.db.order.groupBy({
    by: ['stepId', 'seatId'],
    where: { gameId: { in: ids } },
    _count: true,
  });
  expect(orders.every((o) => o._count === 1)).toBe(true);
  expect(orders.length).toBe(ids.length * 3);
  const audits = await deps.db.auditLog.groupBy({
    by: ['gameId'],
    where: { gameId: { in: ids }, action: 'orders.default' },
    _count: true,
  });
  expect(audits.every((a) => a._count === 2)).toBe(true);
  const events = await deps.db.event.count({ where: { step: { gameId: { in: ids } } } });
  expect(events).toBe(ids.length * (6 + 4)); // toy: 2 events per pick + 2 per resolution
  const mails = await deps.db.outbox.groupBy({ by: ['kind'], where: { gameId: { in: ids } }, _count: true });
  const count = (kind: string) => mails.find((m) => m.kind === kind)?._count ?? 0;
  expect(count('result')).toBe(ids.length * 2 * 2); // two results, two seats
  expect(count('missed')).toBe(ids.length * 2 * 2); // two missed notices, two seats
  const punctuality = await deps.db.punctuality.count({ where: { seat: { gameId: { in: ids } } } });
  expect(punctuality).toBe(ids.length * 3);
}

async function diagnose(ids: string[]): Promise<void> {
  const stuck = await deps.db.step.findMany({
    where: { gameId: { in: ids }, status: { not: 'published' }, game: { status: { not: 'finished' } } },
    select: { id: true, number: true, status: true, deadlineAt: true, deadlineState: true },
  });
  const jobs = await deps.db.$queryRawUnsafe<unknown[]>(
    `SELECT name, state, retry_count, start_after, data, output FROM pgboss.job WHERE data->>'stepId' = ANY($1)`,
    stuck.map((s) => s.id),
  );
  console.log(JSON.stringify({ stuck: stuck.slice(0, 5), jobs: jobs.slice(0, 10) }, null, 1));
}

describe('worker processes', () => {
  test('two workers, real deadlines of 2 s: every step resolved exactly once', async () => {
    workers.push(spawnWorker(tdb.url), spawnWorker(tdb.url));
    await Promise.all(workers.map((w) => w.ready));
    const ids = await createGames(30, 2);
    expect(await waitFor(() => finished(ids), 40_000)).toBe(true);
    await expectExactlyOnce(ids);
  }, 90_000);

  test('kill -9 of workers amid resolutions, repeatedly, then restart: nothing lost, nothing twice', async () => {
    while (workers.length < 2) workers.push(spawnWorker(tdb.url));
    await Promise.all(workers.map((w) => w.ready));
    const ids = await createGames(50, 2);
    let kills = 0;
    const started = Date.now();
    // Kill a random worker every 300-900 ms for 6 s, and start a fresh one in its place.
    while (Date.now() - started < 6000) {
      await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 600)));
      const i = Math.floor(Math.random() * workers.length);
      await killHard(workers[i]);
      kills++;
      workers[i] = spawnWorker(tdb.url);
    }
    await Promise.all(workers.map((w) => w.ready));
    expect(kills).toBeGreaterThanOrEqual(6);
    const done = await waitFor(() => finished(ids), 60_000);
    if (!done) await diagnose(ids);
    expect(done).toBe(true);
    await expectExactlyOnce(ids);
    const retried = await deps.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deadline' AND retry_count > 0`,
    );
    console.info(`kill -9: ${kills} kills, ${retried[0].n} deadline jobs retried after their worker died`);
    await Promise.all(workers.map(stopGracefully));
  }, 120_000);
});
