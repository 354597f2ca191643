/**
 * Group commit of order submissions: the queue itself (what queues while flights are busy leaves together, a batch
 * is capped, a failed batch is written again item by item) and, against Postgres, many games' submissions at once,
 * each keeping the outcome it would have had alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, toyPayload } from '../support/api-helpers.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { GroupCommit } from '../../src/services/group-commit.ts';
import { groupCommitStats, storeOrder, type OrderRow } from '../../src/services/order-store.ts';
import { submitOrders } from '../../src/services/orders.ts';

/** A queue whose batches wait until the test lets them return. */
function gatedQueue(opts: { maxBatch: number; maxFlights: number; bad?: number }) {
  const batches: number[][] = [];
  const release: (() => void)[] = [];
  const group = new GroupCommit<number, number>({
    ...opts,
    writeBatch: (items) =>
      new Promise((resolve, reject) => {
        batches.push(items);
        release.push(() =>
          items.includes(opts.bad ?? NaN) ? reject(new Error('batch failed')) : resolve(items.map((i) => i * 10)),
        );
      }),
    writeOne: async (i) => {
      if (i === opts.bad) throw new Error(`item ${i} failed`);
      return i * 10;
    },
  });
  return { group, batches, release };
}

describe('GroupCommit', () => {
  it('a write leaves alone when a flight is free; what queued meanwhile leaves together', async () => {
    const { group, batches, release } = gatedQueue({ maxBatch: 10, maxFlights: 1 });
    const first = group.write(1);
    const rest = [2, 3, 4].map((i) => group.write(i));
    expect(batches).toEqual([[1]]);
    release[0]();
    expect(await first).toBe(10);
    await vi.waitFor(() => expect(batches).toEqual([[1], [2, 3, 4]]));
    release[1]();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(group.stats).toEqual({ batches: 2, items: 4, largest: 3, retried: 0 });
  });

  it('at most maxFlights batches fly at once, each of at most maxBatch items, in arrival order', async () => {
    const { group, batches, release } = gatedQueue({ maxBatch: 3, maxFlights: 2 });
    const all = Array.from({ length: 9 }, (_, i) => group.write(i));
    expect(batches).toEqual([[0], [1]]);
    release[0]();
    await vi.waitFor(() => expect(batches).toEqual([[0], [1], [2, 3, 4]]));
    release[1]();
    release[2]();
    await vi.waitFor(() => expect(batches).toHaveLength(5));
    expect(batches.slice(3)).toEqual([[5, 6, 7], [8]]);
    release[3]();
    release[4]();
    expect(await Promise.all(all)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
  });

  it('a failed batch is written again item by item: the bad item fails alone', async () => {
    const { group, batches, release } = gatedQueue({ maxBatch: 10, maxFlights: 1, bad: 13 });
    const first = group.write(1);
    const queued = [12, 13, 14].map((i) => group.write(i));
    release[0]();
    await first;
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    release[1]();
    const settled = await Promise.allSettled(queued);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      120,
      'item 13 failed',
      140,
    ]);
    expect(group.stats.retried).toBe(1);
  });
});

describe('order submissions through the group commit (Postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ games: [toyGame] });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function gameRows(n: number) {
    const games = [];
    for (let i = 0; i < n; i++) {
      const g = await createGameVia(t, toyPayload());
      const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } });
      const seats = await t.db.seat.findMany({ where: { gameId: g.id } });
      games.push({ id: g.id, stepId: step.id, seat: (side: string) => seats.find((s) => s.side === side)! });
    }
    return games;
  }

  it('submissions of many games at once share transactions; every game resolves exactly once', async () => {
    const pool = t.deps.pool!;
    const before = groupCommitStats(pool)?.batches ?? 0;
    const games = await gameRows(20);
    const submit = (gameId: string, seatId: string, pick: number) =>
      submitOrders(t.deps, { gameId, seatId, orders: { pick }, raw: `{"pick":${pick}}`, source: 'api' });
    // Seat a of every game twice (the second supersedes the first), then seat b of every game: b completes each step.
    await Promise.all(games.flatMap((g) => [submit(g.id, g.seat('a').id, 1), submit(g.id, g.seat('a').id, 2)]));
    const finals = await Promise.all(games.map((g) => submit(g.id, g.seat('b').id, 3)));
    const stats = groupCommitStats(pool)!;
    expect(stats.largest).toBeGreaterThan(1);
    expect(stats.batches - before).toBeLessThan(60); // fewer transactions than submissions
    expect(finals.every((r) => r.resolution?.resolved === true)).toBe(true);
    for (const g of games) {
      const steps = await t.db.step.findMany({ where: { gameId: g.id }, orderBy: { number: 'asc' } });
      expect(steps.map((s) => [s.number, s.status])).toEqual([
        [0, 'published'],
        [1, 'open'],
      ]);
      const a = await t.db.order.findMany({
        where: { stepId: g.stepId, seatId: g.seat('a').id },
        orderBy: { revision: 'asc' },
      });
      expect(a.map((o) => o.revision)).toEqual([1, 2]);
    }
  });

  it('one order that Postgres refuses fails alone; the orders batched with it are stored', async () => {
    const pool = t.deps.pool!;
    const retriedBefore = groupCommitStats(pool)?.retried ?? 0;
    const games = await gameRows(8);
    const row = (g: (typeof games)[number], parsed: unknown): OrderRow => ({
      id: randomUUID(),
      gameId: g.id,
      stepId: g.stepId,
      seatId: g.seat('a').id,
      side: 'a',
      source: 'api',
      raw: '{}',
      parsed,
      receivedAt: new Date(),
      delaySeconds: 0,
      allowPaused: false,
      tokenHash: null,
    });
    // jsonb refuses \u0000: the last row's statement fails, and with it the transaction of its batch.
    const rows = [...games.map((g) => row(g, { pick: 4 })), row(games[0], { note: '\u0000' })];
    const settled = await Promise.allSettled(rows.map((r) => storeOrder(t.deps, r)));
    expect(settled.slice(0, -1).map((s) => s.status === 'fulfilled' && s.value.stored)).toEqual(games.map(() => true));
    expect(settled.at(-1)?.status).toBe('rejected');
    expect(groupCommitStats(pool)!.retried).toBeGreaterThan(retriedBefore);
    const stored = await t.db.order.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    expect(stored).toHaveLength(games.length);
  });
});
