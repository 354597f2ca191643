/**
 * The moderator moving a seat to another holder (`POST /api/games/:id/seats/:side/holder`): to the person holding
 * another seat of the game, or to a new person (a replacement player). The new holder's token reaches the seat at
 * once and the old holder's no longer does, whatever it was (a seat's own token, a person's, a browser session);
 * a new person gets fresh secrets, shown once, and a welcome mail; every move is audited. Three-seat test game
 * (test/support/skirmish-game.ts), real Postgres, the real app.
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
const duoAndSolo = () => duoAndSoloOf(t);

const move = (g: GameHandle, side: string, payload: Record<string, unknown>, headers = g.moderator) =>
  t.app.inject({ method: 'POST', url: `/api/games/${g.id}/seats/${side}/holder`, headers, payload });

const view = (g: GameHandle, auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: auth });

describe('moving a seat to another holder', () => {
  test('to a new person: fresh secrets shown once and mailed; the old holder loses the seat at once', async () => {
    const { g, duo } = await duoAndSolo();
    const moved = await move(g, 'green', { email: 'stand-in@example.org', name: 'Stand-in', locale: 'ja' });
    expect(moved.statusCode, moved.body).toBe(200);
    const answer = moved.json();
    expect(answer).toEqual({
      side: 'green',
      email: 'stand-in@example.org',
      sides: ['green'],
      token: expect.any(String),
      sessionsEnded: 0,
    });
    // The new player holds the seat alone: its token is the seat's, as for a seat given at creation.
    const standIn = bearerOf(answer.token);
    expect((await view(g, standIn)).json().you).toEqual({ role: 'seat', side: 'green' });
    expect((await postOrders(t, g.id, standIn, BIDS.green)).statusCode).toBe(200);
    // The old holder: its person's token reaches only the seat it still holds; the seat's old own token nothing.
    const forGreen = await postOrders(t, g.id, duo, { green: BIDS.green });
    expect(forGreen.statusCode).toBe(403);
    expect((await view(g, duo)).json().you).toEqual({ role: 'person', sides: ['blue'] });
    expect((await postOrders(t, g.id, g.seat.green, BIDS.green)).statusCode).toBe(401);
    expect((await postOrders(t, g.id, duo, { blue: BIDS.blue })).statusCode).toBe(200);
    // The welcome mail, in the new player's language, with its own reply address.
    const welcome = await t.db.outbox.findMany({ where: { gameId: g.id, toAddress: 'stand-in@example.org' } });
    expect(welcome.map((m) => m.kind)).toEqual(['welcome']);
    expect(welcome[0].subject).toContain('ゲーム開始');
    const seat = await t.db.seat.findFirstOrThrow({
      where: { gameId: g.id, side: 'green' },
      include: { person: true },
    });
    expect(welcome[0].replyTo).toContain(seat.person.mailToken);
    expect(seat).toMatchObject({ email: 'stand-in@example.org', playerName: 'Stand-in', locale: 'ja' });
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { gameId: g.id, action: 'seat.move' } });
    expect(audit.detail).toMatchObject({
      side: 'green',
      from: { email: 'duo@example.org' },
      to: { email: 'stand-in@example.org', sides: ['green'], new: true },
    });
    expect(JSON.stringify(audit.detail)).not.toContain(answer.token);
  });

  test("to the holder of another seat: that person's token reaches it; the lone player's does not any more", async () => {
    const { g, duo } = await duoAndSolo();
    const moved = await move(g, 'red', { holderOf: 'blue' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      side: 'red',
      email: 'duo@example.org',
      sides: ['blue', 'green', 'red'],
      sessionsEnded: 0,
    });
    expect((await postOrders(t, g.id, g.seat.red, BIDS.red)).statusCode).toBe(401);
    expect((await view(g, g.seat.red)).statusCode).toBe(401);
    const all = await postOrders(t, g.id, duo, BIDS);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().resolution).toMatchObject({ resolved: true, step: 0 });
    // No new secrets for a person that has them: no token in the answer, no welcome.
    expect(await t.db.outbox.count({ where: { gameId: g.id, kind: 'welcome', toAddress: 'duo@example.org' } })).toBe(1);
  });

  test("a lone player taking a second seat: its token reaches both, its first seat's own key alone no longer", async () => {
    const { g } = await duoAndSolo();
    const moved = await move(g, 'green', { holderOf: 'red' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().sides).toEqual(['green', 'red']);
    // solo@'s token was its seat's and its own: it is now the person's, for both seats.
    const solo = g.seat.red;
    expect((await view(g, solo)).json().you).toEqual({ role: 'person', sides: ['green', 'red'] });
    const both = await postOrders(t, g.id, solo, { red: BIDS.red, green: BIDS.green });
    expect(both.statusCode, both.body).toBe(200);
  });

  test('refusals: the same holder (409), an unknown seat (404), anyone but the moderator (403)', async () => {
    const { g, duo } = await duoAndSolo();
    const same = await move(g, 'green', { holderOf: 'blue' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('seat/same-holder');
    expect((await move(g, 'green', { holderOf: 'purple' })).statusCode).toBe(404);
    expect((await move(g, 'purple', { holderOf: 'blue' })).statusCode).toBe(404);
    expect((await move(g, 'red', { holderOf: 'blue' }, duo)).statusCode).toBe(403);
    expect((await move(g, 'red', { holderOf: 'blue' }, g.seat.red)).statusCode).toBe(403);
    expect((await move(g, 'red', { email: 'not-an-address' })).statusCode).toBe(400);
    expect(await t.db.auditLog.count({ where: { gameId: g.id, action: 'seat.move' } })).toBe(0);
  });
});
