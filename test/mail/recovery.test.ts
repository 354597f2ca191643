/**
 * Inbound mail after a crash, through the real SMTP listener (nodemailer as the sending server): a mail stored by a
 * process that died before finishing it is processed when the sending server retries (never answered "Already
 * received" and lost), or by the recovery sweep once its lease has run out; processing it again stores its order
 * once and answers it once. And deduplication is by Message-ID and recipient: one mail sent to two seats' reply
 * addresses is processed once for each seat. The real process killed at these points: test/server/crash-recovery.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recoverInboundMail } from '../../src/mail/intake.ts';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { formatOrderText } from '../../src/orders-text/game-text.ts';
import { gameDefinition } from '../../src/services/deps.ts';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { currentStep } from '../../src/services/steps.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { fixture, sendRawToListener, sendToListener } from './helpers.ts';

let now = new Date('2031-07-01T09:00:00.000Z');
let t: TestApp;
let listener: SmtpListener;

beforeAll(async () => {
  const mail = { MAIL_DOMAIN: 'judge.test', MAIL_FROM: 'Judge <judge@judge.test>', MAIL_REPLY_LIMIT_PER_HOUR: 1000 };
  t = await buildTestApp({ clock: () => now, config: { ...mail, INBOUND_LEASE_SECONDS: 30 } });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

type BySeat = Record<string, string>;

/** A game, with each seat's reply address and registered address. */
async function newGame(): Promise<{ game: CreatedGame; address: BySeat; email: BySeat }> {
  const n = Math.random().toString(36).slice(2, 8);
  const email = { allied: `ally-${n}@example.org`, german: `wolf-${n}@example.jp` };
  const game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    seats: [
      { side: 'allied', email: email.allied },
      { side: 'german', email: email.german, locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });
  const seats = await t.db.seat.findMany({ where: { gameId: game.id } });
  const address = Object.fromEntries(seats.map((s) => [s.side, `orders+${s.mailToken}@judge.test`]));
  return { game, address, email };
}

const answersTo = (messageId: string) =>
  t.db.outbox.findMany({ where: { inReplyTo: messageId, kind: { in: ['reply', 'refusal'] } } });
const retry = { from: 'ally.mobile@example.net', to: ['orders@judge.test'] };
const rowsOf = (messageId: string) =>
  t.db.inboundMail.findMany({ where: { messageId }, orderBy: { recipient: 'asc' } });

/** A row as a process killed right after storing the mail leaves it (lease: until when it was held). */
async function storedByDeadProcess(raw: Buffer, messageId: string, envelopeTo: string[], leaseUntil?: Date) {
  const envelopeFrom = 'ally.mobile@example.net';
  const stored = { messageId, source: 'smtp', envelopeFrom, envelopeTo, raw: new Uint8Array(raw), size: raw.length };
  const lease = leaseUntil ? { leaseUntil } : {};
  return t.db.inboundMail.create({ data: { ...stored, status: 'received', receivedAt: now, ...lease } });
}

