/**
 * The auth matrix: every endpoint x (moderator, the right seat, the other seat, no token, a token of another game),
 * and hidden information: one seat's responses never contain what only the other seat may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, postOrders, toyPayload, type GameHandle } from '../support/api-helpers.ts';
import { toyGame } from '../../src/games/toy/index.ts';

let t: TestApp;
let g: GameHandle;
let other: GameHandle;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame] });
  g = await createGameVia(t, toyPayload({ review: 'moderator' }));
  other = await createGameVia(t, toyPayload());
});
afterAll(async () => {
  await t?.close();
});

type Who = 'moderator' | 'seat' | 'otherSeat' | 'none' | 'otherGame' | 'otherGameModerator';
const auth = (who: Who): Record<string, string> =>
  ({
    moderator: g.moderator,
    seat: g.seat.a,
    otherSeat: g.seat.b,
    none: {},
    otherGame: other.seat.a,
    otherGameModerator: other.moderator,
  })[who];

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  payload?: unknown;
  /** Expected status per caller ("seat" is seat a; otherSeat is b). */
  expect: Record<Who, number>;
}

const READ = { moderator: 200, seat: 200, otherSeat: 200, none: 401, otherGame: 401, otherGameModerator: 401 };
const MOD = { moderator: 200, seat: 403, otherSeat: 403, none: 401, otherGame: 401, otherGameModerator: 401 };
const endpoints: Endpoint[] = [
  { name: 'GET game', method: 'GET', url: () => `/api/games/${g.id}`, expect: READ },
  { name: 'GET steps', method: 'GET', url: () => `/api/games/${g.id}/steps`, expect: READ },
  { name: 'GET step 0', method: 'GET', url: () => `/api/games/${g.id}/steps/0`, expect: READ },
  { name: 'GET orders', method: 'GET', url: () => `/api/games/${g.id}/orders`, expect: READ },
  { name: 'GET record', method: 'GET', url: () => `/api/games/${g.id}/record`, expect: READ },
  {
    name: 'POST orders',
    method: 'POST',
    url: () => `/api/games/${g.id}/orders`,
    payload: { orders: { standing: { note: 'n' } } },
    expect: { ...MOD, moderator: 403, seat: 422, otherSeat: 422 },
  },
  { name: 'GET audit', method: 'GET', url: () => `/api/games/${g.id}/audit`, expect: MOD },
  {
    name: 'approve',
    method: 'POST',
    url: () => `/api/games/${g.id}/steps/0/approve`,
    expect: { ...MOD, moderator: 409 },
  },
  {
    name: 'reject',
    method: 'POST',
    url: () => `/api/games/${g.id}/steps/0/reject`,
    payload: { reason: 'no' },
    expect: { ...MOD, moderator: 409 },
  },
  {
    name: 'amend',
    method: 'PUT',
    url: () => `/api/games/${g.id}/seats/a/orders`,
    payload: { orders: { pick: 9 } },
    expect: { ...MOD, moderator: 422 },
  },
  {
    name: 'deadline',
    method: 'PUT',
    url: () => `/api/games/${g.id}/deadline`,
    payload: { deadlineAt: null },
    expect: MOD,
  },
  {
    name: 'rotate',
    method: 'POST',
    url: () => `/api/games/${other.id}/seats/b/rotate-token`,
    expect: { moderator: 401, seat: 401, otherSeat: 401, none: 401, otherGame: 403, otherGameModerator: 200 },
  },
  {
    name: 'pause',
    method: 'POST',
    url: () => `/api/games/${other.id}/pause`,
    payload: {},
    expect: { moderator: 401, seat: 401, otherSeat: 401, none: 401, otherGame: 403, otherGameModerator: 200 },
  },
  {
    name: 'create',
    method: 'POST',
    url: () => '/api/games',
    payload: toyPayload(),
    expect: { moderator: 401, seat: 401, otherSeat: 401, none: 401, otherGame: 401, otherGameModerator: 401 },
  },
];

