/**
 * Submitting orders: the engine validates them against the current step; valid orders are stored, superseding the
 * seat's earlier orders for the step; when the last owed orders are in, the turn processor resolves the step.
 */
import { randomUUID } from 'node:crypto';
import { checkOrders } from '../engine/step-runner.ts';
import type { ServiceDeps } from './deps.ts';
import { gameDefinition } from './deps.ts';
import { audit } from './audit.ts';
import { noteOrderReceived } from './deadlines/policy.ts';
import { conflict, notFound, OrdersInvalidError, ServiceError } from './errors.ts';
import { asJson } from './json.ts';
import { currentStep } from './steps.ts';
import { resolveIfReady, type ResolveResult } from './turn-processor.ts';

/** Where orders came from. */
export type OrderSource = 'api' | 'web' | 'email' | 'moderator' | 'default';

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
}

/** What a successful submission returns. */
export interface SubmitOrdersResult {
  orderId: string;
  step: number;
  /** The resolution this submission completed, if any. */
  resolution: Extract<ResolveResult, { resolved: true }> | null;
}

/**
 * Validates and stores one seat's orders for the current step. Throws OrdersInvalidError (422) with every rule
 * error, 409 when the game is paused or finished or the step is not open, 404 for an unknown game or seat.
 */
export async function submitOrders(deps: ServiceDeps, input: SubmitOrdersInput): Promise<SubmitOrdersResult> {
  const step = await currentStep(deps, input.gameId);
  const moderator = input.source === 'moderator';
  if (step.gameStatus === 'finished') throw conflict('game/finished', 'the game is over');
  if (step.gameStatus === 'paused' && !moderator) throw conflict('game/paused', 'the game is paused by its moderator');
  if (step.status !== 'open') throw conflict('step/not-open', `step ${step.number} is ${step.status.replace('_', ' ')}: orders cannot change now`);
  const def = gameDefinition(deps, step.game);
  if (!def) throw new ServiceError('game/unknown-game', 500, `game "${step.game}" is not installed`);
  const seat = await deps.db.seat.findFirst({ where: { id: input.seatId, gameId: input.gameId }, select: { id: true, side: true } });
  if (!seat) throw notFound('seat', 'seat/not-found');

  const checked = checkOrders(def, step.envelope, seat.side, input.orders);
  if (!checked.ok) throw new OrdersInvalidError(checked.errors);

  const orderId = randomUUID();
  const now = deps.clock();
  let delayed = false;
  await deps.db.$transaction(
    async (tx) => {
      // Shared lock on the game: submissions of different seats run side by side, the resolver (FOR UPDATE) waits.
      const locked = await tx.$queryRaw<{ status: string; currentStep: number }[]>`
        SELECT status::text AS status, "currentStep" FROM "Game" WHERE id = ${input.gameId} FOR SHARE`;
      const g = locked[0];
      if (!g) throw notFound('game');
      if (g.status === 'finished') throw conflict('game/finished', 'the game is over');
      if (g.status === 'paused' && !moderator) throw conflict('game/paused', 'the game is paused by its moderator');
      // One seat's submissions supersede each other strictly in order.
      const stepNow = await tx.$queryRaw<{ id: string; status: string }[]>`
        SELECT st.id, st.status::text AS status FROM "Seat" se JOIN "Step" st ON st."gameId" = se."gameId" AND st.number = ${g.currentStep}
        WHERE se.id = ${seat.id} FOR UPDATE OF se`;
      if (stepNow[0]?.id !== step.stepId || stepNow[0].status !== 'open') {
        throw conflict('step/changed', 'the step resolved while these orders were on their way: read the game again');
      }
      await tx.order.create({
        data: { id: orderId, gameId: input.gameId, stepId: step.stepId, seatId: seat.id, source: input.source, raw: input.raw, parsed: asJson(checked.orders), receivedAt: now },
      });
      await tx.$executeRaw`
        UPDATE "Order" SET "supersededById" = ${orderId}
        WHERE "stepId" = ${step.stepId} AND "seatId" = ${seat.id} AND "supersededById" IS NULL AND id <> ${orderId}`;
      if (moderator) await audit(tx, input.gameId, input.actor ?? 'moderator', 'orders.amend', { step: step.number, side: seat.side, orderId, reason: input.reason ?? null }, now);
      // Last-order time; with a processing delay the resolution is queued for its end (orders may still change).
      delayed = await noteOrderReceived(tx, { gameId: input.gameId, stepId: step.stepId, at: now });
    },
    { maxWait: 20_000, timeout: 20_000 },
  );

  const resolution = !delayed && (await isReady(deps, step.stepId)) ? await resolveIfReady(deps, input.gameId) : null;
  return { orderId, step: step.number, resolution: resolution?.resolved ? resolution : null };
}

/**
 * Whether every owed seat of an open step has orders in. Read after the submission committed, so that of two
 * concurrent final submissions at least the later one sees both (the resolver re-checks under its lock).
 */
async function isReady(deps: ServiceDeps, stepId: string): Promise<boolean> {
  const rows = await deps.db.$queryRaw<{ status: string; owed: { seat: string }[]; sides: string[] | null }[]>`
    SELECT st.status::text AS status, st.owed,
      (SELECT array_agg(DISTINCT se.side) FROM "Order" o JOIN "Seat" se ON se.id = o."seatId"
        WHERE o."stepId" = st.id AND o."supersededById" IS NULL) AS sides
    FROM "Step" st WHERE st.id = ${stepId}`;
  const row = rows[0];
  if (!row || row.status !== 'open') return false;
  const sides = new Set(row.sides ?? []);
  return row.owed.every((o) => sides.has(o.seat));
}

/** The current (not superseded) orders of one seat for the current step, or null. */
export async function currentOrdersOf(deps: ServiceDeps, gameId: string, seatId: string): Promise<{ step: number; orders: unknown; raw: string; source: string; receivedAt: Date } | null> {
  const step = await currentStep(deps, gameId);
  const order = await deps.db.order.findFirst({ where: { stepId: step.stepId, seatId, supersededById: null }, orderBy: { receivedAt: 'desc' } });
  return order ? { step: step.number, orders: order.parsed, raw: order.raw, source: order.source, receivedAt: order.receivedAt } : null;
}
