/**
 * Deadlines with a fake clock against real Postgres: the job handlers are called directly at chosen instants
 * (the queue is exercised by test/jobs). Every policy, grace, reminders, absences, moderator moves, pause.
 */
import { pino } from 'pino';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { QUEUES, jobIdFor } from '../../src/queue/queues.ts';
import { cancelAbsence, declareAbsence } from '../../src/services/deadlines/absences.ts';
import { shiftDeadline } from '../../src/services/deadlines/changes.ts';
import {
  applyDefaultsNow,
  handleDeadline,
  handleDelayedResolution,
  handleReminder,
} from '../../src/services/deadlines/policy.ts';
import { punctualityReport } from '../../src/services/deadlines/punctuality.ts';
import type { ServiceDeps } from '../../src/services/deps.ts';
import { createGame, type CreateGameInput } from '../../src/services/games.ts';
import { pauseGame, resumeGame, setDeadline } from '../../src/services/moderation.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { withNotifier } from '../../src/server/notifier.ts';

let tdb: TestDatabase;
let boss: PgBoss;
let now = new Date('2026-03-02T09:00:00Z');
let deps: ServiceDeps;
const H = 3600_000;
const at = (ms: number) => (now = new Date(ms));

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = testConfig({ DATABASE_URL: tdb.url });
  deps = withNotifier({
    db: tdb.db,
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
  await tdb.drop();
});

async function newGame(extra: Partial<CreateGameInput> = {}) {
  now = new Date('2026-03-02T09:00:00Z');
  const g = await createGame(deps, {
    game: 'toy',
    mode: 'mail',
    options: { rounds: 2 },
    moderatorEmail: 'mod@example.org',
    seats: [
      { side: 'a', email: 'a@example.org', timeZone: 'Asia/Tokyo', locale: 'ja' },
      { side: 'b', email: 'b@example.org' },
    ],
    deadlines: { default: { length: '1d' } },
    graceSeconds: 3600,
    missedPolicy: 'default-after-grace',
    reminderHours: [6],
    ...extra,
  });
  const seats = await deps.db.seat.findMany({ where: { gameId: g.id } });
  const seatId = (side: string) => seats.find((s) => s.side === side)!.id;
  const step = (n: number) => deps.db.step.findUniqueOrThrow({ where: { gameId_number: { gameId: g.id, number: n } } });
  const mails = (kind?: string) =>
    deps.db.outbox.findMany({ where: { gameId: g.id, ...(kind ? { kind } : {}) }, orderBy: { toAddress: 'asc' } });
  const order = (side: string, pick = 3) =>
    submitOrders(deps, { gameId: g.id, seatId: seatId(side), orders: { pick }, raw: `pick ${pick}`, source: 'api' });
  return { id: g.id, seatId, step, mails, order };
}

const deadlineJob = (gameId: string, stepId: string, d: Date) => ({ gameId, stepId, at: d.toISOString() });

describe('default-after-grace', () => {
  test('jobs at step opening; reminder to the late seat only; a grace notice; defaults after grace, once', async () => {
    const g = await newGame();
    const s0 = await g.step(0);
    const D = new Date('2026-03-03T09:00:00Z');
    expect(s0.deadlineAt?.toISOString()).toBe(D.toISOString());
    const job = await boss.getJobById(QUEUES.deadline, jobIdFor(`${QUEUES.deadline}:${s0.id}:${D.toISOString()}`));
    expect(job?.startAfter.toISOString()).toBe(D.toISOString());
    const reminderJob = await boss.getJobById(
      QUEUES.reminder,
      jobIdFor(`${QUEUES.reminder}:${s0.id}:6:${D.toISOString()}`),
    );
    expect(reminderJob?.startAfter.toISOString()).toBe(new Date(D.getTime() - 6 * H).toISOString());

    await g.order('a');
    at(D.getTime() - 6 * H);
    const reminder = { gameId: g.id, stepId: s0.id, hours: 6, deadlineAt: D.toISOString() };
    expect(await handleReminder(deps, reminder)).toBe('sent');
    expect(await handleReminder(deps, reminder)).toBe('sent');
    const reminders = await g.mails('reminder');
    expect(reminders.map((m) => m.toAddress)).toEqual(['b@example.org']);
    expect(reminders[0].text).toContain('Tue 2026-03-03 09:00 (UTC)');

    at(D.getTime() - 1000);
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, new Date(D.getTime() - 60_000)))).toBe('moved');
    at(D.getTime());
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, D))).toBe('grace');
    expect((await g.mails('reminder')).length).toBe(2); // the grace notice, to b
    const graceEnd = new Date(D.getTime() + H);
    expect(
      await boss.getJobById(QUEUES.deadline, jobIdFor(`${QUEUES.deadline}:${s0.id}:${graceEnd.toISOString()}`)),
    ).not.toBeNull();

    at(graceEnd.getTime());
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, graceEnd))).toBe('defaults-applied');
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, graceEnd))).toBe('not-current');
    const after = await g.step(0);
    expect(after.status).toBe('published');
    expect(after.defaultsApplied).toEqual(['b']);
    expect(await deps.db.step.count({ where: { gameId: g.id } })).toBe(2);
    const missed = await g.mails('missed');
    expect(missed.map((m) => m.toAddress)).toEqual(['a@example.org', 'b@example.org']);
    expect(missed.find((m) => m.toAddress === 'a@example.org')?.text).toContain('既定命令');
    expect((await g.mails('moderator')).some((m) => m.subject.includes('Missed deadline: B'))).toBe(true);
    const report = await punctualityReport(deps, g.id);
    expect(report.map((r) => [r.side, r.onTime, r.late, r.missed])).toEqual([
      ['a', 1, 0, 0],
      ['b', 0, 0, 1],
    ]);
    // Step 1 got its own deadline, counted from when it opened.
    expect((await g.step(1)).deadlineAt?.toISOString()).toBe(new Date(graceEnd.getTime() + 24 * H).toISOString());
    // The result mail of a seat that owes the next orders says when they are due, in its time zone and language.
    const owedNext = ((await g.step(1)).owed as { seat: string }[]).map((o) => o.seat);
    const results = await g.mails('result');
    const due = { a: '2026年3月4日(水) 19:00 (Asia/Tokyo)', b: 'Wed 2026-03-04 10:00 (UTC)' } as Record<string, string>;
    expect(owedNext.length).toBeGreaterThan(0);
    for (const seat of owedNext)
      expect(results.find((m) => m.toAddress === `${seat}@example.org`)?.text).toContain(due[seat]);
  });
});

