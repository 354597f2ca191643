/**
 * A person holding several seats is never left without word of a refusal, as a one-seat player is not
 * (test/mail/reply-budget.test.ts): when its hourly reply budget is spent, its refused mails are kept, shown on its
 * page, and head its next reply. The toy game with both seats held by one address, through the real SMTP listener.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client } from '../web/helpers.ts';
import { sendToListener } from './helpers.ts';

let t: TestApp;
let listener: SmtpListener;
let game: CreatedGame;
let replyAddress: string;
let shift = 0; // the service's clock runs this far ahead of real time (moves the hourly budget on)

const PLAYER = 'both@example.org';

beforeAll(async () => {
  const config = { MAIL_DOMAIN: 'judge.test', MAIL_FROM: 'Judge <judge@judge.test>', MAIL_REPLY_LIMIT_PER_HOUR: 3 };
  t = await buildTestApp({ clock: () => new Date(Date.now() + shift), config });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  game = await createGame(t.deps, {
    game: 'toy',
    mode: 'mail',
    name: 'Two Seats',
    seats: [
      { side: 'a', email: PLAYER },
      { side: 'b', email: PLAYER },
    ],
  });
  const person = await t.db.person.findFirstOrThrow({ where: { gameId: game.id } });
  replyAddress = `orders+${person.mailToken}@judge.test`;
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const replies = () =>
  t.db.outbox.findMany({ where: { toAddress: PLAYER, kind: 'reply' }, orderBy: { createdAt: 'asc' } });
const fromPlayer = (id: string, text: string) =>
  sendToListener(listener.port, {
    from: PLAYER,
    to: replyAddress,
    subject: `orders ${id}`,
    text,
    messageId: `<${id}@example.org>`,
  });
const inbound = (messageId: string) => t.db.inboundMail.findFirstOrThrow({ where: { messageId } });

test("with the person's budget spent, its refusals show on its page and head its next reply", async () => {
  // The welcome went out; the budget of replies is spent by three refused mails.
  for (let i = 0; i < 3; i++) await fromPlayer(`spend-${i}`, 'SEAT a\nPICK 9\nSEAT b\nPICK 1\n');
  expect((await replies()).length).toBe(3);
  await fromPlayer('late-1', 'SEAT a\nPICK 8\nSEAT b\nPICK 2\n');
  expect((await replies()).length).toBe(3); // not answered by mail
  const late = (await inbound('<late-1@example.org>')).result;
  expect(late).toMatchObject({ outcome: 'rejected', replied: false, unanswered: { subject: 'orders late-1' } });
  expect(JSON.stringify(late)).toMatch(/pick 1 to 6/);
  expect(await t.db.order.count({ where: { gameId: game.id } })).toBe(0);

  // The person's page says so, with the errors.
  const player = client(t.app);
  const token = (game.persons as { token: string }[])[0].token;
  await player.get(`/play/${game.id}?token=${encodeURIComponent(token)}`);
  const page = (await player.get(`/play/${game.id}`)).body;
  expect(page).toContain('You play A, B');
  expect(page).toContain('not answered by mail');
  expect(page).toContain('orders late-1');
  expect(page).toMatch(/pick 1 to 6/);

  // An hour later the next reply (to a STATUS) lists it first, and the page no longer does.
  shift += 3600_000 + 60_000;
  await fromPlayer('status-1', 'STATUS');
  const next = (await replies()).at(-1)!;
  expect(next.inReplyTo).toBe('<status-1@example.org>');
  expect(next.text).toContain('1 earlier mail(s) of yours were REJECTED but not answered');
  expect(next.text).toContain('"orders late-1"');
  expect((await player.get(`/play/${game.id}`)).body).not.toContain('not answered by mail');
}, 120_000);
