/**
 * An order mail's round trips to Postgres on the pool, and the same outcome through Prisma alone (as the tools run).
 * A seat's mail that sends no command reads its game, seats, persons, step and any orders it stored before in one
 * round trip, and the submission starts from that read; its reply (sign-in link, unsubscribe keys, the mail) is one
 * transaction of one round trip. Counted: the reply token, the stored mail, the context, [the submission and the
 * resolution it completes,] what the reader owes now, the reply's reads, the reply, the finish.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Outbox } from '../../src/generated/prisma/client.ts';
import { intakeMail } from '../../src/mail/intake.ts';
import { createGameVia } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { roundTrips } from '../support/round-trips.ts';

/** The lines of a mail's reply template (after its heading and instructions). */
function templateOf(text: string): string {
  const after = text.split('== Your reply ==\n')[1] ?? '';
  return after.split('\n\n').slice(1).join('\n\n').split('\n-- \n')[0].trim();
}

for (const noPool of [false, true]) {
  describe(noPool ? 'through Prisma alone' : 'on the pool', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ noPool, config: { MAIL_DOMAIN: 'judge.test' } });
    });
    afterAll(async () => {
      await t?.close();
    });

    const outbox = (gameId: string, to: string): Promise<Outbox[]> =>
      t.db.outbox.findMany({ where: { gameId, toAddress: to }, orderBy: { createdAt: 'asc' } });

    /** Sends `body` to the seat's reply address; returns the round trips and the answer (found by In-Reply-To). */
    async function send(gameId: string, mailToken: string, body: string) {
      const id = `<m${Math.random().toString(36).slice(2)}@example.org>`;
      const raw = [
        'From: ally@example.org',
        `To: orders+${mailToken}@judge.test`,
        `Message-ID: ${id}`,
        'Subject: Re: step 0',
        '',
        body,
        '',
      ].join('\r\n');
      const { trips } = await roundTrips(() => intakeMail(t.deps, { source: 'http', raw: Buffer.from(raw) }));
      const answers = (await outbox(gameId, 'ally@example.org')).filter((m) => m.inReplyTo === id);
      expect(answers).toHaveLength(1);
      return { trips, answer: answers[0] };
    }

    test("a seat's refused and accepted orders by mail, each answered once, with its link and keys", async () => {
      const g = await createGameVia(t, {
        game: 'atlantic-wolves',
        mode: 'mail',
        seats: [
          { side: 'allied', email: 'ally@example.org' },
          { side: 'german', email: 'wolf@example.jp', locale: 'ja' },
        ],
      });
      const seat = await t.db.seat.findFirstOrThrow({
        where: { gameId: g.id, side: 'allied' },
        include: { person: true },
      });
      const [welcome] = await outbox(g.id, 'ally@example.org');
      // A warm-up: the first mail of a process prepares its statements on its connections.
      await send(g.id, seat.mailToken, 'STATUS');

      const refused = await send(g.id, seat.mailToken, 'PLACE C01 C02 -> WA\nPLACE C03 -> Central Gap');
      expect(refused.answer.text).toMatch(/is not placed/);
      expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);

      const accepted = await send(g.id, seat.mailToken, templateOf(welcome.text));
      expect(await t.db.order.count({ where: { gameId: g.id, seatId: seat.id } })).toBe(1);
      expect(accepted.answer.headers).toMatchObject({ 'X-PBEM-Reply': 'accepted' });

      for (const { answer } of [refused, accepted]) {
        expect(answer.text).toMatch(/\/in\/[A-Za-z0-9_-]{20,}/); // a sign-in link of its own
        expect(JSON.stringify(answer.headers)).toContain(seat.person.unsubscribeKey);
      }
      expect(await t.db.signInLink.count({ where: { seatId: seat.id } })).toBeGreaterThanOrEqual(3);
      if (!noPool) {
        expect(refused.trips).toBe(7);
        // The submission's one transaction, and the resolution the order completes (the German owes nothing): its lock
        // and step, its orders, its events, its publication and COMMIT.
        expect(accepted.trips).toBe(12);
      }
    });
  });
}
