/**
 * Submitting orders: the engine validates them against the current step; valid orders are stored, superseding the
 * seat's earlier orders for the step; when the last owed orders are in, the turn processor resolves the step.
 * A player holding one seat submits that seat's orders (`submitOrders`); a person holding several submits
 * `{ <side>: <orders>, ... }` for some or all of them (`submitOrdersBySeat`): each seat's orders are validated by the
 * engine on their own, exactly as that seat's would be, and stored as that seat's next revision, all or nothing, in
 * one transaction (src/services/order-store.ts `storeOrdersTogether`), so the step never resolves between two of
 * them and resolution, deadlines and defaults see nothing new.
 */
import { randomUUID } from 'node:crypto';
import { checkOrders } from '../engine/step-runner.ts';
import type { AnyGame, RuleError } from '../engine/types.ts';
import { gameDefinition, requireGame, type ServiceDeps } from './deps.ts';
import { seatTokenHolds } from './auth.ts';
import { crashPoint } from './crash-points.ts';
import { conflict, notFound, type OrdersError, OrdersInvalidError, ServiceError, unauthorized } from './errors.ts';
import { type OrderRow, storeOrder, storeOrdersTogether } from './order-store.ts';
import { type PersonPrincipal, type SeatRef, seatOfPerson } from './persons.ts';
import { readOne, statement } from './prepared-statements.ts';
import { cachedEnvelope } from './step-envelopes.ts';
import { rulesFor } from '../engine/rules-version.ts';
import { type SubmissionState, submissionState } from './submission-state.ts';
import { currentStep } from './steps.ts';
import { resolveIfReady, type ResolveResult } from './turn-processor.ts';

/** Where orders came from. */
export type OrderSource = 'api' | 'web' | 'email' | 'moderator' | 'default' | 'bot';

/** A submission of one seat's orders for the current step. */
export interface SubmitOrdersInput {
  gameId: string;
  seatId: string;
  /** The orders JSON (for mail: what the grammar parsed the text into). */
  orders: unknown;
  /** The text or JSON as received. */
  raw: string;
  source: OrderSource;
  /** Who acted, for the audit log when it is not the seat itself (e.g. "moderator"). */
  actor?: string;
  /** A moderator's reason for amending. */
  reason?: string;
  /**
   * The hash of a seat token taken from memory, not checked for this request: the write stores the orders only if
   * the seat's token still has this hash, and any refusal checks the token first (401 if it no longer holds).
   */
  uncheckedTokenHash?: string;
  /**
   * The order's id, chosen by a caller that may submit the same thing again (a mail processed again after a
   * crash): when an order of this id is stored already, nothing is validated or stored, and the answer is that
   * order's (`repeated`). Default: a fresh id.
   */
  orderId?: string;
  /**
   * What the caller has just read, as this submission would read it (a mail's context): the game, its current step
   * and the seat, with no order of `orderId` stored then (one stored meanwhile is still found after the write).
   */
  known?: SubmissionState;
}

/** What a successful submission returns. */
export interface SubmitOrdersResult {
  orderId: string;
  step: number;
  /** The resolution this submission completed, if any. */
  resolution: Extract<ResolveResult, { resolved: true }> | null;
  /** The order of `input.orderId` was stored before: this submission stored nothing. */
  repeated?: true;
}

/**
 * Validates and stores one seat's orders for the current step. Throws OrdersInvalidError (422) with every rule
 * error, 409 when the game is paused or finished or the step is not open, 404 for an unknown game or seat.
 *
 * src/services/order-store.ts: the current step (one read, or remembered from this seat's last submission while
 * the step is open), the engine's validation, then one transaction in one round trip that locks the game, stores
 * the order only if the step is still the open current one, as the seat's next revision, and says whether
 * every owed seat is now in (the order that completes the step also marks it due to resolve, durably). Only then,
 * after the commit, does the turn processor run (exactly once under its own lock); with a processing delay its job
 * is queued in the transaction instead. A crash in between leaves the mark, which the recovery sweep acts on. Every
 * refusal is decided on a fresh read.
 */
