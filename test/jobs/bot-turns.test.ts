/**
 * Games the computer player plays by itself, worked by real worker processes (src/jobs/worker.ts with its thread
 * pool of src/jobs/bot-pool.ts) against real Postgres: every seat a bot seat, each step's turns queued when it
 * opens, computed off the worker's main thread, submitted through the order path with source "bot" until the game
 * ends. A worker killed between computing and storing loses nothing and stores nothing twice.
 */
import { pino } from 'pino';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { botSeed } from '../../src/services/bot-turns.ts';
import type { ServiceDeps } from '../../src/services/deps.ts';
import { createGame } from '../../src/services/games.ts';
import { withNotifier } from '../../src/server/notifier.ts';
import { decide } from '../../src/engine/bot/index.ts';
import { getGame } from '../../src/games/index.ts';
import { asEnvelope } from '../../src/services/json.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { killHard, spawnWorker, stopGracefully, waitFor, type WorkerProcess } from './support/processes.ts';

let tdb: TestDatabase;
let boss: PgBoss;
let deps: ServiceDeps;
const workers: WorkerProcess[] = [];
const ITERATIONS = 40;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: tdb.url, BOT_ITERATIONS: ITERATIONS });
  deps = withNotifier({ db: tdb.db, log: pino({ level: 'silent' }), config, clock: () => new Date() });
  // The job tables exist before the games are made: their first turns are queued in the creating transaction.
  boss = await startBoss({ databaseUrl: tdb.url, config, log: deps.log, worker: false });
  markJobTablesInstalled();
});
afterAll(async () => {
  await Promise.all(workers.map(killHard));
  await boss?.stop({ graceful: false, wait: true });
  await tdb?.drop();
});

/** A game of `game` whose every seat the computer plays. */
async function allBots(game: string, mode: string, options: Record<string, unknown> = {}) {
  const def = getGame(game)!;
  const seats = def.sides(mode).map((s) => ({ side: s.seat, bot: true as const }));
  return createGame(deps, { game, mode, options, seats, moderatorEmail: 'mod@example.org' });
}

const isFinished = async (id: string) =>
  (await deps.db.game.findUniqueOrThrow({ where: { id }, select: { status: true } })).status === 'finished';

/** Every order of the game is the computer's, one per step and seat that owed; the game ended with an outcome. */
async function expectPlayedByBots(id: string): Promise<number> {
  const game = await deps.db.game.findUniqueOrThrow({ where: { id } });
  expect(game.status).toBe('finished');
  expect(game.outcome).not.toBeNull();
  const orders = await deps.db.order.findMany({ where: { gameId: id }, include: { step: true, seat: true } });
  expect(orders.length).toBeGreaterThan(0);
  expect([...new Set(orders.map((o) => o.source))]).toEqual(['bot']);
  const perSeatStep = new Map<string, number>();
  for (const o of orders)
    perSeatStep.set(`${o.stepId}:${o.seatId}`, (perSeatStep.get(`${o.stepId}:${o.seatId}`) ?? 0) + 1);
  expect([...perSeatStep.values()].every((n) => n === 1)).toBe(true);
  // Each step's orders are every seat it owed, and nothing else.
  const steps = await deps.db.step.findMany({ where: { gameId: id, status: 'published' } });
  for (const step of steps) {
    const owed = [...new Set((step.owed as { seat: string }[]).map((o) => o.seat))].sort();
    const sent = orders
      .filter((o) => o.stepId === step.id)
      .map((o) => o.seat.side)
      .sort();
    expect(sent).toEqual(owed);
  }
  // Not one mail: no seat has a mailbox (the moderator's notices aside, none is due in a game without deadlines).
  expect(await deps.db.outbox.count({ where: { gameId: id, NOT: { kind: 'moderator' } } })).toBe(0);
  return orders.length;
}

describe('a game of bot seats plays itself to the end', () => {
  test('the toy: every order the computer’s, reproducible from the game’s secret seed', async () => {
    workers.push(spawnWorker(tdb.url, { BOT_ITERATIONS: String(ITERATIONS) }));
    await workers[0].ready;
    const created = await allBots('toy', 'mail', { rounds: 4 });
    expect(await waitFor(() => isFinished(created.id), 60_000)).toBe(true);
    await expectPlayedByBots(created.id);
    // The first decision again, here, from the stored step and the game's secret seed: the same orders.
    const game = await deps.db.game.findUniqueOrThrow({ where: { id: created.id } });
    const step0 = await deps.db.step.findFirstOrThrow({ where: { gameId: created.id, number: 0 } });
    const first = await deps.db.order.findFirstOrThrow({ where: { stepId: step0.id }, include: { seat: true } });
    const again = decide(getGame('toy')!, asEnvelope(step0.envelope).state, first.seat.side, {
      seed: botSeed(game.seedSecret, 0, first.seat.side),
      iterations: ITERATIONS,
    });
    expect(again.orders).toEqual(first.parsed);
  }, 90_000);

  test('a shipped game, Atlantic Wolves in mail play, to its outcome', async () => {
    const created = await allBots('atlantic-wolves', 'mail');
    expect(await waitFor(() => isFinished(created.id), 120_000)).toBe(true);
    const orders = await expectPlayedByBots(created.id);
    console.info(`atlantic-wolves played by the computer alone: ${orders} orders`);
  }, 150_000);

  test('a worker killed after computing, before storing: the turn is played again, its order stored once', async () => {
    await Promise.all(workers.splice(0).map(stopGracefully));
    // The worker kills itself the first time a computed order is about to be stored.
    const doomed = spawnWorker(tdb.url, { BOT_ITERATIONS: String(ITERATIONS), PBEM_CRASH_AT: 'bot-decided:1' });
    workers.push(doomed);
    await doomed.ready;
    const created = await allBots('toy', 'mail', { rounds: 3 });
    expect(await doomed.exited).not.toBe(0);
    expect(await deps.db.order.count({ where: { gameId: created.id } })).toBe(0);
    const fresh = spawnWorker(tdb.url, { BOT_ITERATIONS: String(ITERATIONS) });
    workers.push(fresh);
    await fresh.ready;
    expect(await waitFor(() => isFinished(created.id), 60_000)).toBe(true);
    await expectPlayedByBots(created.id);
  }, 90_000);
});
