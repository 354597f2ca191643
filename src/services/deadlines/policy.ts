/**
 * What happens when a deadline comes: the jobs of src/jobs call these. Each re-reads the step under the game row
 * lock and acts only on what is still true: a resolved step, a paused game or a moved deadline end the job (a
 * moved deadline has its own job). Default orders go through the service's resolveWithDefaults, which resolves
 * under the same lock, exactly once.
 *
 * Policies (Game.missedPolicy), after the deadline D and the grace period G:
 * - `wait`: at D the seats still owing are told they are in grace until D+G; at D+G everyone and the moderator
 *   are told who missed it, and the game waits (the moderator extends, or applies default orders).
 * - `default-after-grace`: as `wait`, but at D+G the engine's default orders are applied to the missing seats.
 * - `extend-once`: at D the deadline is extended once by G (everyone is told); at the new deadline default orders
 *   are applied.
 */
import type { DeadlineJob, ReminderJob, ResolveJob } from '../../queue/queues.ts';
import { enqueue } from '../../queue/enqueue.ts';
import { QUEUES } from '../../queue/queues.ts';
import { write } from '../../db/sql-tx.ts';
import { inTransaction, type ServiceDeps, type SqlTx, type Tx } from '../deps.ts';
import { asJson } from '../json.ts';
import { mailText } from '../../i18n/strings-mail.ts';
import { audit } from '../audit.ts';
import {
  lockGame,
  lockGamesAndRead,
  loadStepWithOrders,
  stepsWithOrdersFrom,
  stepsWithOrdersRead,
  resolveIfReady,
  resolveLocked,
  resolveWithDefaults,
  RESOLVE_TX,
  RESOLVE_SQL_TX,
  type LockedGame,
  type StepWithOrders,
} from '../turn-processor.ts';

import type { NoticeSeat } from '../notifier.ts';
import { queueNoticeMails, queueNoticeWebhooks, utc } from './notices.ts';
import { announceDefaultsLocked, announceMissed, seatColumns } from './missed.ts';
import { resolveWithKeptOrders } from '../rejection.ts';
import { queueDeadlineJobs, scheduleStepDeadline } from './schedule.ts';
import { loadStep, owedOf, readState, type DeadlineState, type DeadlineStep } from './step-state.ts';

