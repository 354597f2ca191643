/**
 * A replaced player, or a seat whose token was rotated, loses every way in at once, whichever path did it (the
 * API's replace, move to a new person and rotate-token, the console's replace): the browser session (page, map, order form), the sign-in
 * link, the short link's sign-in, the bearer token (also one that order submission remembered), the mail reply
 * address and the calendar feed. The new token works. A sign-in that raced the rotation does not outlive it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceTree } from '../../src/engine/types.ts';
import { atlanticWolves, type AwState } from '../../src/games/atlantic-wolves/index.ts';
import { intakeMail } from '../../src/mail/intake.ts';
import { rememberedSeat } from '../../src/services/auth.ts';
import { asEnvelope } from '../../src/services/json.ts';
import { hashToken } from '../../src/services/tokens.ts';
import { formatOrderText } from '../../src/orders-text/game-text.ts';
import { createWebSession, findWebSession } from '../../src/web/sessions.ts';
import { createGameVia, postOrders, type GameHandle } from '../support/api-helpers.ts';
import { bearerOf, buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { client, csrfOf } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // Each case signs several browsers in: more than the default ten sign-ins a minute of one address.
  t = await buildTestApp({ config: { MAIL_DOMAIN: 'judge.test', SIGN_IN_LIMIT_PER_MINUTE: 100 } });
});
afterAll(async () => {
  await t?.close();
});

const awGame = () =>
  createGameVia(t, {
    game: 'atlantic-wolves',
    mode: 'mail',
    review: 'moderator',
    seats: [
      { side: 'allied', email: 'old-ally@example.org', name: 'Old ally' },
      { side: 'german', email: 'wolf@example.org' },
    ],
  });

/** The Allied opening placement (AW 12.0-2): the engine's default, as JSON and as order text. */
async function placement(gameId: string): Promise<{ orders: unknown; text: string }> {
  const step = await t.db.step.findFirstOrThrow({ where: { gameId, number: 0 } });
  const state = asEnvelope(step.envelope).state as AwState;
  const orders = atlanticWolves.defaultOrders(state, 'allied');
  const choices = atlanticWolves.choices(state, 'allied') as ChoiceTree;
  const text = formatOrderText(atlanticWolves, { data: state.data, seat: 'allied', choices }, orders, 'en').join('\n');
  return { orders, text };
}

/** Signs a browser in with a seat's link; returns the client and the CSRF token of its page. */
async function signIn(gameId: string, token: string) {
  const browser = client(t.app);
  expect((await browser.get(`/play/${gameId}?token=${encodeURIComponent(token)}`)).statusCode).toBe(303);
  const page = await browser.get(`/play/${gameId}`);
  expect(page.statusCode).toBe(200);
  return { browser, csrf: csrfOf(page.body) };
}

type Renew = (g: GameHandle) => Promise<string>;

