/**
 * The SQL path of order submission: parameters sent as literals arrive byte for byte, times are stored in UTC
 * whatever the process time zone, the step envelope cache, and the locks (the turn processor and submissions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, toyPayload } from '../support/api-helpers.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { takeSubmissionLocks } from '../../src/services/order-store.ts';
import { inOrderTransaction, literal } from '../../src/services/prepared-statements.ts';
import { cachedEnvelope, envelopeCacheSize } from '../../src/services/step-envelopes.ts';
import { forgetSubmissionStates } from '../../src/services/submission-state.ts';
import { resolveIfReady } from '../../src/services/turn-processor.ts';

const fixed = new Date('2031-03-04T05:06:07.089Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame], clock: () => fixed });
});
afterAll(async () => {
  await t?.close();
});

async function seatOf(gameId: string, side: string) {
  return t.db.seat.findFirstOrThrow({ where: { gameId, side } });
}

describe('literals', () => {
  it('escapes quotes and backslashes in E strings; numbers, booleans, dates and null as SQL', () => {
    expect(literal("it's")).toBe("E'it''s'");
    expect(literal('a\\b')).toBe("E'a\\\\b'");
    expect(literal(true)).toBe('true');
    expect(literal(null)).toBe('NULL');
    expect(literal(12)).toBe('12');
    expect(literal(new Date('2030-01-01T00:00:00Z'))).toBe("E'2030-01-01T00:00:00.000Z'");
    expect(() => literal({})).toThrow(TypeError);
  });

  it('stores awkward text and JSON byte for byte', async () => {
    const g = await createGameVia(t, toyPayload());
    const seat = await seatOf(g.id, 'b');
    const note = `quote ' double '' backslash \\ \\' E'x' $1 ; COMMIT; -- 日本語 🚢 \n tab\t`;
    const raw = `${note} raw ${'\\'.repeat(5)}'`;
    const r = await submitOrders(t.deps, {
      gameId: g.id,
      seatId: seat.id,
      orders: { pick: 3, standing: { note: note.slice(0, 100) } },
      raw,
      source: 'email',
    });
    const order = await t.db.order.findUniqueOrThrow({ where: { id: r.orderId } });
    expect(order.raw).toBe(raw);
    expect(order.parsed).toEqual({ pick: 3, standing: { note: note.slice(0, 100) } });
    expect(order.source).toBe('email');
  });
});

describe('times', () => {
  it('receivedAt and the step last-order time are the clock instant, whatever the process time zone', async () => {
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      // The last-order time is what a processing delay counts from: kept for games with a delay.
      const g = await createGameVia(t, toyPayload({ processingDelaySeconds: 60 }));
      const seat = await seatOf(g.id, 'a');
      const r = await submitOrders(t.deps, {
        gameId: g.id,
        seatId: seat.id,
        orders: { pick: 1 },
        raw: '{}',
        source: 'api',
      });
      const order = await t.db.order.findUniqueOrThrow({ where: { id: r.orderId } });
      expect(order.receivedAt.toISOString()).toBe(fixed.toISOString());
      const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } });
      expect(step.lastOrderAt?.toISOString()).toBe(fixed.toISOString());
      // Without a delay nobody reads it: the step row is not rewritten for it.
      const h = await createGameVia(t, toyPayload());
      await submitOrders(t.deps, {
        gameId: h.id,
        seatId: (await seatOf(h.id, 'a')).id,
        orders: { pick: 1 },
        raw: '{}',
        source: 'api',
      });
      expect((await t.db.step.findFirstOrThrow({ where: { gameId: h.id, number: 0 } })).lastOrderAt).toBeNull();
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('envelope cache', () => {
  it('reads a step envelope once, then serves it from memory', async () => {
    const g = await createGameVia(t, toyPayload());
    const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } });
    const size = envelopeCacheSize();
    const first = await cachedEnvelope(t.deps, step.id);
    expect(envelopeCacheSize()).toBe(size + 1);
    const second = await cachedEnvelope(t.deps, step.id);
    expect(second).toBe(first);
    expect(first).toEqual(step.envelope);
  });
});

describe('locks', () => {
  it('the turn processor waits while a submission holds the game', async () => {
    const g = await createGameVia(t, toyPayload());
    const a = await seatOf(g.id, 'a');
    await submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 2 }, raw: '{}', source: 'api' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = inOrderTransaction(t.deps, async (sql) => {
      expect(await takeSubmissionLocks(sql, g.id)).toBe(true);
      locked();
      await held;
    });
    await isLocked;
    let resolverDone = false;
    const resolver = resolveIfReady(t.deps, g.id).then((r) => {
      resolverDone = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(resolverDone).toBe(false);
    release();
    await holder;
    expect(await resolver).toEqual({ resolved: false, reason: 'not-ready' });
  });

  /** Holds the game row as a resolution does, lets `during` run into it, then opens step 1 and commits. */
  async function resolveUnder(gameId: string, during: () => Promise<unknown>) {
    const client = await t.deps.pool!.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT id FROM "Game" WHERE id = $1 FOR UPDATE', [gameId]);
      const pending = during().catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 200));
      await client.query(`UPDATE "Step" SET status = 'published' WHERE "gameId" = $1 AND number = 0`, [gameId]);
      await client.query(
        `INSERT INTO "Step" (id, "gameId", number, envelope, owed)
         SELECT gen_random_uuid()::text, "gameId", 1, envelope, owed FROM "Step" WHERE "gameId" = $1 AND number = 0`,
        [gameId],
      );
      await client.query('UPDATE "Game" SET "currentStep" = 1 WHERE id = $1', [gameId]);
      await client.query('COMMIT');
      return await pending;
    } finally {
      client.release();
    }
  }

  it('orders read and validated against a step that resolves meanwhile are refused with 409 step/changed', async () => {
    forgetSubmissionStates();
    const g = await createGameVia(t, toyPayload());
    const a = await seatOf(g.id, 'a');
    const r = await resolveUnder(g.id, () =>
      submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 4 }, raw: '{}', source: 'api' }),
    );
    expect(r).toMatchObject({ status: 409, code: 'step/changed' });
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);
  });

  it('a remembered step that resolved meanwhile: the orders go to the new step, as a new request', async () => {
    const g = await createGameVia(t, toyPayload());
    const a = await seatOf(g.id, 'a');
    await submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 1 }, raw: '{}', source: 'api' });
    const r = (await resolveUnder(g.id, () =>
      submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 4 }, raw: '{}', source: 'api' }),
    )) as { step: number; orderId: string };
    expect(r.step).toBe(1);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: r.orderId }, include: { step: true } });
    expect(order.step.number).toBe(1);
  });

  it('a remembered step of a game paused since: 409 game/paused, also for invalid orders (not 422 first)', async () => {
    const g = await createGameVia(t, toyPayload());
    const a = await seatOf(g.id, 'a');
    await submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 1 }, raw: '{}', source: 'api' });
    await t.db.game.update({ where: { id: g.id }, data: { status: 'paused' } });
    await expect(
      submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 99 }, raw: '{}', source: 'api' }),
    ).rejects.toMatchObject({ status: 409, code: 'game/paused' });
    await expect(
      submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 2 }, raw: '{}', source: 'api' }),
    ).rejects.toMatchObject({ status: 409, code: 'game/paused' });
    await t.db.game.update({ where: { id: g.id }, data: { status: 'active' } });
    await expect(
      submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 99 }, raw: '{}', source: 'api' }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('a processing delay set since the step was remembered: the completing orders do not resolve at once', async () => {
    const g = await createGameVia(t, toyPayload());
    const a = await seatOf(g.id, 'a');
    const b = await seatOf(g.id, 'b');
    await submitOrders(t.deps, { gameId: g.id, seatId: b.id, orders: { pick: 1 }, raw: '{}', source: 'api' });
    // a's step is remembered from a refused submission, then the moderator's settings change.
    await expect(
      submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 99 }, raw: '{}', source: 'api' }),
    ).rejects.toMatchObject({ status: 422 });
    await t.db.game.update({ where: { id: g.id }, data: { processingDelaySeconds: 3600 } });
    const r = await submitOrders(t.deps, { gameId: g.id, seatId: a.id, orders: { pick: 4 }, raw: '{}', source: 'api' });
    expect(r.resolution).toBeNull();
    const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } });
    expect(step.status).toBe('open');
    expect(await t.db.order.groupBy({ by: ['seatId'], where: { stepId: step.id } })).toHaveLength(2);
  });
});