/** Takes the game row lock (the one the service's resolution takes); false when the game is gone. */
async function lockGameRow(tx: Tx, gameId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "Game" WHERE id = ${gameId} FOR UPDATE`;
  return rows.length > 0;
}

/** What a deadline job did (for logs and tests). */
export type DeadlineOutcome =
  | 'gone'
  | 'not-current'
  | 'paused'
  | 'no-deadline'
  | 'complete'
  | 'moved'
  | 'grace'
  | 'extended'
  | 'waiting'
  | 'defaults-applied'
  | 'kept-orders'
  | 'resolved-meanwhile'
  | 'mail-pending';

/** Sides owing orders at a step that have none in, and all seats of the game. */
async function missingSides(tx: Tx, step: DeadlineStep): Promise<{ missing: string[]; seats: NoticeSeat[] }> {
  const seats = await tx.seat.findMany({
    where: { gameId: step.gameId },
    orderBy: { side: 'asc' },
    select: seatColumns,
  });
  const orders = await tx.order.findMany({
    where: { stepId: step.id },
    distinct: ['seatId'],
    select: { seatId: true },
  });
  const sent = new Set(orders.map((o) => seats.find((s) => s.id === o.seatId)?.side));
  const missing = [...new Set(owedOf(step).map((o) => o.seat))].filter((side) => !sent.has(side)).sort();
  return { missing, seats };
}

const saveState = (tx: SqlTx, stepId: string, state: DeadlineState) =>
  write(tx, `UPDATE "Step" SET "deadlineState" = $1::jsonb WHERE id = $2`, JSON.stringify(asJson(state)), stepId);

/** Sides owing orders at a step read with its current orders that have none in. */
function missingOf(step: StepWithOrders): string[] {
  const sent = new Set(step.orders.map((o) => o.side));
  return [...new Set(owedOf(step).map((o) => o.seat))].filter((side) => !sent.has(side)).sort();
}

/**
 * Handles a deadline job. Safe to run any number of times, from any process. One transaction under the game row
 * lock: what the job finds decides, and default orders resolve the step in the same transaction.
 */
export async function handleDeadline(deps: ServiceDeps, job: DeadlineJob): Promise<DeadlineOutcome> {
  const [outcome] = await inTransaction(deps, (tx) => handleLocked(tx, deps, [job]), RESOLVE_SQL_TX);
  return outcome;
}

/** What one job of `handleDeadlines` did: its outcome, or the error that made it fail alone. */
export type DeadlineResult = { outcome: DeadlineOutcome } | { error: Error };

/**
 * Handles the deadline jobs of different games in one transaction: the games are locked and read together (a few
 * statements for all of them), then each job goes as `handleDeadline` would, in turn. When any of them fails, the
 * transaction rolls back (nothing of any job stays) and each job runs again alone, so one failing game fails only its
 * own job. A second job of a game already in the list runs alone after the others (it must see what the first did).
 */
export async function handleDeadlines(deps: ServiceDeps, jobs: DeadlineJob[]): Promise<DeadlineResult[]> {
  const first = jobs.filter((job, i) => jobs.findIndex((j) => j.gameId === job.gameId) === i);
  const alone = async (job: DeadlineJob): Promise<DeadlineResult> => {
    try {
      return { outcome: await handleDeadline(deps, job) };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  };
  const together = first.length > 1 ? await togetherOrNull(deps, first) : null;
  const results = new Map<DeadlineJob, DeadlineResult>();
  for (const [i, job] of first.entries()) results.set(job, together ? { outcome: together[i] } : await alone(job));
  for (const job of jobs) if (!results.has(job)) results.set(job, await alone(job));
  return jobs.map((job) => results.get(job) as DeadlineResult);
}

/** The jobs (one per game) in one transaction; null when one of them failed (everything rolled back). */
async function togetherOrNull(deps: ServiceDeps, jobs: DeadlineJob[]): Promise<DeadlineOutcome[] | null> {
  try {
    return await inTransaction(deps, (tx) => handleLocked(tx, deps, jobs), RESOLVE_SQL_TX);
  } catch (error) {
    deps.log.warn({ err: error, jobs: jobs.length }, 'deadline jobs together failed: each runs alone');
    return null;
  }
}

/** Deadline jobs of different games in the caller's transaction: the games locked and read at once, then each job. */
async function handleLocked(tx: SqlTx, deps: ServiceDeps, jobs: DeadlineJob[]): Promise<DeadlineOutcome[]> {
  const reads = await readJobs(tx, deps, jobs);
  const outcomes: DeadlineOutcome[] = [];
  for (const job of jobs) outcomes.push(await handleRead(tx, deps, job, reads));
  return outcomes;
}

/** One deadline job, on what was read for it under the game lock. */
async function handleRead(tx: SqlTx, deps: ServiceDeps, job: DeadlineJob, reads: JobReads): Promise<DeadlineOutcome> {
  const decision = await decide(tx, deps, job, reads);
  if (decision.kind === 'kept') {
    const kept = await resolveWithKeptOrders(tx, deps, decision.locked, decision.step);
    return kept.resolved ? 'kept-orders' : 'resolved-meanwhile';
  }
  if (decision.kind !== 'defaults') return decision.outcome;
  const result = await resolveLocked(tx, deps, job.gameId, decision.sides, 0, {
    locked: decision.locked,
    step: decision.step,
  });
  if (result.resolved && result.status === 'awaiting_review') {
    const step = await loadStepWithOrders(tx, job.gameId, { id: job.stepId });
    if (step) await announceDefaultsLocked(tx, deps, decision.locked.game, step, decision.locked);
  }
  return result.resolved ? 'defaults-applied' : 'resolved-meanwhile';
}

/** What deadline jobs read under their games' locks, for all of them at once. */
interface JobReads {
  locked: Map<string, LockedGame>;
  steps: Map<string, StepWithOrders>;
  /** Per game, whether mail of the game received before the job's instant is still being processed. */
  mailPending: Set<string>;
}

/**
 * When a deadline job acts: now by the worker's clock, but never before the job's instant (the queue starts a job at
 * or after its instant by the database's clock: a worker clock a little behind it must not make a due deadline
 * look early).
 */
const jobNow = (deps: ServiceDeps, job: DeadlineJob): Date =>
  new Date(Math.max(deps.clock().getTime(), Date.parse(job.at)));

/** Locks the jobs' games and reads them, their steps and their pending mail: one round trip for all the jobs. */
async function readJobs(tx: SqlTx, deps: ServiceDeps, jobs: DeadlineJob[]): Promise<JobReads> {
  const nows = jobs.map((j) => jobNow(deps, j));
  const pendingRead: [string, unknown[]] = [
    `SELECT w.g AS "gameId" FROM unnest($1::text[], $2::text[], $3::text[]) AS w(g, now, since)
     WHERE EXISTS (SELECT 1 FROM "InboundMail" m WHERE m.status = 'received' AND m."gameId" = w.g
       AND m."receivedAt" <= w.now::timestamp(3) AND m."receivedAt" > w.since::timestamp(3))`,
    [
      jobs.map((j) => j.gameId),
      nows.map((d) => d.toISOString()),
      nows.map((d) => new Date(d.getTime() - MAIL_WAIT_MAX_MS).toISOString()),
    ],
  ];
  const { locked, also } = await lockGamesAndRead(
    tx,
    jobs.map((j) => j.gameId),
    [stepsWithOrdersRead(jobs.map((j) => j.stepId)), pendingRead],
  );
  const [stepRows, pending] = also;
  return {
    locked,
    steps: stepsWithOrdersFrom(stepRows),
    mailPending: new Set((pending as { gameId: string }[]).map((r) => r.gameId)),
  };
}

type Decision =
  | { kind: 'done'; outcome: DeadlineOutcome }
  | { kind: 'defaults'; sides: string[]; locked: LockedGame; step: StepWithOrders }
  | { kind: 'kept'; locked: LockedGame; step: StepWithOrders };
const done = (outcome: DeadlineOutcome): Decision => ({ kind: 'done', outcome });

/** A deadline that has passed with seats still owing orders, as `decide` found it under the game lock. */
interface Missed {
  locked: LockedGame;
  step: StepWithOrders;
  state: DeadlineState;
  /** The sides that owe orders and have none in. */
  missing: string[];
  deadline: Date;
  now: Date;
}

/** What a deadline job finds under the game lock decides what it does (the policies: see the top of this file). */
async function decide(tx: SqlTx, deps: ServiceDeps, job: DeadlineJob, reads: JobReads): Promise<Decision> {
  const locked = reads.locked.get(job.gameId);
  if (!locked) return done('gone');
  const step = reads.steps.get(job.stepId);
  if (step?.gameId !== job.gameId) return done('gone');
  const { game } = locked;
  if (step.status !== 'open') {
    await announceDefaultsLocked(tx, deps, game, step, locked);
    return done('not-current');
  }
  if (game.currentStep !== step.number) return done('not-current');
  if (game.status !== 'active') return done('paused');
  if (!step.deadlineAt) return done('no-deadline');
  const now = jobNow(deps, job);
  const deadline = step.deadlineAt;
  if (now < deadline) {
    // Moved later: make sure the job of the new instant exists (normally queued with the move).
    await queueDeadlineJobs(tx, deps, game, step.id, deadline);
    return done('moved');
  }
  const missing = missingOf(step);
  if ((missing.length || step.rejectedRevisions) && reads.mailPending.has(game.id)) {
    await waitForMail(tx, game.id, step.id, now);
    return done('mail-pending');
  }
  // A step the moderator sent back has every order on file: at its deadline they stand (src/services/rejection.ts).
  if (!missing.length && step.rejectedRevisions) return { kind: 'kept', locked, step };
  if (!missing.length) return done('complete'); // all in: resolution is pending (processing delay) or running
  const missed: Missed = { locked, step, state: readState(step.deadlineState), missing, deadline, now };
  if (game.missedPolicy === 'extend-once' && !missed.state.extendedFrom && game.graceSeconds > 0)
    return extendOnce(tx, deps, missed);
  const graceEnd = new Date(deadline.getTime() + (game.missedPolicy === 'extend-once' ? 0 : game.graceSeconds) * 1000);
  if (now < graceEnd) return inGrace(tx, deps, missed, graceEnd);
  if (game.missedPolicy === 'wait') return waitForModerator(tx, deps, missed);
  return { kind: 'defaults', sides: missing, locked, step };
}

/** How often a deadline waiting for the game's mail looks again. */
const MAIL_POLL_MS = 5000;
/** A mail unfinished this long after it was received is not waited for (its processing is stuck: not this job's). */
const MAIL_WAIT_MAX_MS = 10 * 60_000;

/**
 * Order mail comes before the deadline that would default it: a mail of the game already received (a mail's game is
 * stored with it from the start: src/mail/inbound-store.ts) but not yet processed (being processed, or its process
 * died holding its lease, for up to INBOUND_LEASE_SECONDS) is waited for. The job comes back every MAIL_POLL_MS;
 * meanwhile the mail's own process finishes it, or, once its lease has run out, the deadline job's worker takes and
 * processes it before running the job again (src/jobs/worker.ts), or the recovery sweep does. Waiting, rather than
 * processing the mail here, keeps the one rule that makes mail exactly once: a row is processed only by the holder of
 * its lease (processing a live holder's row from here would run it twice at once), and this job, under the game
 * lock, would block the mail's own submission. The job's reads found such mail (`JobReads.mailPending`); this queues
 * the job's next look.
 */
async function waitForMail(tx: SqlTx, gameId: string, stepId: string, now: Date): Promise<void> {
  const next = new Date(now.getTime() + MAIL_POLL_MS);
  const job: DeadlineJob = { gameId, stepId, at: next.toISOString() };
  await enqueue(tx, QUEUES.deadline, job, { key: `${stepId}:mail:${job.at}`, startAfter: next });
}

/** `extend-once`: the deadline moves once by the grace period; everyone is told. */
async function extendOnce(tx: SqlTx, deps: ServiceDeps, m: Missed): Promise<Decision> {
  const { locked, step, state, missing } = m;
  const { game, seats } = locked;
  const from = m.deadline.toISOString();
  const next: DeadlineState = {
    ...state,
    extendedFrom: from,
    adjustSeconds: (state.adjustSeconds ?? 0) + game.graceSeconds,
  };
  const { deadlineAt } = await scheduleStepDeadline(tx, deps, game, step, { state: next });
  const extended = { step: step.number, sides: missing, from, to: deadlineAt?.toISOString() };
  await audit(tx, game.id, 'system', 'deadline.extend-once', extended, m.now);
  const what = { kind: 'extended' as const, until: deadlineAt ?? m.deadline };
  await announceMissed(tx, deps, game, step, seats, missing, what, { hookEvents: locked.hookEvents });
  return done('extended');
}

/** In the grace period: the seats still owing are told once, and the job comes back at its end. */
async function inGrace(tx: SqlTx, deps: ServiceDeps, m: Missed, graceEnd: Date): Promise<Decision> {
  const { locked, step, state, deadline } = m;
  const { game } = locked;
  const iso = deadline.toISOString();
  if (state.graceNoticeFor !== iso) {
    await saveState(tx, step.id, { ...state, graceNoticeFor: iso });
    await queueNoticeMails(tx, deps, {
      game,
      seats: locked.seats.filter((s) => m.missing.includes(s.side)),
      kind: 'reminder',
      key: `grace:${step.id}:${iso}`,
      text: (when, locale) => ({
        subject: mailText(locale, 'notice.grace.subject', { grace: when(graceEnd) }),
        body: mailText(locale, 'notice.grace.body', {
          n: step.number,
          deadline: when(deadline),
          grace: when(graceEnd),
        }),
      }),
    });
  }
  const end = graceEnd.toISOString();
  const job: DeadlineJob = { gameId: game.id, stepId: step.id, at: end };
  await enqueue(tx, QUEUES.deadline, job, { key: `${step.id}:${end}`, startAfter: graceEnd });
  return done('grace');
}

/** `wait`: everyone and the moderator are told once who missed the deadline; the game waits for the moderator. */
async function waitForModerator(tx: SqlTx, deps: ServiceDeps, m: Missed): Promise<Decision> {
  const { locked, step, state, missing } = m;
  const { game } = locked;
  const iso = m.deadline.toISOString();
  if (state.missedNoticeFor !== iso) {
    await saveState(tx, step.id, { ...state, missedNoticeFor: iso });
    await audit(tx, game.id, 'system', 'deadline.missed', { step: step.number, sides: missing, deadline: iso }, m.now);
    await announceMissed(
      tx,
      deps,
      game,
      step,
      locked.seats,
      missing,
      { kind: 'waiting' },
      {
        hookEvents: locked.hookEvents,
      },
    );
  }
  return done('waiting');
}

/** After default orders on a step kept for review (published steps are announced when they publish). */
async function announceDefaults(tx: Tx, deps: ServiceDeps, gameId: string, stepId: string): Promise<void> {
  if (!(await lockGameRow(tx, gameId))) return;
  const loaded = await loadStep(tx, gameId, { id: stepId });
  if (loaded) await announceDefaultsLocked(tx, deps, loaded.game, loaded.step);
}

/**
 * The moderator's "apply default orders now" (e.g. under the `wait` policy): default orders for every seat that
 * still owes, then the missed notice. Returns the sides defaulted.
 */
export async function applyDefaultsNow(
  deps: ServiceDeps,
  gameId: string,
): Promise<{ sides: string[]; resolved: boolean }> {
  const found = await deps.db.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId);
    if (!game) return null;
    const loaded = await loadStep(tx, gameId, 'current');
    if (loaded?.step.status !== 'open') return null;
    await audit(tx, gameId, 'moderator', 'orders.apply-defaults', { step: loaded.step.number }, deps.clock());
    return { stepId: loaded.step.id, ...(await missingSides(tx, loaded.step)) };
  }, RESOLVE_TX);
  if (!found?.missing.length) return { sides: [], resolved: false };
  const result = await resolveWithDefaults(deps, gameId, found.missing);
  if (result.resolved && result.status === 'awaiting_review')
    await deps.db.$transaction((tx) => announceDefaults(tx, deps, gameId, found.stepId), RESOLVE_TX);
  return { sides: found.missing, resolved: result.resolved };
}

/** Handles a reminder job: one mail per seat still owing orders (per person for its seats), one webhook message. */
export async function handleReminder(deps: ServiceDeps, job: ReminderJob): Promise<'sent' | 'void'> {
  return deps.db.$transaction(async (tx) => {
    if (!(await lockGameRow(tx, job.gameId))) return 'void';
    const loaded = await loadStep(tx, job.gameId, { id: job.stepId });
    if (!loaded) return 'void';
    const { game, step } = loaded;
    if (
      step.status !== 'open' ||
      game.status !== 'active' ||
      game.currentStep !== step.number ||
      step.deadlineAt?.toISOString() !== job.deadlineAt
    )
      return 'void';
    const { missing, seats } = await missingSides(tx, step);
    if (!missing.length) return 'void';
    const deadline = step.deadlineAt;
    const points = (side: string) =>
      [
        ...new Set(
          owedOf(step)
            .filter((o) => o.seat === side)
            .map((o) => o.point),
        ),
      ].join(', ');
    const key = `reminder:${step.id}:${job.hours}:${job.deadlineAt}`;
    // One mail per seat still owing, or per person for its seats still owing (each seat's points named).
    const owing = (sides: string[]) =>
      sides.length === 1 ? points(sides[0]) : sides.map((side) => `${side}: ${points(side)}`).join('; ');
    await queueNoticeMails(tx, deps, {
      game,
      seats: seats.filter((s) => missing.includes(s.side)),
      kind: 'reminder',
      key,
      text: (when, locale, sides) => ({
        subject: mailText(locale, 'notice.reminder.subject', { deadline: when(deadline) }),
        body: mailText(locale, 'notice.reminder.body', {
          n: step.number,
          owing: owing(sides),
          deadline: when(deadline),
          hours: job.hours,
        }),
      }),
    });
    await queueNoticeWebhooks(tx, deps, {
      game,
      event: 'reminder',
      key,
      title: `Orders due in ${job.hours} h (step ${step.number})`,
      description: `Still owed by: ${missing.join(', ')}. Deadline ${utc(deadline)}.`,
    });
    return 'sent';
  }, RESOLVE_TX);
}

/**
 * Handles the end of a processing delay: resolves the step when the delay after its last order has run out and
 * every owed order is in; a later order pushed the delay, so the job then waits for the new end.
 */
export async function handleDelayedResolution(
  deps: ServiceDeps,
  job: ResolveJob,
): Promise<'resolved' | 'later' | 'nothing'> {
  const step = await deps.db.step.findUnique({
    where: { id: job.stepId },
    select: { status: true, lastOrderAt: true, game: { select: { processingDelaySeconds: true } } },
  });
  if (step?.status !== 'open') return 'nothing';
  const due = new Date((step.lastOrderAt?.getTime() ?? 0) + step.game.processingDelaySeconds * 1000);
  if (Math.max(deps.clock().getTime(), Date.parse(job.at)) < due.getTime()) {
    await deps.db.$transaction((tx) =>
      enqueue(
        tx,
        QUEUES.resolve,
        { gameId: job.gameId, stepId: job.stepId, at: due.toISOString() } satisfies ResolveJob,
        { key: `${job.stepId}:${due.toISOString()}`, startAfter: due },
      ),
    );
    return 'later';
  }
  const result = await resolveIfReady(deps, job.gameId);
  return result.resolved ? 'resolved' : 'nothing';
}
