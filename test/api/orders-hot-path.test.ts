/**
 * Order submission on the SQL path (the app's pg pool) and, for parity, without the pool (through Prisma):
 * rotated and replaced tokens are refused at once, simultaneous submissions of one seat leave exactly one current
 * order and revisions numbered 1..n without a gap, and the same validation, pause and review answers as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, postOrders, toyPayload } from '../support/api-helpers.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { createDb } from '../../src/db/client.ts';

let pooled: TestApp;
let pooled2: TestApp;
let prismaOnly: TestApp;
beforeAll(async () => {
  pooled = await buildTestApp({ games: [toyGame] });
  // A second process on the same database: its own Prisma client and its own pg pool.
  const db2 = createDb(pooled.database.url, { max: 10 });
  pooled2 = await buildTestApp({
    games: [toyGame],
    database: { ...pooled.database, db: db2, drop: async () => db2.$disconnect() },
  });
  prismaOnly = await buildTestApp({ games: [toyGame], database: pooled.database, noPool: true });
});
afterAll(async () => {
  await prismaOnly?.close();
  await pooled2?.close();
  await pooled2?.db.$disconnect();
  await pooled?.close();
});

/**
 * The orders of one seat at a step: the current one (the highest revision), how many are revision 1, and how long
 * the unbroken run of revisions 1, 2, 3... is (every order once, in the order they were stored).
 */
async function chainOf(t: TestApp, gameId: string, side: string, number = 0) {
  const step = await t.db.step.findFirstOrThrow({ where: { gameId, number } });
  const seat = await t.db.seat.findFirstOrThrow({ where: { gameId, side } });
  const orders = await t.db.order.findMany({
    where: { stepId: step.id, seatId: seat.id },
    orderBy: { revision: 'asc' },
  });
  const current = orders.length ? [orders[orders.length - 1]] : [];
  let length = 0;
  while (length < orders.length && orders[length].revision === length + 1) length++;
  return { total: orders.length, current, firsts: orders.filter((o) => o.revision === 1).length, length, step };
}

