/**
 * Outbound delivery against a real SMTP server that records what it receives: an outage (server down, then
 * temporary 4xx answers) and recovery lose no mail and send none twice; a permanent 5xx marks the mail failed and
 * tells the moderator; with no SMTP_URL the mail lands in the .eml sink listed at /dev/mail (for the operator).
 */
import { linkedHtml } from '../../src/mail/compose-parts.ts';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { composeRefusal } from '../../src/mail/compose-refusal.ts';
import { createSender, deliverDue } from '../../src/mail/delivery.ts';
import { queueMail } from '../../src/mail/outbox.ts';
import { createGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createDeliveryDeps } from './deps.ts';
import { startRecorder, type Recorder } from './helpers.ts';

let t: TestApp;
let recorder: Recorder;
let now = new Date('2026-11-22T00:00:00Z');
const clock = () => now;

beforeAll(async () => {
  recorder = await startRecorder();
  t = await buildTestApp({
    clock,
    config: {
      SMTP_URL: `smtp://127.0.0.1:${recorder.port}?tls=off`,
      MAIL_DOMAIN: 'judge.test',
      MAIL_RETRY_BASE_SECONDS: 10,
      MAIL_MAX_ATTEMPTS: 6,
    },
  });
});
afterAll(async () => {
  await recorder?.stop();
  await t?.close();
});

test('outage and recovery: every mail arrives exactly once, with its stable Message-ID', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 20; i++)
    ids.push(
      (await queueMail(t.db, t.deps.config, composeRefusal({ to: `p${i}@example.org`, reason: 'unreadable' }), now))
        .messageId,
    );
  const sender = createSender(t.deps.config);
  const deps = createDeliveryDeps(t.deps, clock);
  await recorder.stop(); // the server is down
  let r = await deliverDue(deps, sender);
  expect(r).toEqual({ sent: 0, retried: 20, failed: 0, suppressed: 0 });
  await recorder.start(); // back, but answering 451 to the next 5 messages
  recorder.failNext(5, 451);
  for (let round = 0; round < 10; round++) {
    now = new Date(now.getTime() + 3600_000);
    r = await deliverDue(deps, sender);
  }
  const got = recorder.messages.map((m) => m.parsed.messageId!);
  expect(got.sort()).toEqual([...ids].sort());
  expect(new Set(got).size).toBe(20);
  expect(await t.db.outbox.count({ where: { status: 'sent' } })).toBe(20);
  // Nothing is due any more: another pass sends nothing.
  expect(await deliverDue(deps, sender)).toEqual({ sent: 0, retried: 0, failed: 0, suppressed: 0 });
  sender.close();
});

test('a permanent failure is marked and the moderator is told', async () => {
  const game = await createGame(t.deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Bounce Game',
    moderatorEmail: 'mod@example.org',
    seats: [
      { side: 'allied', email: 'gone@example.org' },
      { side: 'german', email: 'wolf@example.jp' },
    ],
  });
  const sender = createSender(t.deps.config);
  const deps = createDeliveryDeps(t.deps, clock);
  recorder.failNext(1, 550); // the first welcome mail (allied, by creation order) bounces permanently
  await deliverDue(deps, sender);
  const failed = await t.db.outbox.findMany({ where: { gameId: game.id, status: 'failed' } });
  expect(failed).toHaveLength(1);
  expect(failed[0].lastError).toMatch(/550|unavailable/i);
  await deliverDue(deps, sender);
  const notice = recorder.to('mod@example.org');
  expect(notice).toHaveLength(1);
  expect(notice[0].parsed.subject).toContain('Undeliverable');
  sender.close();
});

test('without SMTP_URL the mail goes to the .eml sink, once, and /dev/mail lists it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sink-'));
  const sink = await buildTestApp({ config: { MAIL_SINK_DIR: dir, MAIL_DOMAIN: 'judge.test' } });
  try {
    await queueMail(
      sink.db,
      sink.deps.config,
      composeRefusal({ to: 'reader@example.org', reason: 'unreadable', subject: 'テスト' }),
      new Date(),
    );
    const sender = createSender(sink.deps.config);
    expect(await deliverDue(createDeliveryDeps(sink.deps), sender)).toMatchObject({ sent: 1 });
    // A second claim of the same row (a crashed worker's lease) would not write a second file.
    await sink.db.outbox.updateMany({ data: { status: 'pending' } });
    await deliverDue(createDeliveryDeps(sink.deps), sender);
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const page = await sink.app.inject({ method: 'GET', url: '/dev/mail', headers: sink.adminAuth });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('reader@example.org');
    expect(page.body).toContain('Re: テスト');
    const file = /href="\/dev\/mail\/([^"]+)"/.exec(page.body)![1];
    // The message parsed: the Japanese subject and body decoded, the headers, the HTML part in a sandboxed frame.
    const shown = await sink.app.inject({ method: 'GET', url: `/dev/mail/${file}`, headers: sink.adminAuth });
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.body).toContain('<h1>Re: テスト</h1>');
    expect(shown.body).toMatch(/<th>message-id<\/th><td>&lt;[^<]+@judge\.test&gt;<\/td>/);
    const raw = (await sink.app.inject({ method: 'GET', url: `/dev/mail/${file}/raw`, headers: sink.adminAuth })).body;
    expect(raw).toContain('Message-ID: <');
    // The text part of the .eml is encoded; the page shows it decoded.
    const text = /<h2>Text part<\/h2><pre>([\s\S]*?)<\/pre>/.exec(shown.body)?.[1] ?? '';
    expect(text).toContain('このメールを読み取れませんでした');
    expect(raw).not.toContain('このメールを読み取れませんでした');
    if (shown.body.includes('<iframe')) {
      const html = await sink.app.inject({ method: 'GET', url: `/dev/mail/${file}/html`, headers: sink.adminAuth });
      expect(html.headers['content-security-policy']).toMatch(/sandbox/);
      expect(html.body).toContain('<');
    }
    const stranger = await sink.app.inject({ method: 'GET', url: `/dev/mail/${file}/raw` });
    expect(stranger.statusCode).toBe(401);
    sender.close();
  } finally {
    await sink.close();
  }
});

test('web addresses in a mail paragraph are links; the text around them, Japanese included, stays text', () => {
  const html = linkedHtml(
    'Your page: https://pbem.example/play/g1?token=a&b=1. 次は https://pbem.example/g/g1」です <b>',
  );
  expect(html).toBe(
    'Your page: <a href="https://pbem.example/play/g1?token=a&amp;b=1">https://pbem.example/play/g1?token=a&amp;b=1</a>. ' +
      '次は <a href="https://pbem.example/g/g1">https://pbem.example/g/g1</a>」です &lt;b&gt;',
  );
});
