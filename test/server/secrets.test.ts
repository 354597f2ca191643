/**
 * Secrets stay out of the logs and out of reach: the service's logger (src/server/logger.ts) writes no token of
 * any kind, whatever the request carried it in (query, path, header, cookie, reply-to address); the outbound mail
 * sink (/dev/mail), full of sign-in links, opens to the operator only and sends the pages' security headers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger, redactSecrets } from '../../src/server/logger.ts';
import { buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { awMailGame, createGameOver } from '../support/service-process.ts';

const INBOUND = 'inbound-webhook-secret-0123456789';
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const sinkDir = mkdtempSync(join(tmpdir(), 'pbem-secrets-sink-'));
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({
    log: createLogger('info', capture),
    config: { MAIL_SINK_DIR: sinkDir, MAIL_DOMAIN: 'judge.test', INBOUND_WEBHOOK_TOKEN: INBOUND, MAIL_SINK_PAGE: 'on' },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  rmSync(sinkDir, { recursive: true, force: true });
});

describe('redactSecrets', () => {
  test.each([
    ['a query token', '"url":"/play/g1?token=AbC_-123&lang=ja"', '"url":"/play/g1?token=[redacted]&lang=ja"'],
    ['any *token parameter', 'GET /x?a=1&moderatorToken=zzz#top', 'GET /x?a=1&moderatorToken=[redacted]#top'],
    ['a bearer header', 'authorization: Bearer eyJ.abc-_/+=', 'authorization: Bearer [redacted]'],
    ['a calendar feed path', '"url":"/calendar/Zm9vYmFyYmF6cXV4.ics"', '"url":"/calendar/[redacted].ics"'],
    ['a reply-to address', 'to orders+AbCdEfGhIjKlMnOpQr@judge.test', 'to orders+[redacted]@judge.test'],
    ['a URL password', 'at postgresql://pg:s3cret@db:5432/pbem', 'at postgresql://pg:[redacted]@db:5432/pbem'],
    ['a cookie field', '{"cookie":"pbem_play=k3y; pbem_lang=ja","x":1}', '{"cookie":"[redacted]","x":1}'],
  ])('%s', (_name, input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  test('text without secrets is left as it is', () => {
    const line = '{"level":30,"reqId":"r1","req":{"method":"GET","url":"/play/g1?lang=ja"},"msg":"incoming request"}';
    expect(redactSecrets(line)).toBe(line);
  });
});

test('the log of real requests carrying every kind of token holds none of them', async () => {
  const game = await createGameOver(base, TEST_ADMIN_TOKEN, 'secrets');
  const german = game.tokens.german;
  const seatRow = await t.db.seat.findFirstOrThrow({ where: { gameId: game.id, side: 'german' } });

  // The magic link, then the page with the session cookie it set.
  const signIn = await fetch(`${base}/play/${game.id}?token=${german}`, { redirect: 'manual' });
  expect(signIn.status).toBe(303);
  const sessionCookie = signIn.headers.getSetCookie()[0].split(';')[0];
  expect((await fetch(`${base}/play/${game.id}`, { headers: { cookie: sessionCookie } })).status).toBe(200);
  // Console sign-ins (moderator and operator), the calendar feed, the mail door, an API call, the sink page.
  expect((await fetch(`${base}/console/login?token=${game.moderatorToken}`, { redirect: 'manual' })).status).toBe(303);
  expect((await fetch(`${base}/console/login?token=${TEST_ADMIN_TOKEN}`, { redirect: 'manual' })).status).toBe(303);
  expect((await fetch(`${base}/calendar/${seatRow.calendarToken}.ics`)).status).toBe(200);
  const headers = `From: gsecrets@example.org\r\nTo: orders+${seatRow.mailToken}@judge.test\r\nSubject: help\r\n`;
  const mail = `${headers}Message-ID: <s1@example.org>\r\n\r\nHELP\r\n`;
  const intake = { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: mail };
  expect((await fetch(`${base}/mail/inbound?token=${INBOUND}`, intake)).status).toBeLessThan(300);
  const orders = JSON.stringify({ orders: { standing: { responseTable: { U01: ['stay'] } } } });
  const json = { authorization: `Bearer ${german}`, 'content-type': 'application/json', cookie: sessionCookie };
  await fetch(`${base}/api/games/${game.id}/orders`, { method: 'POST', headers: json, body: orders });
  expect((await fetch(`${base}/dev/mail?token=${TEST_ADMIN_TOKEN}`, { redirect: 'manual' })).status).toBe(303);

  const log = lines.join('');
  expect(lines.filter((l) => l.includes('"request completed"')).length).toBeGreaterThanOrEqual(9);
  expect(log).toContain(`/play/${game.id}?token=[redacted]`);
  const secrets = {
    admin: TEST_ADMIN_TOKEN,
    moderator: game.moderatorToken,
    seat: german,
    calendar: seatRow.calendarToken,
    mail: seatRow.mailToken,
    session: sessionCookie.split('=')[1],
    inbound: INBOUND,
  };
  for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} logged`).toBe(false);
});

describe('/dev/mail', () => {
  const eml = 'To: reader@example.org\r\nSubject: Sign in\r\n\r\nhttp://localhost:3000/play/g?token=SEAT\r\n';
  beforeAll(() => writeFileSync(join(sinkDir, 'one.eml'), eml));
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  const expectPageHeaders = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  };

  test('without the operator token: refused, listing and files alike', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-operator-token-at-all' }]) {
      for (const url of ['/dev/mail', '/dev/mail/one.eml']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(401);
        expect(res.body).not.toContain('reader@example.org');
        expect(res.body).not.toContain('token=SEAT');
        expectPageHeaders(res.headers);
      }
    }
    expect((await get('/dev/mail?token=wrong-token-of-nobody-000')).statusCode).toBe(401);
  });

  test("a game's moderator token does not open it either", async () => {
    const payload = awMailGame('m');
    const created = await t.app.inject({ method: 'POST', url: '/api/games', headers: t.adminAuth, payload });
    const res = await get('/dev/mail', { authorization: `Bearer ${created.json().moderatorToken}` });
    expect(res.statusCode).toBe(401);
  });

  test('the operator token as a bearer opens it, with the security headers of every page', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/dev/mail', headers: t.adminAuth });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('reader@example.org');
    expectPageHeaders(list.headers);
    const file = await t.app.inject({ method: 'GET', url: '/dev/mail/one.eml', headers: t.adminAuth });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('<h1>Sign in</h1>');
    const raw = await t.app.inject({ method: 'GET', url: '/dev/mail/one.eml/raw', headers: t.adminAuth });
    expect(raw.body).toContain('Subject: Sign in');
    expectPageHeaders(file.headers);
  });

  test('?token= signs the browser in with a cookie of /dev/mail and leaves the token out of the address', async () => {
    const signIn = await t.app.inject({ method: 'GET', url: `/dev/mail?token=${TEST_ADMIN_TOKEN}` });
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe('/dev/mail');
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/^pbem_devmail=[^;]+;.*Path=\/dev\/mail/);
    expect(setCookie).toMatch(/HttpOnly/);
    const cookie = setCookie.split(';')[0];
    const list = await t.app.inject({ method: 'GET', url: '/dev/mail', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/one.eml', headers: { cookie } })).statusCode).toBe(200);
    expect((await get('/dev/mail', { cookie: 'pbem_devmail=forged' })).statusCode).toBe(401);
  });
});