describe('a mail whose process died before finishing it', () => {
  test('the sending server\'s retry gets it processed and answered, not "Already received" and lost', async () => {
    const { game, email } = await newGame();
    const raw = fixture('signon.eml', { MID: 'died-1', PASSWORD: game.seats[0].token });
    await storedByDeadProcess(raw, '<died-1@example.net>', ['orders@judge.test']);
    const info = await sendRawToListener(listener.port, raw, retry);
    expect(info.response).not.toContain('Already received');
    const rows = await rowsOf('<died-1@example.net>');
    expect(rows.map((r) => r.status)).toEqual(['processed']);
    const answers = await answersTo('<died-1@example.net>');
    expect(answers.map((a) => a.toAddress)).toEqual([email.allied]);
    expect(answers[0].text).toContain('Status at step 0');
  });

  test('during its lease a retry gets 250 and leaves the mail to its holder; then the sweep takes it', async () => {
    const { game } = await newGame();
    const raw = fixture('signon.eml', { MID: 'died-2', PASSWORD: game.seats[1].token });
    await storedByDeadProcess(raw, '<died-2@example.net>', ['orders@judge.test'], new Date(now.getTime() + 30_000));
    const info = await sendRawToListener(listener.port, raw, retry);
    expect(info.response).toContain('Already received');
    expect(await recoverInboundMail(t.deps)).toBe(0);
    expect((await rowsOf('<died-2@example.net>'))[0].status).toBe('received');
    now = new Date(now.getTime() + 31_000);
    expect(await recoverInboundMail(t.deps)).toBe(1);
    const [row] = await rowsOf('<died-2@example.net>');
    expect(row.status).toBe('processed');
    expect(row.attempts).toBe(1);
    expect(await answersTo('<died-2@example.net>')).toHaveLength(1);
  });

  test('processed again after dying before its reply, then before its mark: one order, one answer', async () => {
    const { game, address } = await newGame();
    const def = gameDefinition(t.deps, 'atlantic-wolves')!;
    const seatOf = async (side: string) => (await t.db.seat.findFirstOrThrow({ where: { gameId: game.id, side } })).id;
    const keysOf = (state: unknown, seat: string) => (def.choices(state, seat)?.fields ?? []).map((f) => f.key);
    /** Plays every owed seat's default orders through the API path until `until` holds for the open step. */
    const playUntil = async (until: (step: Awaited<ReturnType<typeof currentStep>>) => boolean) => {
      for (let step = await currentStep(t.deps, game.id); !until(step); step = await currentStep(t.deps, game.id)) {
        for (const o of step.owed) {
          const orders = def.defaultOrders(step.envelope.state, o.seat);
          const seatId = await seatOf(o.seat);
          await submitOrders(t.deps, { gameId: game.id, seatId, orders, raw: '{}', source: 'api' });
        }
      }
    };
    // AW 12.0 (mail play): the German reinforcement draw. Read while it is owed, REINFORCE is that order; read when
    // the German owes something else, the same line is a standing order for a later draw.
    await playUntil((step) => step.owed.some((o) => keysOf(step.envelope.state, o.seat).includes('reinforce')));
    const step = await currentStep(t.deps, game.id);
    expect(step.owed.map((o) => o.seat)).toEqual(['german']);
    const orders = def.defaultOrders(step.envelope.state, 'german');
    const text = formatOrderText(def, { data: def.defaultData }, orders, 'en').join('\n');
    expect(text).toMatch(/^REINFORCE /);
    const messageId = '<died-3@example.org>';
    const mail = { from: 'p@example.org', to: address.german, subject: 'orders', text, messageId };
    await sendToListener(listener.port, mail);
    const seatId = await seatOf('german');
    const mailOrders = () => t.db.order.findMany({ where: { gameId: game.id, seatId, source: 'email' } });
    expect((await mailOrders()).map((o) => o.parsed)).toEqual([orders]);
    const [row] = await rowsOf(messageId);
    expect(row.status).toBe('processed');
    const [answer] = await answersTo(messageId);
    expect(answer.text).toContain('命令を受け付けました'); // the German seat's Japanese ACCEPTED
    // The game moves on to a step where the German owes a placement.
    await playUntil((next) => next.owed.some((o) => o.seat === 'german'));

    // Died after its orders, before the reply: the reply is missing and the row unfinished.
    await t.db.outbox.delete({ where: { id: answer.id } });
    const unfinished = { status: 'received', leaseUntil: null, processedAt: null };
    await t.db.inboundMail.update({ where: { id: row.id }, data: unfinished });
    expect(await recoverInboundMail(t.deps)).toBe(1);
    expect(await mailOrders()).toHaveLength(1);
    const again = await answersTo(messageId);
    expect(again).toHaveLength(1);
    // The orders as stored then are the answer: the text read now would be a standing order.
    const understood = (mail: string) => mail.slice(0, mail.indexOf('命令を受け付けました'));
    expect(again[0].text).toContain('命令を受け付けました');
    expect(understood(again[0].text)).toBe(understood(answer.text));
    expect((await rowsOf(messageId))[0].result).toMatchObject({ outcome: 'accepted' });

    // Died after the reply, before the row was marked: nothing is stored or sent twice.
    await t.db.inboundMail.update({ where: { id: row.id }, data: { status: 'received', leaseUntil: null } });
    expect(await recoverInboundMail(t.deps)).toBe(1);
    expect(await mailOrders()).toHaveLength(1);
    expect(await answersTo(messageId)).toHaveLength(1);
  }, 120_000);
});

describe('deduplication by Message-ID and recipient', () => {
  test("one mail sent to two seats' reply addresses is processed once for each, a repeat of it for none", async () => {
    const { address, email } = await newGame();
    const to = [address.allied, address.german];
    const messageId = '<two-seats@example.org>';
    const mail = { from: 'both@example.org', to, subject: 'status', text: 'STATUS', messageId };
    await sendToListener(listener.port, mail);
    const rows = await rowsOf('<two-seats@example.org>');
    expect(rows.map((r) => r.recipient).sort()).toEqual([address.allied, address.german].sort());
    expect(rows.every((r) => r.status === 'processed')).toBe(true);
    expect(new Set(rows.map((r) => r.seatId)).size).toBe(2);
    const answered = async () => (await answersTo('<two-seats@example.org>')).map((a) => a.toAddress).sort();
    expect(await answered()).toEqual([email.allied, email.german].sort());

    const info = await sendToListener(listener.port, mail);
    expect(info.response).toContain('Already received');
    expect(await rowsOf('<two-seats@example.org>')).toHaveLength(2);
    expect(await answered()).toEqual([email.allied, email.german].sort());
  });

  test('the same mail delivered to each seat in a transaction of its own is processed for both', async () => {
    const { address, email } = await newGame();
    const head = `From: both@example.org\r\nTo: ${address.allied}, ${address.german}`;
    const raw = `${head}\r\nMessage-ID: <split@example.org>\r\nSubject: status\r\n\r\nSTATUS\r\n`;
    await sendRawToListener(listener.port, raw, { from: 'both@example.org', to: [address.allied] });
    const second = await sendRawToListener(listener.port, raw, { from: 'both@example.org', to: [address.german] });
    expect(second.response).not.toContain('Already received');
    const answered = (await answersTo('<split@example.org>')).map((a) => a.toAddress);
    expect(answered.sort()).toEqual([email.allied, email.german].sort());
  });
});
