/**
 * Vacations against real Postgres with a fixed clock: declared once by a person of one game, applied to every game
 * not over where its address holds a seat (not to another address's game), within each game's limits (maxAbsences,
 * the longest absence), opponents told, audited; withdrawn in every game.
 */
import { pino } from 'pino';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { cancelVacation, declareVacation, listVacations } from '../../src/services/deadlines/vacations.ts';
import type { ServiceDeps } from '../../src/services/deps.ts';
import { createGame, type CreateGameInput } from '../../src/services/games.ts';
import { handSeatToBot } from '../../src/services/bot-seats.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { withNotifier } from '../../src/server/notifier.ts';

let tdb: TestDatabase;
let boss: PgBoss;
let now = new Date('2026-12-10T09:00:00Z');
let deps: ServiceDeps;
const H = 3600_000;

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

async function newGame(a: string, b: string, extra: Partial<CreateGameInput> = {}) {
  const g = await createGame(deps, {
    game: 'toy',
    mode: 'mail',
    options: { rounds: 2 },
    seats: [
      { side: 'a', email: a },
      { side: 'b', email: b, locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
    deadlines: { default: { length: '2d' } },
    ...extra,
  });
  const person = async (side: string) =>
    (await deps.db.seat.findFirstOrThrow({ where: { gameId: g.id, side }, select: { personId: true } })).personId;
  const deadline = async () =>
    (await deps.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } })).deadlineAt!;
  const mails = (to: string) => deps.db.outbox.findMany({ where: { gameId: g.id, toAddress: to, kind: 'deadline' } });
  const auditOf = () => deps.db.auditLog.findMany({ where: { gameId: g.id }, orderBy: { id: 'asc' } });
  return { id: g.id, person, deadline, mails, auditOf };
}