describe('wait', () => {
  test('after grace everyone and the moderator are told once; a late order resolves and counts as late', async () => {
    const g = await newGame({ missedPolicy: 'wait', graceSeconds: 0 });
    const s0 = await g.step(0);
    await g.order('a');
    at(s0.deadlineAt!.getTime());
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, s0.deadlineAt!))).toBe('waiting');
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, s0.deadlineAt!))).toBe('waiting');
    expect((await g.mails('missed')).length).toBe(2);
    expect((await g.step(0)).status).toBe('open');
    at(s0.deadlineAt!.getTime() + 5 * H);
    await g.order('b');
    expect((await g.step(0)).status).toBe('published');
    const report = await punctualityReport(deps, g.id);
    expect(report.find((r) => r.side === 'b')).toMatchObject({ late: 1, missed: 0 });
  });

  test('the moderator may apply default orders', async () => {
    const g = await newGame({ missedPolicy: 'wait', graceSeconds: 0 });
    await g.order('a');
    at(Date.parse('2026-03-04T00:00:00Z'));
    expect(await applyDefaultsNow(deps, g.id)).toEqual({ sides: ['b'], resolved: true });
    expect((await g.step(0)).defaultsApplied).toEqual(['b']);
  });
});

describe('extend-once', () => {
  test('extends by the grace period once (announced), then applies defaults', async () => {
    const g = await newGame({ missedPolicy: 'extend-once', graceSeconds: 7200 });
    const s0 = await g.step(0);
    const D = s0.deadlineAt!;
    at(D.getTime());
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, D))).toBe('extended');
    const D2 = (await g.step(0)).deadlineAt!;
    expect(D2.getTime() - D.getTime()).toBe(2 * H);
    expect((await g.mails('missed')).length).toBe(2);
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, D))).toBe('moved');
    at(D.getTime() + H);
    await g.order('a'); // late: after the original deadline
    at(D2.getTime());
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, D2))).toBe('defaults-applied');
    expect((await g.step(0)).defaultsApplied).toEqual(['b']);
    const report = await punctualityReport(deps, g.id);
    expect(report.map((r) => [r.side, r.onTime, r.late, r.missed])).toEqual([
      ['a', 0, 1, 0],
      ['b', 0, 0, 1],
    ]);
  });
});

