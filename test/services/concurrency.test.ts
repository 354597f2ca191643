/**
 * Exactly-once resolution against real Postgres: concurrent final submissions, and two app instances (two pools,
 * as two server processes would have) on one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, postOrders, toyPayload } from '../support/api-helpers.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { createDb } from '../../src/db/client.ts';
import { resolveIfReady } from '../../src/services/turn-processor.ts';

let t: TestApp;
let t2: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame] });
  // A second instance with its own connection pool on the same database.
  const db2 = createDb(t.database.url, { max: 10 });
  t2 = await buildTestApp({
    games: [toyGame],
    database: { ...t.database, db: db2, drop: async () => db2.$disconnect() },
  });
});
afterAll(async () => {
  await t2?.close();
  await t2?.db.$disconnect();
  await t?.close();
});

async function countsOf(gameId: string) {
  const steps = await t.db.step.findMany({
    where: { gameId },
    orderBy: { number: 'asc' },
    include: { _count: { select: { events: true } } },
  });
  const mails = await t.db.outbox.count({ where: { gameId, kind: 'result' } });
  return { steps: steps.map((s) => ({ n: s.number, status: s.status, events: s._count.events })), mails };
}

describe('concurrent final submissions resolve a step exactly once', () => {
  it.each([1, 2, 3, 4, 5])('round %i: both seats at once, on two instances, plus stray resolver calls', async () => {
    const g = await createGameVia(t, toyPayload());
    const results = await Promise.all([
      postOrders(t, g.id, g.seat.a, { pick: 3 }),
      postOrders(t2, g.id, g.seat.b, { pick: 4 }),
      resolveIfReady(t.deps, g.id),
      resolveIfReady(t2.deps, g.id),
    ]);
    expect(results[0].statusCode, results[0].body).toBe(200);
    expect(results[1].statusCode, results[1].body).toBe(200);
    const resolutions = [results[0].json().resolution, results[1].json().resolution, results[2], results[3]].filter(
      (r) => r?.resolved,
    );
    expect(resolutions).toHaveLength(1);
    const c = await countsOf(g.id);
    expect(c.steps).toEqual([
      { n: 0, status: 'published', events: c.steps[0].events },
      { n: 1, status: 'open', events: 0 },
    ]);
    expect(c.steps[0].events).toBeGreaterThan(0);
    expect(c.mails).toBe(2);
  });

  it('a burst of revisions from both seats leaves exactly one current order per seat and one resolution', async () => {
    const g = await createGameVia(t, toyPayload({ review: 'moderator' }));
    const burst = [];
    for (let i = 0; i < 10; i++) {
      burst.push(postOrders(i % 2 ? t : t2, g.id, g.seat.a, { pick: (i % 6) + 1 }));
      burst.push(postOrders(i % 2 ? t2 : t, g.id, g.seat.b, { pick: ((i + 3) % 6) + 1 }));
    }
    const responses = await Promise.all(burst);
    const codes = responses.map((r) => r.statusCode);
    // Submissions that arrive after the resolution are refused with 409 (step not open / changed), never lost silently.
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(responses.filter((r) => r.statusCode === 200 && r.json().resolution).length).toBe(1);
    const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } });
    expect(step.status).toBe('awaiting_review');
    // Each seat's orders are numbered 1..n without gaps or repeats, however the two processes interleaved them.
    const revisions = await t.db.order.groupBy({
      by: ['seatId'],
      where: { stepId: step.id },
      _count: true,
      _max: { revision: true },
      _min: { revision: true },
    });
    expect(revisions).toHaveLength(2);
    for (const r of revisions) expect([r._min.revision, r._max.revision]).toEqual([1, r._count]);
    expect(await t.db.step.count({ where: { gameId: g.id } })).toBe(1);
  });
});
