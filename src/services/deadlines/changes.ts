/**
 * Moving a step's deadline: the moderator extends, shortens or sets it (the service's setDeadline comes here),
 * a paused game resumes (the pause does not count), a seat declares an absence. Each move is audited and
 * announced to every seat (and the game's webhooks); the new instant's jobs are queued in the same transaction.
 */
import type { ServiceDeps, Tx } from '../deps.ts';
import { audit } from '../audit.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { lockGame, RESOLVE_TX } from '../turn-processor.ts';
import { mailText, mailWords } from '../../i18n/strings-mail.ts';
import { queueNoticeMails, queueNoticeWebhooks, utc } from './notices.ts';
import { countsFrom, deadlineWith, scheduleStepDeadline } from './schedule.ts';
import { loadStep, readState, type DeadlineGame, type DeadlineState, type DeadlineStep } from './step-state.ts';

/** A change of the current deadline. */
export type DeadlineChange = { to: Date | null } | { bySeconds: number };

/** Why a deadline moved (for the audit log and the announcement). */
export interface MoveReason {
  actor: string;
  action: string;
  /** What players read, e.g. "the moderator extended it". */
  because: { en: string; ja: string };
}

/** The deadline state a change gives the current step (`game` and `step` as read under the lock). */
async function changedState(
  tx: Tx,
  game: DeadlineGame,
  step: DeadlineStep,
  change: DeadlineChange,
): Promise<DeadlineState> {
  const state = readState(step.deadlineState);
  if ('bySeconds' in change) {
    if (!step.deadlineAt) throw conflict('deadline/none', 'the step has no deadline to extend or shorten: set one');
    return { ...state, adjustSeconds: (state.adjustSeconds ?? 0) + change.bySeconds };
  }
  if (change.to === null) return { ...state, cleared: true };
  // Setting an instant: the adjustment is what separates it from the computed deadline (which absences still move).
  const base = await deadlineWith(tx, game, step, {});
  const adjust = base ? Math.round((change.to.getTime() - base.getTime()) / 1000) : 0;
  return { ...state, cleared: false, adjustSeconds: adjust, fixedAt: base ? undefined : change.to.toISOString() };
}

/**
 * Moves the deadline of the current open step, under the game lock held by the caller. `to: null` removes it
 * (until it is set again). Returns the step number and the new deadline.
 */
export async function moveDeadlineLocked(
  tx: Tx,
  deps: ServiceDeps,
  gameId: string,
  change: DeadlineChange,
  reason: MoveReason,
): Promise<{ step: number; deadlineAt: Date | null }> {
  const loaded = await loadStep(tx, gameId, 'current');
  if (loaded?.step.status !== 'open')
    throw conflict('step/not-open', 'the current step is not open: there is no deadline to move');
  const { game, step } = loaded;
  const next = await changedState(tx, game, step, change);
  const { previous, deadlineAt } = await scheduleStepDeadline(tx, deps, game, step, { state: next });
  const now = deps.clock();
  if (deadlineAt && deadlineAt.getTime() < now.getTime() - 1000 && reason.actor === 'moderator') {
    throw badRequest('deadline/in-past', `the new deadline ${deadlineAt.toISOString()} is in the past`);
  }
  const moved = { step: step.number, from: previous?.toISOString() ?? null, to: deadlineAt?.toISOString() ?? null };
  await audit(tx, game.id, reason.actor, reason.action, moved, now);
  await announceMove(tx, deps, game, step, previous, deadlineAt, reason);
  return { step: step.number, deadlineAt };
}

