/**
 * The moderator's actions, each audited in its own transaction: approve or reject a step awaiting review, amend a
 * seat's orders, pause and resume, set a deadline. A seat's player and tokens: src/services/seat-access.ts.
 */
import { afterGameResumed, setDeadlineLocked } from './deadlines/changes.ts';
import type { SeatId } from '../engine/types.ts';
import { rulesFor } from '../engine/rules-version.ts';
import { audit } from './audit.ts';
import { requireGame, type ServiceDeps, type Tx } from './deps.ts';
import { conflict, notFound } from './errors.ts';
import { asEnvelope } from './json.ts';
import { submitOrders, type SubmitOrdersResult } from './orders.ts';
import { reopenRejectedStep, type Reopened } from './rejection.ts';
import { lockGame, publishStep, resolveIfReady, RESOLVE_TX, type ResolveResult } from './turn-processor.ts';

/** Locks the game and reads its step `number`, which must be the current one and awaiting review (409 otherwise). */
async function lockedStep(tx: Tx, gameId: string, number: number) {
  const game = await lockGame(tx, gameId);
  if (!game) throw notFound('game');
  if (number !== game.currentStep)
    throw conflict('step/not-current', `step ${number} is not the current step (${game.currentStep})`);
  const step = await tx.step.findUniqueOrThrow({ where: { gameId_number: { gameId, number } } });
  if (step.status !== 'awaiting_review' || !step.resultEnvelope)
    throw conflict(
      'step/not-awaiting-review',
      `step ${number} is ${step.status.replace('_', ' ')}, not awaiting review`,
    );
  return { game, step };
}

/** A moderator's decision made by a mail (its stored inbound mail), as its audit entry recorded it. */
export interface MailDecision {
  action: 'approve' | 'reject';
  step: number;
  reason?: string;
  deadlineAt?: string;
  awaiting?: string[];
}

/**
 * The approval or rejection a stored inbound mail already made (its process died before answering it, and the mail
 * is processed again): the audit entry written in the decision's own transaction names the mail. Null: none.
 */
export async function decisionByMail(
  deps: Pick<ServiceDeps, 'db'>,
  gameId: string,
  inboundId: string,
): Promise<MailDecision | null> {
  const row = await deps.db.auditLog.findFirst({
    where: {
      gameId,
      action: { in: ['step.approve', 'step.reject'] },
      detail: { path: ['inboundId'], equals: inboundId },
    },
    select: { action: true, detail: true },
  });
  if (!row) return null;
  const detail = row.detail as { step: number; reason?: string; deadlineAt?: string; awaiting?: string[] };
  return { action: row.action === 'step.approve' ? 'approve' : 'reject', ...detail };
}

/**
 * Publishes a preview: events become visible, the next step opens, result mails are queued. `inboundId`: the
 * moderator's mail that approves it (recorded with the audit entry, so the mail processed again finds it done).
 */
export async function approveStep(
  deps: ServiceDeps,
  gameId: string,
  number: number,
  opts: { inboundId?: string } = {},
): Promise<{ step: number; finished: boolean }> {
  const approved = await deps.db.$transaction(async (tx) => {
    const { game, step } = await lockedStep(tx, gameId, number);
    const code = requireGame(deps, game.game);
    const def = rulesFor(code, game.rulesVersion) ?? code; // the rules the preview was resolved under
    const finished = await publishStep(tx, deps, {
      gameId,
      stepId: step.id,
      stepNumber: number,
      def,
      result: asEnvelope(step.resultEnvelope),
    });
    const via = opts.inboundId ? { inboundId: opts.inboundId } : {};
    await audit(tx, gameId, 'moderator', 'step.approve', { step: number, ...via }, deps.clock());
    return { step: number, finished };
  }, RESOLVE_TX);
  // A next step that owes nothing resolves at once (into a new preview in review mode).
  if (!approved.finished) await resolveIfReady(deps, gameId);
  return approved;
}

/**
 * Rejects a preview (src/services/rejection.ts): its events and result are deleted and the step reopens with every
 * order kept (resolving the same orders again gives the same dice: rejection cannot reroll) and a new deadline
 * (`deadlineAt`, else the game's rule counted from now, else 72 hours); every seat is told, with the reason. The
 * step resolves again once every owed seat has confirmed or revised its orders, or at the deadline. Audited (with
 * the moderator's mail that rejects it, `inboundId`, as for approval).
 */