export async function submitOrders(deps: ServiceDeps, input: SubmitOrdersInput): Promise<SubmitOrdersResult> {
  const tokenHash = input.uncheckedTokenHash;
  if (!tokenHash) return submit(deps, input);
  try {
    return await submit(deps, input);
  } catch (error) {
    // Nothing was stored for a token that no longer holds (the write checks it): that is the answer, not what the
    // orders or the game would have got (a 422 can say where units are).
    if (!(await seatTokenHolds(deps, input, tokenHash))) throw unauthorized();
    throw error;
  }
}

// The step of orders of given ids, joined in one statement (Prisma's relation select costs a second query).
const STORED_STEP = statement(
  'order_stored_step',
  ['text[]'],
  'SELECT st.number FROM "Order" o JOIN "Step" st ON st.id = o."stepId" WHERE o.id = ANY($1::text[]) LIMIT 1',
);

/** The step number of orders of caller-chosen ids stored before (a repeated submission), or null when none is. */
async function storedStep(deps: ServiceDeps, ids: readonly string[]): Promise<number | null> {
  if (!ids.length) return null;
  const [row] = await readOne<{ number: number }>(deps, STORED_STEP, [[...ids]]);
  return row ? Number(row.number) : null;
}

/** The order of a caller-chosen id as a repeated submission's answer, or null when no such order is stored. */
async function storedBefore(deps: ServiceDeps, orderId: string | undefined): Promise<SubmitOrdersResult | null> {
  const step = await storedStep(deps, orderId ? [orderId] : []);
  return orderId && step !== null ? { orderId, step, resolution: null, repeated: true } : null;
}

/** The refusals of a game or step that takes no orders now (a finished or, but for the moderator, paused game). */
function refuseUnlessOpen(step: SubmissionState, moderator: boolean): void {
  if (step.gameStatus === 'finished') throw conflict('game/finished', 'the game is over');
  if (step.gameStatus === 'paused' && !moderator) throw conflict('game/paused', 'the game is paused by its moderator');
  if (step.status !== 'open')
    throw conflict(
      'step/not-open',
      `step ${step.number} is ${step.status.replace('_', ' ')}: orders cannot change now`,
    );
}

/**
 * The rules a submission is checked under: the game's version as the installed package reproduces it (the installed
 * rules when it cannot: the turn processor then refuses to resolve, docs/contract.md "Rules versions").
 */
function rulesOf(deps: ServiceDeps, step: { game: string; rulesVersion: string }) {
  const code = requireGame(deps, step.game);
  return rulesFor(code, step.rulesVersion) ?? code;
}

/**
 * The refusals a submission meets before its orders are read (a finished or, but for the moderator, paused game; a
 * step that is not open; an unknown game or seat); returns the step, the game package and the seat otherwise.
 */
function admitted(deps: ServiceDeps, step: SubmissionState | null, moderator: boolean) {
  if (!step) throw notFound('game');
  refuseUnlessOpen(step, moderator);
  const def = rulesOf(deps, step);
  if (!step.seat) throw notFound('seat', 'seat/not-found');
  return { step, def, seat: step.seat };
}

/**
 * A seat the computer plays takes no player's orders (the moderator's amendments aside), and the computer's only
 * for a seat it plays (src/services/bot-seats.ts): 409 `seat/bot` or `seat/not-bot`; null when the source fits.
 */
function wrongPlayer(seat: { side: string; bot: boolean }, source: OrderSource): ServiceError | null {
  if (source === 'moderator') return null;
  if (source === 'bot' && !seat.bot) return conflict('seat/not-bot', `seat "${seat.side}" is played by its player`);
  if (source !== 'bot' && seat.bot)
    return conflict('seat/bot', `the computer player plays seat "${seat.side}": take it back first (RECLAIM)`);
  return null;
}

/** Why a write that stored nothing refused (the game changed between the read and the write): on a fresh read. */
async function refusalAfterWrite(deps: ServiceDeps, input: SubmitOrdersInput, moderator: boolean): Promise<Error> {
  const current = await submissionState(deps, input.gameId, input.seatId, { fresh: true });
  if (!current) return notFound('game');
  if (current.gameStatus === 'finished') return conflict('game/finished', 'the game is over');
  if (current.gameStatus === 'paused' && !moderator)
    return conflict('game/paused', 'the game is paused by its moderator');
  const wrong = current.seat && wrongPlayer(current.seat, input.source);
  if (wrong) return wrong;
  return conflict('step/changed', 'the step resolved while these orders were on their way: read the game again');
}

