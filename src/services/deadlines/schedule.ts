/**
 * The transactional side of deadlines: when a step opens its deadline is computed and written to Step.deadlineAt,
 * and its deadline and reminder jobs are queued in the same transaction; when absences or the moderator move it,
 * it is recomputed and the jobs for the new instant are queued (jobs of the old instant find it moved and stop).
 */
import { columnsOf } from '../../db/sql-tx.ts';
import type { Owed } from '../../engine/types.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { QUEUES, type DeadlineJob, type ReminderJob } from '../../jobs/queues.ts';
import { gameDefinition, type ServiceDeps, type SqlTx } from '../deps.ts';
import { asJson } from '../json.ts';
import { computeStepDeadline, readDeadlineSettings, reminderTimes, type Interval } from './compute.ts';
import { queueNoticeWebhooks, utc, type NoticeSeat } from './notices.ts';
import { announceDefaultsLocked } from './missed.ts';
import { recordPunctuality, type KnownOrder } from './punctuality.ts';

/** Deadline bookkeeping kept in Step.deadlineState. */
export interface DeadlineState {
  /** Sum of moderator changes, pause time and the extend-once extension, in seconds. */
  adjustSeconds?: number;
  /** The extend-once policy has extended this step (from this deadline, ISO). */
  extendedFrom?: string;
  /** Deadline (ISO) for which the grace notice went out. */
  graceNoticeFor?: string;
  /** Deadline (ISO) for which the missed notice went out. */
  missedNoticeFor?: string;
  /** The missed notice after default orders went out. */
  defaultsAnnounced?: boolean;
  /** Number of times the deadline moved (the calendar's SEQUENCE). */
  changes?: number;
  /** The moderator removed the deadline. */
  cleared?: boolean;
  /** A deadline the moderator set on a step type without a rule (ISO); adjustments apply on top. */
  fixedAt?: string;
  /**
   * The moderator rejected the step's result at this instant (ISO): the step's deadline counts from here instead of
   * from its opening (src/services/deadlines/reopened.ts).
   */
  reopenedAt?: string;
}

/** The stored state of a step, read leniently. */
export function readState(raw: unknown): DeadlineState {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as DeadlineState) : {};
}

/** The columns of a game that deadline work reads. */
export const gameColumns = {
  id: true,
  name: true,
  game: true,
  status: true,
  currentStep: true,
  deadlines: true,
  graceSeconds: true,
  processingDelaySeconds: true,
  missedPolicy: true,
  maxAbsences: true,
  reminderHours: true,
  moderatorEmail: true,
  pausedAt: true,
} satisfies Prisma.GameSelect;

/** A game as deadline work reads it. */
export type DeadlineGame = Prisma.GameGetPayload<{ select: typeof gameColumns }>;

/** A step as deadline work reads it. */
export type DeadlineStep = Prisma.StepGetPayload<{
  select: {
    id: true;
    gameId: true;
    number: true;
    status: true;
    owed: true;
    deadlineAt: true;
    deadlineState: true;
    openedAt: true;
    defaultsApplied: true;
  };
}>;

const stepColumns = {
  id: true,
  gameId: true,
  number: true,
  status: true,
  owed: true,
  deadlineAt: true,
  deadlineState: true,
  openedAt: true,
  defaultsApplied: true,
} as const;

/** The sides that owe orders at a step. */
export const owedOf = (step: Pick<DeadlineStep, 'owed'>): Owed[] =>
  Array.isArray(step.owed) ? (step.owed as unknown as Owed[]) : [];

/** The absences (per side) of the seats owing orders at a step that end after it opened. */
async function absencesOf(tx: SqlTx, step: DeadlineStep): Promise<Record<string, Interval[]>> {
  const sides = [...new Set(owedOf(step).map((o) => o.seat))];
  if (!sides.length) return {};
  const rows = await tx.$queryRawUnsafe<{ startsAt: Date; endsAt: Date; side: string }[]>(
    `SELECT a."startsAt", a."endsAt", se.side FROM "Absence" a JOIN "Seat" se ON se.id = a."seatId"
     WHERE a."endsAt" > $1::timestamp(3) AND se."gameId" = $2 AND se.side = ANY($3::text[])`,
    step.openedAt,
    step.gameId,
    sides,
  );
  const out: Record<string, Interval[]> = {};
  for (const r of rows) (out[r.side] ??= []).push({ start: r.startsAt, end: r.endsAt });
  return out;
}

/** When a step's deadline counts from: its opening, or the moderator's rejection of its result. */
export function countsFrom(step: Pick<DeadlineStep, 'openedAt'>, state: DeadlineState): Date {
  return state.reopenedAt ? new Date(state.reopenedAt) : step.openedAt;
}

/** The deadline a step has with a given state (absences and settings read now). */
export async function deadlineWith(
  tx: SqlTx,
  game: DeadlineGame,
  step: DeadlineStep,
  state: DeadlineState,
): Promise<Date | null> {
  if (state.cleared) return null;
  const adjustSeconds = state.adjustSeconds ?? 0;
  const openedAt = countsFrom(step, state);
  const computed = computeStepDeadline({
    openedAt,
    settings: readDeadlineSettings(game.deadlines),
    owed: owedOf(step),
    absences: await absencesOf(tx, { ...step, openedAt }),
    adjustSeconds,
  });
  if (computed || !state.fixedAt) return computed;
  return new Date(Date.parse(state.fixedAt) + adjustSeconds * 1000);
}

