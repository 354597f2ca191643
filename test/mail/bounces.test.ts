/**
 * Bounces end to end (docs/email.md, "Bounces"): every mail leaves with its own bounce address as envelope sender
 * (seen by a real SMTP peer, and as Return-Path in the sink); bounces arriving by the SMTP listener and the HTTP door
 * and IMAP (an RFC 3464 report, and the non-standard formats) mark the seat's address for the moderator (API and console) and
 * the player's page, tell the moderator, are never read as orders nor answered; repeated hard bounces suppress mail
 * to the address until the player confirms or changes it on the page; soft bounces are counted first.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSender, deliverDue } from '../../src/mail/delivery.ts';
import { pollMailbox } from '../../src/mail/imap-poller.ts';
import { writeOutbox } from '../../src/mail/outbox.ts';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { bearerOf, buildTestApp, type TestApp } from '../support/app.ts';
import { client, csrfOf } from '../web/helpers.ts';
import { createDeliveryDeps, deliverAllDue } from './deps.ts';
import { freePort } from '../support/service-process.ts';
import { installed, startDovecot } from './dovecot.ts';
import { sendRawToListener, startRecorder } from './helpers.ts';

const WEBHOOK = 'webhook-secret-0123456789';
const sink = mkdtempSync(join(tmpdir(), 'bounce-sink-'));
let t: TestApp;
let listener: SmtpListener;
let game: CreatedGame;

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      MAIL_DOMAIN: 'judge.test',
      MAIL_FROM: 'Judge <judge@judge.test>',
      MAIL_SINK_DIR: sink,
      INBOUND_WEBHOOK_TOKEN: WEBHOOK,
    },
  });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Bounce Game',
    moderatorEmail: 'mod@example.org',
    seats: [
      { side: 'allied', email: 'ally@example.org' },
      { side: 'german', email: 'wolf@example.jp', locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });
  await deliverAllDue(t.deps);
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const crlf = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
const sentTo = (to: string) =>
  t.db.outbox.findFirstOrThrow({ where: { toAddress: to, status: 'sent' }, orderBy: { createdAt: 'asc' } });
const sinkFile = (id: string) => readdirSync(sink).find((f) => f.endsWith(`-${id}.eml`));
const moderatorView = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: bearerOf(game.moderatorToken) })).json();
const seatStatus = async (side: string) =>
  (await moderatorView()).seats.find((s: { side: string }) => s.side === side).mailStatus;
const inbound = (mid: string) => t.db.inboundMail.findFirstOrThrow({ where: { messageId: `<${mid}>` } });
const queueTo = async (to: string, subject: string, kind: 'reminder' | 'sign-in' = 'reminder') => {
  const [row] = await writeOutbox(
    t.db,
    t.deps.config,
    [
      {
        kind,
        gameId: game.id,
        to,
        subject,
        text: 'x',
        html: '',
        references: [],
        headers: {},
        attachments: [],
      },
    ],
    new Date(),
  );
  return row.id;
};

/** An RFC 3464 report (Postfix) returning the outbox row whose bounce address it is sent to. */
const postfixDsn = (mid: string, to: string, token: string, status = '5.1.1', action = 'failed') =>
  crlf([
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>',
    `To: bounces+${token}@judge.test`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <${mid}>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="r1"',
    '',
    '--r1',
    'Content-Type: text/plain',
    '',
    `I'm sorry to have to inform you that your message could not be delivered to ${to}.`,
    '--r1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    '',
    `Final-Recipient: rfc822; ${to}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; 550 ${status} <${to}>: Recipient address rejected: User unknown`,
    '--r1',
    'Content-Type: message/rfc822',
    '',
    'From: Judge <judge@judge.test>',
    `To: ${to}`,
    'Subject: Your orders',
    '',
    'PLACE C01 C02 -> WA',
    '--r1--',
  ]);

