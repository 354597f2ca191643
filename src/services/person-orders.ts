/**
 * A person's orders for several of its seats at once (`{ <side>: <orders>, ... }`, by API, page or mail): each
 * seat's orders are validated by the engine on their own, exactly as that seat's would be, and stored as that
 * seat's next revision, so resolution, deadlines and defaults see nothing new. All or nothing: when any seat's
 * orders have errors, nothing is stored and every error names its seat; valid orders are stored together in one
 * transaction (src/services/order-store.ts `storeOrdersTogether`), so the step never resolves between two of them.
 */
import { randomUUID } from 'node:crypto';
import { checkOrders } from '../engine/step-runner.ts';
import type { AnyGame } from '../engine/types.ts';
import { crashPoint } from './crash-points.ts';
import { gameDefinition, type ServiceDeps } from './deps.ts';
import { conflict, notFound, type OrdersError, OrdersInvalidError, ServiceError } from './errors.ts';
import type { OrderSource } from './orders.ts';
import { type OrderRow, storeOrdersTogether } from './order-store.ts';
import { cachedEnvelope } from './step-envelopes.ts';
import { submissionState } from './submission-state.ts';
import { type PersonPrincipal, type SeatRef, seatOfPerson } from './persons.ts';
import { resolveIfReady, type ResolveResult } from './turn-processor.ts';

/** A person's submission: orders by side, for some or all of its seats. */
export interface SubmitPersonOrdersInput {
  gameId: string;
  person: PersonPrincipal;
  /** `{ <side>: <orders> }`: each value is what that seat alone would submit. */
  orders: unknown;
  /** The text or JSON as received, per side (stored with that seat's order). */
  raw: Record<string, string>;
  source: OrderSource;
  /**
   * Order ids per side chosen by a caller that may submit the same thing again (a mail processed again after a
   * crash): when they are stored already, nothing is validated or stored and the answer says `repeated`.
   */
  orderIds?: Record<string, string>;
}

/** What a person's submission returns: the order id of each seat, the step, the resolution it completed. */
export interface SubmitPersonOrdersResult {
  orderIds: Record<string, string>;
  step: number;
  resolution: Extract<ResolveResult, { resolved: true }> | null;
  repeated?: true;
}