describe.each([
  ['the SQL path (pg pool)', () => pooled],
  ['Prisma only (no pool)', () => prismaOnly],
])('%s', (_name, app) => {
  it('a rotated token gets 401 at once, the new one works', async () => {
    const t = app();
    const g = await createGameVia(t, toyPayload());
    expect((await postOrders(t, g.id, g.seat.b, { pick: 2 })).statusCode).toBe(200);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/seats/b/rotate-token`,
      headers: g.moderator,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const old = await postOrders(t, g.id, g.seat.b, { pick: 3 });
    expect(old.statusCode, old.body).toBe(401);
    expect(old.json().error.code).toBe('auth/unauthorized');
    // Also in the other process at once: a token remembered there stores nothing once rotated.
    expect((await postOrders(pooled2, g.id, g.seat.b, { pick: 3 })).statusCode).toBe(401);
    const fresh = await postOrders(t, g.id, { authorization: `Bearer ${rotated.json().token}` }, { pick: 4 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const c = await chainOf(t, g.id, 'b');
    expect(c.current.map((o) => o.parsed)).toEqual([{ pick: 4 }]);
  });

  it('a rotated token that was remembered gets 401 before any other answer, and stores nothing', async () => {
    const t = app();
    const g = await createGameVia(t, toyPayload());
    // Used twice, so the second request took the seat from memory without a query.
    for (const pick of [1, 2]) expect((await postOrders(t, g.id, g.seat.a, { pick })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/seats/a/rotate-token`, headers: g.moderator }))
        .statusCode,
    ).toBe(200);
    const invalid = await postOrders(t, g.id, g.seat.a, { pick: 99 });
    expect(invalid.statusCode, invalid.body).toBe(401); // not the 422 that would describe the orders
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/pause`, headers: g.moderator, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await postOrders(t, g.id, g.seat.a, { pick: 3 })).statusCode).toBe(401); // not the 409 of a paused game
    const c = await chainOf(t, g.id, 'a');
    expect(c.current.map((o) => o.parsed)).toEqual([{ pick: 2 }]);
    expect(c.total).toBe(2);
  });

  it('a replaced seat: the old token gets 401 at once, on every process', async () => {
    const t = app();
    const g = await createGameVia(t, toyPayload());
    expect((await postOrders(pooled2, g.id, g.seat.a, { pick: 1 })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/games/${g.id}/seats/a`,
      headers: g.moderator,
      payload: { email: 'dave@example.org', name: 'Dave' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await postOrders(t, g.id, g.seat.a, { pick: 2 })).statusCode).toBe(401);
    expect((await postOrders(pooled2, g.id, g.seat.a, { pick: 2 })).statusCode).toBe(401);
    expect(
      (await postOrders(pooled2, g.id, { authorization: `Bearer ${res.json().token}` }, { pick: 2 })).statusCode,
    ).toBe(200);
  });

  it('a token of another game, the moderator token and garbage are refused as before', async () => {
    const t = app();
    const g = await createGameVia(t, toyPayload());
    const other = await createGameVia(t, toyPayload());
    expect((await postOrders(t, g.id, other.seat.a, { pick: 1 })).statusCode).toBe(401);
    expect((await postOrders(t, g.id, g.moderator, { pick: 1 })).statusCode).toBe(403);
    expect((await postOrders(t, g.id, { authorization: 'Bearer x' }, { pick: 1 })).statusCode).toBe(401);
    expect((await postOrders(t, 'nosuchgame', g.seat.a, { pick: 1 })).statusCode).toBe(401);
  });

  it('40 simultaneous submissions of a seat on two processes: all stored, one current order, one chain', async () => {
    const t = app();
    const g = await createGameVia(t, toyPayload());
    const burst = Array.from({ length: 40 }, (_, i) =>
      postOrders(i % 2 ? t : pooled2, g.id, g.seat.a, { pick: (i % 6) + 1, standing: { note: `n${i}` } }),
    );
    const responses = await Promise.all(burst);
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    expect(responses.every((r) => r.json().resolution === null)).toBe(true);
    const c = await chainOf(t, g.id, 'a');
    expect(c.total).toBe(40);
    expect(c.current).toHaveLength(1);
    expect(c.firsts).toBe(1);
    expect(c.length).toBe(40);
    expect(responses.map((r) => r.json().orderId)).toContain(c.current[0].id);
  });

  it('simultaneous final submissions of both seats plus revisions resolve once, and late ones get 409', async () => {
    const t = app();
    const g = await createGameVia(t, toyPayload({ review: 'moderator' }));
    const burst = [];
    for (let i = 0; i < 12; i++) {
      burst.push(postOrders(i % 2 ? t : pooled2, g.id, g.seat.a, { pick: (i % 6) + 1 }));
      burst.push(postOrders(i % 2 ? pooled2 : t, g.id, g.seat.b, { pick: ((i + 2) % 6) + 1 }));
    }
    const responses = await Promise.all(burst);
    expect(
      responses.every(
        (r) =>
          r.statusCode === 200 ||
          (r.statusCode === 409 && ['step/not-open', 'step/changed'].includes(r.json().error.code)),
      ),
    ).toBe(true);
    expect(responses.filter((r) => r.statusCode === 200 && r.json().resolution).length).toBe(1);
    for (const side of ['a', 'b']) {
      const c = await chainOf(t, g.id, side);
      expect(c.current).toHaveLength(1);
      expect(c.length).toBe(c.total);
      expect(c.step.status).toBe('awaiting_review');
    }
  });

  it('keeps the answers: 422 with every rule error, 409 when paused, amendment audited while paused', async () => {
    const t = app();
    const g = await createGameVia(t, toyPayload());
    const bad = await postOrders(t, g.id, g.seat.a, { pick: 9, standing: { note: 'forbidden' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('orders/invalid');
    expect(bad.json().error.errors.map((e: { code: string }) => e.code)).toEqual(['toy/range', 'toy/note']);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/pause`, headers: g.moderator, payload: {} }))
        .statusCode,
    ).toBe(200);
    const paused = await postOrders(t, g.id, g.seat.a, { pick: 2 });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().error.code).toBe('game/paused');
    const amend = await t.app.inject({
      method: 'PUT',
      url: `/api/games/${g.id}/seats/b/orders`,
      headers: g.moderator,
      payload: { orders: { pick: 5 }, reason: 'by phone' },
    });
    expect(amend.statusCode, amend.body).toBe(200);
    const audit = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/audit`, headers: g.moderator });
    const entry = audit.json().entries.find((e: { action: string }) => e.action === 'orders.amend');
    expect(entry.detail).toMatchObject({ step: 0, side: 'b', reason: 'by phone', orderId: amend.json().orderId });
    expect(new Date(entry.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: amend.json().orderId } });
    expect(order.source).toBe('moderator');
    expect(Math.abs(order.receivedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