async function submit(deps: ServiceDeps, input: SubmitOrdersInput): Promise<SubmitOrdersResult> {
  const repeated = input.known ? null : await storedBefore(deps, input.orderId);
  if (repeated) return repeated;
  const moderator = input.source === 'moderator';
  // At most twice: a remembered step that turns out stale is read again, as if the request had just arrived.
  for (let fresh = false; ; fresh = true) {
    const known = !fresh && input.known ? input.known : null;
    const read = known ?? (await submissionState(deps, input.gameId, input.seatId, { fresh }));
    const { step, def, seat } = admitted(deps, read, moderator);
    const wrong = wrongPlayer(seat, input.source);
    if (wrong) {
      if (step.remembered) continue; // who plays the seat may have changed: decide on a fresh read
      throw wrong;
    }
    // The one check of a submission, answering the sender (422 with every error). The resolution checks the stored
    // orders once more, inside `advance` (src/services/turn-processor.ts, resolveLocked): that second pass is not
    // this one repeated for nothing. It covers what never came through here (the engine defaults of a missed
    // deadline), orders stored under an earlier version of the game package (a deploy between submission and
    // resolution), and it is the parse the dice commitment and `pbem verify` are computed from.
    const checked = checkOrders(
      def,
      await cachedEnvelope(deps, step.stepId, step.rulesVersion),
      seat.side,
      input.orders,
    );
    if (!checked.ok) {
      if (step.remembered) continue; // the 409s above come first: decide on the game as it is now
      throw new OrdersInvalidError(checked.errors);
    }
    const orderId = input.orderId ?? randomUUID();
    const row: OrderRow = {
      id: orderId,
      gameId: input.gameId,
      stepId: step.stepId,
      seatId: seat.id,
      side: seat.side,
      source: input.source,
      raw: input.raw,
      parsed: checked.orders,
      receivedAt: deps.clock(),
      delaySeconds: step.delaySeconds,
      allowPaused: moderator,
      tokenHash: input.uncheckedTokenHash ?? null,
    };
    const amended = { step: step.number, side: seat.side, orderId, reason: input.reason ?? null };
    const audit = moderator
      ? { actor: input.actor ?? 'moderator', action: 'orders.amend', detail: amended }
      : undefined;
    const result = await storeOrder(deps, row, audit);
    if (!result.stored) {
      const stored = await storedBefore(deps, input.orderId); // the same order, stored meanwhile by another process
      if (stored) return stored;
      if (step.remembered) continue;
      throw await refusalAfterWrite(deps, input, moderator);
    }
    // A paused game (a moderator's amendment) resolves when it resumes; resolveIfReady re-checks everything.
    // The order that completed the step marked it due in its own statement: if this process dies before (or
    // during) the resolution, the recovery sweep resolves it (src/services/recovery.ts).
    const ready = result.complete && step.delaySeconds === 0;
    if (ready) crashPoint('order-committed');
    const resolution = ready ? await resolveIfReady(deps, input.gameId) : null;
    if (ready) crashPoint('resolution-committed');
    return { orderId, step: step.number, resolution: resolution?.resolved ? resolution : null };
  }
}

/**
 * The engine's errors for orders a seat could submit now, without storing anything: what a refusal for another
 * reason (lines of text that could not be read) would otherwise hide. Empty when the step takes no orders.
 */
export async function ordersErrorsNow(
  deps: ServiceDeps,
  gameId: string,
  seatId: string,
  orders: unknown,
): Promise<RuleError[]> {
  const step = await submissionState(deps, gameId, seatId, { fresh: true });
  const def = step ? gameDefinition(deps, step.game) : undefined;
  if (!step || !def || !step.seat || step.status !== 'open' || step.gameStatus === 'finished') return [];
  const checked = checkOrders(def, await cachedEnvelope(deps, step.stepId, step.rulesVersion), step.seat.side, orders);
  return checked.ok ? [] : checked.errors;
}