describe('the bounce address', () => {
  test('every mail leaves with its own bounce address; the sink writes it as Return-Path', async () => {
    const welcome = await sentTo('ally@example.org');
    expect(welcome.bounceToken).toMatch(/^[0-9a-f]{32}$/);
    const raw = readFileSync(join(sink, sinkFile(welcome.id)!), 'utf8');
    expect(raw.split('\n')[0]).toBe(`Return-Path: <bounces+${welcome.bounceToken}@judge.test>`);
    const tokens = await t.db.outbox.findMany({ select: { bounceToken: true } });
    expect(new Set(tokens.map((r) => r.bounceToken)).size).toBe(tokens.length);

    const peer = await startRecorder();
    try {
      const id = await queueTo('ally@example.org', 'By SMTP');
      const sender = createSender({ SMTP_URL: `smtp://127.0.0.1:${peer.port}?tls=off`, MAIL_SINK_DIR: sink });
      await deliverDue(createDeliveryDeps(t.deps), sender);
      sender.close();
      const row = await t.db.outbox.findUniqueOrThrow({ where: { id } });
      const [got] = peer.to('ally@example.org');
      expect(got.mailFrom).toBe(`bounces+${row.bounceToken}@judge.test`);
      expect(got.parsed.from?.text).toContain('judge@judge.test'); // the From a person sees is unchanged
    } finally {
      await peer.stop();
    }
  });
});

