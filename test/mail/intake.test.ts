/**
 * The intake pipeline through its doors with real peers: nodemailer and swaks (Debian package) talking SMTP to the
 * listener, and raw MIME posted over HTTP. Authentication, idempotency, refusals that reveal nothing, bounces and
 * auto-replies left unanswered, the size limit, the reply budget, and a fuzzed intake.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { intakeMail } from '../../src/mail/intake.ts';
import { startSmtpListener, type SmtpListener } from '../../src/mail/smtp-listener.ts';
import { createGame, type CreatedGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { fixture, sendRawToListener, sendToListener } from './helpers.ts';

const run = promisify(execFile);
const SWAKS = existsSync('/usr/bin/swaks');
const WEBHOOK = 'webhook-secret-0123456789';
let t: TestApp;
let listener: SmtpListener;
let game: CreatedGame;
let mailToken: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      MAIL_DOMAIN: 'judge.test',
      MAIL_FROM: 'Judge <judge@judge.test>',
      INBOUND_WEBHOOK_TOKEN: WEBHOOK,
      MAIL_REPLY_LIMIT_PER_HOUR: 5,
    },
  });
  listener = await startSmtpListener(t.deps, { port: 0, host: '127.0.0.1' });
  game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Intake Game',
    moderatorEmail: 'mod@example.org',
    seats: [
      { side: 'allied', email: 'ally@example.org' },
      { side: 'german', email: 'wolf@example.jp', locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });
  const seats = await t.db.seat.findMany({ where: { gameId: game.id } });
  mailToken = Object.fromEntries(seats.map((s) => [s.side, s.mailToken]));
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

/** A raw mail: header lines, a blank line, the body (CRLF line ends). */
const rawMail = (headers: string[], body: string) => Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}\r\n`);
const inbound = (mid: string) => t.db.inboundMail.findFirstOrThrow({ where: { messageId: { contains: mid } } });
const repliesTo = (address: string) =>
  t.db.outbox.findMany({
    where: { toAddress: address, kind: { in: ['reply', 'refusal'] } },
    orderBy: { createdAt: 'asc' },
  });

describe('SMTP door (nodemailer)', () => {
  test('a reply with the seat token is read, checked by the engine, answered at the seat address (Judge)', async () => {
    await sendRawToListener(listener.port, fixture('gmail-reply.eml', { TOKEN: mailToken.allied, MID: 'smtp-1' }), {
      from: 'someone-else@example.net',
      to: [`orders+${mailToken.allied}@judge.test`],
    });
    const row = await inbound('smtp-1');
    expect(row.status).toBe('processed');
    expect(row.seatId).toBeTruthy();
    const [reply] = await repliesTo('ally@example.org');
    expect(reply.text).toContain('PLACE C01 C02 -> WA');
    expect(reply.text).toMatch(/REJECTED|Orders in:/);
    expect(reply.text).toMatch(/AW [0-9]/); // rule ids of the engine's errors
    expect(reply.inReplyTo).toBe('<smtp-1@example.org>');
    expect(reply.replyTo).toBe(`orders+${mailToken.allied}@judge.test`);
  });

  test('the same mail delivered twice is processed once', async () => {
    const raw = fixture('iso-2022-jp.eml', { TOKEN: mailToken.german, MID: 'dup-1' });
    await sendRawToListener(listener.port, raw, {
      from: 'yamada@example.jp',
      to: [`orders+${mailToken.german}@judge.test`],
    });
    const info = await sendRawToListener(listener.port, raw, {
      from: 'yamada@example.jp',
      to: [`orders+${mailToken.german}@judge.test`],
    });
    expect(info.response).toContain('Already received');
    expect(await t.db.inboundMail.count({ where: { messageId: '<dup-1@example.org>' } })).toBe(1);
    const replies = await repliesTo('wolf@example.jp');
    expect(replies).toHaveLength(1);
    expect(replies[0].text).toContain('受け付けた命令の解釈'); // Japanese seat, Japanese reply
  });

  test('a forged From without a token is refused, and the refusal reveals nothing', async () => {
    await sendRawToListener(listener.port, fixture('forged.eml', { MID: 'forged-1' }), {
      from: 'ally@example.org',
      to: ['orders@judge.test'],
    });
    expect((await inbound('forged-1')).status).toBe('refused');
    const refusal = (await repliesTo('ally@example.org')).find((r) => r.kind === 'refusal')!;
    expect(refusal.text).toContain('SIGNON');
    for (const secret of [game.id, 'Intake Game', 'allied', mailToken.allied])
      expect(refusal.text + refusal.subject).not.toContain(secret);
    expect(refusal.gameId).toBeNull();
  });

  test('SIGNON with the seat password from another address works, answered at the registered address', async () => {
    await sendRawToListener(listener.port, fixture('signon.eml', { MID: 'signon-1', PASSWORD: game.seats[0].token }), {
      from: 'ally.mobile@example.net',
      to: ['orders@judge.test'],
    });
    const row = await inbound('signon-1');
    expect(row.status).toBe('processed');
    expect((row.result as { via: string }).via).toBe('signon');
    const last = (await repliesTo('ally@example.org')).at(-1)!;
    expect(last.text).toContain('Status at step 0');
    expect(last.text).not.toContain(game.seats[0].token); // the password is never echoed
    expect(await t.db.outbox.count({ where: { toAddress: 'ally.mobile@example.net' } })).toBe(0);
  });

  test("HELP answers with the syntax and the seat's legal choices", async () => {
    await sendToListener(listener.port, {
      from: 'ally@example.org',
      to: `orders+${mailToken.allied}@judge.test`,
      subject: 'help',
      text: 'help',
      messageId: '<help-1@example.org>',
    });
    const last = (await repliesTo('ally@example.org')).at(-1)!;
    expect(last.text).toContain('ESCORT GB-DD1 -> U01');
    expect(last.text).toContain('Your choices now');
    expect(last.text).toContain('placement.');
  });

  test('a seat cannot APPROVE', async () => {
    await sendToListener(listener.port, {
      from: 'ally@example.org',
      to: `orders+${mailToken.allied}@judge.test`,
      subject: 'x',
      text: 'APPROVE',
      messageId: '<approve-1@example.org>',
    });
    expect((await repliesTo('ally@example.org')).at(-1)!.text).toContain('for the moderator only');
  });

  test('relaying is refused', async () => {
    await expect(
      sendToListener(listener.port, { from: 'a@example.org', to: 'victim@elsewhere.example', subject: 'x', text: 'x' }),
    ).rejects.toThrow(/550|Relaying/);
  });
});

describe.skipIf(!SWAKS)('SMTP door (swaks)', () => {
  const swaks = async (args: string[]) => {
    try {
      return (
        await run('swaks', ['--server', `127.0.0.1:${listener.port}`, '--hide-informational', ...args], {
          maxBuffer: 64 * 1024 * 1024,
        })
      ).stdout;
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? '') + String((error as { stderr?: string }).stderr ?? '');
    }
  };
  const file = (name: string, content: Buffer | string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'swaks-')), name);
    writeFileSync(path, content);
    return path;
  };

  test('a bounce (null sender) and an auto-reply are stored and never answered', async () => {
    const before = await t.db.outbox.count();
    await swaks([
      '--from',
      '<>',
      '--to',
      `orders+${mailToken.allied}@judge.test`,
      '--data',
      file('b.eml', fixture('bounce.eml', { TOKEN: mailToken.allied, MID: 'bounce-1' })),
    ]);
    await swaks([
      '--from',
      'ally@example.org',
      '--to',
      `orders+${mailToken.allied}@judge.test`,
      '--data',
      file('a.eml', fixture('auto-reply.eml', { TOKEN: mailToken.allied, MID: 'auto-1' })),
    ]);
    expect((await inbound('bounce-1')).status).toBe('ignored');
    expect((await inbound('auto-1')).status).toBe('ignored');
    expect(await t.db.outbox.count()).toBe(before);
  });

  test('a 10 MB mail is refused with SMTP 552 and the authenticated seat gets a clear reply', async () => {
    const big = Buffer.concat([
      fixture('with-attachment.eml', { TOKEN: mailToken.german, MID: 'big-1' }).subarray(0, 400),
      Buffer.from(`\r\n${'A'.repeat(76)}\r\n`.repeat(130_000)),
    ]);
    const out = await swaks([
      '--from',
      'yamada@example.jp',
      '--to',
      `orders+${mailToken.german}@judge.test`,
      '--data',
      file('big.eml', big),
    ]);
    expect(out).toMatch(/552/);
    const row = await inbound('big-1');
    expect(row.status).toBe('refused');
    expect(row.raw.length).toBeLessThanOrEqual(64 * 1024);
    const reply = (await repliesTo('wolf@example.jp')).at(-1)!;
    expect(reply.kind).toBe('refusal');
    expect(reply.text).toContain('too large');
  });
});

describe('HTTP door', () => {
  test('raw MIME with the shared secret: accepted once, then recognised; without it: 401', async () => {
    const raw = fixture('html-only.eml', { TOKEN: mailToken.allied, MID: 'http-1' });
    const denied = await t.app.inject({
      method: 'POST',
      url: '/mail/inbound',
      headers: { 'content-type': 'message/rfc822' },
      payload: raw,
    });
    expect(denied.statusCode).toBe(401);
    const first = await t.app.inject({
      method: 'POST',
      url: '/mail/inbound',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${WEBHOOK}` },
      payload: raw,
    });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'processed' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/mail/inbound?token=${WEBHOOK}`,
      headers: { 'content-type': 'application/json' },
      payload: { raw: raw.toString('base64'), encoding: 'base64' },
    });
    expect(again.json()).toMatchObject({ status: 'duplicate' });
  });

  test('an over-size mail gets 413', async () => {
    const big = Buffer.concat([fixture('forged.eml', { MID: 'http-big' }), Buffer.alloc(3 * 1024 * 1024, 'x')]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/mail/inbound',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${WEBHOOK}` },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('mail/too-large');
  });
});

