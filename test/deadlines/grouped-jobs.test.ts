/**
 * Deadline jobs of several games in one transaction (handleDeadlines, as the worker runs a fetched batch), on the pg
 * pool with its writes held until the next statement: each game resolves once with its mails; a game that fails
 * rolls the group back, its jobs then run alone, and only its own job fails; a second job of a game in the same
 * group runs after the first and sees what it did.
 */
import { pino } from 'pino';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { withNotifier } from '../../src/server/notifier.ts';
import { handleDeadlines } from '../../src/services/deadlines/policy.ts';
import { createSqlPool, type ServiceDeps } from '../../src/services/deps.ts';
import { createGame } from '../../src/services/games.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let tdb: TestDatabase;
let boss: PgBoss;
let deps: ServiceDeps;
let now = new Date('2026-03-02T09:00:00Z');

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: tdb.url });
  deps = withNotifier({
    db: tdb.db,
    pool: createSqlPool(tdb.url, { max: 4 }),
    log: pino({ level: 'silent' }),
    config,
    clock: () => now,
    games: (id) => (id === 'toy' ? toyGame : undefined),
  });
  boss = await startBoss({ databaseUrl: tdb.url, config, log: deps.log, worker: false });
  markJobTablesInstalled();
});
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
  await deps.pool?.end();
  await tdb.drop();
});

/** A two-seat toy game whose step 0 is due at 2026-03-03 09:00 with defaults right then; its deadline job. */
async function dueGame(name: string) {
  now = new Date('2026-03-02T09:00:00Z');
  const g = await createGame(deps, {
    game: 'toy',
    name,
    mode: 'mail',
    options: { rounds: 1 },
    moderatorEmail: 'mod@example.org',
    seats: [
      { side: 'a', email: `a-${name}@example.org`, locale: 'ja', timeZone: 'Asia/Tokyo' },
      { side: 'b', email: `b-${name}@example.org` },
    ],
    deadlines: { default: { length: '1d' } },
    graceSeconds: 0,
    missedPolicy: 'default-after-grace',
  });
  const step = await deps.db.step.findUniqueOrThrow({ where: { gameId_number: { gameId: g.id, number: 0 } } });
  return { gameId: g.id, stepId: step.id, at: step.deadlineAt?.toISOString() as string };
}

const outcomes = (results: Awaited<ReturnType<typeof handleDeadlines>>) =>
  results.map((r) => ('outcome' in r ? r.outcome : `error: ${r.error.message}`));

const mailsOf = (gameId: string) =>
  deps.db.outbox.findMany({
    where: { gameId, kind: { not: 'welcome' } },
    select: { kind: true, toAddress: true, text: true, headers: true },
  });

test('each game of a group resolves once, with its result, missed notices and sign-in links', async () => {
  const jobs = [await dueGame('one'), await dueGame('two'), await dueGame('three')];
  now = new Date('2026-03-03T09:00:01Z');
  expect(outcomes(await handleDeadlines(deps, jobs))).toEqual([
    'defaults-applied',
    'defaults-applied',
    'defaults-applied',
  ]);
  for (const job of jobs) {
    const mails = await mailsOf(job.gameId);
    expect(mails.map((m) => m.kind).sort()).toEqual(['missed', 'missed', 'moderator', 'result', 'result']);
    for (const m of mails.filter((x) => x.kind !== 'moderator')) {
      expect(m.text).toMatch(/\/in\/[A-Za-z0-9_-]+/); // a fresh sign-in link, not the game's short link
      expect((m.headers as Record<string, string>)['List-Unsubscribe']).toMatch(/unsubscribe\/[0-9a-f]+/);
    }
    // One link per mail to a seat made at the deadline (the welcome mails made theirs at the start).
    const links = await deps.db.signInLink.count({ where: { gameId: job.gameId, createdAt: now } });
    expect(links).toBe(4);
    const steps = await deps.db.step.findMany({ where: { gameId: job.gameId }, orderBy: { number: 'asc' } });
    expect(steps.map((s) => s.status)).toEqual(['published', 'open']);
    expect(steps[0].defaultsApplied).toEqual(['a', 'b']);
  }
  // The same jobs again (a job run twice): nothing more.
  expect(outcomes(await handleDeadlines(deps, jobs))).toEqual(['not-current', 'not-current', 'not-current']);
  for (const job of jobs) expect(await mailsOf(job.gameId)).toHaveLength(5);
});

test('a game that fails fails only its own job: the group runs again alone', async () => {
  const jobs = [await dueGame('good-1'), await dueGame('broken'), await dueGame('good-2')];
  // Its game package is not installed here: resolving it throws.
  await deps.db.game.update({ where: { id: jobs[1].gameId }, data: { game: 'not-installed' } });
  now = new Date('2026-03-03T09:00:01Z');
  const results = outcomes(await handleDeadlines(deps, jobs));
  expect(results[0]).toBe('defaults-applied');
  expect(results[1]).toMatch(/^error: /);
  expect(results[2]).toBe('defaults-applied');
  const broken = await deps.db.step.findMany({ where: { gameId: jobs[1].gameId } });
  expect(broken.map((s) => s.status)).toEqual(['open']);
  expect(await deps.db.order.count({ where: { gameId: jobs[1].gameId } })).toBe(0);
  expect(await mailsOf(jobs[1].gameId)).toHaveLength(0);
  for (const job of [jobs[0], jobs[2]]) expect(await mailsOf(job.gameId)).toHaveLength(5);
});

test('a second job of a game in the group runs after the first and finds the step resolved', async () => {
  const job = await dueGame('twice');
  now = new Date('2026-03-03T09:00:01Z');
  expect(outcomes(await handleDeadlines(deps, [job, { ...job }]))).toEqual(['defaults-applied', 'not-current']);
  expect(await mailsOf(job.gameId)).toHaveLength(5);
});