const viaApiReplace: Renew = async (g) => {
  const payload = { email: 'new-ally@example.org', name: 'New ally' };
  const url = `/api/games/${g.id}/seats/allied`;
  const res = await t.app.inject({ method: 'PUT', url, headers: g.moderator, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
};

const viaApiMove: Renew = async (g) => {
  const payload = { email: 'new-ally@example.org', name: 'New ally' };
  const url = `/api/games/${g.id}/seats/allied/holder`;
  const res = await t.app.inject({ method: 'POST', url, headers: g.moderator, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
};

const viaApiRotate: Renew = async (g) => {
  const url = `/api/games/${g.id}/seats/allied/rotate-token`;
  const res = await t.app.inject({ method: 'POST', url, headers: g.moderator });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
};

const viaConsoleReplace: Renew = async (g) => {
  const operator = client(t.app);
  expect((await operator.get(`/console/login?token=${TEST_ADMIN_TOKEN}`)).statusCode).toBe(303);
  const base = `/console/games/${g.id}`;
  const csrf = csrfOf((await operator.get(base)).body);
  const form = { _csrf: csrf, side: 'allied', email: 'new-ally@example.org', name: 'New ally' };
  const res = await operator.post(`${base}/replace`, form);
  expect(res.statusCode).toBe(200);
  const link = /\/play\/[^?"]+\?token=([A-Za-z0-9_%-]+)/.exec(res.body);
  return decodeURIComponent(link![1]);
};

describe.each([
  ['PUT /api/games/:id/seats/:side', viaApiReplace],
  ['POST /api/games/:id/seats/:side/holder (a new person)', viaApiMove],
  ['POST /api/games/:id/seats/:side/rotate-token', viaApiRotate],
  ["the console's replace", viaConsoleReplace],
] as const)('access ends after %s', (_path, renew) => {
  it('the ousted player: no page, orders, link, token, reply address or calendar; the new token works', async () => {
    const g = await awGame();
    const old = g.tokens.allied;
    const before = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'allied' } });
    const { orders, text } = await placement(g.id);
    const ousted = await signIn(g.id, old);
    // Order submission remembers a token that authenticated there (an invalid order is enough).
    expect((await postOrders(t, g.id, g.seat.allied, { placement: { C01: 'nowhere' } })).statusCode).toBe(422);
    expect(rememberedSeat(g.id, hashToken(old))).not.toBeNull();

    const fresh = await renew(g);

    // The ousted browser: its session shows nothing and submits nothing.
    expect((await ousted.browser.get(`/play/${g.id}`)).statusCode).toBe(401);
    expect((await ousted.browser.get(`/play/${g.id}/map.svg`)).statusCode).toBe(401);
    expect((await ousted.browser.post(`/play/${g.id}/orders/text`, { _csrf: ousted.csrf, text })).statusCode).toBe(401);
    const short = await ousted.browser.get(`/g/${g.id}`);
    expect((await ousted.browser.get(short.headers.location as string)).statusCode).toBe(401);
    // The old sign-in link, bearer token (remembered or not), reply address and calendar feed.
    expect((await client(t.app).get(`/play/${g.id}?token=${encodeURIComponent(old)}`)).statusCode).toBe(403);
    expect(rememberedSeat(g.id, hashToken(old))).toBeNull();
    expect((await postOrders(t, g.id, g.seat.allied, orders)).statusCode).toBe(401);
    const view = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.seat.allied });
    expect(view.statusCode).toBe(401);
    const headers = `From: old-ally@example.org\r\nTo: orders+${before.mailToken}@judge.test\r\n`;
    const mail = `${headers}Message-ID: <ousted-${g.id}@example.org>\r\nSubject: orders\r\n\r\n${text}\r\n`;
    expect((await intakeMail(t.deps, { source: 'http', raw: Buffer.from(mail) })).status).toBe('refused');
    expect((await t.app.inject({ method: 'GET', url: `/calendar/${before.calendarToken}.ics` })).statusCode).toBe(404);
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);
    expect(await t.db.webSession.count({ where: { seatId: before.id } })).toBe(0);

    // The seat's (new) player signs in with the new link and plays.
    const player = await signIn(g.id, fresh);
    expect((await player.browser.post(`/play/${g.id}/orders/text`, { _csrf: player.csrf, text })).statusCode).toBe(303);
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(1);
    expect((await postOrders(t, g.id, bearerOf(fresh), orders)).statusCode).not.toBe(401);
  });
});

describe("the console's hand-over", () => {
  it('hands a seat to the player of another: that token reaches both, the ousted one nothing', async () => {
    const g = await awGame();
    const ousted = await signIn(g.id, g.tokens.allied);
    const operator = client(t.app);
    expect((await operator.get(`/console/login?token=${TEST_ADMIN_TOKEN}`)).statusCode).toBe(303);
    const base = `/console/games/${g.id}`;
    const csrf = csrfOf((await operator.get(base)).body);
    const res = await operator.post(`${base}/hand`, { _csrf: csrf, side: 'allied', holderOf: 'german' });
    expect(res.statusCode).toBe(303);
    expect((await ousted.browser.get(`/play/${g.id}`)).statusCode).toBe(401);
    const view = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.seat.german });
    expect(view.json().you).toEqual({ role: 'person', sides: ['allied', 'german'] });
    expect((await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.seat.allied })).statusCode).toBe(
      401,
    );
    const audit = await t.db.auditLog.findMany({ where: { gameId: g.id }, orderBy: { at: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['game.create', 'seat.move']);
  });
});

describe('a sign-in racing a rotation', () => {
  it('a session opened with the old token after the rotation committed is no session', async () => {
    const g = await awGame();
    const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: g.id, side: 'allied' } });
    await viaApiRotate(g);
    // The sign-in checked the old token just before the rotation and writes its session just after.
    const stale = { role: 'seat', gameId: g.id, seatId: seat.id, seatTokenHash: hashToken(g.tokens.allied) } as const;
    const { key } = await createWebSession(t.deps, stale);
    expect(await findWebSession(t.deps, key)).toBeNull();
  });

  it('the replacement and the new tokens are one transaction, audited with the sessions ended', async () => {
    const g = await awGame();
    await signIn(g.id, g.tokens.allied);
    await viaApiReplace(g);
    const audit = await t.db.auditLog.findMany({ where: { gameId: g.id }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['game.create', 'seat.replace']);
    expect(audit[1].detail).toMatchObject({ side: 'allied', to: { email: 'new-ally@example.org' }, sessionsEnded: 1 });
  });
});