describe('a vacation declared once', () => {
  test('applies to every game of the address, not to another address; limits hold; opponents told', async () => {
    now = new Date('2026-12-10T09:00:00Z');
    const one = await newGame('pat@example.org', 'kim@example.org');
    const two = await newGame('ann@example.org', 'Pat@Example.org');
    const none = await newGame('pat@example.net', 'lee@example.org');
    const full = await newGame('pat@example.org', 'ron@example.org', { maxAbsences: 0 });
    const before = { one: await one.deadline(), two: await two.deadline(), none: await none.deadline() };

    const v = await declareVacation(deps, {
      gameId: one.id,
      personId: await one.person('a'),
      from: '2026-12-10',
      to: '2026-12-11',
    });
    // UTC (the declarer's zone): 10 Dec 09:00 (now: the past part is not counted) to 12 Dec 00:00.
    expect(v.startsAt).toBe('2026-12-10T00:00:00.000Z');
    expect(v.endsAt).toBe('2026-12-12T00:00:00.000Z');
    const byGame = new Map(v.games.map((o) => [o.gameId, o]));
    expect([...byGame.keys()].sort()).toEqual([one.id, two.id, full.id].sort());
    expect(byGame.has(none.id)).toBe(false);
    expect(byGame.get(one.id)!.applied?.startsAt).toBe('2026-12-10T09:00:00.000Z');
    expect(byGame.get(two.id)!.applied?.endsAt).toBe('2026-12-12T00:00:00.000Z');
    // maxAbsences 0: nothing applied, the reason in both languages.
    const refused = byGame.get(full.id)!;
    expect(refused.applied).toBeNull();
    expect(refused.refused?.code).toBe('absence/limit');
    expect(refused.refused?.reason.en).toContain('allows 0 absence(s)');
    expect(refused.refused?.reason.ja).toContain('0 回まで');

    // The deadlines of both games moved by the time away (39 h); the other address's game did not.
    expect((await one.deadline()).getTime() - before.one.getTime()).toBe(39 * H);
    expect((await two.deadline()).getTime() - before.two.getTime()).toBe(39 * H);
    expect(await none.deadline()).toEqual(before.none);
    expect(await deps.db.absence.count({ where: { seat: { gameId: none.id } } })).toBe(0);

    // The opponents are told, each in its language; the other address's players hear nothing.
    const toKim = await one.mails('kim@example.org');
    expect(toKim.some((m) => m.subject.endsWith('不在: A'))).toBe(true);
    const toAnn = await two.mails('ann@example.org');
    expect(toAnn.some((m) => m.subject.endsWith('Absence: B'))).toBe(true);
    expect(await none.mails('lee@example.org')).toEqual([]);

    // Audited in each game: the absence names the vacation; the refusal is recorded where it was refused.
    expect((await one.auditOf()).find((a) => a.action === 'absence.declare')?.detail).toMatchObject({
      vacationId: v.id,
    });
    expect((await full.auditOf()).find((a) => a.action === 'vacation.refused')?.detail).toMatchObject({
      vacationId: v.id,
      code: 'absence/limit',
    });

    // Listed for the address from any of its games, with what each game did.
    const listed = await listVacations(deps, { gameId: two.id, personId: await two.person('b') });
    expect(listed[0]).toMatchObject({ id: v.id, cancelledAt: null });
    expect(listed[0].games).toHaveLength(3);

    // Withdrawn from another game of the address: every game's deadline is back, everyone told, audited.
    now = new Date('2026-12-10T10:00:00Z');
    const cancelled = await cancelVacation(deps, { gameId: two.id, personId: await two.person('b'), vacationId: v.id });
    expect(cancelled.map((c) => c.id)).toEqual([v.id]);
    // Begun at 09:00: one hour of it stays counted.
    expect((await one.deadline()).getTime() - before.one.getTime()).toBe(H);
    expect((await two.deadline()).getTime() - before.two.getTime()).toBe(H);
    expect((await one.mails('kim@example.org')).some((m) => m.subject.endsWith('不在の取消: A'))).toBe(true);
    expect((await two.auditOf()).some((a) => a.action === 'absence.cancel')).toBe(true);
    expect((await listVacations(deps, { gameId: one.id, personId: await one.person('a') }))[0].cancelledAt).toBe(
      now.toISOString(),
    );
    await expect(
      cancelVacation(deps, { gameId: one.id, personId: await one.person('a'), vacationId: v.id }),
    ).rejects.toMatchObject({ code: 'vacation/over' });
    // Another address cannot withdraw it.
    await expect(
      cancelVacation(deps, { gameId: none.id, personId: await none.person('a'), vacationId: v.id }),
    ).rejects.toMatchObject({ code: 'vacation/not-found' });
  });

  test('the part beyond the longest absence is refused, with the reason; a second one meets maxAbsences', async () => {
    now = new Date('2026-12-10T09:00:00Z');
    const g = await newGame('max@example.org', 'sam@example.org', { maxAbsences: 1 });
    const pid = await g.person('a');
    const v = await declareVacation(deps, { gameId: g.id, personId: pid, from: '2026-12-20', to: '2027-02-07' });
    const [o] = v.games;
    expect(o.applied).toMatchObject({ startsAt: '2026-12-20T00:00:00.000Z', endsAt: '2027-01-19T00:00:00.000Z' });
    expect(o.refused?.code).toBe('absence/too-long');
    expect(o.refused?.reason.en).toContain('at most 30 days');
    expect(o.refused?.reason.ja).toContain('最長 30 日');
    const again = await declareVacation(deps, { gameId: g.id, personId: pid, from: '2027-03-01', to: '2027-03-02' });
    expect(again.games[0]).toMatchObject({ applied: null, refused: { code: 'absence/limit' } });
  });

  test('not to a seat the computer plays now, nor to a game of the computer against the address', async () => {
    now = new Date('2026-12-10T09:00:00Z');
    const mine = await newGame('joy@example.org', 'jim@example.org');
    const handed = await newGame('joy@example.org', 'jan@example.org');
    await handSeatToBot(deps, handed.id, 'a');
    const v = await declareVacation(deps, {
      gameId: mine.id,
      personId: await mine.person('a'),
      from: '2026-12-12',
      to: '2026-12-13',
    });
    expect(v.games.map((g) => g.gameId)).toEqual([mine.id]);
    expect(await deps.db.absence.count({ where: { seat: { gameId: handed.id } } })).toBe(0);
  });

  test('declared again by the same mail, it goes on from the games it had not done, never twice in one', async () => {
    now = new Date('2026-12-10T09:00:00Z');
    const first = await newGame('ivy@example.org', 'ian@example.org');
    const second = await newGame('ida@example.org', 'ivy@example.org');
    const who = { gameId: first.id, personId: await first.person('a'), from: '2026-12-14', to: '2026-12-15' };
    const v = await declareVacation(deps, { ...who, inboundId: 'mail-1' });
    expect(v.games).toHaveLength(2);
    // As if its process had died after the first game's transaction: the second game's share never happened.
    await deps.db.absence.deleteMany({ where: { vacationId: v.id, seat: { gameId: second.id } } });
    await deps.db
      .$executeRaw`UPDATE "Vacation" SET outcome = jsonb_path_query_array(outcome, '$[*] ? (@.gameId != $g)', jsonb_build_object('g', ${second.id}::text)) WHERE id = ${v.id}`;
    const again = await declareVacation(deps, { ...who, inboundId: 'mail-1' });
    expect(again.id).toBe(v.id);
    expect(await deps.db.absence.count({ where: { vacationId: v.id, seat: { gameId: first.id } } })).toBe(1);
    expect(await deps.db.absence.count({ where: { vacationId: v.id, seat: { gameId: second.id } } })).toBe(1);
    const stored = await deps.db.vacation.findUniqueOrThrow({ where: { id: v.id } });
    expect((stored.outcome as { gameId: string }[]).map((o) => o.gameId).sort()).toEqual([first.id, second.id].sort());
  });

  test('bad spans are refused whole', async () => {
    now = new Date('2026-12-10T09:00:00Z');
    const g = await newGame('zed@example.org', 'quo@example.org');
    const who = { gameId: g.id, personId: await g.person('a') };
    await expect(declareVacation(deps, { ...who, from: '2026-12-20', to: '2026-12-19' })).rejects.toMatchObject({
      code: 'vacation/order',
    });
    await expect(declareVacation(deps, { ...who, from: '2026-12-01', to: '2026-12-02' })).rejects.toMatchObject({
      code: 'vacation/past',
    });
    await expect(declareVacation(deps, { ...who, from: '2026-02-30', to: '2026-03-02' })).rejects.toMatchObject({
      code: 'vacation/date',
    });
    await expect(declareVacation(deps, { ...who, from: '2026-12-20', to: '2028-01-02' })).rejects.toMatchObject({
      code: 'vacation/too-long',
    });
    expect(await deps.db.vacation.count({ where: { address: 'zed@example.org' } })).toBe(0);
  });
});
