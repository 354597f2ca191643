/**
 * A person holding two seats of a three-seat game, and another person holding the third (FN 12.0[M]: the nations
 * divided among several people), with the three-seat test game (test/support/skirmish-game.ts: sealed bids, then
 * short alternating steps under a notification policy). The person's token reaches its own seats and nothing else;
 * before a sealed step resolves, neither person sees the other's orders; the person gets one mail per step, built
 * from the per-seat plan; rotating a seat's tokens rotates its person's. Real Postgres, the real app.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameHandle, postOrders } from '../support/api-helpers.ts';
import { bearerOf, buildTestApp, type TestApp } from '../support/app.ts';
import { duoAndSolo as duoAndSoloOf, SKIRMISH_BIDS, skirmish } from '../support/skirmish-game.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [skirmish] });
});
afterAll(async () => {
  await t?.close();
});

const BIDS = SKIRMISH_BIDS;

/** Blue and green held by duo@ (one person, its address spelt two ways), red by solo@ alone. */
async function duoAndSolo(): Promise<{ g: GameHandle; duo: { authorization: string } }> {
  const made = await duoAndSoloOf(t, 'Duo@Example.org');
  expect(made.g.body.persons).toEqual([
    { email: 'duo@example.org', sides: ['blue', 'green'], token: expect.any(String) },
  ]);
  return made;
}

const get = async (g: GameHandle, auth: { authorization: string }, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}${url}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a person holding two of three seats beside a player holding one', () => {
  test("each person's token reaches its own seats only; sealed orders stay hidden across persons", async () => {
    const { g, duo } = await duoAndSolo();
    const foreign = await postOrders(t, g.id, duo, { blue: BIDS.blue, red: BIDS.red });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toMatchObject({ code: 'auth/not-your-seat', messages: { ja: expect.any(String) } });
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);

    expect((await postOrders(t, g.id, duo, { blue: BIDS.blue })).json().resolution).toBeNull();
    expect((await postOrders(t, g.id, g.seat.red, BIDS.red)).json().resolution).toBeNull();
    // The bid is sealed (GF 7(b)[2]): each person sees its own seats' orders, never the other's, before it resolves.
    expect((await get(g, duo, '/steps/0')).orders).toEqual({ blue: BIDS.blue });
    expect((await get(g, g.seat.red, '/steps/0')).orders).toEqual({ red: BIDS.red });
    expect((await get(g, duo, '/orders')).orders).toEqual({ blue: expect.objectContaining({ orders: BIDS.blue }) });
    const view = await get(g, duo, '');
    expect(view.seats.filter((s: { email?: string }) => s.email).map((s: { side: string }) => s.side)).toEqual([
      'blue',
      'green',
    ]);
    expect(view.bySeat.green.choices).not.toBeNull();
    expect(view.bySeat.red).toBeUndefined();
    expect(JSON.stringify(view)).not.toContain('solo@example.org');

    const done = await postOrders(t, g.id, duo, { green: BIDS.green });
    expect(done.json().resolution).toMatchObject({ resolved: true, step: 0 });
    expect((await get(g, duo, '/steps/0')).orders).toEqual(BIDS); // this game's orders are open once resolved

    // Another game's token, a record of a seat not its own: refused.
    const other = await duoAndSolo();
    expect((await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: other.duo })).statusCode).toBe(401);
    const record = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/record?seat=red`, headers: duo });
    expect(record.statusCode).toBe(403);
    expect((await get(g, duo, '/record?seat=green')).viewer).toBe('seat:green');
  });

  test('one mail per step for the person, planned per seat: a result when one of its seats owes, else a digest', async () => {
    const { g, duo } = await duoAndSolo();
    await postOrders(t, g.id, duo, { blue: BIDS.blue, green: BIDS.green });
    await postOrders(t, g.id, g.seat.red, BIDS.red);
    await postOrders(t, g.id, g.seat.red, { action: 'move', path: ['ford', 'hill'] }); // step 1: blue owes next
    await postOrders(t, g.id, duo, { blue: { action: 'hold' } }); // step 2: green owes next
    await postOrders(t, g.id, duo, { green: { action: 'move', path: ['ford', 'wood'] } }); // step 3: red musters
    expect((await postOrders(t, g.id, g.seat.red, { muster: 1 })).json().resolution).toMatchObject({ finished: true });
    const rows = await t.db.outbox.findMany({
      where: { gameId: g.id },
      orderBy: [{ createdAt: 'asc' }, { toAddress: 'asc' }],
    });
    const to = (who: string) =>
      rows
        .filter((r) => r.toAddress.startsWith(`${who}@`))
        // A welcome by its subject's first part, a result by its heading (the steps it covers).
        .map((r) =>
          r.kind === 'welcome'
            ? `${r.kind} ${r.subject.replace(/^\[[^\]]*\] /, '').split(' · ')[0]}`
            : `${r.kind} ${/^== (.*) ==$/m.exec(r.text)?.[1]}`,
        );
    expect(to('duo')).toEqual([
      'welcome Welcome: you play Blue, Green',
      'result Result of step 0',
      'result Result of step 1',
      'result Results of steps 1–2',
      'digest Digest of steps 2–3',
      'result Result of step 4',
    ]);
    expect(to('solo')).toEqual([
      'welcome Welcome: you play Red',
      'result Result of step 0',
      'result Results of steps 1–3',
      'result Result of step 4',
    ]);
    const digest = rows.find((r) => r.kind === 'digest')!;
    expect(digest.text).toMatch(
      /moved \{"path":\[\],"seat":"blue"\}[\s\S]*moved \{"path":\["ford","wood"\],"seat":"green"\}/,
    );
    expect(digest.text).toMatch(/== Seat Blue ==[\s\S]*== Seat Green ==/);
    // Every mail of the person goes out with its own reply address, never a seat's or the other player's.
    const duoReply = rows.find((r) => r.toAddress === 'duo@example.org')!.replyTo;
    const soloReply = rows.find((r) => r.toAddress === 'solo@example.org')!.replyTo;
    for (const r of rows) expect(r.replyTo).toBe(r.toAddress === 'duo@example.org' ? duoReply : soloReply);
    expect(
      rows
        .filter((r) => r.toAddress === 'solo@example.org')
        .map((r) => r.text)
        .join(),
    ).not.toContain(duoReply!);
  });

  test("rotating a seat's tokens rotates its person's; a seat given to a new player leaves the person", async () => {
    const { g, duo } = await duoAndSolo();
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/seats/green/rotate-token`,
      headers: g.moderator,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { personToken } = rotated.json();
    expect(personToken).toEqual(expect.any(String));
    expect((await postOrders(t, g.id, duo, { blue: BIDS.blue })).statusCode).toBe(401);
    const renewed = bearerOf(personToken);
    expect((await postOrders(t, g.id, renewed, { blue: BIDS.blue })).statusCode).toBe(200);

    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/games/${g.id}/seats/green`,
      headers: g.moderator,
      payload: { email: 'newcomer@example.org' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const forGreen = await postOrders(t, g.id, renewed, { green: BIDS.green });
    expect(forGreen.statusCode).toBe(403);
    expect((await get(g, renewed, '')).you).toEqual({ role: 'person', sides: ['blue'] });
    const newcomer = bearerOf(replaced.json().token);
    expect((await postOrders(t, g.id, newcomer, BIDS.green)).statusCode).toBe(200);
  });
});