/** Tells every seat (and the webhooks) that the deadline moved. */
export async function announceMove(
  tx: Tx,
  deps: ServiceDeps,
  game: DeadlineGame,
  step: DeadlineStep,
  previous: Date | null,
  deadlineAt: Date | null,
  reason: MoveReason,
): Promise<void> {
  if ((previous?.getTime() ?? null) === (deadlineAt?.getTime() ?? null)) return;
  const seats = await tx.seat.findMany({
    where: { gameId: game.id },
    orderBy: { side: 'asc' },
    select: { id: true, side: true, email: true, locale: true, timeZone: true, mailToken: true },
  });
  const key = `moved:${step.id}:${previous?.toISOString()}:${deadlineAt?.toISOString()}`;
  await queueNoticeMails(tx, deps, {
    game,
    seats,
    kind: 'deadline',
    key,
    text: (when, locale) => {
      const to = deadlineAt ? when(deadlineAt) : mailText(locale, 'notice.deadline.none');
      const from = previous ? when(previous) : mailText(locale, 'notice.deadline.none');
      return {
        subject: mailText(locale, 'notice.deadline.subject', { to }),
        body: mailText(locale, 'notice.deadline.body', { n: step.number, from, to, because: reason.because[locale] }),
      };
    },
  });
  await queueNoticeWebhooks(tx, deps, {
    game,
    event: 'deadline',
    key,
    title: `Deadline of step ${step.number} moved`,
    description: `${previous ? utc(previous) : 'none'} → ${deadlineAt ? utc(deadlineAt) : 'none'} (${reason.because.en})`,
  });
}

/** The moderator extends (positive) or shortens (negative) the current deadline by some seconds. */
export async function shiftDeadline(
  deps: ServiceDeps,
  gameId: string,
  seconds: number,
): Promise<{ step: number; deadlineAt: Date | null }> {
  if (!Number.isInteger(seconds) || seconds === 0)
    throw badRequest('deadline/amount', 'give a non-zero whole number of seconds');
  const because =
    seconds > 0
      ? { action: 'deadline.extend', ...mailWords('notice.deadline.extended') }
      : { action: 'deadline.shorten', ...mailWords('notice.deadline.shortened') };
  return deps.db.$transaction(async (tx) => {
    if (!(await lockGame(tx, gameId))) throw notFound('game');
    return moveDeadlineLocked(
      tx,
      deps,
      gameId,
      { bySeconds: seconds },
      { actor: 'moderator', action: because.action, because: { en: because.en, ja: because.ja } },
    );
  }, RESOLVE_TX);
}

/** The service's setDeadline, under its game lock: sets (or with null removes) the current step's deadline. */
export async function setDeadlineLocked(
  tx: Tx,
  deps: ServiceDeps,
  gameId: string,
  deadlineAt: Date | null,
): Promise<{ step: number; deadlineAt: Date | null }> {
  return moveDeadlineLocked(
    tx,
    deps,
    gameId,
    { to: deadlineAt },
    { actor: 'moderator', action: 'step.deadline', because: mailWords('notice.deadline.set') },
  );
}

/**
 * The service calls this in the transaction that resumes a paused game: the pause does not count, so the current
 * deadline moves later by the time the game was paused (announced); its jobs are queued again.
 */
export async function afterGameResumed(
  tx: Tx,
  deps: ServiceDeps,
  input: { gameId: string; pausedAt: Date | null },
): Promise<void> {
  const found = await loadStep(tx, input.gameId, 'current');
  if (found?.step.status !== 'open' || !found.step.deadlineAt) return;
  const { game, step } = found;
  const now = deps.clock();
  const state = readState(step.deadlineState);
  const from = Math.max(input.pausedAt?.getTime() ?? now.getTime(), countsFrom(step, state).getTime());
  const paused = Math.max(0, Math.round((now.getTime() - from) / 1000));
  const { previous, deadlineAt } = await scheduleStepDeadline(tx, deps, game, step, {
    state: { ...state, adjustSeconds: (state.adjustSeconds ?? 0) + paused },
  });
  await audit(
    tx,
    game.id,
    'system',
    'deadline.resume',
    {
      step: step.number,
      pausedSeconds: paused,
      from: previous?.toISOString() ?? null,
      to: deadlineAt?.toISOString() ?? null,
    },
    now,
  );
  await announceMove(tx, deps, game, step, previous, deadlineAt, {
    actor: 'system',
    action: 'deadline.resume',
    because: mailWords('notice.deadline.paused'),
  });
}
