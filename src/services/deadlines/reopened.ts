/**
 * The deadline of a step whose result the moderator rejected. It counts afresh from the rejection, by the game's
 * rule for the step type (the same computation as any step: docs/deadlines.md); a game without a rule for it gets
 * REOPENED_DEFAULT_HOURS; the moderator may give the instant instead. Its jobs are queued as for any deadline, and at
 * the deadline the orders on file stand (src/services/deadlines/policy.ts): a reopened step always resolves again.
 */
import { badRequest, notFound } from '../errors.ts';
import type { ServiceDeps, SqlTx } from '../deps.ts';
import { deadlineWith, scheduleStepDeadline } from './schedule.ts';
import { loadStep, readState, type DeadlineState } from './step-state.ts';

/** The deadline of a reopened step when the game has no deadline rule for it, in hours after the rejection. */
export const REOPENED_DEFAULT_HOURS = 72;

/**
 * Gives a reopened step (status already `open`) its deadline, counted from `at`, or `deadlineAt` when given (it
 * must be later than `at`), and queues its jobs. Call under the game lock. Returns the deadline.
 */
export async function scheduleReopenedStep(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'clock'>,
  input: { gameId: string; stepId: string; at: Date; deadlineAt?: Date },
): Promise<Date> {
  if (input.deadlineAt && input.deadlineAt.getTime() <= input.at.getTime()) {
    throw badRequest('deadline/in-past', `the deadline ${input.deadlineAt.toISOString()} is not in the future`);
  }
  const loaded = await loadStep(tx, input.gameId, { id: input.stepId });
  if (!loaded) throw notFound('step', 'step/not-found');
  const { game, step } = loaded;
  const before = readState(step.deadlineState);
  // A new deadline cycle: earlier moves, extensions, grace and missed notices belong to the first one. The calendar
  // sequence goes on, and a missed notice already sent for default orders is not sent again.
  const fresh: DeadlineState = {
    reopenedAt: input.at.toISOString(),
    ...(before.changes ? { changes: before.changes } : {}),
    ...(before.defaultsAnnounced ? { defaultsAnnounced: true } : {}),
  };
  const computed = await deadlineWith(tx, game, step, fresh);
  const fallback = new Date(input.at.getTime() + REOPENED_DEFAULT_HOURS * 3_600_000);
  const wanted = input.deadlineAt ?? (computed ? null : fallback);
  let state = fresh;
  // As a moderator's move (src/services/deadlines/changes.ts): an adjustment of the computed deadline, or a fixed
  // one.
  if (wanted && computed) {
    state = { ...fresh, adjustSeconds: Math.round((wanted.getTime() - computed.getTime()) / 1000) };
  } else if (wanted) state = { ...fresh, fixedAt: wanted.toISOString() };
  const { deadlineAt } = await scheduleStepDeadline(tx, deps, game, step, { state });
  if (!deadlineAt) throw new Error(`reopened step ${step.id} got no deadline`); // cannot happen: one is always set
  return deadlineAt;
}
