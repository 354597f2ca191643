/**
 * Grand Fleet on the platform (real Postgres, through the API): a one-turn game under moderator review with
 * deadlines, each owed seat sending random legal orders, except that now and then one seat misses its deadline and
 * the game's default orders stand in (GF-AD2's deadline fallback). Every result is approved by the moderator; the
 * record of every viewer reveals the seed and re-adjudicates to the same events (`pbem verify`).
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf } from '../../../src/engine/dice.ts';
import { recordSchema, verifyRecord } from '../../../src/engine/record.ts';
import type { Envelope } from '../../../src/engine/step-runner.ts';
import type { Owed } from '../../../src/engine/types.ts';
import { grandFleet } from '../../../src/games/grand-fleet/index.ts';
import { randomOrders } from '../../../src/games/grand-fleet/orders/random-orders.ts';
import { oneTurnData } from '../../../src/games/grand-fleet/data/short-game.ts';
import type { GfState } from '../../../src/games/grand-fleet/state.ts';
import { startBoss } from '../../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../../src/queue/enqueue.ts';
import { handleDeadline } from '../../../src/services/deadlines/policy.ts';
import { createGameVia, type GameHandle, postOrders } from '../../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../../support/app.ts';
import { mulberry32 } from '../../support/seeded.ts';

let t: TestApp;
let boss: PgBoss;
let now = new Date('2026-11-24T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, config: { MAIL_DOMAIN: 'judge.test' } });
  boss = await startBoss({ databaseUrl: t.database.url, config: t.deps.config, log: t.deps.log, worker: false });
  markJobTablesInstalled();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
});

const get = (g: GameHandle, headers: { authorization: string }, path = '') =>
  t.app.inject({ method: 'GET', url: `/api/games/${g.id}${path}`, headers });

/** One step: owed seats send random orders, but the last owed seat misses every third step's deadline. */
async function playStep(g: GameHandle, number: number, owed: Owed[], rand: () => number): Promise<boolean> {
  const step = await t.db.step.findUniqueOrThrow({ where: { gameId_number: { gameId: g.id, number } } });
  const state = (step.envelope as unknown as Envelope<GfState>).state;
  const miss = number % 3 === 2;
  const sending = miss ? owed.slice(0, -1) : owed;
  for (const { seat } of sending) {
    const res = await postOrders(t, g.id, g.seat[seat], randomOrders(state, seat, rand));
    expect(res.statusCode, res.body).toBe(200);
  }
  if (miss) {
    now = new Date(step.deadlineAt!.getTime());
    const job = { gameId: g.id, stepId: step.id, at: step.deadlineAt!.toISOString() };
    expect(await handleDeadline(t.deps, job)).toBe('defaults-applied');
  }
  const after = await t.db.step.findUniqueOrThrow({ where: { gameId_number: { gameId: g.id, number } } });
  expect(after.status).toBe('awaiting_review');
  const approve = await t.app.inject({
    method: 'POST',
    url: `/api/games/${g.id}/steps/${number}/approve`,
    headers: g.moderator,
  });
  expect(approve.statusCode, approve.body).toBe(200);
  now = new Date(now.getTime() + 60_000);
  return miss;
}

describe('Grand Fleet on the platform', () => {
  it('plays a one-turn game with moderator review, deadlines and default orders; every record verifies', {
    timeout: 180_000,
  }, async () => {
    const g = await createGameVia(t, {
      game: 'grand-fleet',
      mode: 'standard',
      data: oneTurnData,
      review: 'moderator',
      moderatorEmail: 'mod@example.org',
      deadlines: { default: { length: '1d' } },
      missedPolicy: 'default-after-grace',
      graceSeconds: 0,
      seats: [
        { side: 'british', email: 'jellicoe@example.org', name: 'Jellicoe' },
        { side: 'german', email: 'scheer@example.org', name: 'シェーア', locale: 'ja', timeZone: 'Asia/Tokyo' },
      ],
    });
    const rand = mulberry32(16);
    let steps = 0;
    let missed = 0;
    for (; steps < 300; steps++) {
      const view = (await get(g, g.moderator)).json();
      if (view.status === 'finished') break;
      expect(view.step.status).toBe('open');
      if (await playStep(g, view.step.number, view.step.owed as Owed[], rand)) missed++;
    }
    expect(missed).toBeGreaterThan(0);
    const final = (await get(g, g.seat.german)).json();
    expect(final.status).toBe('finished');
    expect(final.outcome.rule).toMatch(/^GF 11/);
    for (const who of ['moderator', 'british', 'german'] as const) {
      const headers = who === 'moderator' ? g.moderator : g.seat[who];
      const record = (await get(g, headers, '/record')).json();
      expect(commitmentOf(record.dice.secret)).toBe(g.body.commitment);
      const report = verifyRecord(grandFleet as never, recordSchema.parse(record));
      expect(report.mismatches).toEqual([]);
      expect(report.stepsChecked).toBe(steps);
    }
    const defaults = await t.db.step.findMany({ where: { gameId: g.id, NOT: { defaultsApplied: { equals: [] } } } });
    expect(defaults.length).toBe(missed);
  });
});