describe('floods and loops', () => {
  test('replies to one address are capped per hour; the mails are still stored', async () => {
    for (let i = 0; i < 8; i++) {
      await intakeMail(t.deps, {
        source: 'http',
        raw: rawMail(
          ['From: flood@example.org', 'To: orders@judge.test', `Message-ID: <flood-${i}@x>`, 'Subject: hi'],
          'hello',
        ),
      });
    }
    expect(await t.db.inboundMail.count({ where: { messageId: { startsWith: '<flood-' } } })).toBe(8);
    expect(await t.db.outbox.count({ where: { toAddress: 'flood@example.org' } })).toBe(5);
  });

  test('our own mail coming back is never answered', async () => {
    const out = await intakeMail(t.deps, {
      source: 'http',
      raw: rawMail(
        [
          'From: Judge <judge@judge.test>',
          'To: orders@judge.test',
          'Message-ID: <loop-1@x>',
          `X-PBEM-Judge: ${game.id}`,
          'Subject: Re',
        ],
        'STATUS',
      ),
    });
    expect(out).toMatchObject({ status: 'ignored', reason: 'loop', replied: false });
  });
});

describe('NUL characters (Postgres text cannot hold them)', () => {
  test('a body that decodes to NUL (base64 of plain text, unknown charset) is read without them', async () => {
    // A counterexample the fuzzer found: the base64 decoder turns the plain text into bytes that include 0x00.
    const text = 'MOVE 25 CG\r\nHELP\r\nSIGNON abc\r\nPLACE C01 WA\r\nPLACE C01 WA\r\n配置 11 WA';
    const raw = rawMail(
      [
        'From: nul@example.org',
        `To: orders+${mailToken.german}@judge.test`,
        'Message-ID: <nul-body@x>',
        'Content-Transfer-Encoding: base64',
        'Subject: x',
        'Content-Type: text/plain; charset=x-unknown',
      ],
      text,
    );
    const out = await intakeMail(t.deps, { source: 'http', raw });
    expect(['processed', 'refused']).toContain(out.status);
    expect((await t.db.inboundMail.findFirstOrThrow({ where: { messageId: '<nul-body@x>' } })).status).toBe(out.status);
  });

  test('a subject with an encoded NUL and a Message-ID with a raw NUL byte', async () => {
    const raw = Buffer.concat([
      Buffer.from('From: nul@example.org\r\nTo: orders@judge.test\r\nMessage-ID: <nul'),
      Buffer.from([0]),
      Buffer.from('-id@x>\r\nSubject: =?utf-8?B?YQBi?=\r\n\r\nSTATUS\r\n'),
    ]);
    const out = await intakeMail(t.deps, { source: 'http', raw });
    expect(out.status).toBe('refused'); // no seat: unauthenticated, answered like any other
    const row = await t.db.inboundMail.findFirstOrThrow({ where: { id: out.inboundId } });
    expect(row.messageId).toMatch(/^<sha256\.[0-9a-f]{64}@inbound>$/);
    const reply = await t.db.outbox.findFirst({
      where: { toAddress: 'nul@example.org' },
      orderBy: { createdAt: 'desc' },
    });
    expect(reply?.subject).toContain('ab');
  });
});

