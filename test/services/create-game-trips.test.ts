/**
 * Game creation on the pool: BEGIN, the game, its persons and seats, step 0 and their read-back go in one round trip,
 * and the deadline's update and jobs, the audit entry, the welcome mails with their sign-in links and the COMMIT in
 * another. Without a pool (Prisma alone, as the tools run) the same transaction stores the same rows: both are
 * checked here, with a deadline (its jobs) and the defaults Postgres fills in.
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { startJobQueue } from '../support/job-queue.ts';
import { roundTrips } from '../support/round-trips.ts';

const input = {
  game: 'atlantic-wolves',
  mode: 'mail',
  deadlines: { default: { length: '3d' } },
  seats: [
    { side: 'allied', email: 'ally@example.org', name: 'Ally' },
    { side: 'german', email: 'wolf@example.jp', locale: 'ja' as const, timeZone: 'Asia/Tokyo' },
  ],
};

for (const noPool of [false, true]) {
  describe(noPool ? 'through Prisma alone' : 'on the pool', () => {
    let t: TestApp;
    let boss: PgBoss;
    beforeAll(async () => {
      t = await buildTestApp({ noPool });
      // The job tables exist (as once any process of the service has started): the deadline's jobs are queued.
      boss = await startJobQueue(t);
    });
    afterAll(async () => {
      await boss?.stop({ graceful: false, wait: true });
      await t?.close();
    });

    test('a new game is stored whole, with its welcome mails, deadline and audit entry', async () => {
      // Warm: the first creation of a connection prepares its statements.
      await createGame(t.deps, input);
      const { result: created, trips } = await roundTrips(() => createGame(t.deps, input));
      if (!noPool) expect(trips).toBe(2);

      const game = await t.db.game.findUniqueOrThrow({ where: { id: created.id } });
      expect(game).toMatchObject({ status: 'active', currentStep: 0, reminderHours: [48, 6], maxAbsences: 2 });
      expect(game.updatedAt.getTime()).toBe(game.createdAt.getTime());
      const seats = await t.db.seat.findMany({ where: { gameId: created.id }, orderBy: { side: 'asc' } });
      expect(seats.map((s) => [s.side, s.locale, s.timeZone, s.tokenVersion, s.bot])).toEqual([
        ['allied', 'en', 'UTC', 1, false],
        ['german', 'ja', 'Asia/Tokyo', 1, false],
      ]);
      const persons = await t.db.person.findMany({ where: { gameId: created.id } });
      expect(persons).toHaveLength(2);
      for (const p of persons) expect(p.unsubscribeKey).toMatch(/^[0-9a-f]{64}$/);

      const step = await t.db.step.findFirstOrThrow({ where: { gameId: created.id, number: 0 } });
      expect(step.status).toBe('open');
      expect(step.deadlineAt?.getTime()).toBe(step.openedAt.getTime() + 72 * 3600_000);
      const jobs = await t.db.$queryRawUnsafe<{ name: string }[]>(
        `SELECT name FROM pgboss.job WHERE data->>'stepId' = $1 ORDER BY name`,
        step.id,
      );
      // Its deadline, and the reminders 48 h and 6 h before it.
      expect(jobs.map((j) => j.name)).toEqual(['deadline', 'reminder', 'reminder']);

      const audit = await t.db.auditLog.findMany({ where: { gameId: created.id } });
      expect(audit.map((a) => a.action)).toEqual(['game.create']);

      const welcome = await t.db.outbox.findMany({ where: { gameId: created.id, kind: 'welcome' } });
      expect(welcome.map((m) => m.toAddress).sort()).toEqual(['ally@example.org', 'wolf@example.jp']);
      const links = await t.db.signInLink.findMany({ where: { gameId: created.id } });
      expect(links).toHaveLength(2);
      for (const mail of welcome) {
        expect(mail.text).toMatch(/\/in\/[A-Za-z0-9_-]{20,}/); // a sign-in link of its own
        const person = persons.find((p) => p.email === mail.toAddress);
        expect(JSON.stringify(mail.headers)).toContain(person?.unsubscribeKey ?? 'no person');
        // The deadline the mail states is the step's.
        // The Allies owe the first move: their subject states the step's deadline; the German owes nothing yet.
        const at = step.deadlineAt?.toISOString().slice(11, 16);
        if (mail.toAddress.endsWith('.jp')) expect(mail.subject).toMatch(/ゲーム開始: ドイツ軍$/);
        else expect(mail.subject).toMatch(new RegExp(`Your move by .+, ${at} UTC`));
      }
    });
  });
}
