import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { client, csrfOf, linksOf } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function operator() {
  const c = client(t.app);
  const login = await c.get(`/console/login?token=${TEST_ADMIN_TOKEN}`);
  expect(login.statusCode).toBe(303);
  return c;
}

async function createGame(c: ReturnType<typeof client>, extra: Record<string, string> = {}) {
  const page = await c.get('/console/new');
  expect(page.statusCode).toBe(200);
  const res = await c.post('/console/games', {
    _csrf: csrfOf(page.body),
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Test <b>game</b>',
    review: 'moderator',
    'seat.allied.email': 'allied@example.com',
    'seat.allied.name': '<script>alert(1)</script>',
    'seat.german.email': 'german@example.com',
    'seat.german.locale': 'ja',
    'seat.german.timeZone': 'Asia/Tokyo',
    ...extra,
  });
  return res;
}

describe('web pages', () => {
  it('creates a game in the console and shows each player their page', async () => {
    const c = await operator();
    const res = await createGame(c);
    expect(res.statusCode).toBe(200);
    const links = linksOf(res.body);
    expect(Object.keys(links.seats).sort()).toEqual(['allied', 'german']);

    const p = client(t.app);
    const url = new URL(links.seats.allied);
    const enter = await p.get(url.pathname + url.search);
    expect(enter.statusCode).toBe(303);
    expect(enter.headers.location).toBe(`/play/${links.gameId}`);
    const page = await p.get(`/play/${links.gameId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<svg');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('Test &lt;b&gt;game&lt;/b&gt;');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The short link in every mail footer leads to this page, the moderator's to the console.
    const short = await p.get(`/g/${links.gameId}`);
    expect(short.statusCode).toBe(303);
    expect(short.headers.location).toBe(`/play/${links.gameId}`);
    expect((await p.get(`/g/${links.gameId}/moderate`)).headers.location).toBe(`/console/games/${links.gameId}`);
    // The seat's own calendar feed is linked, and it is this seat's.
    const feed = /href="[^"]*\/calendar\/([A-Za-z0-9_-]+)\.ics"/.exec(page.body);
    const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: links.gameId, side: 'allied' } });
    expect(feed?.[1]).toBe(seat.calendarToken);
  });

  it('refuses a bad token, a missing session and a form without its CSRF token', async () => {
    const c = await operator();
    const { gameId, seats } = linksOf((await createGame(c)).body);
    const anon = client(t.app);
    expect((await anon.get(`/play/${gameId}?token=nope`)).statusCode).toBe(403);
    expect((await anon.get(`/play/${gameId}`)).statusCode).toBe(401);
    const p = client(t.app);
    const u = new URL(seats.allied);
    await p.get(u.pathname + u.search);
    const bad = await p.post(`/play/${gameId}/orders`, { _csrf: 'forged' });
    expect(bad.statusCode).toBe(403);
  });

  it('shows a data-set error clearly', async () => {
    const c = await operator();
    const res = await createGame(c, { data: '{"areas": []' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('not valid JSON');
    const res2 = await createGame(c, { data: '{"id":"x"}' });
    expect(res2.statusCode).toBe(422);
    expect(res2.body).toContain('data.');
  });

  it('runs the moderator actions from the console, each in the audit log', async () => {
    const c = await operator();
    const { gameId, seats } = linksOf((await createGame(c)).body);
    const base = `/console/games/${gameId}`;
    const csrf = async () => csrfOf((await c.get(base)).body);
    expect((await c.post(`${base}/deadline`, { _csrf: await csrf(), hours: '48' })).statusCode).toBe(303);
    expect((await c.post(`${base}/pause`, { _csrf: await csrf(), reason: 'holiday' })).statusCode).toBe(303);
    expect((await c.post(`${base}/resume`, { _csrf: await csrf() })).statusCode).toBe(303);
    const bad = await c.post(`${base}/amend`, {
      _csrf: await csrf(),
      side: 'allied',
      orders: '{"placement": {"nope": "WA"}}',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('class="errors"');
    const replaced = await c.post(`${base}/replace`, {
      _csrf: await csrf(),
      side: 'allied',
      email: 'new@example.com',
      name: 'New <player>',
      locale: 'ja',
      timeZone: 'Asia/Tokyo',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).toContain(`/play/${gameId}?token=`);
    // The old link no longer works.
    const old = new URL(seats.allied);
    expect((await client(t.app).get(old.pathname + old.search)).statusCode).toBe(403);
    const page = (await c.get(base)).body;
    for (const action of ['step.deadline', 'game.pause', 'game.resume', 'seat.replace']) expect(page).toContain(action);
    expect(page).toContain('New &lt;player&gt;');
    const list = await c.get('/console');
    expect(list.body).toContain(gameId);
  });

  it('lets a game moderator see only that game, and switches language by link', async () => {
    const c = await operator();
    const created = (await createGame(c)).body;
    const { moderator, gameId } = linksOf(created);
    const m = client(t.app);
    const u = new URL(moderator);
    const login = await m.get(u.pathname + u.search);
    expect(login.headers.location).toBe(`/console/games/${gameId}`);
    expect((await m.get('/console/new')).statusCode).toBe(403);
    expect((await m.get('/console/games/otherxxxxx')).statusCode).toBe(401);
    const lang = await m.get(`/lang?to=ja&back=${encodeURIComponent(`/console/games/${gameId}`)}`);
    expect(lang.headers.location).toBe(`/console/games/${gameId}`);
    expect((await m.get(`/console/games/${gameId}`)).body).toContain('監査ログ');
    expect((await m.get('/lang?to=en&back=//evil.example')).headers.location).toBe('/');
  });
});
