/**
 * Nobody can silence a player, through the real SMTP listener: refusals of unauthenticated mail spend a budget of
 * their own (MAIL_REFUSAL_LIMIT_PER_HOUR per From), never the player's (MAIL_REPLY_LIMIT_PER_HOUR), so forged mail
 * "from" a player leaves the player's own refused orders answered. When the player's own budget is spent, the
 * refusals left unanswered are on the player's page and at the top of the next reply.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client } from '../web/helpers.ts';
import { sendToListener } from './helpers.ts';

let t: TestApp;
let listener: SmtpListener;
let game: CreatedGame;
let replyAddress: string;
let shift = 0; // the service's clock runs this far ahead of real time (moves the hourly budgets on)

const PLAYER = 'ally@example.org';

beforeAll(async () => {
  // The default budgets: 20 replies per hour to a player, 5 refusals per hour to a stranger's From.
  const config = { MAIL_DOMAIN: 'judge.test', MAIL_FROM: 'Judge <judge@judge.test>' };
  t = await buildTestApp({ clock: () => new Date(Date.now() + shift), config });
  expect([t.deps.config.MAIL_REPLY_LIMIT_PER_HOUR, t.deps.config.MAIL_REFUSAL_LIMIT_PER_HOUR]).toEqual([20, 5]);
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Budget Game',
    seats: [
      { side: 'allied', email: PLAYER },
      { side: 'german', email: 'wolf@example.jp', locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });
  const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: game.id, side: 'allied' } });
  replyAddress = `orders+${seat.mailToken}@judge.test`;
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const outboxTo = (kind: string) =>
  t.db.outbox.findMany({ where: { toAddress: PLAYER, kind }, orderBy: { createdAt: 'asc' } });
const fromPlayer = (id: string, text: string) => {
  const mail = { from: PLAYER, to: replyAddress, subject: `orders ${id}`, text, messageId: `<${id}@example.org>` };
  return sendToListener(listener.port, mail);
};
const inbound = (messageId: string) => t.db.inboundMail.findFirstOrThrow({ where: { messageId } });

describe('reply budgets', () => {
  test('25 forged mails "from" a player spend the strangers\' budget; the player is still answered', async () => {
    for (let i = 0; i < 25; i++) {
      const messageId = `<forged-${i}@evil.example>`;
      const forgery = { from: PLAYER, to: 'orders@judge.test', subject: 'orders', text: 'PLACE C01 -> WA', messageId };
      await sendToListener(listener.port, forgery);
    }
    const where = { messageId: { startsWith: '<forged-' }, status: 'refused' };
    const forged = await t.db.inboundMail.count({ where });
    expect(forged).toBe(25);

    await fromPlayer('own-1', 'PLACE C01 -> WA'); // AW 12.0-2: every unit must be placed
    const replies = await outboxTo('reply');
    expect(replies).toHaveLength(1);
    expect(replies[0].inReplyTo).toBe('<own-1@example.org>');
    expect(replies[0].text).toContain('REJECTED');
    expect(await t.db.outbox.count({ where: { toAddress: PLAYER, kind: 'refusal', gameId: null } })).toBe(5);
  }, 60_000);

  test("with the player's own budget spent, the refusals show on the page and head the next reply", async () => {
    shift += 2 * 3600_000; // a fresh hour
    for (let i = 0; i < 20; i++) await fromPlayer(`spend-${i}`, 'PLACE C01 -> NOWHERE');
    const before = (await outboxTo('reply')).length;
    await fromPlayer('late-1', 'PLACE C99 -> WA');
    await fromPlayer('late-2', 'PLACE C01 -> WA');
    expect((await outboxTo('reply')).length).toBe(before); // not answered by mail
    const late = (await inbound('<late-1@example.org>')).result;
    expect(late).toMatchObject({ replied: false, unanswered: { subject: 'orders late-1' } });
    expect((await inbound('<late-2@example.org>')).result).toMatchObject({ outcome: 'rejected', replied: false });

    // The player's page says so, with the errors.
    const player = client(t.app);
    const token = game.seats.find((s) => s.side === 'allied')!.token;
    await player.get(`/play/${game.id}?token=${encodeURIComponent(token)}`);
    const page = (await player.get(`/play/${game.id}`)).body;
    expect(page).toContain('not answered by mail');
    expect(page).toContain('orders late-1');
    expect(page).toContain('orders late-2');
    expect(page).toMatch(/C99/);

    // An hour later the next reply (to a STATUS) lists both, and the page no longer does.
    shift += 3600_000 + 60_000;
    await fromPlayer('status-1', 'STATUS');
    const next = (await outboxTo('reply')).at(-1)!;
    expect(next.inReplyTo).toBe('<status-1@example.org>');
    expect(next.text).toContain('2 earlier mail(s) of yours were REJECTED but not answered');
    expect(next.text).toContain('"orders late-1"');
    expect(next.text).toContain('"orders late-2"');
    expect(next.text).toMatch(/C99/);
    expect((await player.get(`/play/${game.id}`)).body).not.toContain('not answered by mail');
  }, 120_000);
});
