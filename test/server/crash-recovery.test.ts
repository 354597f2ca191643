/**
 * Crash faults with the real service process (the whole service, as `npm start` runs it: API, SMTP listener,
 * jobs, delivery, recovery sweep) on a database of its own. Players submit Atlantic Wolves orders by API and by
 * mail (nodemailer to the SMTP listener, unacknowledged mails sent again as a sending server retries), and the
 * process is killed with SIGKILL at random points: at a random time, or by itself at an armed crash point
 * (src/services/crash-points.ts) of submission, resolution or mail intake. After each kill it is restarted; at the
 * end the database is counted: steps stuck, orders lost or doubled, result mails doubled, mails never answered.
 * Seeded (FAULT_SEED, FAULT_TRIALS): a failure is reproduced by running with the seed it printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import type { Owed } from '../../src/engine/types.ts';
import { CRASH_POINTS } from '../../src/services/crash-points.ts';
import { gameDefinition, type ServiceDeps } from '../../src/services/deps.ts';
import { createGame } from '../../src/services/games.ts';
import { asEnvelope } from '../../src/services/json.ts';
import { waitFor } from '../jobs/support/processes.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { mulberry32 } from '../support/seeded.ts';
import { freePort } from '../support/service-process.ts';
import { figures, Ledger, playOnce, retryPendingMail } from './support/fault-driver.ts';
import type { DrivenGame, Target } from './support/fault-driver.ts';
import { loadService, stopService, type ServiceProcess } from './support/service-process.ts';
import { withNotifier } from '../../src/server/notifier.ts';

const SEED = Number(process.env.FAULT_SEED ?? 20261124);
// Twelve trials: six kills at a random moment and each of the five crash points at least once (FAULT_TRIALS=100 soaks).
const TRIALS = Number(process.env.FAULT_TRIALS ?? 12);
const ADMIN_TOKEN = 'fault-admin-token-0123456789abcdef';

let database: TestDatabase;
let dir: string;
let env: Record<string, string>;
let target: Target;
let deps: ServiceDeps;
const running = new Set<ServiceProcess>();
const def = gameDefinition({}, 'atlantic-wolves')!;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'pbem-fault-'));
  const [http, smtp] = [await freePort(), await freePort()];
  target = { http: `http://127.0.0.1:${http}`, smtpPort: smtp };
  env = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    PORT: String(http),
    HOST: '127.0.0.1',
    INBOUND_SMTP_PORT: String(smtp),
    INBOUND_SMTP_HOST: '127.0.0.1',
    MAIL_DOMAIN: 'judge.test',
    MAIL_FROM: 'Judge <judge@judge.test>',
    ADMIN_TOKEN,
    DATA_DIR: dir,
    MAIL_SINK_DIR: join(dir, 'mail'),
    SMTP_URL: '',
    IMAP_URL: '',
    LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'silent',
    RECOVERY_SWEEP_SECONDS: '0.5',
    INBOUND_LEASE_SECONDS: '2',
    // Every trial may kill the process at mail intake, and on a slow machine the same mail can meet several of them
    // in a row: it must not be given up on as a poison message before the last process takes it in.
    INBOUND_MAX_ATTEMPTS: '100',
    MAIL_REPLY_LIMIT_PER_HOUR: '10000',
    MAIL_DELIVERY_INTERVAL_MS: '1000',
    JOB_POLL_SECONDS: '0.5',
    JOB_EXPIRE_SECONDS: '5',
    JOB_MAINTENANCE_SECONDS: '1',
    DATABASE_POOL_MAX: '10',
  };
  const config = testConfig({ DATABASE_URL: database.url, MAIL_DOMAIN: 'judge.test' });
  deps = withNotifier({ db: database.db, log: pino({ level: 'silent' }), config, clock: () => new Date() });
}, 60_000);

// A test that failed midway leaves its processes: none may hold the ports of the next.
afterEach(async () => {
  for (const p of running) await p.kill();
}, 60_000);

afterAll(async () => {
  for (const p of running) await p.kill();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** A service process, loaded now; tracked so that none outlives the tests. */