describe('moves', () => {
  test('an absence of a seat that owes orders moves the deadline; everyone is told; the limit holds', async () => {
    const g = await newGame({ maxAbsences: 1 });
    const before = (await g.step(0)).deadlineAt!;
    const r = await declareAbsence(deps, {
      gameId: g.id,
      seatId: g.seatId('b'),
      startsAt: new Date('2026-03-02T12:00:00Z'),
      endsAt: new Date('2026-03-03T12:00:00Z'),
    });
    expect(r.deadlineAt!.getTime() - before.getTime()).toBe(24 * H);
    const told = await g.mails('deadline');
    expect(told.length).toBeGreaterThanOrEqual(2);
    // By the seat's name; the absent player is spoken to; no stray space before a Japanese particle.
    const toA = told.find((m) => m.toAddress === 'a@example.org' && m.subject.includes('不在'))!;
    const toB = told.find((m) => m.toAddress === 'b@example.org' && m.subject.includes('Absence'))!;
    const moved = told.find((m) => m.toAddress === 'b@example.org' && !m.subject.includes('Absence'))!;
    expect(moved.text).toContain('(B is away)');
    expect(toB.text).toMatch(/^You \(B\) are away from /);
    expect(toB.subject).toContain('Absence: B');
    expect(toA.text).toMatch(/^Bは .+ から .+ まで不在です。/);
    await expect(
      declareAbsence(deps, {
        gameId: g.id,
        seatId: g.seatId('b'),
        startsAt: new Date('2026-03-05T00:00:00Z'),
        endsAt: new Date('2026-03-06T00:00:00Z'),
      }),
    ).rejects.toMatchObject({ code: 'absence/limit' });
    // The old deadline's job finds the deadline moved and stops.
    at(before.getTime());
    const s0 = await g.step(0);
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, before))).toBe('moved');
  });

  test("a person's absence is all its seats': declared through one, it moves the deadline another owes", async () => {
    const g = await newGame({
      seats: [
        { side: 'a', email: 'pat@example.org' },
        { side: 'b', email: 'PAT@example.org' },
      ],
    });
    await g.order('a');
    await g.order('b');
    const s1 = await g.step(1);
    expect((s1.owed as { seat: string }[]).map((o) => o.seat)).toEqual(['a']);
    const before = s1.deadlineAt!;
    const declared = await declareAbsence(deps, {
      gameId: g.id,
      seatId: g.seatId('b'),
      startsAt: new Date('2026-03-02T12:00:00Z'),
      endsAt: new Date('2026-03-03T12:00:00Z'),
    });
    expect(declared.absence.side).toBe('b');
    expect(declared.deadlineAt!.getTime() - before.getTime()).toBe(24 * H);
    expect((await g.step(1)).deadlineAt).toEqual(declared.deadlineAt);
    // Withdrawn through the other seat of the same person: the deadline is back.
    const withdrawn = await cancelAbsence(deps, {
      gameId: g.id,
      seatId: g.seatId('a'),
      absenceId: declared.absence.id,
    });
    expect(withdrawn.deadlineAt).toEqual(before);
  });

  test('an absence of a seat held alone does not move the deadline of another player', async () => {
    const g = await newGame();
    await g.order('a');
    await g.order('b');
    const before = (await g.step(1)).deadlineAt!;
    const declared = await declareAbsence(deps, {
      gameId: g.id,
      seatId: g.seatId('b'),
      startsAt: new Date('2026-03-02T12:00:00Z'),
      endsAt: new Date('2026-03-03T12:00:00Z'),
    });
    expect(declared.deadlineAt).toEqual(before);
    await expect(
      cancelAbsence(deps, { gameId: g.id, seatId: g.seatId('a'), absenceId: declared.absence.id }),
    ).rejects.toMatchObject({ code: 'absence/not-found' });
  });

  test('moderator extend, shorten and set; pause and resume move the deadline by the pause', async () => {
    const g = await newGame();
    const D = (await g.step(0)).deadlineAt!;
    expect((await shiftDeadline(deps, g.id, 7200)).deadlineAt!.getTime()).toBe(D.getTime() + 2 * H);
    expect((await shiftDeadline(deps, g.id, -3600)).deadlineAt!.getTime()).toBe(D.getTime() + H);
    const target = new Date('2026-03-05T20:00:00Z');
    expect((await setDeadline(deps, g.id, target)).deadlineAt?.toISOString()).toBe(target.toISOString());
    // An absence still moves a set deadline.
    await declareAbsence(deps, {
      gameId: g.id,
      seatId: g.seatId('a'),
      startsAt: new Date('2026-03-02T10:00:00Z'),
      endsAt: new Date('2026-03-02T12:00:00Z'),
    });
    expect((await g.step(0)).deadlineAt!.getTime()).toBe(target.getTime() + 2 * H);
    at(Date.parse('2026-03-02T13:00:00Z'));
    await pauseGame(deps, g.id);
    const s0 = await g.step(0);
    at(s0.deadlineAt!.getTime());
    expect(await handleDeadline(deps, deadlineJob(g.id, s0.id, s0.deadlineAt!))).toBe('paused');
    at(Date.parse('2026-03-02T13:00:00Z') + 10 * H);
    await resumeGame(deps, g.id);
    expect((await g.step(0)).deadlineAt!.getTime()).toBe(target.getTime() + 12 * H);
    const audit = await deps.db.auditLog.findMany({ where: { gameId: g.id }, select: { action: true } });
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'deadline.extend',
        'deadline.shorten',
        'step.deadline',
        'absence.declare',
        'deadline.resume',
      ]),
    );
  });
});

describe('processing delay', () => {
  test('the last order does not resolve at once; the delayed job resolves later; a revision delays it', async () => {
    const g = await newGame({ processingDelaySeconds: 600 });
    const s0 = await g.step(0);
    await g.order('a');
    const last = await g.order('b');
    expect(last.resolution).toBeNull();
    const t0 = now.getTime();
    at(t0 + 300_000);
    await g.order('b', 5); // revised during the delay
    const job = { gameId: g.id, stepId: s0.id, at: new Date(t0 + 600_000).toISOString() };
    at(t0 + 600_000);
    expect(await handleDelayedResolution(deps, job)).toBe('later');
    at(t0 + 900_000);
    expect(await handleDelayedResolution(deps, { ...job, at: new Date(t0 + 900_000).toISOString() })).toBe('resolved');
    expect((await g.step(0)).status).toBe('published');
  });
});