export async function rejectStep(
  deps: ServiceDeps,
  gameId: string,
  number: number,
  reason: string,
  opts: { deadlineAt?: Date; inboundId?: string } = {},
): Promise<{ step: number } & Reopened> {
  const rejected = await deps.db.$transaction(async (tx) => {
    const { game, step } = await lockedStep(tx, gameId, number);
    const reopened = await reopenRejectedStep(tx, deps, { game, step, reason, deadlineAt: opts.deadlineAt });
    const detail = {
      step: number,
      reason,
      deadlineAt: reopened.deadlineAt.toISOString(),
      awaiting: reopened.awaiting,
      ...(opts.inboundId ? { inboundId: opts.inboundId } : {}),
    };
    await audit(tx, gameId, 'moderator', 'step.reject', detail, deps.clock());
    return { step: number, ...reopened };
  }, RESOLVE_TX);
  // A step that owes nothing has nobody to wait for: it resolves again at once (into a new preview).
  if (!rejected.awaiting.length) await resolveIfReady(deps, gameId);
  return rejected;
}

/** The moderator submits orders for a seat (source "moderator", audited with the reason); may complete the step. */
export async function amendOrders(
  deps: ServiceDeps,
  gameId: string,
  side: SeatId,
  orders: unknown,
  reason?: string,
): Promise<SubmitOrdersResult> {
  const seat = await deps.db.seat.findUnique({ where: { gameId_side: { gameId, side } }, select: { id: true } });
  if (!seat) throw notFound('seat', 'seat/not-found');
  return submitOrders(deps, {
    gameId,
    seatId: seat.id,
    orders,
    raw: JSON.stringify(orders),
    source: 'moderator',
    actor: 'moderator',
    reason,
  });
}

/** Pauses a game: submissions are refused (409 game/paused) and nothing resolves until it resumes. */
export async function pauseGame(deps: ServiceDeps, gameId: string, reason?: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game) throw notFound('game');
    if (game.status !== 'active') throw conflict(`game/${game.status}`, `the game is ${game.status}`);
    const now = deps.clock();
    await tx.game.update({ where: { id: gameId }, data: { status: 'paused', pausedAt: now } });
    await audit(tx, gameId, 'moderator', 'game.pause', { reason: reason ?? null }, now);
  }, RESOLVE_TX);
}

/** Resumes a paused game, and resolves the current step if its orders were completed meanwhile (by amendment). */
export async function resumeGame(deps: ServiceDeps, gameId: string): Promise<ResolveResult> {
  await deps.db.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game) throw notFound('game');
    if (game.status !== 'paused') throw conflict('game/not-paused', `the game is ${game.status}, not paused`);
    const now = deps.clock();
    await tx.game.update({ where: { id: gameId }, data: { status: 'active', pausedAt: null } });
    await audit(
      tx,
      gameId,
      'moderator',
      'game.resume',
      { pausedSeconds: game.pausedAt ? Math.round((now.getTime() - game.pausedAt.getTime()) / 1000) : null },
      now,
    );
    await afterGameResumed(tx, deps, { gameId, pausedAt: game.pausedAt }); // the pause does not count: deadline moves
  }, RESOLVE_TX);
  return resolveIfReady(deps, gameId);
}

/** Sets (or clears) the deadline of the current step; the deadlines worker reads Step.deadlineAt. */
export async function setDeadline(
  deps: ServiceDeps,
  gameId: string,
  deadlineAt: Date | null,
): Promise<{ step: number; deadlineAt: Date | null }> {
  return deps.db.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game) throw notFound('game');
    // Recorded as an adjustment of the computed deadline (absences keep moving it), jobs queued, audited, announced.
    return setDeadlineLocked(tx, deps, gameId, deadlineAt);
  }, RESOLVE_TX);
}

/** The audit log of a game, oldest first (moderator only). */
export async function auditLogOf(deps: ServiceDeps, gameId: string) {
  const rows = await deps.db.auditLog.findMany({ where: { gameId }, orderBy: { id: 'asc' } });
  return rows.map((r) => ({ at: r.at, actor: r.actor, action: r.action, detail: r.detail }));
}
