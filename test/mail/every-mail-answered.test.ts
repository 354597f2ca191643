/**
 * No mail without an answer, through the real SMTP listener and intake path on real Postgres: a deadline first
 * processes the game's order mail already received (a mail whose process died holding its lease is applied before
 * default orders, never defaulted over); a repeat of a mail without a Message-ID is answered as a duplicate, of
 * which mail; a moderator's APPROVE or REJECT processed again after a crash answers what it did and does nothing
 * twice; a mail given up after INBOUND_MAX_ATTEMPTS is answered (English and Japanese) and shown to the moderator
 * (mail, API view, console page).
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toyGame } from '../../src/games/toy/index.ts';
import { runDeadlineJob } from '../../src/jobs/worker.ts';
import { recipientKeys, storeInbound } from '../../src/mail/inbound-store.ts';
import { inboundMessageId, recoverInboundMail, recoverInboundMailOf } from '../../src/mail/intake.ts';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { bearerOf, buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { client } from '../web/helpers.ts';
import { sendRawToListener, sendToListener } from './helpers.ts';

let now = new Date('2031-09-01T09:00:00.000Z');
let t: TestApp;
let listener: SmtpListener;
let boss: PgBoss;
const LEASE_S = 60;

beforeAll(async () => {
  const config = {
    MAIL_DOMAIN: 'judge.test',
    MAIL_FROM: 'Judge <judge@judge.test>',
    MAIL_REPLY_LIMIT_PER_HOUR: 1000,
    INBOUND_LEASE_SECONDS: LEASE_S,
    INBOUND_MAX_ATTEMPTS: 2,
  };
  t = await buildTestApp({ games: [toyGame], clock: () => now, config });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  boss = await startBoss({ databaseUrl: t.database.url, config: t.deps.config, log: t.deps.log, worker: false });
  markJobTablesInstalled();
});
afterAll(async () => {
  await listener?.close();
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
});

const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** A toy game (two seats, a day per step, default orders at the deadline), with each seat's reply address. */
async function newGame(extra: { review?: 'moderator' } = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  const game: CreatedGame = await createGame(t.deps, {
    game: 'toy',
    mode: 'mail',
    moderatorEmail: `mod-${n}@example.org`,
    seats: [
      { side: 'a', email: `a-${n}@example.org` },
      { side: 'b', email: `b-${n}@example.org`, locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
    deadlines: { default: { length: '1d' } },
    graceSeconds: 0,
    missedPolicy: 'default-after-grace',
    ...extra,
  });
  const seats = await t.db.seat.findMany({ where: { gameId: game.id } });
  const seat = (side: string) => seats.find((s) => s.side === side)!;
  const address = (side: string) => `orders+${seat(side).mailToken}@judge.test`;
  const pick = (side: string, n: number) =>
    submitOrders(t.deps, { gameId: game.id, seatId: seat(side).id, orders: { pick: n }, raw: '{}', source: 'api' });
  return { game, seat, address, pick, moderatorEmail: `mod-${n}@example.org` };
}

const mailsTo = (address: string, kinds = ['reply', 'refusal']) =>
  t.db.outbox.findMany({ where: { toAddress: address, kind: { in: kinds } }, orderBy: { createdAt: 'asc' } });
const stepOf = (gameId: string, number: number) =>
  t.db.step.findUniqueOrThrow({ where: { gameId_number: { gameId, number } } });

/** A raw mail, without a Message-ID unless given. */
function rawMail(from: string, to: string, subject: string, body: string, messageId?: string): Buffer {
  const id = messageId ? `Message-ID: ${messageId}\r\n` : '';
  return Buffer.from(`From: ${from}\r\nTo: ${to}\r\n${id}Subject: ${subject}\r\n\r\n${body}\r\n`);
}

/** What a process killed right after storing a mail leaves: the rows the real store wrote, leased to it. */
async function storedByDyingProcess(raw: Buffer, envelopeTo: string[]) {
  const msg = { raw, source: 'smtp' as const, envelopeFrom: 'p@example.org', envelopeTo };
  for (const key of await recipientKeys(t.deps, msg))
    expect(await storeInbound(t.deps, { ...msg, size: raw.length }, inboundMessageId(raw), key)).not.toBeNull();
}

describe('a deadline first processes the order mail already received for its game', () => {
  test('a mail whose process died holding its lease is applied before default orders, not defaulted over', async () => {
    const g = await newGame();
    await g.pick('a', 2);
    const step = await stepOf(g.game.id, 0);
    const deadline = step.deadlineAt!;
    // b's orders by mail, half a minute before the deadline; the process that stored the mail dies.
    now = new Date(deadline.getTime() - 30_000);
    const raw = rawMail('b@example.org', g.address('b'), 'orders', 'PICK 5', '<b-orders@example.org>');
    await storedByDyingProcess(raw, [g.address('b')]);
    // The sending server retries: the mail is leased to the dead process, so the retry leaves it waiting.
    const retry = await sendRawToListener(listener.port, raw, { from: 'b@example.org', to: [g.address('b')] });
    expect(retry.response).toContain('Already received');

    // The deadline comes while the lease still holds: it waits for the mail instead of defaulting b.
    now = new Date(deadline.getTime() + 1000);
    const job = { gameId: g.game.id, stepId: step.id, at: deadline.toISOString() };
    expect(await runDeadlineJob(t.deps, job, recoverInboundMailOf)).toBe('mail-pending');
    expect((await stepOf(g.game.id, 0)).status).toBe('open');
    // Its next look, after the lease ran out: the mail is processed first, and its orders resolve the step.
    now = new Date(deadline.getTime() + LEASE_S * 1000);
    const again = { ...job, at: new Date(deadline.getTime() + 5000).toISOString() };
    expect(await runDeadlineJob(t.deps, again, recoverInboundMailOf)).toBe('not-current');
    const resolved = await stepOf(g.game.id, 0);
    expect(resolved.status).toBe('published');
    expect(resolved.defaultsApplied).toEqual([]);
    const orders = await t.db.order.findMany({ where: { stepId: step.id, seatId: g.seat('b').id } });
    expect(orders.map((o) => [o.source, o.parsed])).toEqual([['email', { pick: 5 }]]);
    const [answer] = await mailsTo(g.seat('b').email);
    expect(answer.inReplyTo).toBe('<b-orders@example.org>');
    expect(answer.text).toContain('命令を受け付けました');
  });

  test('a game with no mail in flight is defaulted at its deadline as before', async () => {
    const g = await newGame();
    await g.pick('a', 2);
    const step = await stepOf(g.game.id, 0);
    now = new Date(step.deadlineAt!.getTime() + 1000);
    const job = { gameId: g.game.id, stepId: step.id, at: step.deadlineAt!.toISOString() };
    expect(await runDeadlineJob(t.deps, job, recoverInboundMailOf)).toBe('defaults-applied');
    expect((await stepOf(g.game.id, 0)).defaultsApplied).toEqual(['b']);
  });
});

describe('a repeat of a mail without a Message-ID', () => {
  test('is answered as a duplicate, naming the mail it repeats; its orders are stored once', async () => {
    const g = await newGame();
    const raw = rawMail('a@example.org', g.address('a'), 'my pick', 'PICK 3');
    const envelope = { from: 'a@example.org', to: [g.address('a')] };
    await sendRawToListener(listener.port, raw, envelope);
    later(30 * 60_000);
    await sendRawToListener(listener.port, raw, envelope);
    const answers = await mailsTo(g.seat('a').email);
    expect(answers).toHaveLength(2);
    expect(answers[0].text).toContain('Orders in:');
    expect(answers[1].subject).toBe('Re: my pick');
    expect(answers[1].text).toContain('This mail is a duplicate');
    expect(answers[1].text).toContain('received at 2031-09-');
    expect(answers[1].text).toContain('("my pick"), which was processed: its orders were accepted');
    expect(answers[1].text).toContain('このメールは重複です');
    expect(answers[1].gameId).toBe(g.game.id);
    const orders = await t.db.order.findMany({ where: { gameId: g.game.id, seatId: g.seat('a').id } });
    expect(orders).toHaveLength(1);
  });

  test("a stranger's repeat is answered on the strangers' budget, naming no game", async () => {
    const raw = rawMail('stranger@example.net', 'orders@judge.test', 'hello', 'PICK 3');
    const envelope = { from: 'stranger@example.net', to: ['orders@judge.test'] };
    await sendRawToListener(listener.port, raw, envelope);
    await sendRawToListener(listener.port, raw, envelope);
    const answers = await mailsTo('stranger@example.net');
    expect(answers.map((a) => [a.kind, a.gameId])).toEqual([
      ['refusal', null],
      ['refusal', null],
    ]);
    expect(answers[1].text).toContain('This mail is a duplicate');
    expect(answers[1].text).toContain('which was refused');
  });
});

describe("a moderator's APPROVE or REJECT processed again after its process died", () => {
  /** A game awaiting review, and the moderator's mail with `command`, processed; then its reply lost. */
  async function decidedThenDied(command: string) {
    const g = await newGame({ review: 'moderator' });
    await g.pick('a', 2);
    await g.pick('b', 4);
    expect((await stepOf(g.game.id, 0)).status).toBe('awaiting_review');
    const messageId = `<decide-${g.game.id}@example.org>`;
    const text = `SIGNON ${g.game.moderatorToken}\n${command}`;
    await sendToListener(listener.port, { from: g.moderatorEmail, to: 'orders@judge.test', text, messageId });
    const [row] = await t.db.inboundMail.findMany({ where: { messageId } });
    expect(row.status).toBe('processed');
    // Died after the decision, before the reply: the reply is missing and the row unfinished.
    const first = await t.db.outbox.findMany({ where: { inReplyTo: messageId } });
    expect(first).toHaveLength(1);
    await t.db.outbox.delete({ where: { id: first[0].id } });
    await t.db.inboundMail.update({ where: { id: row.id }, data: { status: 'received', leaseUntil: null } });
    expect(await recoverInboundMail(t.deps)).toBe(1);
    const answers = await t.db.outbox.findMany({ where: { inReplyTo: messageId } });
    expect(answers).toHaveLength(1);
    const audit = await t.db.auditLog.findMany({ where: { gameId: g.game.id, action: { startsWith: 'step.' } } });
    return { g, answer: answers[0].text, audit: audit.map((a) => a.action) };
  }

  test('APPROVE: answered that this mail approved the step already, not refused; published once', async () => {
    const { g, answer, audit } = await decidedThenDied('APPROVE');
    expect(answer).toContain('APPROVE: step 0 published (this mail approved it already');
    expect(answer).not.toContain('not awaiting review');
    expect(audit).toEqual(['step.approve']);
    expect((await stepOf(g.game.id, 0)).status).toBe('published');
  });

  test('REJECT: answered that this mail sent the step back already; the seats are told once', async () => {
    const { g, answer, audit } = await decidedThenDied('REJECT wrong pick');
    expect(answer).toContain('REJECT: step 0 sent back (wrong pick) by this mail already');
    expect(answer).not.toContain('not awaiting review');
    expect(audit).toEqual(['step.reject']);
    expect(await t.db.outbox.count({ where: { gameId: g.game.id, kind: 'rejected' } })).toBe(2);
  });
});

describe('a mail given up after INBOUND_MAX_ATTEMPTS', () => {
  test('its sender is answered in both languages, and the moderator is told and shown it', async () => {
    const g = await newGame();
    const raw = rawMail('a@example.org', g.address('a'), 'orders that kill', 'PICK 1', '<killer@example.org>');
    await storedByDyingProcess(raw, [g.address('a')]);
    // Two more processes took it and died (INBOUND_MAX_ATTEMPTS is 2): the next taker gives it up.
    await t.db.inboundMail.updateMany({
      where: { messageId: '<killer@example.org>' },
      data: { attempts: 2, leaseUntil: new Date(now.getTime() - 1000) },
    });
    expect(await recoverInboundMail(t.deps)).toBe(1);
    const [row] = await t.db.inboundMail.findMany({ where: { messageId: '<killer@example.org>' } });
    expect(row.status).toBe('failed');
    expect(await t.db.order.count({ where: { gameId: g.game.id } })).toBe(0);

    const [answer] = await mailsTo(g.seat('a').email);
    expect(answer.inReplyTo).toBe('<killer@example.org>');
    expect(answer.subject).toBe('Re: orders that kill');
    expect(answer.text).toContain('this mail could not be read');
    expect(answer.text).toContain('このメールを読み取れませんでした');
    expect(Buffer.byteLength(answer.text)).toBeLessThan(2048);
    const [notice] = await mailsTo(g.moderatorEmail, ['moderator']);
    expect(notice.subject).toContain('Mail set aside unread');
    expect(notice.text).toContain('Subject: orders that kill');

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/games/${g.game.id}`,
      headers: bearerOf(g.game.moderatorToken),
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().unreadMails).toEqual([
      {
        receivedAt: row.receivedAt.toISOString(),
        from: 'a@example.org',
        subject: 'orders that kill',
        side: 'a',
        answered: true,
      },
    ]);
    const seatView = await t.app.inject({
      method: 'GET',
      url: `/api/games/${g.game.id}`,
      headers: bearerOf(g.game.seats[0].token),
    });
    expect(seatView.json()).not.toHaveProperty('unreadMails');

    const c = client(t.app);
    expect((await c.get(`/console/login?token=${TEST_ADMIN_TOKEN}`)).statusCode).toBe(303);
    const page = (await c.get(`/console/games/${g.game.id}`)).body;
    expect(page).toContain('Mails set aside unread (1)');
    expect(page).toMatch(/<td>a@example.org<\/td><td>orders that kill<\/td>/);
  });
});