describe('auth matrix', () => {
  const rows = endpoints.flatMap((e) => (Object.keys(e.expect) as Who[]).map((who) => [e.name, who, e] as const));
  it.each(rows)('%s as %s', async (_n, who, e) => {
    const res = await t.app.inject({
      method: e.method,
      url: e.url(),
      headers: auth(who),
      ...(e.payload !== undefined ? { payload: e.payload as object } : {}),
    });
    expect(res.statusCode, res.body).toBe(e.expect[who]);
    if (res.statusCode >= 400) expect(res.json().error.requestId).toBeTruthy();
  });

  it('a replaced token stops working at once', async () => {
    const g2 = await createGameVia(t, toyPayload());
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/games/${g2.id}/seats/b`,
      headers: g2.moderator,
      payload: { email: 'carol@example.org', name: 'Carol' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/games/${g2.id}`, headers: g2.seat.b })).statusCode).toBe(
      401,
    );
    const fresh = await t.app.inject({
      method: 'GET',
      url: `/api/games/${g2.id}`,
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(fresh.json().you).toEqual({ role: 'seat', side: 'b' });
    const seats = fresh.json().seats;
    expect(seats.find((s: { side: string }) => s.side === 'b').email).toBe('carol@example.org');
    expect(seats.find((s: { side: string }) => s.side === 'a').email).toBeUndefined();
  });
});

describe('hidden information', () => {
  it("never in the other seat's answers; the moderator sees everything; previews stay with the moderator", async () => {
    const h = await createGameVia(t, toyPayload({ review: 'moderator', options: { rounds: 2 } }));
    await postOrders(t, h.id, h.seat.a, { pick: 2, standing: { note: 'SECRET-NOTE-OF-A' } });
    // b's view never shows a's orders before (or after) the step is published while the game goes on.
    const before = await t.app.inject({ method: 'GET', url: `/api/games/${h.id}/orders`, headers: h.seat.b });
    expect(before.json().orders).toEqual({});
    await postOrders(t, h.id, h.seat.b, { pick: 5 });
    // Awaiting review: seats see no events, no preview.
    for (const side of ['a', 'b']) {
      const steps = await t.app.inject({ method: 'GET', url: `/api/games/${h.id}/steps`, headers: h.seat[side] });
      expect(steps.json().steps[0].events).toEqual([]);
      const rec = await t.app.inject({ method: 'GET', url: `/api/games/${h.id}/record`, headers: h.seat[side] });
      expect(rec.json().steps).toEqual([]);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/games/${h.id}`, headers: h.seat[side] })).json().preview,
      ).toBeUndefined();
    }
    const mod = (await t.app.inject({ method: 'GET', url: `/api/games/${h.id}`, headers: h.moderator })).json();
    expect(mod.preview.events.filter((e: { type: string }) => e.type === 'secret')).toHaveLength(2);
    await t.app.inject({ method: 'POST', url: `/api/games/${h.id}/steps/0/approve`, headers: h.moderator });

    const secretOf = async (side: string) => {
      const steps = (
        await t.app.inject({ method: 'GET', url: `/api/games/${h.id}/steps/0`, headers: h.seat[side] })
      ).json();
      return steps.events.filter((e: { type: string }) => e.type === 'secret').map((e: { seat: string }) => e.seat);
    };
    expect(await secretOf('a')).toEqual(['a']);
    expect(await secretOf('b')).toEqual(['b']);
    const urls = ['', '/steps', '/steps/0', '/steps/1', '/orders', '/record'];
    for (const url of urls) {
      const body = (await t.app.inject({ method: 'GET', url: `/api/games/${h.id}${url}`, headers: h.seat.b })).body;
      expect(body, url).not.toContain('SECRET-NOTE-OF-A');
      expect(body, url).not.toContain('"hidden a"');
      expect(body, url).not.toMatch(/"seat":"a","hidden"/);
      expect(body, url).not.toContain('diceKey');
      expect(body, url).not.toContain('seedSecret');
    }
    const modRecord = (
      await t.app.inject({ method: 'GET', url: `/api/games/${h.id}/record`, headers: h.moderator })
    ).json();
    expect(modRecord.steps[0].orders.a.standing.note).toBe('SECRET-NOTE-OF-A');
    expect(modRecord.dice).toBeNull();
    expect(JSON.stringify(modRecord)).not.toContain('diceKey');
    // The outbox: b's result mail has only b's secret.
    const mails = await t.db.outbox.findMany({ where: { gameId: h.id, kind: 'result' }, include: {} });
    const toB = mails.find((m) => m.toAddress === 'b@example.org');
    // b reads Japanese; the toy's words for its events (src/games/toy/view/describe.ts): "B は 5 を選び、...".
    expect(toB?.text).toMatch(/B は 5 を選び、秘密のダイスは \d/);
    expect(toB?.text).toMatch(/B の秘密のダイス: d6 = \d/);
    expect(toB?.text).not.toMatch(/A は \d を選び|A の秘密のダイス/);
    expect(toB?.text).not.toContain('hidden a');
  });
});
