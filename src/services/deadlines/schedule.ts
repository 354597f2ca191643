/**
 * The transactional side of deadlines: when a step opens its deadline is computed and written to Step.deadlineAt,
 * and its deadline and reminder jobs are queued in the same transaction; when absences or the moderator move it,
 * it is recomputed and the jobs for the new instant are queued (jobs of the old instant find it moved and stop).
 */
import { write } from '../../db/sql-tx.ts';
import { enqueue } from '../../queue/enqueue.ts';
import { QUEUES, type DeadlineJob, type ReminderJob } from '../../queue/queues.ts';
import type { ServiceDeps, SqlTx } from '../deps.ts';
import { asJson } from '../json.ts';
import {
  computeStepDeadline,
  type DeadlineSettings,
  readDeadlineSettings,
  reminderTimes,
  ruleFor,
  type Interval,
} from './compute.ts';
import { owedOf, readState, type DeadlineGame, type DeadlineState, type DeadlineStep } from './step-state.ts';

/**
 * The absences (per side) of the seats owing orders at a step that end after it opened: a person's absence is every
 * seat's it holds. Only of the seats whose decision point has a deadline rule (no other absence moves a deadline);
 * no query when there are none.
 */
async function absencesOf(
  tx: SqlTx,
  step: DeadlineStep,
  settings: DeadlineSettings,
): Promise<Record<string, Interval[]>> {
  const sides = [...new Set(owedOf(step).flatMap((o) => (ruleFor(settings, o.point) ? [o.seat] : [])))];
  if (!sides.length) return {};
  const rows = await tx.$queryRawUnsafe<{ startsAt: Date; endsAt: Date; side: string }[]>(
    `SELECT a."startsAt", a."endsAt", se.side FROM "Absence" a JOIN "Seat" se ON se."personId" = a."personId"
     WHERE a."endsAt" > $1::timestamp(3) AND se."gameId" = $2 AND se.side = ANY($3::text[])`,
    step.openedAt,
    step.gameId,
    sides,
  );
  const out: Record<string, Interval[]> = {};
  for (const r of rows) {
    out[r.side] ??= [];
    out[r.side].push({ start: r.startsAt, end: r.endsAt });
  }
  return out;
}

/** When a step's deadline counts from: its opening, or the moderator's rejection of its result. */
export function countsFrom(step: Pick<DeadlineStep, 'openedAt'>, state: DeadlineState): Date {
  return state.reopenedAt ? new Date(state.reopenedAt) : step.openedAt;
}

/**
 * The deadline a step has with a given state (absences and settings read now). `absences`: the seats' absences when
 * the caller knows them (a new game's persons have none yet), instead of reading them.
 */
export async function deadlineWith(
  tx: SqlTx,
  game: DeadlineGame,
  step: DeadlineStep,
  state: DeadlineState,
  absences?: Record<string, Interval[]>,
): Promise<Date | null> {
  if (state.cleared) return null;
  const adjustSeconds = state.adjustSeconds ?? 0;
  const openedAt = countsFrom(step, state);
  const settings = readDeadlineSettings(game.deadlines);
  const computed = computeStepDeadline({
    openedAt,
    settings,
    owed: owedOf(step),
    absences: absences ?? (await absencesOf(tx, { ...step, openedAt }, settings)),
    adjustSeconds,
  });
  if (computed || !state.fixedAt) return computed;
  return new Date(Date.parse(state.fixedAt) + adjustSeconds * 1000);
}

/** Queues the deadline job and the reminder jobs of a step's deadline (each key once). */
export async function queueDeadlineJobs(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'clock'>,
  game: Pick<DeadlineGame, 'id' | 'reminderHours'>,
  stepId: string,
  deadlineAt: Date,
): Promise<void> {
  const at = deadlineAt.toISOString();
  const job: DeadlineJob = { gameId: game.id, stepId, at };
  await enqueue(tx, QUEUES.deadline, job, { key: `${stepId}:${at}`, startAfter: deadlineAt });
  for (const r of reminderTimes(deadlineAt, game.reminderHours, deps.clock())) {
    const reminder: ReminderJob = { gameId: game.id, stepId, hours: r.hours, deadlineAt: at };
    await enqueue(tx, QUEUES.reminder, reminder, { key: `${stepId}:${r.hours}:${at}`, startAfter: r.at });
  }
}

/**
 * (Re)computes the deadline of a step and queues its jobs. `known.state` replaces the stored state (e.g. a new
 * adjustment); `known.absences` as in `deadlineWith`. Returns the previous and the new deadline. Call under the game lock.
 */
export async function scheduleStepDeadline(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'clock'>,
  game: DeadlineGame,
  step: DeadlineStep,
  known: { state?: DeadlineState; absences?: Record<string, Interval[]> } = {},
): Promise<{ previous: Date | null; deadlineAt: Date | null }> {
  const { state = readState(step.deadlineState), absences } = known;
  const deadlineAt = await deadlineWith(tx, game, step, state, absences);
  const previous = step.deadlineAt;
  const moved = (previous?.getTime() ?? null) !== (deadlineAt?.getTime() ?? null);
  const next: DeadlineState = { ...state, ...(moved && previous ? { changes: (state.changes ?? 0) + 1 } : {}) };
  if (moved || JSON.stringify(next) !== JSON.stringify(readState(step.deadlineState))) {
    await write(
      tx,
      `UPDATE "Step" SET "deadlineAt" = $1::timestamp(3), "deadlineState" = $2::jsonb WHERE id = $3`,
      deadlineAt?.toISOString() ?? null,
      JSON.stringify(asJson(next)),
      step.id,
    );
  }
  if (deadlineAt && game.status === 'active' && step.status === 'open')
    await queueDeadlineJobs(tx, deps, game, step.id, deadlineAt);
  return { previous, deadlineAt };
}