/** Queues the deadline job and the reminder jobs of a step's deadline (each key once). */
export async function queueDeadlineJobs(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'clock'>,
  game: DeadlineGame,
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
 * (Re)computes the deadline of a step and queues its jobs. `state` replaces the stored state (e.g. a new
 * adjustment). Returns the previous and the new deadline. Call under the game lock.
 */
export async function scheduleStepDeadline(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'clock'>,
  game: DeadlineGame,
  step: DeadlineStep,
  state: DeadlineState = readState(step.deadlineState),
): Promise<{ previous: Date | null; deadlineAt: Date | null }> {
  const deadlineAt = await deadlineWith(tx, game, step, state);
  const previous = step.deadlineAt;
  const moved = (previous?.getTime() ?? null) !== (deadlineAt?.getTime() ?? null);
  const next: DeadlineState = { ...state, ...(moved && previous ? { changes: (state.changes ?? 0) + 1 } : {}) };
  if (moved || JSON.stringify(next) !== JSON.stringify(readState(step.deadlineState))) {
    await tx.$executeRawUnsafe(
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

/** Reads a game and one of its steps for deadline work (null when either is gone). */
export async function loadStep(
  tx: SqlTx,
  gameId: string,
  where: { id: string } | { number: number },
): Promise<{ game: DeadlineGame; step: DeadlineStep } | null> {
  const [game] = await tx.$queryRawUnsafe<DeadlineGame[]>(
    `SELECT ${columnsOf(gameColumns)} FROM "Game" WHERE id = $1`,
    gameId,
  );
  if (!game) return null;
  const [step] = await tx.$queryRawUnsafe<DeadlineStep[]>(
    `SELECT ${columnsOf(stepColumns)} FROM "Step" WHERE "gameId" = $1 AND ${'id' in where ? 'id = $2' : 'number = $2'}`,
    gameId,
    'id' in where ? where.id : where.number,
  );
  return step ? { game, step } : null;
}

/**
 * What the publishing transaction already read (the game as updated, the step just opened, the step just published
 * with its current orders and events, the seats, the events the game's webhooks subscribe to): used instead of
 * reading them again.
 */
export interface OpenedKnown {
  game: DeadlineGame;
  step: DeadlineStep;
  prev: DeadlineStep & { orders: KnownOrder[] };
  seats: NoticeSeat[];
  hookEvents: string[];
  events: unknown[];
}

/**
 * The service calls this in the transaction that opens step `number` (game creation, publishing a result): the
 * previous step's punctuality is recorded and its result goes to the game's webhooks, and the new step's deadline
 * is computed and its jobs queued.
 */
export async function afterStepOpened(
  tx: SqlTx,
  deps: ServiceDeps,
  input: { gameId: string; number: number; known?: OpenedKnown },
): Promise<Date | null> {
  const { known } = input;
  const loaded = known
    ? { game: known.game, step: known.step }
    : await loadStep(tx, input.gameId, { number: input.number });
  if (!loaded) return null;
  const { game, step } = loaded;
  const scheduled = game.status === 'active' ? await scheduleStepDeadline(tx, deps, game, step) : null;
  if (input.number > 0) {
    const prev = known ? { step: known.prev } : await loadStep(tx, input.gameId, { number: input.number - 1 });
    if (prev) {
      await recordPunctuality(tx, prev.step, deps.clock(), known && { seats: known.seats, orders: known.prev.orders });
      // missed notice with the result, when defaults applied
      await announceDefaultsLocked(
        tx,
        deps,
        game,
        prev.step,
        known && { seats: known.seats, hookEvents: known.hookEvents },
      );
      await queueResultWebhook(tx, deps, game, prev.step, step, scheduled?.deadlineAt ?? null, known);
    }
  }
  return scheduled?.deadlineAt ?? null;
}

async function queueResultWebhook(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'clock' | 'config' | 'games'>,
  game: DeadlineGame,
  prev: DeadlineStep,
  next: DeadlineStep,
  deadlineAt: Date | null,
  known?: Pick<OpenedKnown, 'hookEvents' | 'events'>,
): Promise<void> {
  if (known && !known.hookEvents.includes('result')) return; // no webhook wants results
  const def = gameDefinition(deps, game.game);
  const events = known
    ? known.events.map((payload) => ({ payload }))
    : await tx.$queryRawUnsafe<{ payload: unknown }[]>(
        `SELECT payload FROM "Event" WHERE "stepId" = $1 ORDER BY seq`,
        prev.id,
      );
  const payloads = events.map((e) => e.payload as { type: string; rule?: string });
  const visible = def ? def.visibleEvents(payloads as never, { kind: 'public' }) : [];
  const lines = visible
    .filter((e) => e.type !== 'die')
    .slice(0, 15)
    .map((e) => `• ${e.type}${e.rule ? ` (${e.rule})` : ''}`);
  const owed = owedOf(next);
  const finished = game.status === 'finished';
  const fields = [
    ...(prev.defaultsApplied.length
      ? [{ name: 'Default orders / 既定命令', value: prev.defaultsApplied.join(', ') }]
      : []),
    ...(owed.length
      ? [
          {
            name: 'Orders due / 次の命令',
            value: [...new Set(owed.map((o) => `${o.seat} (${o.point})`))].join(', '),
            inline: true,
          },
        ]
      : []),
    ...(deadlineAt ? [{ name: 'Deadline / 締切', value: utc(deadlineAt), inline: true }] : []),
  ];
  await queueNoticeWebhooks(tx, deps, {
    game,
    hookEvents: known?.hookEvents,
    event: 'result',
    key: `result:${prev.id}`,
    title: finished ? `Game over after step ${prev.number}` : `Step ${prev.number} resolved`,
    description: lines.length ? lines.join('\n') : finished ? 'The game is over.' : 'Resolved.',
    fields,
  });
}
