/**
 * Practice against the computer over the real app and Postgres: the operator's API and console create a game for one
 * player with the computer at every other seat; with PRACTICE_GAMES=on the public page mails a confirmation link and
 * creates the game only on confirming, exactly once however often the link is confirmed; requests are limited per
 * address and per client address; hostile input gets a clear answer; with the setting off every route is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { client, csrfOf } from './helpers.ts';

let now = new Date('2026-12-10T09:00:00Z');
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    clock: () => now,
    config: { PRACTICE_GAMES: 'on', PRACTICE_LIMIT_PER_HOUR: 4, PUBLIC_URL: 'https://judge.test' },
  });
  off = await buildTestApp({ database: t.database });
});
afterAll(async () => {
  await off?.close();
  await t?.close();
});

/** A form post to the public page from a client address. */
const ask = (form: Record<string, string>, ip = '192.0.2.1', app = t) =>
  app.app.inject({
    method: 'POST',
    url: '/practice',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
const linkTo = async (email: string) => {
  const mail = await t.db.outbox.findFirstOrThrow({
    where: { toAddress: email, kind: 'practice' },
    orderBy: { createdAt: 'desc' },
  });
  const m = /https:\/\/judge\.test(\/practice\/confirm\/[A-Za-z0-9_-]+)/.exec(mail.text);
  return { mail, path: m![1] };
};
const gamesOf = (email: string) =>
  t.db.game.findMany({ where: { seats: { some: { email } } }, include: { seats: true } });

describe('the operator', () => {
  it('creates a practice game by API: the player at its side, the computer at every other seat', async () => {
    const payload = {
      game: 'toy',
      mode: 'mail',
      player: { email: 'op@example.org', name: 'Op', locale: 'ja' },
      side: 'b',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/practice-games', headers: t.adminAuth, payload });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.seats.map((s: { side: string; bot?: true; email: string }) => [s.side, !!s.bot, s.email])).toEqual([
      ['a', true, ''],
      ['b', false, 'op@example.org'],
    ]);
    const welcome = await t.db.outbox.findMany({ where: { gameId: body.id } });
    expect(welcome.map((m) => [m.kind, m.toAddress])).toEqual([['welcome', 'op@example.org']]);
    // No token, a bad side: refused.
    expect((await t.app.inject({ method: 'POST', url: '/api/practice-games', payload })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/practice-games',
      headers: t.adminAuth,
      payload: { ...payload, side: 'nobody' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('practice/side');
  });

  it('creates one in the console', async () => {
    const b = client(t.app);
    expect(
      (await b.get(`/console/login?token=${encodeURIComponent('test-admin-token-0123456789abcdef')}`)).statusCode,
    ).toBe(303);
    const page = await b.get('/console/practice');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="toy|mail|a"');
    const res = await b.post('/console/practice', {
      _csrf: csrfOf(page.body),
      choice: 'toy|mail|a',
      email: 'con@example.org',
      locale: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [game] = await gamesOf('con@example.org');
    expect(game.seats.map((s) => [s.side, s.bot]).sort()).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });
});

describe('the public page', () => {
  it('mails a link; only confirming creates the game, once, even when confirmed twice', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/practice', headers: { 'accept-language': 'ja' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('コンピューターと練習');
    expect((await t.app.inject({ method: 'GET', url: '/practice' })).body).toContain('Practice against the computer');

    const res = await ask({ choice: 'toy|mail|a', email: 'Pat@Example.org', locale: 'ja' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your mail');
    const { mail, path } = await linkTo('pat@example.org');
    expect(mail.subject).toContain('練習ゲームの確認');
    expect(await gamesOf('pat@example.org')).toEqual([]);

    // Opening the link only asks (a link scanner creates nothing).
    const asked = await t.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Start the game');
    expect(await gamesOf('pat@example.org')).toEqual([]);

    // Two confirmations at once, then a third: one game.
    const [one, two] = await Promise.all([
      t.app.inject({ method: 'POST', url: path }),
      t.app.inject({ method: 'POST', url: path }),
    ]);
    const third = await t.app.inject({ method: 'POST', url: path });
    const codes = [one.statusCode, two.statusCode, third.statusCode].sort();
    expect(codes).toEqual([200, 200, 303]);
    const games = await gamesOf('pat@example.org');
    expect(games).toHaveLength(1);
    expect(games[0].seats.find((s) => s.side === 'b')?.bot).toBe(true);
    const first = [one, two].find((r) => r.statusCode === 303)!;
    expect(first.headers.location).toMatch(new RegExp(`^/play/${games[0].id}\\?token=`));
    expect(third.body).toContain('This link has been used');
    const welcome = await t.db.outbox.findMany({ where: { gameId: games[0].id, kind: 'welcome' } });
    expect(welcome.map((m) => m.toAddress)).toEqual(['pat@example.org']);
  });

  it('an expired link creates nothing', async () => {
    await ask({ choice: 'toy|mail|b', email: 'late@example.org' }, '192.0.2.50');
    const { path } = await linkTo('late@example.org');
    now = new Date(now.getTime() + 25 * 3600_000);
    try {
      expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(410);
      expect(await gamesOf('late@example.org')).toEqual([]);
    } finally {
      now = new Date(now.getTime() - 25 * 3600_000);
    }
  });

  it('holds an address to 3 requests an hour and a client address to its limit', async () => {
    for (let i = 0; i < 3; i++)
      expect((await ask({ choice: 'toy|mail|a', email: 'many@example.org' }, `198.51.100.${i}`)).statusCode).toBe(200);
    const fourth = await ask({ choice: 'toy|mail|a', email: 'MANY@example.org' }, '198.51.100.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.body).toContain('Too many requests');
    expect(await t.db.outbox.count({ where: { toAddress: 'many@example.org', kind: 'practice' } })).toBe(3);
    // One client address: PRACTICE_LIMIT_PER_HOUR (4 here) requests, whatever the addresses.
    const ip = '203.0.113.7';
    for (let i = 0; i < 4; i++)
      expect((await ask({ choice: 'toy|mail|a', email: `ip${i}@example.org` }, ip)).statusCode).toBe(200);
    expect((await ask({ choice: 'toy|mail|a', email: 'ip9@example.org' }, ip)).statusCode).toBe(429);
  });

  it('answers hostile input clearly, escaped, and stores nothing', async () => {
    const evil = await ask(
      { choice: '<script>alert(1)</script>|mail|a', email: '"><img src=x>@example.org' },
      '192.0.2.77',
    );
    expect(evil.statusCode).toBe(400);
    expect(evil.body).toContain('Choose a game and side from the list');
    expect(evil.body).not.toContain('<img src=x>');
    expect((await ask({ choice: 'toy|mail|nobody', email: 'x@example.org' }, '192.0.2.78')).statusCode).toBe(400);
    expect((await ask({ choice: 'toy|mail|a', email: 'not an address' }, '192.0.2.79')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/practice/confirm/short' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/practice/confirm/${'x'.repeat(40)}` })).statusCode).toBe(404);
    expect(await t.db.practiceRequest.count({ where: { email: { in: ['x@example.org', 'not an address'] } } })).toBe(0);
  });

  it('is 404 when PRACTICE_GAMES is off', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/practice' })).statusCode).toBe(404);
    expect((await ask({ choice: 'toy|mail|a', email: 'offline@example.org' }, '192.0.2.90', off)).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'POST', url: `/practice/confirm/${'x'.repeat(40)}` })).statusCode).toBe(404);
    expect(await t.db.practiceRequest.count({ where: { email: 'offline@example.org' } })).toBe(0);
  });
});
