/**
 * Atlantic Wolves in standard mode through the API: the opening step owes nothing (the turn-1 reinforcement draw
 * and the Step-2 roll), so it resolves at creation; the game is then played to its end; private dice (blind draws)
 * never reach the other seat; every seat's record verifies once the game is over.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordSchema, verifyRecord } from '../../src/engine/record.ts';
import type { Envelope } from '../../src/engine/step-runner.ts';
import type { GameEvent, Owed } from '../../src/engine/types.ts';
import { atlanticWolves, type AwState } from '../../src/games/atlantic-wolves/index.ts';
import { randomLegalOrders } from '../../src/games/atlantic-wolves/orders/random-orders.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, postOrders } from '../support/api-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

it('a standard game opens at the first Allied decision and plays to the end without leaking private dice', {
  timeout: 120_000,
}, async () => {
  const g = await createGameVia(t, {
    game: 'atlantic-wolves',
    mode: 'standard',
    seats: [
      { side: 'allied', email: 'allied@example.org' },
      { side: 'german', email: 'german@example.org', locale: 'ja' },
    ],
  });
  const first = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.seat.allied })).json();
  expect(first.step.number).toBe(1);
  expect(first.step.owed).toEqual([expect.objectContaining({ seat: 'allied', point: 'AW-D2' })]);

  const rand = lcg(5);
  let privateDice = 0;
  for (let n = 0; n < 400; n++) {
    const view = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.moderator })).json();
    if (view.status === 'finished') break;
    const step = await t.db.step.findUniqueOrThrow({
      where: { gameId_number: { gameId: g.id, number: view.step.number } },
    });
    const state = (step.envelope as unknown as Envelope<AwState>).state;
    for (const { seat } of view.step.owed as Owed[]) {
      const res = await postOrders(t, g.id, g.seat[seat], randomLegalOrders(state, seat, rand));
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const final = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.seat.german })).json();
  expect(final.status).toBe('finished');

  const all = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/steps`, headers: g.moderator })).json()
    .steps;
  const german = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/steps`, headers: g.seat.german })).json()
    .steps;
  for (const [i, s] of all.entries()) {
    // An event with `visibleTo` is for those seats only (an empty list: the moderator only).
    const hidden = (s.events as GameEvent[]).filter((e) => e.visibleTo && !e.visibleTo.includes('german'));
    privateDice += hidden.filter((e) => e.type === 'die').length;
    expect(german[i].events).toHaveLength(s.events.length - hidden.length);
    for (const e of german[i].events as GameEvent[])
      expect(e.visibleTo === undefined || e.visibleTo.includes('german')).toBe(true);
  }
  expect(privateDice).toBeGreaterThan(0); // the Allied draws are private, so the check above had something to hide

  for (const headers of [g.moderator, g.seat.allied, g.seat.german]) {
    const record = recordSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/record`, headers })).json(),
    );
    expect(record.steps[0].orders).toEqual({});
    const report = verifyRecord(atlanticWolves, record);
    expect(report.mismatches).toEqual([]);
  }
});