describe('bounces', () => {
  test('a DSN to a player bounce address marks the seat for the moderator and the page, and is never answered', async () => {
    const welcome = await sentTo('ally@example.org');
    await sendRawToListener(
      listener.port,
      postfixDsn('dsn-1@mx.example.org', 'ally@example.org', welcome.bounceToken),
      {
        from: '',
        to: [`bounces+${welcome.bounceToken}@judge.test`],
      },
    );
    const row = await inbound('dsn-1@mx.example.org');
    expect(row.status).toBe('ignored');
    expect(row.result).toMatchObject({ bounce: { hard: true, status: '5.1.1', mailStatus: 'bouncing' } });
    expect(await seatStatus('allied')).toMatchObject({ status: 'bouncing', reason: expect.stringContaining('5.1.1') });
    expect((await seatStatus('allied')).since).toBeTruthy();
    expect(await seatStatus('german')).toEqual({ status: 'ok', since: null, reason: null });
    const notice = await t.db.outbox.findFirstOrThrow({ where: { toAddress: 'mod@example.org', kind: 'moderator' } });
    expect(notice.subject).toContain('Mail bouncing');
    expect(notice.text).toContain('ally@example.org (allied)');
    // Nothing was read as orders, nothing answered.
    expect(await t.db.order.count()).toBe(0);
    expect(await t.db.outbox.count({ where: { kind: { in: ['reply', 'refusal'] } } })).toBe(0);

    const player = client(t.app);
    await player.get(`/play/${game.id}?token=${game.seats.find((s) => s.side === 'allied')!.token}`);
    const page = (await player.get(`/play/${game.id}`)).body;
    expect(page).toContain('id="mail-bouncing"');
    expect(page).toContain('Mail to ally@example.org is not arriving');
    expect(page).toContain('5.1.1');

    const mod = client(t.app);
    await mod.get(`/play/${game.id}?token=${game.moderatorToken}`);
    const consolePage = (await mod.get(`/console/games/${game.id}`)).body;
    expect(consolePage).toMatch(/class="mail-status mail-bouncing">bouncing/);
  });

  test('the same bounce delivered again is counted once', async () => {
    const welcome = await sentTo('ally@example.org');
    const http = await t.app.inject({
      method: 'POST',
      url: '/mail/inbound',
      headers: { authorization: `Bearer ${WEBHOOK}`, 'content-type': 'message/rfc822' },
      payload: postfixDsn('dsn-1@mx.example.org', 'ally@example.org', welcome.bounceToken),
    });
    expect(http.statusCode).toBeLessThan(300);
    expect((await seatStatus('allied')).status).toBe('bouncing');
  });

  test('non-standard bounces (Exim text by SMTP, Gmail without the bounce address by HTTP) count too; two hard bounces suppress', async () => {
    const welcome = await sentTo('wolf@example.jp');
    const exim = crlf([
      'From: Mail Delivery System <Mailer-Daemon@mail.example.jp>',
      `To: bounces+${welcome.bounceToken}@judge.test`,
      'Subject: Mail delivery failed: returning message to sender',
      'Message-ID: <exim-1@mail.example.jp>',
      'X-Failed-Recipients: wolf@example.jp',
      '',
      'This message was created automatically by mail delivery software.',
      '',
      'A message that you sent could not be delivered to one or more of its',
      'recipients. This is a permanent error. The following address(es) failed:',
      '',
      '  wolf@example.jp',
      '    host mx.example.jp [192.0.2.1]',
      '    SMTP error from remote mail server after RCPT TO:<wolf@example.jp>:',
      '    550 5.1.1 User unknown',
    ]);
    await sendRawToListener(listener.port, exim, { from: '', to: [`bounces+${welcome.bounceToken}@judge.test`] });
    expect((await inbound('exim-1@mail.example.jp')).status).toBe('ignored');
    expect((await seatStatus('german')).status).toBe('bouncing');

    // Gmail's non-report bounce, forwarded to the service's own From (no bounce address): the quoted Message-ID names the mail.
    const gmail = crlf([
      'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
      'To: judge@judge.test',
      'Subject: Delivery Status Notification (Failure)',
      'Message-ID: <gmail-1@mail.gmail.com>',
      '',
      '** Address not found **',
      '',
      "Your message wasn't delivered to wolf@example.jp because the address couldn't be found.",
      '',
      'The response was:',
      '550 5.1.1 The email account that you tried to reach does not exist.',
      '',
      '----- Original message -----',
      `Message-ID: ${welcome.messageId}`,
      'Subject: Your orders',
      '',
      'PLACE C01 C02 -> WA',
    ]);
    const http = await t.app.inject({
      method: 'POST',
      url: '/mail/inbound',
      headers: { authorization: `Bearer ${WEBHOOK}`, 'content-type': 'message/rfc822' },
      payload: gmail,
    });
    expect(http.statusCode).toBeLessThan(300);
    expect((await inbound('gmail-1@mail.gmail.com')).status).toBe('ignored');
    expect(await seatStatus('german')).toMatchObject({
      status: 'suppressed',
      reason: expect.stringContaining('5.1.1'),
    });
    const notices = await t.db.outbox.findMany({ where: { toAddress: 'mod@example.org', kind: 'moderator' } });
    expect(notices.map((n) => n.subject).join('\n')).toContain('Mail suppressed / 送信停止: wolf@example.jp');
  });

  test('an Outlook bounce sent to the reply address, quoting orders, is never read as orders', async () => {
    const wolf = await t.db.seat.findFirstOrThrow({ where: { gameId: game.id, side: 'german' } });
    const outlook = crlf([
      'From: Microsoft Outlook <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@example.com>',
      `To: orders+${wolf.mailToken}@judge.test`,
      'Subject: Undeliverable: [Bounce Game] Your orders',
      'Message-ID: <outlook-1@example.com>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Delivery has failed to these recipients or groups:',
      '',
      'someone@example.com',
      '',
      'PLACE C01 C02 -> WA',
      '',
      "Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'",
    ]);
    await sendRawToListener(listener.port, outlook, {
      from: 'MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@example.com',
      to: [`orders+${wolf.mailToken}@judge.test`],
    });
    const row = await inbound('outlook-1@example.com');
    expect(row.status).toBe('ignored');
    expect(row.result).toMatchObject({ reason: 'bounce' });
    expect(await t.db.order.count()).toBe(0);
    expect(await t.db.outbox.count({ where: { kind: { in: ['reply', 'refusal'] } } })).toBe(0);
  });

  test('mail to a suppressed address is not sent, the moderator is still told; confirming on the page resets it', async () => {
    const held = await queueTo('wolf@example.jp', 'Held');
    const link = await queueTo('wolf@example.jp', 'Your sign-in link', 'sign-in');
    await deliverAllDue(t.deps);
    expect((await t.db.outbox.findUniqueOrThrow({ where: { id: held } })).status).toBe('suppressed');
    expect(sinkFile(held)).toBeUndefined();
    expect((await t.db.outbox.findUniqueOrThrow({ where: { id: link } })).status).toBe('sent');
    const notices = await t.db.outbox.findMany({ where: { toAddress: 'mod@example.org' } });
    expect(notices.every((n) => n.status === 'sent')).toBe(true);

    const player = client(t.app);
    await player.get(`/play/${game.id}?token=${game.seats.find((s) => s.side === 'german')!.token}`);
    const page = (await player.get(`/play/${game.id}`)).body;
    expect(page).toContain('wolf@example.jp 宛てのメールが届いていません');
    expect(page).toContain('確認または変更されるまで送信を停止しています');
    const res = await player.post(`/play/${game.id}/address`, { _csrf: csrfOf(page), action: 'confirm' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/play/${game.id}?address=confirmed`);
    expect(await seatStatus('german')).toEqual({ status: 'ok', since: null, reason: null });
    const after = (await player.get(`/play/${game.id}?address=confirmed`)).body;
    expect(after).not.toContain('id="mail-bouncing"');
    expect(after).toContain('wolf@example.jp 宛てにメールを再び送信します。');

    const next = await queueTo('wolf@example.jp', 'Goes again');
    await deliverAllDue(t.deps);
    expect((await t.db.outbox.findUniqueOrThrow({ where: { id: next } })).status).toBe('sent');
    expect(sinkFile(next)).toBeTruthy();
  });

  test('changing the address on the page writes it on the seat and starts it at ok', async () => {
    const player = client(t.app);
    await player.get(`/play/${game.id}?token=${game.seats.find((s) => s.side === 'allied')!.token}`);
    const page = (await player.get(`/play/${game.id}`)).body;
    const bad = await player.post(`/play/${game.id}/address`, { _csrf: csrfOf(page), action: 'change', email: 'nope' });
    expect(bad.headers.location).toBe(`/play/${game.id}?address=invalid`);
    expect((await seatStatus('allied')).status).toBe('bouncing');
    const res = await player.post(`/play/${game.id}/address`, {
      _csrf: csrfOf(page),
      action: 'change',
      email: 'ally.new@example.org',
    });
    expect(res.statusCode).toBe(303);
    const seat = (await moderatorView()).seats.find((s: { side: string }) => s.side === 'allied');
    expect(seat.email).toBe('ally.new@example.org');
    expect(seat.mailStatus).toEqual({ status: 'ok', since: null, reason: null });
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { gameId: game.id, action: 'address-changed' } });
    expect(audit.detail).toMatchObject({ from: 'ally@example.org', to: 'ally.new@example.org' });
  });

  test('soft bounces are counted: four leave the address ok, the fifth in a row counts as a hard bounce', async () => {
    const id = await queueTo('ally.new@example.org', 'Soft');
    await deliverAllDue(t.deps);
    const row = await t.db.outbox.findUniqueOrThrow({ where: { id } });
    for (let i = 1; i <= 5; i++) {
      const dsn = postfixDsn(`soft-${i}@mx.example.org`, 'ally.new@example.org', row.bounceToken, '4.2.2', 'delayed');
      await sendRawToListener(listener.port, dsn, { from: '', to: [`bounces+${row.bounceToken}@judge.test`] });
      expect((await seatStatus('allied')).status).toBe(i < 5 ? 'ok' : 'bouncing');
    }
    expect((await seatStatus('allied')).reason).toContain('4.2.2');
  });
});

describe.skipIf(!installed)('a bounce by IMAP', () => {
  test('a DSN fetched from the mailbox marks the seat and is not answered', async () => {
    const port = await freePort();
    const dovecot = startDovecot(port);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const other = await createGame(t.deps, {
        game: 'atlantic-wolves',
        mode: 'mail',
        name: 'IMAP Game',
        moderatorEmail: 'mod2@example.org',
        seats: [
          { side: 'allied', email: 'imap-ally@example.org' },
          { side: 'german', email: 'imap-wolf@example.jp' },
        ],
      });
      await deliverAllDue(t.deps);
      const welcome = await sentTo('imap-wolf@example.jp');
      const imap = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        doSTARTTLS: false,
        auth: { user: 'judge', pass: 'secret' },
        logger: false,
      });
      await imap.connect();
      await imap.append('INBOX', postfixDsn('imap-dsn@mx.example.jp', 'imap-wolf@example.jp', welcome.bounceToken));
      await imap.logout();
      expect(await pollMailbox(t.deps, `imap://judge:secret@127.0.0.1:${port}/INBOX?tls=off`)).toBe(1);
      const row = await inbound('imap-dsn@mx.example.jp');
      expect([row.source, row.status]).toEqual(['imap', 'ignored']);
      const view = (
        await t.app.inject({ method: 'GET', url: `/api/games/${other.id}`, headers: bearerOf(other.moderatorToken) })
      ).json();
      const wolf = view.seats.find((s: { side: string }) => s.side === 'german');
      expect(wolf.mailStatus).toMatchObject({ status: 'bouncing', reason: expect.stringContaining('5.1.1') });
      expect(await t.db.outbox.count({ where: { toAddress: 'mod2@example.org', kind: 'moderator' } })).toBe(1);
      expect(await t.db.outbox.count({ where: { kind: { in: ['reply', 'refusal'] } } })).toBe(0);
    } finally {
      dovecot.stop();
    }
  });
});
