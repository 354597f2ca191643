/**
 * A whole Atlantic Wolves mail-play game played by email alone: the players read their mails from a real SMTP
 * server (the recorder) that the delivery worker sends to, and answer each one with a plain reply (quoted text
 * included) sent with nodemailer to the order listener. The orders are the text form of the engine's default
 * orders, so the grammar meets every decision point a real game reaches.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatOrderText } from '../../src/orders-text/game-text.ts';
import { deliverAllDue } from './deps.ts';
import { createGame } from '../../src/services/games.ts';
import { currentStep } from '../../src/services/steps.ts';
import { gameDefinition } from '../../src/services/deps.ts';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { sendToListener, startRecorder, type Recorder } from './helpers.ts';

let t: TestApp;
let recorder: Recorder;
let listener: SmtpListener;

beforeAll(async () => {
  recorder = await startRecorder();
  t = await buildTestApp({
    config: {
      SMTP_URL: `smtp://127.0.0.1:${recorder.port}?tls=off`,
      MAIL_DOMAIN: 'judge.test',
      MAIL_FROM: 'Judge <judge@judge.test>',
      MAIL_REPLY_LIMIT_PER_HOUR: 10_000,
    },
  });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await listener?.close();
  await recorder?.stop();
  await t?.close();
});

const deliverAll = () => deliverAllDue(t.deps);

/** Welcome mails: each seat's own reply-to address, in its language, with its secret calendar feed. */
async function checkWelcome(gameId: string, players: { allied: string; german: string }): Promise<void> {
  const welcome = recorder.to(players.german)[0].parsed;
  expect(welcome.subject).toContain('ゲーム開始');
  expect(welcome.replyTo?.value[0].address).toMatch(/^orders\+[A-Za-z0-9_-]+@judge\.test$/);
  expect(recorder.to(players.german)[0].raw.toString()).toMatch(/^List-Id: .*<[a-z0-9]+\.games\.judge\.test>/im);
  expect(recorder.to(players.allied)[0].parsed.text).toContain('How to send orders');
  // The seat's secret calendar feed, which the calendar route serves.
  const feed = /\/calendar\/([A-Za-z0-9_-]+)\.ics/.exec(recorder.to(players.allied)[0].parsed.text ?? '');
  expect(feed).not.toBeNull();
  const seat = await t.deps.db.seat.findFirstOrThrow({ where: { gameId, side: 'allied' } });
  expect(seat.calendarToken).toBe(feed![1]);
}

/** Answers the last mail a player received with `text`, threaded under it and quoting it as mail programs do. */
async function replyTo(email: string, text: string): Promise<void> {
  const last = recorder.to(email).at(-1)!.parsed;
  const quoted = (last.text ?? '')
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  await sendToListener(listener.port, {
    from: email,
    to: last.replyTo!.value[0].address!,
    subject: `Re: ${last.subject}`,
    inReplyTo: last.messageId,
    references: [last.messageId!],
    text: `${text}\n\nOn Sun, 22 Nov 2026 at 10:00, Judge <judge@judge.test> wrote:\n${quoted}\n`,
  });
}

test('a full mail-play game by email alone: orders as replies, results in the inbox', async () => {
  const deps = t.deps;
  const players = { allied: 'ally@example.org', german: 'wolf@example.jp' };
  const game = await createGame(deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Mail Game',
    seats: [
      { side: 'allied', email: players.allied, locale: 'en', timeZone: 'Europe/London' },
      { side: 'german', email: players.german, locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });
  await deliverAll();
  await checkWelcome(game.id, players);

  const def = gameDefinition(deps, 'atlantic-wolves')!;
  let mails = 0;
  for (let round = 0; round < 400; round++) {
    const step = await currentStep(deps, game.id);
    if (step.gameStatus === 'finished') break;
    expect(step.status).toBe('open');
    for (const owed of step.owed) {
      const orders = def.defaultOrders(step.envelope.state, owed.seat);
      const text = formatOrderText(def, { data: def.defaultData }, orders, 'en').join('\n');
      await replyTo(players[owed.seat as 'allied' | 'german'], text);
      mails++;
    }
    await deliverAll();
  }
  const final = await currentStep(deps, game.id);
  expect(final.gameStatus).toBe('finished');
  // Every order mail was processed and accepted; nothing failed.
  const inbound = await t.db.inboundMail.findMany({ select: { status: true, result: true } });
  expect(inbound).toHaveLength(mails);
  expect(
    inbound.every((m) => m.status === 'processed' && (m.result as { outcome: string }).outcome === 'accepted'),
  ).toBe(true);
  // Each seat got a reply per order mail and results, threaded and in its language; the last says the game is over.
  const german = recorder.to(players.german);
  expect(german.some((m) => (m.parsed.text ?? '').includes('命令を受け付けました'))).toBe(true);
  expect(german.some((m) => m.parsed.subject!.includes('ゲーム終了'))).toBe(true);
  expect(recorder.to(players.allied).some((m) => m.parsed.subject!.includes('Game over'))).toBe(true);
  // Replies are threaded under the player's mail; results under the seat's thread root.
  const reply = german.find((m) => (m.parsed.text ?? '').includes('命令を受け付けました'))!;
  expect(reply.parsed.inReplyTo).toMatch(/^</);
  expect(reply.parsed.text).toMatch(/締切|提出|処理/);
  for (const m of recorder.messages) expect(m.parsed.references).toBeTruthy();
  // Acknowledgements of a burst are held a minute to be folded into one mail: a minute on, they are delivered too.
  await deliverAllDue(t.deps, 61_000);
  const outbox = await t.db.outbox.groupBy({ by: ['status'], _count: true });
  expect(outbox).toEqual([{ status: 'sent', _count: recorder.messages.length }]);
}, 180_000);
