/**
 * Resolution after a crash, in one process: an order that completes its step is committed and its resolution
 * never runs (the write of `submitOrders` alone, as a process killed between the two leaves it). The step is marked
 * due in the order's own statement, and the recovery sweep resolves it exactly once, whoever else tries at the same
 * time; what is not stuck (a preview awaiting review, a paused game, a rejected preview, a processing delay still
 * running) is left alone. The real process killed at that point: test/server/crash-recovery.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pauseGame, rejectStep } from '../../src/services/moderation.ts';
import { storeOrder } from '../../src/services/order-store.ts';
import { submissionState } from '../../src/services/submission-state.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { resolveDueSteps } from '../../src/services/recovery.ts';
import { resolveIfReady } from '../../src/services/turn-processor.ts';
import { createGameVia, toyPayload, type GameHandle } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { toyGame } from '../../src/games/toy/index.ts';

let now = new Date('2031-05-06T07:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame], clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const seatOf = (gameId: string, side: string) => t.db.seat.findFirstOrThrow({ where: { gameId, side } });
const stepOf = (gameId: string, number: number) => t.db.step.findFirst({ where: { gameId, number } });

/** The write of a submission without the resolution after it: what a process killed between the two leaves. */
async function commitOnly(g: GameHandle, side: string, orders: unknown): Promise<{ complete: boolean }> {
  const seat = await seatOf(g.id, side);
  const state = await submissionState(t.deps, g.id, seat.id, { fresh: true });
  if (!state) throw new Error('no game');
  const result = await storeOrder(t.deps, {
    id: randomUUID(),
    gameId: g.id,
    stepId: state.stepId,
    seatId: seat.id,
    side,
    source: 'api',
    raw: JSON.stringify(orders),
    parsed: orders,
    receivedAt: t.deps.clock(),
    delaySeconds: state.delaySeconds,
    allowPaused: false,
    tokenHash: null,
  });
  expect(result.stored).toBe(true);
  return { complete: result.complete };
}

/** Submits seat a's orders normally and commits seat b's completing orders without resolving. */
async function stuckStep(g: GameHandle): Promise<void> {
  const seatId = (await seatOf(g.id, 'a')).id;
  await submitOrders(t.deps, { gameId: g.id, seatId, orders: { pick: 2 }, raw: '{}', source: 'api' });
  expect((await stepOf(g.id, 0))?.resolveDueAt).toBeNull(); // not complete yet: not due
  expect(await commitOnly(g, 'b', { pick: 5 })).toEqual({ complete: true });
}

describe('a step whose last order was committed and never resolved', () => {
  it('is marked due by that order, and the sweep resolves it once however many resolve at the same time', async () => {
    const g = await createGameVia(t, toyPayload());
    await stuckStep(g);
    const stuck = await stepOf(g.id, 0);
    expect(stuck?.status).toBe('open');
    expect(stuck?.resolveDueAt?.toISOString()).toBe(now.toISOString());

    const [direct, ...sweeps] = await Promise.all([
      resolveIfReady(t.deps, g.id),
      resolveDueSteps(t.deps),
      resolveDueSteps(t.deps),
      resolveDueSteps(t.deps),
    ]);
    const resolutions = sweeps.reduce((n, s) => n + s.resolved, 0) + (direct.resolved ? 1 : 0);
    expect(resolutions).toBe(1);
    const step = await stepOf(g.id, 0);
    expect(step?.status).toBe('published');
    expect(step?.resolveDueAt).toBeNull(); // cleared by the resolution
    expect(await stepOf(g.id, 1)).not.toBeNull();
    expect(await t.db.event.count({ where: { stepId: step!.id, type: 'round' } })).toBe(1);
    // One result mail per seat, not two.
    const results = await t.db.outbox.findMany({ where: { gameId: g.id, kind: 'result' }, select: { seatId: true } });
    const seats = [(await seatOf(g.id, 'a')).id, (await seatOf(g.id, 'b')).id];
    expect(results.map((r) => r.seatId).sort()).toEqual(seats.sort());
    // Nothing left to do.
    expect((await resolveDueSteps(t.deps)).found).toBe(0);
  });

  it('a periodic sweep leaves a fresh one to its submitter for the grace time, then resolves it', async () => {
    const g = await createGameVia(t, toyPayload());
    await stuckStep(g);
    const found = async (graceMs: number) => (await resolveDueSteps(t.deps, { graceMs })).found;
    expect(await found(60_000)).toBe(0);
    expect((await stepOf(g.id, 0))?.status).toBe('open');
    now = new Date(now.getTime() + 61_000);
    expect(await found(60_000)).toBeGreaterThanOrEqual(1);
    expect((await stepOf(g.id, 0))?.status).toBe('published');
  });
});

