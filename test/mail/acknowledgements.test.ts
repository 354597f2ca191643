/**
 * Every accepted order mail of a player is acknowledged, through the real SMTP listener on real Postgres: the hourly
 * reply budget (MAIL_REPLY_LIMIT_PER_HOUR, 20 by default) limits refusals only, a burst within a minute is folded
 * into one held mail that lists every mail's orders, and a refusal after the burst is still answered. Each
 * acknowledgement says what happens next as the game stands: waiting for the other side, resolved (the result is
 * the next mail), or waiting for the moderator's review: in English and Japanese. On the pg pool and on Prisma alone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toyGame } from '../../src/games/toy/index.ts';
import { ACK_FOLD_MS } from '../../src/mail/ack-fold.ts';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { createGame } from '../../src/services/games.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { sendToListener } from './helpers.ts';

let now = new Date('2031-10-01T09:00:00.000Z');
let t: TestApp;
let listener: SmtpListener;

const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** A toy game (seat a in English, seat b in Japanese), with each seat's address and reply address. */
async function newGame(extra: { review?: 'moderator' } = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  const game = await createGame(t.deps, {
    game: 'toy',
    mode: 'mail',
    moderatorEmail: `mod-${n}@example.org`,
    seats: [
      { side: 'a', email: `a-${n}@example.org` },
      { side: 'b', email: `b-${n}@example.org`, locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
    deadlines: { default: { length: '1d' } },
    ...extra,
  });
  const seats = await t.db.seat.findMany({ where: { gameId: game.id } });
  const seat = (side: string) => seats.find((s) => s.side === side)!;
  const send = (side: string, id: string, text: string) =>
    sendToListener(listener.port, {
      from: seat(side).email,
      to: `orders+${seat(side).mailToken}@judge.test`,
      subject: `orders ${id}`,
      text,
      messageId: `<${id}-${n}@example.org>`,
    });
  const replies = () =>
    t.db.outbox.findMany({ where: { gameId: game.id, kind: 'reply' }, orderBy: { createdAt: 'asc' } });
  return { game, seat, send, replies };
}

const count = (text: string, what: string) => text.split(what).length - 1;

// The mail path's reads run as prepared statements on the pg pool, or through Prisma in tools built without one.
describe.each([
  { via: 'the pg pool', noPool: false },
  { via: 'Prisma alone', noPool: true },
])('through $via', ({ noPool }) => {
  beforeAll(async () => {
    const config = { MAIL_DOMAIN: 'judge.test', MAIL_FROM: 'Judge <judge@judge.test>' };
    t = await buildTestApp({ games: [toyGame], clock: () => now, config, noPool });
    expect(t.deps.config.MAIL_REPLY_LIMIT_PER_HOUR).toBe(20);
    listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  describe('every accepted order mail is acknowledged', () => {
    test('25 accepted order mails in a minute get 25 acknowledgements, folded; a refusal after them is answered', async () => {
      const g = await newGame();
      for (let i = 0; i < 25; i++) {
        await g.send('a', `burst-${i}`, `PICK ${(i % 6) + 1}`);
        later(2000);
      }
      const acks = (await g.replies()).filter((r) => r.toAddress === g.seat('a').email);
      // The first is answered at once; the 24 that followed within the minute are folded into one held mail.
      expect(acks).toHaveLength(2);
      expect(acks.map((a) => count(a.text, 'Orders in: these replace'))).toEqual([1, 24]);
      expect(acks.reduce((n, a) => n + count(a.text, 'Orders in: these replace'), 0)).toBe(25);
      const [first, folded] = acks;
      expect(first.nextAttemptAt.getTime()).toBe(first.createdAt.getTime());
      expect(folded.nextAttemptAt.getTime()).toBeGreaterThan(first.createdAt.getTime());
      expect(folded.nextAttemptAt.getTime() - folded.createdAt.getTime()).toBeLessThanOrEqual(ACK_FOLD_MS);
      // Each mail's orders as understood, in the order sent; one "what happens next", as it stands after the last.
      const picks = [...folded.text.matchAll(/^PICK (\d)$/gm)].map((m) => Number(m[1]));
      expect(picks).toEqual(Array.from({ length: 24 }, (_, i) => ((i + 1) % 6) + 1));
      expect(count(folded.text, '== What happens next ==')).toBe(1);
      expect(count(folded.html ?? '', '<h3>What happens next</h3>')).toBe(1);
      expect(count(folded.html ?? '', '<body')).toBe(1);
      expect(folded.text).toContain('Your orders are in; waiting for B.');
      // Each acknowledgement names the mails it answers: a mail processed again finds its answer there.
      const answers = (r: typeof first) => (r.headers as Record<string, string>)['X-PBEM-Acknowledges'].split(' ');
      expect(answers(first)).toEqual([expect.stringMatching(/^<burst-0-/)]);
      expect(answers(folded)).toHaveLength(24);
      expect(answers(folded)[23]).toMatch(/^<burst-24-/);
      expect(folded.text).not.toMatch(/ACCEPTED|Orders you owe/);
      // Every accepted mail is recorded as answered; the budget is untouched: a refusal now is answered.
      const inbound = await t.db.inboundMail.findMany({ where: { gameId: g.game.id, seatId: g.seat('a').id } });
      expect(inbound.map((m) => (m.result as { replied?: boolean }).replied)).toEqual(Array(25).fill(true));
      later(ACK_FOLD_MS);
      await g.send('a', 'wrong', 'PICK 99');
      const last = (await g.replies()).at(-1)!;
      expect(last.text).toContain('REJECTED');
      expect(last.nextAttemptAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }, 120_000);

    test('a held acknowledgement taken by delivery is not folded into: the next one is a mail of its own', async () => {
      const g = await newGame();
      await g.send('a', 'one', 'PICK 1');
      await g.send('a', 'two', 'PICK 2');
      const [, held] = await g.replies();
      await t.db.outbox.update({ where: { id: held.id }, data: { status: 'sending', attempts: 1 } });
      await g.send('a', 'three', 'PICK 3');
      const acks = await g.replies();
      expect(acks).toHaveLength(3);
      expect(acks.map((a) => count(a.text, 'Orders in: these replace'))).toEqual([1, 1, 1]);
    });
  });

  describe('an acknowledgement of orders that complete the step', () => {
    test('goes at once, with the held one it folds into, not a minute after the result', async () => {
      const g = await newGame();
      await g.send('a', 'first', 'PICK 1');
      later(5000);
      await g.send('a', 'second', 'PICK 2');
      const held = (await g.replies()).at(-1)!;
      expect(held.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
      await submitOrders(t.deps, {
        gameId: g.game.id,
        seatId: g.seat('b').id,
        orders: { pick: 3 },
        raw: '{}',
        source: 'api',
      });
      later(5000);
      await g.send('a', 'third', 'PICK 4'); // step 1: a alone owes; this resolves it
      const acks = (await g.replies()).filter((r) => r.toAddress === g.seat('a').email);
      expect(acks).toHaveLength(2);
      const last = acks[1];
      expect(last.id).toBe(held.id);
      expect(count(last.text, 'Orders in: these replace')).toBe(2);
      expect(last.text).toContain('Resolved: every owed order was in.');
      expect(last.nextAttemptAt.getTime()).toBeLessThanOrEqual(now.getTime());
    });
  });

  describe('an acknowledgement says what happens next', () => {
    test('waiting for the other side, then resolved (English and Japanese)', async () => {
      const g = await newGame();
      await g.send('a', 'a-in', 'PICK 4');
      const a = (await g.replies())[0];
      expect(a.text).toContain('Orders in: these replace any you sent earlier for this step.');
      expect(a.text).toContain('Your orders are in; waiting for B.');
      expect(a.text).not.toContain('Orders you owe');
      later(5 * 60_000);
      await g.send('b', 'b-in', 'PICK 5');
      const b = (await g.replies()).find((r) => r.toAddress === g.seat('b').email)!;
      expect(b.text).toContain('命令を受け付けました');
      expect(b.text).toContain('処理済み: 必要な命令がすべて揃いました。');
      expect(b.text).not.toMatch(/受理|提出が必要な命令/);
    });

    test("under moderator review: waiting for the moderator's review, no result promised (English and Japanese)", async () => {
      for (const [first, last, words, not] of [
        ['b', 'a', "it is waiting for the moderator's review", /separate mail|result follows/],
        ['a', 'b', '現在モデレーターの確認待ちです', /別のメール/],
      ] as const) {
        const g = await newGame({ review: 'moderator' });
        await submitOrders(t.deps, {
          gameId: g.game.id,
          seatId: g.seat(first).id,
          orders: { pick: 2 },
          raw: '{}',
          source: 'api',
        });
        later(5 * 60_000);
        await g.send(last, `${last}-last`, 'PICK 3');
        const reply = (await g.replies()).at(-1)!;
        expect(reply.toAddress).toBe(g.seat(last).email);
        expect(reply.text).toContain(words);
        expect(reply.text).not.toMatch(not);
      }
    });
  });
});
