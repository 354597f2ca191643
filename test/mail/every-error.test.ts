/**
 * An order mail gets every error at once: a line that cannot be read, a field the seat does not owe, and what is
 * wrong with the owed answer (capacity with its arithmetic, units not placed), sent through the real SMTP listener.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { createGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { sendToListener } from './helpers.ts';

let t: TestApp;
let listener: SmtpListener;
let address: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { MAIL_DOMAIN: 'judge.test', MAIL_FROM: 'Judge <judge@judge.test>' } });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  const game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    seats: [
      { side: 'allied', email: 'ally@example.org' },
      { side: 'german', email: 'wolf@example.jp', locale: 'ja' },
    ],
  });
  const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: game.id, side: 'allied' } });
  address = `orders+${seat.mailToken}@judge.test`;
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const replyText = async () =>
  (
    await t.db.outbox.findFirstOrThrow({
      where: { toAddress: 'ally@example.org', kind: 'reply' },
      orderBy: { createdAt: 'desc' },
    })
  ).text;

test('a mail with an unreadable line, a field not owed and a bad placement is answered with every error', async () => {
  const text = ['PLACE C01 C02 C03 C04 C05 C06 -> CB', 'ESCORT GB-DD1 U01', 'PLACE NOSUCHUNIT -> CB'].join('\n');
  await sendToListener(listener.port, { from: 'ally@example.org', to: address, subject: 'orders', text });
  const reply = await replyText();
  expect(reply).toContain('REJECTED');
  expect(reply).toMatch(/line 3: .*\[aw\/text\//); // the unreadable line
  expect(reply).toContain('[aw/orders/not-owed]'); // escorts are not owed at the Allied placement
  expect(reply).toContain('[aw/placement/missing]'); // C07 ... are not placed
  // Caribbean has 配置数 3: the error says so, and cites the rule.
  expect(reply).toContain(
    'AW 6.0-C1: Caribbean (CB) would hold 6 Allied units, 3 too many: its capacity is 3 (the printed 配置数) ' +
      '[aw/placement/capacity]',
  );
  expect(await t.db.order.count()).toBe(0);
});

test('without the unreadable line, the same mail still lists the owed answer\'s errors beside "not owed"', async () => {
  const text = ['PLACE C01 C02 C03 C04 C05 C06 -> CB', 'ESCORT GB-DD1 U01'].join('\n');
  await sendToListener(listener.port, { from: 'ally@example.org', to: address, subject: 'orders again', text });
  const reply = await replyText();
  expect(reply).toContain('[aw/orders/not-owed]');
  expect(reply).toContain('[aw/placement/capacity]');
  expect(reply).toContain('[aw/placement/missing]');
  expect(await t.db.order.count()).toBe(0);
});