function service(crashAt?: string): ServiceProcess {
  const p = loadService(env, crashAt);
  running.add(p);
  void p.exited.then(() => running.delete(p));
  return p;
}

let gameCount = 0;
async function newGame(): Promise<DrivenGame> {
  const n = gameCount++;
  const created = await createGame(deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    seats: [
      { side: 'allied', email: `ally${n}@example.org` },
      { side: 'german', email: `wolf${n}@example.jp`, locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });
  const seats = await database.db.seat.findMany({ where: { gameId: created.id } });
  return {
    id: created.id,
    token: Object.fromEntries(created.seats.map((s) => [s.side, s.token])),
    address: Object.fromEntries(seats.map((s) => [s.side, `orders+${s.mailToken}@judge.test`])),
  };
}

async function openStep(gameId: string) {
  const game = await database.db.game.findUniqueOrThrow({ where: { id: gameId } });
  return database.db.step.findFirstOrThrow({ where: { gameId, number: game.currentStep }, include: { orders: true } });
}

/** A new game at its open step with the seats it owes, a service started to crash at `crashAt`, and its restart. */
async function doomedGame(crashAt: string) {
  const game = await newGame();
  const step = await openStep(game.id);
  const owed = (step.owed as unknown as Owed[]).map((o) => o.seat);
  const doomed = service(crashAt);
  const restart = service();
  doomed.start();
  await doomed.ready;
  return { game, step, owed, doomed, restart };
}

/** Posts a seat's orders to the service (no answer when the process dies meanwhile). */
async function postOrders(game: DrivenGame, seat: string, orders: unknown): Promise<void> {
  const headers = { authorization: `Bearer ${game.token[seat]}`, 'content-type': 'application/json' };
  const url = `${target.http}/api/games/${game.id}/orders`;
  await fetch(url, { method: 'POST', headers, body: JSON.stringify({ orders }) }).catch(() => null);
}

/** The result mails of a step (by the heading that names it, English or Japanese), one per seat expected. */
function resultMails(gameId: string, number: number): Promise<number> {
  const headings = [`== Result of step ${number} ==`, `== ステップ ${number} の結果 ==`];
  return database.db.outbox.count({
    where: { gameId, kind: 'result', OR: headings.map((contains) => ({ text: { contains } })) },
  });
}

describe('killed exactly between two commits', () => {
  test('after the last owed order, before its resolution: the step resolves once after the restart', async () => {
    const { game, step, owed, doomed, restart } = await doomedGame('order-committed:1');
    for (const seat of owed) await postOrders(game, seat, def.defaultOrders(asEnvelope(step.envelope).state, seat));
    await doomed.exited;
    expect(doomed.killedByTest).toBe(false);
    expect(doomed.child.signalCode).toBe('SIGKILL');
    // What the dead process left: every owed order in, the step open and unresolved.
    const left = await openStep(game.id);
    expect(left.id).toBe(step.id);
    expect(left.status).toBe('open');
    expect(new Set(left.orders.map((o) => o.seatId)).size).toBe(owed.length);

    restart.start();
    await restart.ready;
    const resolved = async () =>
      (await database.db.step.findUnique({ where: { id: step.id } }))?.status === 'published';
    expect(await waitFor(resolved, 60_000, 100)).toBe(true);
    expect(await resultMails(game.id, step.number)).toBe(2); // one per seat
    expect(await database.db.step.count({ where: { gameId: game.id, number: step.number + 1 } })).toBe(1);
    await stopService(restart);
  }, 90_000);

  test("a mail stored, not processed: the sending server's retry is not lost, and it is answered once", async () => {
    const { game, step, owed, doomed, restart } = await doomedGame('mail-stored:1');
    const ledger = new Ledger();
    await playOnce(database.db, def, target, game, ledger, () => 0, 'forced'); // random 0: every seat by mail
    await doomed.exited;
    expect(doomed.killedByTest).toBe(false);
    const mails = [...ledger.pendingMail.values()].map((m) => m.messageId);
    expect(mails).toHaveLength(owed.length); // none acknowledged
    const stored = await database.db.inboundMail.findMany({ where: { messageId: { in: mails } } });
    expect(stored.map((r) => r.status)).toContain('received'); // the one the process died on

    restart.start();
    await restart.ready;
    await retryPendingMail(target, ledger);
    expect(ledger.mailAcked.sort()).toEqual(mails.sort());
    const where = { messageId: { in: mails }, status: 'processed' };
    const processed = async () => (await database.db.inboundMail.count({ where })) === mails.length;
    expect(await waitFor(processed, 60_000, 100)).toBe(true);
    for (const m of mails) expect(await database.db.outbox.count({ where: { inReplyTo: m, kind: 'reply' } })).toBe(1);
    const orders = await database.db.order.groupBy({ by: ['seatId'], where: { stepId: step.id }, _count: true });
    expect(orders.map((o) => o._count)).toEqual(owed.map(() => 1));
    await stopService(restart);
  }, 90_000);
});

/**
 * One trial's plan: the process is killed `delayMs` after the `afterSent`-th request or mail of the trial (timed by
 * the players' activity, so that a kill lands amid submissions, resolutions and intake however fast the machine),
 * or kills itself at a crash point armed for its n-th pass (killed after 40 sends if it never got there).
 */
interface Trial {
  crashAt?: string;
  afterSent: number;
  delayMs: number;
}

/**
 * The crash points this file's traffic passes: the players' orders and mails. The computer player's point
 * (`bot-decided`) is passed only where a seat is the computer's, and is tested in test/jobs/bot-turns.test.ts.
 */
const POINTS = CRASH_POINTS.filter((point) => point !== 'bot-decided');

/** Trials alternate a kill at a random moment and a crash point (every point in turn, at a random pass). */
function plan(random: () => number): Trial[] {
  return Array.from({ length: TRIALS }, (_, i) => {
    if (i % 2 === 0) return { afterSent: 1 + Math.floor(random() * 6), delayMs: Math.floor(random() * 500) };
    const point = POINTS[((i - 1) / 2) % POINTS.length];
    return { crashAt: `${point}:${1 + Math.floor(random() * 3)}`, afterSent: 40, delayMs: 0 };
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kills `proc` `delayMs` after the players sent `afterSent` more requests or mails (unless it died before). */
async function killAfter(proc: ServiceProcess, ledger: Ledger, trial: Trial, dead: () => boolean): Promise<void> {
  const base = ledger.sent;
  while (!dead() && ledger.sent < base + trial.afterSent) await sleep(5);
  await sleep(trial.delayMs);
  if (!dead()) await proc.kill();
}

/**
 * The players play every game while the trial's kill comes (at its moment, or at its crash point); a process that
 * outlives every game is killed then (new games are made for the next trial). Returns once the process is gone.
 */
async function playUntilKilled(
  current: ServiceProcess,
  trial: Trial,
  games: DrivenGame[],
  ledger: Ledger,
  random: () => number,
): Promise<void> {
  let dead = false;
  void current.exited.then(() => {
    dead = true;
  });
  const killer = killAfter(current, ledger, trial, () => dead);
  await retryPendingMail(target, ledger);
  await Promise.all(
    games.map(async (g) => {
      const play = () => playOnce(database.db, def, target, g, ledger, random, `t${SEED}`);
      while (!dead && (await play())) await sleep(25);
    }),
  );
  if (!dead) await current.kill();
  await current.exited;
  await killer;
}

/** What was acknowledged, and what the kills left behind: the figures of the summary line. */
function figuresText(ledger: Ledger, f: Awaited<ReturnType<typeof figures>>): string {
  return [
    `acknowledged: ${ledger.apiAcked.length} API orders, ${ledger.mailAcked.length} order mails;`,
    `steps published ${f.published}; stuck ${f.stuck}, lost ${f.lost}, doubled ${f.doubled},`,
    `result mails doubled ${f.resultsDoubled} (missing ${f.resultsMissing}),`,
    `unanswered ${f.unanswered} (answered twice ${f.answersDoubled})`,
  ].join(' ');
}

test(`random kill -9 during submissions, resolutions and mail intake (${TRIALS} trials, seed ${SEED})`, async () => {
  const random = mulberry32(SEED);
  const trials = plan(random);
  const ledger = new Ledger();
  const games: DrivenGame[] = [];
  const tally = { timed: 0, crashPoint: 0, unexpected: 0 };
  const began = Date.now();
  let current = service(trials[0].crashAt);
  current.start();
  await current.ready;
  for (let i = 0; i < trials.length; i++) {
    const next = service(trials[i + 1]?.crashAt); // loaded while this one runs: the restart costs start-up alone
    while (games.length < 4 || (await liveGames(games)) < 4) games.push(await newGame());
    await playUntilKilled(current, trials[i], games, ledger, random);
    if (current.killedByTest) tally.timed++;
    else if (current.child.signalCode === 'SIGKILL') tally.crashPoint++;
    else tally.unexpected++;
    if (!current.killedByTest && current.child.signalCode !== 'SIGKILL') process.stderr.write(current.stderr());
    const restartAt = Date.now();
    next.start();
    await next.ready;
    if (process.env.FAULT_VERBOSE) {
      const how = trials[i].crashAt ?? `after ${trials[i].afterSent} sent + ${trials[i].delayMs} ms`;
      const when = `restart ${Date.now() - restartAt} ms, at ${((Date.now() - began) / 1000).toFixed(1)} s`;
      const acked = `${ledger.apiAcked.length}+${ledger.mailAcked.length}`;
      const end = current.killedByTest ? 'killed' : 'crashed';
      process.stderr.write(`trial ${i} ${how}: ${end}, ${when}, acked ${acked}\n`);
    }
    current = next;
  }
  // The last process runs on: unacknowledged mails are sent again, and whatever the kills left is recovered.
  const gameIds = games.map((g) => g.id);
  const settled = async () => {
    await retryPendingMail(target, ledger);
    const f = await figures(database.db, gameIds, ledger);
    const received = await database.db.inboundMail.count({ where: { status: 'received' } });
    return ledger.pendingMail.size === 0 && received === 0 && f.stuck === 0 && f.unanswered === 0;
  };
  const recovered = await waitFor(settled, 60_000, 250);
  await stopService(current);
  const f = await figures(database.db, gameIds, ledger);
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  const line = [
    `fault test (seed ${SEED}): ${trials.length} trials in ${seconds} s`,
    `(${tally.timed} timed kills, ${tally.crashPoint} at crash points, ${tally.unexpected} unexpected exits);`,
    figuresText(ledger, f),
  ].join(' ');
  process.stdout.write(`\n${line}\n`);
  expect(recovered, line).toBe(true);
  expect(tally.unexpected, line).toBe(0);
  expect(tally.timed + tally.crashPoint).toBe(trials.length);
  const { published: _published, ...broken } = f;
  const none = { stuck: 0, lost: 0, doubled: 0, resultsDoubled: 0, resultsMissing: 0, unanswered: 0 };
  expect(broken, line).toEqual({ ...none, answersDoubled: 0 });
  expect(ledger.apiAcked.length).toBeGreaterThan(0);
  expect(ledger.mailAcked.length).toBeGreaterThan(0);
  expect(f.published).toBeGreaterThan(trials.length);
}, 600_000);

/** Games not finished yet. */
async function liveGames(games: DrivenGame[]): Promise<number> {
  return database.db.game.count({ where: { id: { in: games.map((g) => g.id) }, status: 'active' } });
}
