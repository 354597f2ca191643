/**
 * A complete Atlantic Wolves game played through the API, from creation to the victory check: each step, every
 * owed seat reads its view and submits legal orders (random legal orders from the game's own chooser, seeded);
 * half the games go through moderator review. At the end the record reveals the seed and `pbem verify`'s check
 * re-derives every die and re-adjudicates every step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSchema, verifyRecord } from '../../src/engine/record.ts';
import { commitmentOf } from '../../src/engine/dice.ts';
import type { Envelope } from '../../src/engine/step-runner.ts';
import type { Owed } from '../../src/engine/types.ts';
import { atlanticWolves, type AwState } from '../../src/games/atlantic-wolves/index.ts';
import { randomLegalOrders } from '../../src/games/atlantic-wolves/orders/random-orders.ts';
import { mulberry32 } from '../support/seeded.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, type GameHandle, postOrders } from '../support/api-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Plays the open step: every owed seat reads its view and sends random legal orders (chosen from the state as the
 * engine holds it: the test reads the stored envelope); under moderator review, the moderator approves.
 */
async function playStep(g: GameHandle, number: number, owed: Owed[], review: string, rand: () => number) {
  const step = await t.db.step.findUniqueOrThrow({ where: { gameId_number: { gameId: g.id, number } } });
  const state = (step.envelope as unknown as Envelope<AwState>).state;
  let resolution = null;
  for (const { seat } of owed) {
    const seen = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.seat[seat] })).json();
    expect(seen.you).toEqual({ role: 'seat', side: seat });
    expect(seen.choices).not.toBeNull();
    const res = await postOrders(t, g.id, g.seat[seat], randomLegalOrders(state, seat, rand));
    expect(res.statusCode, res.body).toBe(200);
    resolution = res.json().resolution;
  }
  expect(resolution).toMatchObject({ resolved: true, step: number });
  if (review !== 'moderator') return;
  expect(resolution.status).toBe('awaiting_review');
  const url = `/api/games/${g.id}/steps/${number}/approve`;
  const approve = await t.app.inject({ method: 'POST', url, headers: g.moderator });
  expect(approve.statusCode, approve.body).toBe(200);
}

/** Every viewer's record of the finished game is well formed, reveals the committed seed and verifies. */
async function checkRecords(g: GameHandle, steps: number): Promise<void> {
  for (const who of ['moderator', 'allied', 'german'] as const) {
    const headers = who === 'moderator' ? g.moderator : g.seat[who];
    const record = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/record`, headers })).json();
    expect(recordSchema.safeParse(record).success).toBe(true);
    expect(record.steps).toHaveLength(steps);
    expect(commitmentOf(record.dice.secret)).toBe(g.body.commitment);
    const report = verifyRecord(atlanticWolves, recordSchema.parse(record));
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.stepsChecked).toBe(steps);
    expect(report.diceChecked).toBeGreaterThan(0);
    // Once the game is over every viewer is shown every step's orders and their digest, and each one checks out.
    expect(report.digestsChecked).toBe(steps);
  }
}

describe.each([
  ['auto', 11],
  ['moderator', 29],
] as const)('Atlantic Wolves, mail play, %s review', (review, seed) => {
  it('is played through the API from creation to the victory check', { timeout: 120_000 }, async () => {
    const g = await createGameVia(t, {
      game: 'atlantic-wolves',
      mode: 'mail',
      review,
      name: `AW ${review}`,
      seats: [
        { side: 'allied', email: 'allied@example.org', name: 'Allied player' },
        { side: 'german', email: 'german@example.org', name: 'ドイツ軍', locale: 'ja', timeZone: 'Asia/Tokyo' },
      ],
    });
    expect(g.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    const rand = mulberry32(seed);
    let steps = 0;
    for (; steps < 400; steps++) {
      const view = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.moderator })).json();
      if (view.status === 'finished') break;
      expect(view.step.status).toBe('open');
      const owed = view.step.owed as Owed[];
      expect(owed.length).toBeGreaterThan(0);
      await playStep(g, view.step.number, owed, review, rand);
    }
    const final = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.seat.allied })).json();
    expect(final.status).toBe('finished');
    expect(['allied', 'german']).toContain(final.outcome.winner);
    expect(final.outcome.rule).toBeTruthy();
    await checkRecords(g, steps);
    const mails = await t.db.outbox.count({ where: { gameId: g.id, kind: 'result' } });
    expect(mails).toBe(steps * 2);
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/steps`, headers: g.seat.german })
    ).json();
    expect(history.steps).toHaveLength(steps + 1);
  });
});
