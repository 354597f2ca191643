/**
 * Operation Crusader on the service (real Postgres, through the API), on the full map and counter mix: a game of two
 * turns under moderator review, every step approved, some activations missed and played by the default order (the
 * moderator applies defaults at a missed deadline, OC-AD1), played to its end; the finished game's record
 * re-adjudicates to the same events (`pbem verify`).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recordSchema, verifyRecord } from '../../../src/engine/record.ts';
import { operationCrusader as oc } from '../../../src/games/operation-crusader/index.ts';
import { applyDefaultsNow } from '../../../src/services/deadlines/policy.ts';
import { approveStep } from '../../../src/services/moderation.ts';
import { currentStep } from '../../../src/services/steps.ts';
import { recordFor } from '../../../src/services/views.ts';
import { randomSource } from '../../conformance/support/random-game.ts';
import { createGameVia, postOrders } from '../../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('a game under moderator review, with default orders at missed deadlines, to its end', async () => {
  const g = await createGameVia(t, {
    game: 'operation-crusader',
    mode: 'standard',
    options: { lastTurn: 2 },
    seats: [
      { side: 'british', email: 'eighth-army@example.org' },
      { side: 'axis', email: 'panzergruppe@example.org', locale: 'ja', timeZone: 'Asia/Tokyo' },
    ],
    review: 'moderator',
    moderatorEmail: 'mod@example.org',
    deadlines: { default: { length: '1d' } },
  });
  const rand = randomSource('oc-platform');
  let defaults = 0;
  let approvals = 0;
  for (let i = 0; i < 600; i++) {
    const step = await currentStep(t.deps, g.id);
    if (step.gameStatus === 'finished') break;
    if (step.status === 'awaiting_review') {
      await approveStep(t.deps, g.id, step.number);
      approvals++;
      continue;
    }
    expect(step.status).toBe('open');
    // Every third pass the owing seat misses its deadline and the moderator applies its default orders.
    if (i % 3 === 2) {
      const applied = await applyDefaultsNow(t.deps, g.id);
      expect(applied.sides).toEqual(step.owed.map((o) => o.seat));
      defaults++;
      continue;
    }
    for (const { seat } of step.owed) {
      const orders = oc.randomOrders!(step.envelope.state as never, seat, rand);
      const res = await postOrders(t, g.id, g.seat[seat], orders);
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
  }
  expect((await currentStep(t.deps, g.id)).gameStatus).toBe('finished');
  expect(defaults).toBeGreaterThan(2);
  expect(approvals).toBeGreaterThan(5);
  const record = await recordFor(t.deps, g.id, { kind: 'moderator', gameId: g.id });
  const verified = verifyRecord(oc, recordSchema.parse(record));
  expect(verified.mismatches).toEqual([]);
  expect(verified.stepsChecked).toBe(record.steps.length);
}, 180_000);
