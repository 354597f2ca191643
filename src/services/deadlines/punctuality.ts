/**
 * The punctuality record: per seat and step, whether its orders came in on time, late (after the deadline: in the
 * grace period, during an extend-once extension or while the game waited) or were missed (default orders applied).
 * Written once when a step's result is published (and after default orders); visible to the moderator.
 */
import { randomUUID } from 'node:crypto';
import type { ServiceDeps, SqlTx } from '../deps.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { notFound } from '../errors.ts';
import { punctualityOf } from './compute.ts';
import { owedOf, readState, type DeadlineStep } from './step-state.ts';

/** A current order of a step as punctuality needs it. */
export interface KnownOrder {
  seatId: string;
  receivedAt: Date;
  source: string;
}

/**
 * Records the outcome of every seat that owed orders at a resolved step (idempotent). `known`: the game's seats and
 * the step's current orders, when the caller has read them under the game lock.
 */
export async function recordPunctuality(
  tx: SqlTx,
  step: DeadlineStep,
  now: Date,
  known?: { seats: { id: string; side: string }[]; orders: KnownOrder[] },
): Promise<void> {
  const sides = [...new Set(owedOf(step).map((o) => o.seat))];
  if (!sides.length) return;
  const seats = known
    ? known.seats.filter((s) => sides.includes(s.side))
    : await tx.$queryRawUnsafe<{ id: string; side: string }[]>(
        `SELECT id, side FROM "Seat" WHERE "gameId" = $1 AND side = ANY($2::text[])`,
        step.gameId,
        sides,
      );
  const orders = known
    ? known.orders
    : await tx.$queryRawUnsafe<KnownOrder[]>(
        `SELECT o."seatId", o."receivedAt", o.source FROM "Seat" se CROSS JOIN LATERAL (
           SELECT * FROM "Order" o WHERE o."stepId" = $1 AND o."seatId" = se.id ORDER BY o.revision DESC LIMIT 1) o
         WHERE se."gameId" = $2`,
        step.id,
        step.gameId,
      );
  const state = readState(step.deadlineState);
  // With extend-once, orders after the original deadline are late even though the deadline moved.
  const due = state.extendedFrom ? new Date(state.extendedFrom) : step.deadlineAt;
  const rows = [];
  for (const seat of seats) {
    const order = orders.find((o) => o.seatId === seat.id);
    if (step.defaultsApplied.includes(seat.side) || order?.source === 'default')
      rows.push({ seatId: seat.id, stepId: step.id, outcome: 'missed', at: order?.receivedAt ?? now });
    else if (order)
      rows.push({
        seatId: seat.id,
        stepId: step.id,
        outcome: punctualityOf(order.receivedAt, due),
        at: order.receivedAt,
      });
  }
  await insertRows(
    tx,
    'Punctuality',
    rows.map((r) => ({ id: randomUUID(), ...r })),
    {},
    { skipDuplicates: true },
  );
}

/** One seat's record as the moderator sees it. */
export interface PunctualityRow {
  side: string;
  playerName: string | null;
  onTime: number;
  late: number;
  missed: number;
  steps: { step: number; outcome: string; at: string }[];
}

/** The punctuality record of every seat of a game (moderator view). */
export async function punctualityReport(deps: Pick<ServiceDeps, 'db'>, gameId: string): Promise<PunctualityRow[]> {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { id: true } });
  if (!game) throw notFound('game');
  const seats = await deps.db.seat.findMany({
    where: { gameId },
    orderBy: { side: 'asc' },
    select: { id: true, side: true, playerName: true },
  });
  const records = await deps.db.punctuality.findMany({
    where: { seat: { gameId } },
    select: { seatId: true, outcome: true, at: true, stepId: true },
  });
  const stepNumbers = new Map(
    (await deps.db.step.findMany({ where: { gameId }, select: { id: true, number: true } })).map((s) => [
      s.id,
      s.number,
    ]),
  );
  return seats.map((seat) => {
    const mine = records
      .filter((r) => r.seatId === seat.id)
      .map((r) => ({ step: stepNumbers.get(r.stepId) ?? -1, outcome: r.outcome, at: r.at.toISOString() }));
    mine.sort((a, b) => a.step - b.step);
    return {
      side: seat.side,
      playerName: seat.playerName,
      onTime: mine.filter((r) => r.outcome === 'on-time').length,
      late: mine.filter((r) => r.outcome === 'late').length,
      missed: mine.filter((r) => r.outcome === 'missed').length,
      steps: mine,
    };
  });
}