/** The seats a person's orders name, each with its orders; 403 for a side the person does not hold. */
export function ordersBySeat(person: PersonPrincipal, orders: unknown): { seat: SeatRef; orders: unknown }[] {
  if (!orders || typeof orders !== 'object' || Array.isArray(orders)) {
    throw new OrdersInvalidError([bySeatError('orders/by-seat', bySeatText(person))]);
  }
  const entries = Object.entries(orders as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  if (!entries.length) throw new OrdersInvalidError([bySeatError('orders/no-seat', bySeatText(person))]);
  return entries.map(([side, seatOrders]) => {
    const seat = seatOfPerson(person, side);
    if (!seat) throw notYourSeat(side);
    return { seat, orders: seatOrders };
  });
}

/** 403: a person's token names a seat it does not hold (another person's, or none of the game's). */
export const notYourSeat = (side: string): ServiceError =>
  new ServiceError('auth/not-your-seat', 403, `this token does not act for seat "${side}"`);

const bySeatText = (person: PersonPrincipal) => {
  const sides = person.seats.map((s) => `"${s.side}"`).join(', ');
  return {
    en: `orders for several seats are an object by seat: { "<seat>": { ...orders } } with seats among ${sides}`,
    ja: `複数の席の命令は席ごとのオブジェクトにしてください: { "<席>": { ...命令 } }（席は ${sides} のいずれか）`,
  };
};

const bySeatError = (code: string, message: { en: string; ja: string }): OrdersError => ({
  code,
  message,
  rule: 'orders',
  rules: ['orders'],
});

/** The engine's errors of one seat's orders, each naming the seat (its path starts with the side). */
function seatErrors(def: AnyGame, envelope: Parameters<typeof checkOrders>[1], side: string, orders: unknown) {
  const checked = checkOrders(def, envelope, side, orders);
  if (checked.ok) return { orders: checked.orders, errors: [] as OrdersError[] };
  const errors = checked.errors.map(
    (e): OrdersError => ({ ...e, seat: side, path: e.path ? `${side}.${e.path}` : side }),
  );
  return { orders: undefined, errors };
}

/** Validates and stores a person's orders for the current step (see the module comment). */
export async function submitPersonOrders(
  deps: ServiceDeps,
  input: SubmitPersonOrdersInput,
): Promise<SubmitPersonOrdersResult> {
  const named = ordersBySeat(input.person, input.orders);
  const repeated = await storedBefore(deps, input.orderIds);
  if (repeated) return repeated;
  const step = await submissionState(deps, input.gameId, named[0].seat.seatId, { fresh: true });
  if (!step) throw notFound('game');
  refuseUnlessOpen(step);
  const def = gameDefinition(deps, step.game);
  if (!def) throw new ServiceError('game/unknown-game', 500, `game "${step.game}" is not installed`);
  const envelope = await cachedEnvelope(deps, step.stepId);
  const checked = named.map((n) => ({ ...n, ...seatErrors(def, envelope, n.seat.side, n.orders) }));
  const errors = checked.flatMap((c) => c.errors);
  if (errors.length) throw new OrdersInvalidError(errors);

  const now = deps.clock();
  const rows: OrderRow[] = checked.map((c) => ({
    id: input.orderIds?.[c.seat.side] ?? randomUUID(),
    gameId: input.gameId,
    stepId: step.stepId,
    seatId: c.seat.seatId,
    side: c.seat.side,
    source: input.source,
    raw: input.raw[c.seat.side] ?? JSON.stringify(c.orders),
    parsed: c.orders,
    receivedAt: now,
    delaySeconds: step.delaySeconds,
    allowPaused: false,
    tokenHash: null,
  }));
  const result = await storeOrdersTogether(deps, rows);
  if (!result.stored) {
    const stored = await storedBefore(deps, input.orderIds); // stored meanwhile by another process
    if (stored) return stored;
    const current = await submissionState(deps, input.gameId, named[0].seat.seatId, { fresh: true });
    if (!current) throw notFound('game');
    refuseUnlessOpen(current);
    throw conflict('step/changed', 'the step resolved while these orders were on their way: read the game again');
  }
  const orderIds = Object.fromEntries(rows.map((r) => [r.side, r.id]));
  const ready = result.complete && step.delaySeconds === 0;
  if (ready) crashPoint('order-committed');
  const resolution = ready ? await resolveIfReady(deps, input.gameId) : null;
  return { orderIds, step: step.number, resolution: resolution?.resolved ? resolution : null };
}

/**
 * The engine's errors of a person's orders as they would be submitted now, without storing anything (what a mail
 * with unreadable lines gets besides its text errors). Empty when the step takes no orders.
 */
export async function personOrdersErrorsNow(
  deps: ServiceDeps,
  gameId: string,
  bySeat: { seat: SeatRef; orders: unknown }[],
): Promise<OrdersError[]> {
  if (!bySeat.length) return [];
  const step = await submissionState(deps, gameId, bySeat[0].seat.seatId, { fresh: true });
  const def = step ? gameDefinition(deps, step.game) : undefined;
  if (!step || !def || step.status !== 'open' || step.gameStatus === 'finished') return [];
  const envelope = await cachedEnvelope(deps, step.stepId);
  return bySeat.flatMap((n) => seatErrors(def, envelope, n.seat.side, n.orders).errors);
}

function refuseUnlessOpen(step: NonNullable<Awaited<ReturnType<typeof submissionState>>>): void {
  if (step.gameStatus === 'finished') throw conflict('game/finished', 'the game is over');
  if (step.gameStatus === 'paused') throw conflict('game/paused', 'the game is paused by its moderator');
  if (step.status !== 'open')
    throw conflict(
      'step/not-open',
      `step ${step.number} is ${step.status.replace('_', ' ')}: orders cannot change now`,
    );
}

/** The orders of caller-chosen ids as a repeated submission's answer, or null when they are not stored. */
async function storedBefore(
  deps: ServiceDeps,
  orderIds: Record<string, string> | undefined,
): Promise<SubmitPersonOrdersResult | null> {
  const ids = Object.values(orderIds ?? {});
  if (!ids.length) return null;
  const found = await deps.db.order.findMany({
    where: { id: { in: ids } },
    select: { step: { select: { number: true } } },
  });
  if (!found.length) return null;
  return { orderIds: orderIds ?? {}, step: found[0].step.number, resolution: null, repeated: true };
}
