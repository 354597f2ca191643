/**
 * `ordersIn` of a seat (GET /api/games/:id, the ✔ of the seats list on the player's page and the console's
 * "orders in" column) says that a seat owing orders at the current step has sent them: a seat that owes nothing
 * and sent only standing orders has nothing "in".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameVia, type GameHandle, postOrders, toyPayload } from '../support/api-helpers.ts';
import { buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { client } from '../web/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** `ordersIn` per side, as the moderator and as seat `a` read the game. */
async function ordersIn(g: GameHandle): Promise<Record<string, boolean>[]> {
  const out: Record<string, boolean>[] = [];
  for (const auth of [g.moderator, g.seat.a]) {
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const seats = res.json().seats as { side: string; ordersIn: boolean }[];
    out.push(Object.fromEntries(seats.map((s) => [s.side, s.ordersIn])));
  }
  return out;
}

/** The seats list of a seat's page, as text. */
async function seatsList(g: GameHandle, side: string): Promise<string> {
  const browser = client(t.app);
  expect((await browser.get(`/play/${g.id}?token=${encodeURIComponent(g.tokens[side])}`)).statusCode).toBe(303);
  const page = (await browser.get(`/play/${g.id}`)).body;
  const list = /<section class="seats card">([\s\S]*?)<\/section>/.exec(page)?.[1];
  expect(list, 'the seats list').toBeDefined();
  return (list as string).replace(/<[^>]+>/g, '');
}

/** The console's "orders in" cells of a game, in seat order. */
async function consoleCells(g: GameHandle): Promise<string[]> {
  const operator = client(t.app);
  expect((await operator.get(`/console/login?token=${TEST_ADMIN_TOKEN}`)).statusCode).toBe(303);
  const page = (await operator.get(`/console/games/${g.id}`)).body;
  return [...page.matchAll(/<td class="orders-in">([\s\S]*?)<\/td>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
}

describe('ordersIn', () => {
  it('is true for a seat that owes orders once it has sent them, false for one still owing', async () => {
    const g = await createGameVia(t, toyPayload());
    expect(await ordersIn(g)).toEqual([
      { a: false, b: false },
      { a: false, b: false },
    ]);
    expect((await postOrders(t, g.id, g.seat.a, { pick: 2 })).statusCode).toBe(200);
    expect(await ordersIn(g)).toEqual([
      { a: true, b: false },
      { a: true, b: false },
    ]);
    const list = await seatsList(g, 'b');
    expect(list).toContain('A: Alice · ✔');
    // Bob reads Japanese: a seat still owing says so in words, not with "…".
    expect(list).toContain('B: Bob · 命令待ち');
  });

  it('is false for a seat that owes nothing and sent only standing orders: in the API, the page and the console', async () => {
    const g = await createGameVia(t, toyPayload());
    // TOY 2: both seats pick at step 0, only `a` at step 1.
    for (const side of ['a', 'b']) expect((await postOrders(t, g.id, g.seat[side], { pick: 1 })).statusCode).toBe(200);
    const standing = await postOrders(t, g.id, g.seat.b, { standing: { note: 'hold' } });
    expect(standing.statusCode, standing.body).toBe(200);
    const game = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.moderator });
    expect(game.json().step.owed.map((o: { seat: string }) => o.seat)).toEqual(['a']);
    expect(await ordersIn(g)).toEqual([
      { a: false, b: false },
      { a: false, b: false },
    ]);
    for (const side of ['a', 'b']) expect(await seatsList(g, side)).not.toContain('✔');
    const cells = await consoleCells(g);
    expect(cells).toHaveLength(2);
    expect(cells[1]).not.toMatch(/yes/i);
  });
});
