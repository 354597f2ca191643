/**
 * A reply is never much larger than the mail that caused it (no amplification): a mail of tens of thousands of bad
 * lines, through the real SMTP listener, gets a reply that lists the first errors and the first lines not read, with
 * a count of the rest, and quotes long lines cut short. The refusal to an unknown sender is one fixed text.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPLY_LIMITS } from '../../src/mail/compose-reply.ts';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { createGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { sendToListener } from './helpers.ts';

let t: TestApp;
let listener: SmtpListener;
let replyAddress: string;
let personAddress: string;
const PLAYER = 'ally@example.org';
const PERSON = 'both@example.org';

beforeAll(async () => {
  t = await buildTestApp({ config: { MAIL_DOMAIN: 'judge.test', MAIL_FROM: 'Judge <judge@judge.test>' } });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  const game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Bounded Game',
    seats: [
      { side: 'allied', email: PLAYER },
      { side: 'german', email: 'wolf@example.jp', locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });
  const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: game.id, side: 'allied' } });
  replyAddress = `orders+${seat.mailToken}@judge.test`;
  // A person holding both seats of a toy game: its mails address seats with SEAT lines.
  const toy = await createGame(t.deps, {
    game: 'toy',
    mode: 'mail',
    name: 'Bounded Toy',
    seats: [
      { side: 'a', email: PERSON },
      { side: 'b', email: PERSON },
    ],
  });
  const person = await t.db.person.findFirstOrThrow({ where: { gameId: toy.id } });
  personAddress = `orders+${person.mailToken}@judge.test`;
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const KB = 1024;
const replyTo = async (to: string, messageId: string) => {
  const inbound = await t.db.inboundMail.findFirstOrThrow({ where: { messageId } });
  expect(inbound.status).not.toBe('received');
  return t.db.outbox.findFirstOrThrow({ where: { toAddress: to, kind: 'reply', inReplyTo: messageId } });
};
const sizeOf = (mail: { text: string; html: string | null }) =>
  Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html ?? '');

describe('bounded answers', () => {
  test('20,000 lines naming seats the person does not hold: the first errors and a count of the rest', async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `SEAT nobody${i}\nPICK 3`).join('\n');
    const messageId = '<flood-seat@example.org>';
    await sendToListener(listener.port, { from: PERSON, to: personAddress, subject: 'orders', text, messageId });
    const reply = await replyTo(PERSON, messageId);
    const size = sizeOf(reply);
    expect(size).toBeLessThan(64 * KB);
    expect(size).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(reply.text).toMatch(/Errors \((\d+)\)/);
    const total = Number(/Errors \((\d+)\)/.exec(reply.text)![1]);
    expect(total).toBeGreaterThan(REPLY_LIMITS.errors);
    expect(reply.text).toContain(`… and ${total - REPLY_LIMITS.errors} more, not listed`);
  });

  test('lines not read as orders, each 2 KB long: the first lines, cut short, and a count of the rest', async () => {
    const long = 'x'.repeat(2000);
    const text = Array.from({ length: 300 }, (_, i) => `hello ${i} ${long}`).join('\n');
    const messageId = '<flood-lines@example.org>';
    await sendToListener(listener.port, { from: PLAYER, to: replyAddress, subject: 'orders', text, messageId });
    const reply = await replyTo(PLAYER, messageId);
    expect(sizeOf(reply)).toBeLessThan(16 * KB);
    expect(reply.text).not.toContain('x'.repeat(REPLY_LIMITS.quotedChars + 1));
    const notRead = reply.text.split('\n').find((l) => l.startsWith('Lines not read as orders'))!;
    expect(notRead.match(/ \d+ "hello/g)).toHaveLength(REPLY_LIMITS.ignored);
    expect(notRead).toMatch(/… and \d+ more, not listed$/);
  });
});