describe('fuzzed intake', () => {
  const header = fc.constantFrom(
    'Subject: x',
    'Content-Type: text/html',
    'Content-Type: multipart/mixed; boundary=zz',
    'Content-Transfer-Encoding: base64',
    'Content-Transfer-Encoding: quoted-printable',
    'Auto-Submitted: no',
    'Precedence: bulk',
    'Content-Type: text/plain; charset=iso-2022-jp',
    'Content-Type: text/plain; charset=x-unknown',
  );
  const body = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc
      .array(
        fc.constantFrom(
          'PLACE C01 WA',
          'STATUS',
          'HELP',
          'SIGNON abc',
          '> quoted',
          '-- ',
          '--zz',
          'MOVE 25 CG',
          '=E3=81',
          'APPROVE',
          '配置 11 WA',
          'REJECT x',
        ),
        { maxLength: 10 },
      )
      .map((l) => l.join('\r\n')),
  );
  test('any mail: stored, ends in a final status, never throws', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(header, { maxLength: 4 }),
        body,
        fc.boolean(),
        fc.constantFrom('allied', 'german', 'none'),
        async (headers, text, withId, seat) => {
          n++;
          const to = seat === 'none' ? 'orders@judge.test' : `orders+${mailToken[seat]}@judge.test`;
          // The generated headers go in as one piece: none at all leaves an empty line before the blank one.
          const id = withId ? [`Message-ID: <fuzz-${n}@x>`] : [];
          const raw = rawMail([`From: fuzz${n % 3}@example.org`, `To: ${to}`, ...id, headers.join('\r\n')], text);
          const out = await intakeMail(t.deps, { source: 'http', raw, envelopeFrom: `fuzz${n % 3}@example.org` });
          expect(['processed', 'refused', 'ignored', 'duplicate']).toContain(out.status);
        },
      ),
      { numRuns: 120 },
    );
    expect(await t.db.inboundMail.count({ where: { status: { in: ['received', 'failed'] } } })).toBe(0);
  }, 120_000);
});