describe('not stuck, and left alone', () => {
  it('a preview awaiting the moderator, and a rejected one (due once every seat confirmed or revised)', async () => {
    const g = await createGameVia(t, toyPayload({ review: 'moderator' }));
    await stuckStep(g);
    expect((await resolveDueSteps(t.deps)).resolved).toBe(1);
    expect((await stepOf(g.id, 0))?.status).toBe('awaiting_review');
    expect((await resolveDueSteps(t.deps)).found).toBe(0);
    await rejectStep(t.deps, g.id, 0, 'try again');
    expect((await stepOf(g.id, 0))?.status).toBe('open');
    expect((await resolveDueSteps(t.deps)).found).toBe(0);
    expect((await stepOf(g.id, 0))?.status).toBe('open');
    // Every owed seat confirms or revises (docs/orders.md): the last one completes it again, due, and resolved by
    // the sweep if its submitter died.
    await commitOnly(g, 'a', { pick: 3 });
    expect(await commitOnly(g, 'b', { pick: 2 })).toEqual({ complete: true });
    expect((await resolveDueSteps(t.deps)).resolved).toBe(1);
    expect((await stepOf(g.id, 0))?.status).toBe('awaiting_review');
  });

  it('a rejected step one seat revised is not found again by every sweep, only once the other confirmed', async () => {
    const g = await createGameVia(t, toyPayload({ review: 'moderator' }));
    await stuckStep(g);
    expect((await resolveDueSteps(t.deps)).resolved).toBe(1);
    await rejectStep(t.deps, g.id, 0, 'try again');
    // Seat a revises; its orders and b's kept ones are all in, but b has not confirmed: not due.
    await submitOrders(t.deps, {
      gameId: g.id,
      seatId: (await seatOf(g.id, 'a')).id,
      orders: { pick: 4 },
      raw: '{}',
      source: 'api',
    });
    expect((await stepOf(g.id, 0))?.status).toBe('open');
    for (let sweep = 0; sweep < 3; sweep++)
      expect(await resolveDueSteps(t.deps)).toEqual({ found: 0, resolved: 0, failed: 0 });
    expect(await commitOnly(g, 'b', { pick: 5 })).toEqual({ complete: true });
    expect(await resolveDueSteps(t.deps)).toEqual({ found: 1, resolved: 1, failed: 0 });
    expect((await stepOf(g.id, 0))?.status).toBe('awaiting_review');
  });

  it('a paused game waits for its moderator; once active again, a step left due is resolved', async () => {
    const g = await createGameVia(t, toyPayload());
    await stuckStep(g);
    await pauseGame(t.deps, g.id, 'holiday');
    expect((await resolveDueSteps(t.deps)).found).toBe(0);
    expect((await stepOf(g.id, 0))?.status).toBe('open');
    // A resume whose process died after its commit, before the resolution it starts.
    await t.db.game.update({ where: { id: g.id }, data: { status: 'active', pausedAt: null } });
    expect((await resolveDueSteps(t.deps)).resolved).toBe(1);
    expect((await stepOf(g.id, 0))?.status).toBe('published');
  });

  it('a processing delay still running: due only at its end', async () => {
    const g = await createGameVia(t, toyPayload({ processingDelaySeconds: 600 }));
    await commitOnly(g, 'a', { pick: 1 });
    await commitOnly(g, 'b', { pick: 1 });
    const step = await stepOf(g.id, 0);
    expect(step?.resolveDueAt?.toISOString()).toBe(new Date(now.getTime() + 600_000).toISOString());
    expect((await resolveDueSteps(t.deps)).found).toBe(0);
    now = new Date(now.getTime() + 601_000);
    expect((await resolveDueSteps(t.deps)).resolved).toBe(1);
    expect((await stepOf(g.id, 0))?.status).toBe('published');
  });
});
