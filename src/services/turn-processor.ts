/**
 * The turn processor: when every owed order of the current step is in, the step resolves in one transaction
 * holding the game row lock: run the engine (committed dice), store the events, then publish (next step, result
 * mails) or keep the result as a preview for the moderator. The lock plus the step status make it exactly once,
 * whatever the number of concurrent submissions or server processes.
 */
import { advance, sortedOrders, type Envelope } from '../engine/step-runner.ts';
import { ordersDigest } from '../engine/dice.ts';
import type { AnyGame, GameEvent, Owed, SeatId } from '../engine/types.ts';
import { audit } from './audit.ts';
import { afterStepOpened } from './deadlines/schedule.ts';
import { gameDefinition, type ServiceDeps, type Tx } from './deps.ts';
import { ServiceError } from './errors.ts';
import { asEnvelope, asJson } from './json.ts';
import { queueReviewNotice, queueStepNotifications } from './notifications.ts';

/** The outcome of an attempt to resolve. */
export type ResolveResult =
  | { resolved: true; step: number; status: 'published' | 'awaiting_review'; finished: boolean }
  | { resolved: false; reason: 'not-ready' | 'not-open' | 'not-active' | 'no-game' };

/** Transaction settings for resolutions: waiting for the lock is normal under concurrent submissions. */
export const RESOLVE_TX = { maxWait: 20_000, timeout: 30_000 } as const;

/** Locks the game row for the rest of the transaction; returns the game or null. */
export async function lockGame(tx: Tx, gameId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Game" WHERE id = ${gameId} FOR UPDATE`;
  if (!rows.length) return null;
  return tx.game.findUniqueOrThrow({ where: { id: gameId } });
}

/** Resolves the current step if every owed order is in. Safe to call any time, from any process. */
export async function resolveIfReady(deps: ServiceDeps, gameId: string): Promise<ResolveResult> {
  return deps.db.$transaction((tx) => resolveLocked(tx, deps, gameId, []), RESOLVE_TX);
}

/**
 * Resolves the current step, first giving each listed seat that owes orders and has none its engine default
 * (deadline policy; recorded as orders of source "default" and in Step.defaultsApplied).
 */
export async function resolveWithDefaults(deps: ServiceDeps, gameId: string, seats: SeatId[]): Promise<ResolveResult> {
  return deps.db.$transaction((tx) => resolveLocked(tx, deps, gameId, seats), RESOLVE_TX);
}

function definitionOf(deps: ServiceDeps, id: string): AnyGame {
  const def = gameDefinition(deps, id);
  if (!def) throw new ServiceError('game/unknown-game', 500, `game "${id}" is not installed`);
  return def;
}

export async function resolveLocked(tx: Tx, deps: ServiceDeps, gameId: string, defaultSeats: SeatId[], depth = 0): Promise<ResolveResult> {
  const game = await lockGame(tx, gameId);
  if (!game) return { resolved: false, reason: 'no-game' };
  if (game.status !== 'active') return { resolved: false, reason: 'not-active' };
  const step = await tx.step.findUniqueOrThrow({
    where: { gameId_number: { gameId, number: game.currentStep } },
    include: { orders: { where: { supersededById: null }, include: { seat: { select: { side: true } } } } },
  });
  if (step.status !== 'open') return { resolved: false, reason: 'not-open' };
  const def = definitionOf(deps, game.game);
  const envelope = asEnvelope(step.envelope);
  const owed = step.owed as unknown as Owed[];
  const orders: Record<SeatId, unknown> = {};
  for (const o of step.orders) orders[o.seat.side] = o.parsed;

  const now = deps.clock();
  const defaulted: SeatId[] = [];
  for (const { seat } of owed) {
    if (seat in orders || !defaultSeats.includes(seat)) continue;
    const seatRow = await tx.seat.findUniqueOrThrow({ where: { gameId_side: { gameId, side: seat } }, select: { id: true } });
    const parsed = def.defaultOrders(envelope.state, seat);
    await tx.order.create({ data: { gameId, stepId: step.id, seatId: seatRow.id, source: 'default', raw: JSON.stringify(parsed), parsed: asJson(parsed), receivedAt: now } });
    orders[seat] = parsed;
    defaulted.push(seat);
  }
  if (!owed.every((o) => o.seat in orders)) return { resolved: false, reason: 'not-ready' };

  const result = advance(def, envelope, orders);
  if (!result.ok) {
    deps.log.error({ gameId, step: step.number, errors: result.errors }, 'the engine refused orders it had accepted');
    throw new ServiceError('engine/refused', 500, 'the engine refused the stored orders of this step', result.errors);
  }
  await tx.event.createMany({
    data: result.events.map((e, seq) => ({ stepId: step.id, seq, type: e.type, visibleTo: e.visibleTo ?? [], payload: asJson(e) })),
  });
  const review = game.reviewMode === 'moderator';
  await tx.step.update({
    where: { id: step.id },
    data: {
      status: review ? 'awaiting_review' : 'published',
      ordersDigest: ordersDigest(sortedOrders(orders)),
      resultEnvelope: asJson(result.envelope),
      resolvedAt: now,
      defaultsApplied: [...step.defaultsApplied, ...defaulted],
      rejectedReason: null,
    },
  });
  if (defaulted.length) await audit(tx, gameId, 'system', 'orders.default', { step: step.number, seats: defaulted }, now);
  deps.log.info({ gameId, step: step.number, events: result.events.length, review }, 'step resolved');
  if (review) {
    await queueReviewNotice(tx, deps, { gameId, stepNumber: step.number });
    return { resolved: true, step: step.number, status: 'awaiting_review', finished: false };
  }
  const finished = await publishStep(tx, deps, { gameId, stepId: step.id, stepNumber: step.number, def, result: result.envelope });
  // A step that owes nothing (the engine stopped where no seat has to answer) resolves at once, still under the lock.
  if (!finished && def.owed(result.envelope.state).length === 0 && depth < 50) {
    const next = await resolveLocked(tx, deps, gameId, [], depth + 1);
    if (next.resolved) return { ...next, step: step.number };
  }
  return { resolved: true, step: step.number, status: 'published', finished };
}

/**
 * Publishes a resolved step (called under the game lock): its events become visible, the next step opens with the
 * engine's next decision point (or the game finishes with its outcome), and the result mails are queued.
 * Returns whether the game is over.
 */
export async function publishStep(tx: Tx, deps: ServiceDeps, input: { gameId: string; stepId: string; stepNumber: number; def: AnyGame; result: Envelope }): Promise<boolean> {
  const now = deps.clock();
  const { def, result } = input;
  const outcome = def.outcome(result.state);
  const owed = outcome ? [] : def.owed(result.state);
  await tx.step.update({ where: { id: input.stepId }, data: { status: 'published', publishedAt: now } });
  await tx.step.create({ data: { gameId: input.gameId, number: input.stepNumber + 1, envelope: asJson(result), owed: asJson(owed), openedAt: now } });
  await tx.game.update({
    where: { id: input.gameId },
    data: { currentStep: input.stepNumber + 1, ...(outcome ? { status: 'finished', outcome: asJson(outcome), finishedAt: now } : {}) },
  });
  await queueStepNotifications(tx, deps, { gameId: input.gameId, stepNumber: input.stepNumber });
  // Punctuality and result webhook of this step; deadline and jobs of the next one.
  await afterStepOpened(tx, deps, { gameId: input.gameId, number: input.stepNumber + 1 });
  return !!outcome;
}

/** The events of a step as stored, in order. */
export function eventsOf(rows: { payload: unknown }[]): GameEvent[] {
  return rows.map((r) => r.payload as GameEvent);
}
