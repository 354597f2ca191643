/**
 * Players choose how much mail: every mail to a player carries a one-click unsubscribe (RFC 8058) and a mailto:
 * alternative; either moves the person to "only when I must move", after which result mails that ask nothing of it
 * stop while mails asking for orders and the final result still come; the page's form sets any of the three; a
 * "daily digest" gathers the held results into one mail at the person's local morning, once, in its language.
 * Real Postgres, real HTTP (inject), mail through the outbox and a real SMTP peer.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSender, deliverDue } from '../../src/mail/delivery.ts';
import { sendDueDigests } from '../../src/mail/digest.ts';
import { intakeMail } from '../../src/mail/intake.ts';
import { redactSecrets } from '../../src/server/logger.ts';
import { createGameVia, postOrders, type GameHandle } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client, csrfOf } from '../web/helpers.ts';
import { createDeliveryDeps, deliverAllDue } from './deps.ts';
import { type Recorded, type Recorder, startRecorder } from './helpers.ts';

let now = new Date('2026-11-24T09:00:00Z'); // 18:00 in Tokyo
let t: TestApp;
let recorder: Recorder;
beforeAll(async () => {
  recorder = await startRecorder();
  t = await buildTestApp({
    clock: () => now,
    config: {
      MAIL_DOMAIN: 'judge.test',
      PUBLIC_URL: 'https://judge.test',
      SMTP_URL: `smtp://127.0.0.1:${recorder.port}?tls=off`,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await recorder?.stop();
});

/** A toy game (4 steps: both seats owe at steps 0 and 2, seat a alone at 1 and 3); b reads Japanese in Tokyo. */
const toyGame = (tag: string) =>
  createGameVia(t, {
    game: 'toy',
    mode: 'mail',
    moderatorEmail: `mod-${tag}@example.org`,
    seats: [
      { side: 'a', email: `a-${tag}@example.org` },
      { side: 'b', email: `b-${tag}@example.org`, locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
  });

const personOf = (gameId: string, side: string) =>
  t.db.person.findFirstOrThrow({ where: { gameId, seats: { some: { side } } } });

/** Plays the step: every seat named picks 3 (the step then resolves and its mails are queued). */
async function play(g: GameHandle, sides: string[]) {
  for (const side of sides) {
    const res = await postOrders(t, g.id, g.seat[side], { pick: 3 });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The result-like mails of a game to an address (results and digests), oldest first. */
const resultsTo = (gameId: string, to: string) =>
  t.db.outbox.findMany({
    where: { gameId, toAddress: to, kind: { in: ['result', 'digest'] } },
    orderBy: { createdAt: 'asc' },
  });

/** A header of a delivered mail as sent (unfolded): mailparser reads the List-* headers into one object. */
function rawHeader(m: Recorded, name: string): string | undefined {
  const head = m.raw
    .toString('utf8')
    .split(/\r?\n\r?\n/)[0]
    .replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The https URL of a delivered mail's List-Unsubscribe. */
function unsubscribeUrlOf(to: string): string {
  const mail = recorder.to(to).at(-1);
  expect(mail).toBeDefined();
  const header = mail ? (rawHeader(mail, 'List-Unsubscribe') ?? '') : '';
  const url = /<(https:\/\/[^>]+)>/.exec(header)?.[1];
  expect(url).toBeDefined();
  return url as string;
}

describe('players choose how much mail', () => {
  it('every mail to a player has List-Unsubscribe (https and mailto) with One-Click; the moderator’s has none', async () => {
    const g = await toyGame('headers');
    await play(g, ['a', 'b']);
    await deliverAllDue(t.deps);
    const mails = await t.db.outbox.findMany({ where: { gameId: g.id } });
    const players = mails.filter((m) => m.toAddress !== 'mod-headers@example.org');
    expect(new Set(players.map((m) => m.kind))).toEqual(new Set(['welcome', 'result']));
    const b = await personOf(g.id, 'b');
    for (const to of ['a-headers@example.org', 'b-headers@example.org']) {
      const delivered = recorder.to(to);
      expect(delivered.length).toBe(players.filter((m) => m.toAddress === to).length);
      for (const m of delivered) {
        const header = rawHeader(m, 'List-Unsubscribe');
        expect(header).toMatch(
          /^<https:\/\/judge\.test\/unsubscribe\/[0-9a-f]{64}>, <mailto:orders\+unsubscribe-[0-9a-f]{64}@judge\.test\?subject=unsubscribe>$/,
        );
        expect(rawHeader(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      }
    }
    expect(unsubscribeUrlOf('b-headers@example.org')).toBe(`https://judge.test/unsubscribe/${b.unsubscribeKey}`);
    const a = await personOf(g.id, 'a');
    expect(a.unsubscribeKey).not.toBe(b.unsubscribeKey);
    // The key is a secret: never in a log line, in either form.
    const line = redactSecrets(
      `POST /unsubscribe/${a.unsubscribeKey} to orders+unsubscribe-${a.unsubscribeKey}@judge.test`,
    );
    expect(line).not.toContain(a.unsubscribeKey);
    // Notices and replies to a player carry them too; a reply to the order mail of seat a:
    const seatA = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'a' } });
    const raw = `From: a-headers@example.org\r\nTo: orders+${seatA.mailToken}@judge.test\r\nMessage-ID: <h-${g.id}@example.org>\r\nSubject: orders\r\n\r\nPICK 2\r\n`;
    await intakeMail(t.deps, { source: 'http', raw: Buffer.from(raw) });
    const reply = await t.db.outbox.findFirstOrThrow({ where: { gameId: g.id, kind: 'reply' } });
    expect((reply.headers as Record<string, string>)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const moderator = await t.db.outbox.findMany({ where: { gameId: g.id, toAddress: 'mod-headers@example.org' } });
    for (const m of moderator) expect((m.headers as Record<string, string>)['List-Unsubscribe']).toBeUndefined();
  });

  it('one-click POST moves the person to "only when I must move"; the next steps’ mails follow it', async () => {
    const g = await toyGame('click');
    await deliverAllDue(t.deps);
    const url = unsubscribeUrlOf('b-click@example.org');
    const path = new URL(url).pathname;
    // The GET only asks (a link scanner changes nothing).
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('自分の番のときだけにする');
    expect((await personOf(g.id, 'b')).mailPreference).toBe('every_step');
    // RFC 8058: the mail client's POST, body List-Unsubscribe=One-Click, no cookie, no CSRF token.
    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('設定しました');
    expect((await personOf(g.id, 'b')).mailPreference).toBe('must_move');
    expect((await personOf(g.id, 'a')).mailPreference).toBe('every_step');

    await play(g, ['a', 'b']); // step 0; step 1 asks a alone
    expect((await resultsTo(g.id, 'b-click@example.org')).length).toBe(0);
    expect((await resultsTo(g.id, 'a-click@example.org')).length).toBe(1);
    await play(g, ['a']); // step 1; step 2 asks both: b's mail asks for orders and goes
    const asking = await resultsTo(g.id, 'b-click@example.org');
    expect(asking.length).toBe(1);
    expect(asking[0].subject).toMatch(/あなたの番/);
    await play(g, ['a', 'b']); // step 2; step 3 asks a alone: nothing for b
    expect((await resultsTo(g.id, 'b-click@example.org')).length).toBe(1);
    await play(g, ['a']); // step 3: the game ends, the final result goes to everyone
    const last = await resultsTo(g.id, 'b-click@example.org');
    expect(last.length).toBe(2);
    expect((await t.db.game.findUniqueOrThrow({ where: { id: g.id } })).status).toBe('finished');
    expect((await resultsTo(g.id, 'a-click@example.org')).length).toBe(4);
    // The one-click body may come as multipart/form-data (RFC 8058 3.1): the same.
    const a = await personOf(g.id, 'a');
    const boundary = 'x-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${a.unsubscribeKey}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.body).toContain('only when you must move');
    expect((await personOf(g.id, 'a')).mailPreference).toBe('must_move');
    // An unknown key changes nothing and says so.
    const unknown = await t.app.inject({ method: 'POST', url: `/unsubscribe/${'0'.repeat(64)}`, payload: {} });
    expect(unknown.statusCode).toBe(404);
  });

  it('the mailto: alternative, handled by the inbound intake, does the same and is not read as orders', async () => {
    const g = await toyGame('mailto');
    const a = await personOf(g.id, 'a');
    const raw = [
      'From: a-mailto@example.org',
      `To: orders+unsubscribe-${a.unsubscribeKey}@judge.test`,
      `Message-ID: <unsub-${g.id}@example.org>`,
      'Subject: unsubscribe',
      '',
      'PICK 5',
      '',
    ].join('\r\n');
    const outcome = await intakeMail(t.deps, { source: 'http', raw: Buffer.from(raw) });
    expect(outcome).toMatchObject({ status: 'processed', reason: 'unsubscribed', replied: false });
    expect((await personOf(g.id, 'a')).mailPreference).toBe('must_move');
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);
    expect(await t.db.outbox.count({ where: { gameId: g.id, kind: 'reply' } })).toBe(0);
  });

  it('the page’s form sets the preference (English and Japanese)', async () => {
    const g = await toyGame('form');
    const b = client(t.app);
    expect((await b.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens.b)}`)).statusCode).toBe(303);
    let page = await b.get(`/play/${g.id}`);
    expect(page.body).toContain('<h2 id="mail-h">メール</h2>');
    expect(page.body).toMatch(/value="every_step" checked/);
    const res = await b.post(`/play/${g.id}/mail`, { _csrf: csrfOf(page.body), preference: 'digest' });
    expect(res.statusCode).toBe(303);
    expect((await personOf(g.id, 'b')).mailPreference).toBe('digest');
    page = await b.get(res.headers.location as string);
    expect(page.body).toContain('メール設定を保存しました。');
    expect(page.body).toMatch(/value="digest" checked/);
    // The English page of seat a; a forged value is refused and changes nothing.
    const a = client(t.app);
    await a.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens.a)}`);
    page = await a.get(`/play/${g.id}`);
    expect(page.body).toContain('Only when I must move');
    const bad = await a.post(`/play/${g.id}/mail`, { _csrf: csrfOf(page.body), preference: 'never' });
    expect(bad.statusCode).toBe(422);
    expect((await personOf(g.id, 'a')).mailPreference).toBe('every_step');
    const noToken = await a.post(`/play/${g.id}/mail`, { preference: 'must_move' });
    expect(noToken.statusCode).toBe(403);
    expect((await personOf(g.id, 'a')).mailPreference).toBe('every_step');
  });

  it('a daily digest gathers the held results into one mail at the person’s local morning, once, in its language', async () => {
    now = new Date('2026-11-24T09:00:00Z'); // Tue 18:00 in Tokyo
    const g = await toyGame('digest');
    const b = await personOf(g.id, 'b');
    await t.db.person.update({ where: { id: b.id }, data: { mailPreference: 'digest' } });
    await play(g, ['a', 'b']); // step 0: held
    await play(g, ['a']); // step 1: b owes next: sent at once
    await play(g, ['a', 'b']); // step 2: held
    const sentNow = await resultsTo(g.id, 'b-digest@example.org');
    expect(sentNow.map((m) => m.kind)).toEqual(['result']);
    expect(await t.db.digestItem.count({ where: { personId: b.id } })).toBe(2);

    now = new Date('2026-11-24T21:59:00Z'); // Wed 06:59 in Tokyo: not yet
    expect(await sendDueDigests(t.deps)).toBe(0);
    now = new Date('2026-11-24T22:00:00Z'); // Wed 07:00 in Tokyo
    const runs = await Promise.all([sendDueDigests(t.deps), sendDueDigests(t.deps)]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await sendDueDigests(t.deps)).toBe(0);
    const digests = (await resultsTo(g.id, 'b-digest@example.org')).filter((m) => m.kind === 'digest');
    expect(digests.length).toBe(1);
    const [digest] = digests;
    expect(digest.subject).toMatch(/日次まとめ: 結果 2 件 \(ステップ 0–2\)$/);
    expect(digest.text).toMatch(/== .*ステップ 0[\s\S]*== .*ステップ 2/);
    expect(digest.text).toContain('https://judge.test/in/');
    expect((digest.headers as Record<string, string>)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await t.db.digestItem.count({ where: { personId: b.id } })).toBe(0);

    // A result held after this morning's digest waits for tomorrow's.
    now = new Date('2026-11-25T01:00:00Z'); // Wed 10:00 in Tokyo
    await play(g, ['a']); // step 3: the end, final result goes at once
    expect((await resultsTo(g.id, 'b-digest@example.org')).at(-1)?.kind).toBe('result');
    await t.db.digestItem.create({
      data: { personId: b.id, gameId: g.id, stepNumber: 9, subject: 's', text: 't', createdAt: now },
    });
    expect(await sendDueDigests(t.deps)).toBe(0);
    now = new Date('2026-11-25T22:00:00Z'); // Thu 07:00 in Tokyo
    expect(await sendDueDigests(t.deps)).toBe(1);
    await deliverAllDue(t.deps);
    const delivered = recorder.to('b-digest@example.org').filter((m) => /日次まとめ/.test(m.parsed.subject ?? ''));
    expect(delivered.length).toBe(2);
  });

  it('the digest of an English reader in London comes at 07:00 London time, in English', async () => {
    now = new Date('2026-12-01T12:00:00Z');
    const g = await createGameVia(t, {
      game: 'toy',
      mode: 'mail',
      seats: [
        { side: 'a', email: 'a-london@example.org' },
        { side: 'b', email: 'b-london@example.org', locale: 'en', timeZone: 'Europe/London' },
      ],
    });
    const b = await personOf(g.id, 'b');
    await t.db.person.update({ where: { id: b.id }, data: { mailPreference: 'digest' } });
    await play(g, ['a', 'b']); // step 0: held
    now = new Date('2026-12-02T06:59:00Z');
    expect(await sendDueDigests(t.deps)).toBe(0);
    now = new Date('2026-12-02T07:00:00Z');
    expect(await sendDueDigests(t.deps)).toBe(1);
    const [digest] = await resultsTo(g.id, 'b-london@example.org');
    expect(digest.kind).toBe('digest');
    expect(digest.subject).toMatch(/Daily digest: 1 result \(step 0\)$/);
    expect(digest.text).toMatch(/== Result of step 0/);
    expect(digest.text).toContain('Mails asking for your orders come at once');
  });

  it('the DKIM signature covers List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 4) and verifies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbem-unsub-'));
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = join(dir, 'dkim.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const txt = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
    await toyGame('dkim');
    const sender = createSender({
      ...t.deps.config,
      SMTP_URL: undefined,
      MAIL_SINK_DIR: dir,
      DKIM_DOMAIN: 'judge.test',
      DKIM_SELECTOR: 's1',
      DKIM_PRIVATE_KEY_FILE: keyFile,
    });
    await deliverDue(createDeliveryDeps(t.deps), sender);
    sender.close();
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    const raw = files.map((f) => readFileSync(join(dir, f))).find((r) => /^To: a-dkim@/m.test(r.toString()));
    expect(raw).toBeDefined();
    const head = (raw as Buffer)
      .toString()
      .split(/\r?\n\r?\n/)[0]
      .replace(/\r?\n[ \t]+/g, ' ');
    const signed = /^DKIM-Signature:.*?\bh=([^;]+)/im.exec(head)?.[1].replace(/\s+/g, '').toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === 's1._domainkey.judge.test') return [[txt]];
      throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    };
    const { dkim } = await authenticate(raw as Buffer, {
      ip: '127.0.0.1',
      helo: 'localhost',
      sender: 'judge@judge.test',
      mta: 'mx.example.org',
      resolver,
      disableArc: true,
      disableDmarc: true,
      disableBimi: true,
    });
    expect(dkim.results.map((r) => r.status.result)).toEqual(['pass']);
  });
});