/** The current (not superseded) orders of one seat for the current step, or null. */
export async function currentOrdersOf(
  deps: ServiceDeps,
  gameId: string,
  seatId: string,
): Promise<{ step: number; orders: unknown; raw: string; source: string; receivedAt: Date } | null> {
  const step = await currentStep(deps, gameId);
  const order = await deps.db.order.findFirst({
    where: { stepId: step.stepId, seatId },
    orderBy: { revision: 'desc' },
  });
  return order
    ? { step: step.number, orders: order.parsed, raw: order.raw, source: order.source, receivedAt: order.receivedAt }
    : null;
}

/** A person's submission: orders by side, for some or all of the seats it holds. */
export interface SubmitOrdersBySeatInput {
  gameId: string;
  person: PersonPrincipal;
  /** `{ <side>: <orders> }`: each value is what that seat alone would submit. */
  orders: unknown;
  /** The text or JSON as received, per side (stored with that seat's order). */
  raw: Record<string, string>;
  source: OrderSource;
  /** Order ids per side chosen by a caller that may submit the same thing again (as `orderId` above). */
  orderIds?: Record<string, string>;
}

/** What a submission by seat returns: the order id of each seat, the step, the resolution it completed. */
export interface SubmitOrdersBySeatResult {
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

/** A person's orders name a seat the computer plays: 409 `seat/bot` (see `wrongPlayer`). */
async function refuseBotSeats(deps: ServiceDeps, gameId: string, seatIds: string[], source: OrderSource) {
  const bots = await deps.db.seat.findMany({
    where: { gameId, id: { in: seatIds }, bot: true },
    select: { side: true },
  });
  for (const seat of bots) {
    const wrong = wrongPlayer({ side: seat.side, bot: true }, source);
    if (wrong) throw wrong;
  }
}

/** A repeated submission by seat (every id chosen by the caller, some stored), or null. */
async function storedBySeat(deps: ServiceDeps, orderIds: Record<string, string> | undefined) {
  const step = await storedStep(deps, Object.values(orderIds ?? {}));
  return step === null ? null : { orderIds: orderIds ?? {}, step, resolution: null, repeated: true as const };
}

/** Validates and stores a person's orders by seat for the current step (see the module comment). */
export async function submitOrdersBySeat(
  deps: ServiceDeps,
  input: SubmitOrdersBySeatInput,
): Promise<SubmitOrdersBySeatResult> {
  const named = ordersBySeat(input.person, input.orders);
  const repeated = await storedBySeat(deps, input.orderIds);
  if (repeated) return repeated;
  const step = await submissionState(deps, input.gameId, named[0].seat.seatId, { fresh: true });
  if (!step) throw notFound('game');
  refuseUnlessOpen(step, false);
  const def = rulesOf(deps, step);
  await refuseBotSeats(
    deps,
    input.gameId,
    named.map((n) => n.seat.seatId),
    input.source,
  );
  const envelope = await cachedEnvelope(deps, step.stepId, step.rulesVersion);
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
    const stored = await storedBySeat(deps, input.orderIds); // stored meanwhile by another process
    if (stored) return stored;
    const current = await submissionState(deps, input.gameId, named[0].seat.seatId, { fresh: true });
    if (!current) throw notFound('game');
    refuseUnlessOpen(current, false);
    throw conflict('step/changed', 'the step resolved while these orders were on their way: read the game again');
  }
  const orderIds = Object.fromEntries(rows.map((r) => [r.side, r.id]));
  const ready = result.complete && step.delaySeconds === 0;
  if (ready) crashPoint('order-committed');
  const resolution = ready ? await resolveIfReady(deps, input.gameId) : null;
  return { orderIds, step: step.number, resolution: resolution?.resolved ? resolution : null };
}

/** The engine's errors of orders by seat as they would be submitted now, without storing anything. */
export async function ordersBySeatErrorsNow(
  deps: ServiceDeps,
  gameId: string,
  bySeat: { seat: SeatRef; orders: unknown }[],
): Promise<OrdersError[]> {
  if (!bySeat.length) return [];
  const step = await submissionState(deps, gameId, bySeat[0].seat.seatId, { fresh: true });
  const def = step ? gameDefinition(deps, step.game) : undefined;
  if (!step || !def || step.status !== 'open' || step.gameStatus === 'finished') return [];
  const envelope = await cachedEnvelope(deps, step.stepId, step.rulesVersion);
  return bySeat.flatMap((n) => seatErrors(def, envelope, n.seat.side, n.orders).errors);
}
