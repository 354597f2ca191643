/**
 * The jobs worker: works every queue of src/queue/queues.ts in this process, any number of processes side by side.
 * Each queue is fetched in batches and the jobs of a batch run concurrently (JOB_CONCURRENCY); a failing job is
 * failed alone (pg-boss retries it with back-off), the others complete. A full batch fetches the next one at once.
 * The `mail-delivery` queue runs the mail delivery it is given (the composition root passes the mail worker's:
 * src/server/workers.ts); without one its jobs complete and do nothing.
 */
import type PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../db/faults.ts';
import type { ServiceDeps } from '../services/deps.ts';
import { handleDeadline, handleDelayedResolution, handleReminder } from '../services/deadlines/policy.ts';
import { sweepDeadlines } from '../services/deadlines/sweep.ts';
import { sweepBotTurns } from '../services/bot-queue.ts';
import { type BotCompute, playBotTurn } from '../services/bot-turns.ts';
import { BotPool } from './bot-pool.ts';
import { handleSignInLinkJob } from '../services/sign-in-links.ts';
import { deliverWebhook } from '../webhooks/deliver.ts';
import { startBoss } from '../queue/boss.ts';
import { markJobTablesInstalled } from '../queue/enqueue.ts';
import {
  QUEUES,
  type BotTurnJob,
  type DeadlineJob,
  type QueueName,
  type ReminderJob,
  type ResolveJob,
  type SignInLinkJob,
  type WebhookJob,
} from '../queue/queues.ts';

/**
 * Delivers due outbox mails; returns how many it handled (a full batch means: run again), or null when no delivery
 * runs in this process (the mail worker is not started).
 */
export type MailDelivery = (deps: ServiceDeps) => Promise<{ handled: number; batchSize: number } | null>;

/**
 * Processes a game's inbound mail whose process died holding it (its lease run out); returns how many. Injected by
 * the composition root (src/mail/intake.ts `recoverInboundMailOf`).
 */
export type GameMailRecovery = (deps: ServiceDeps, gameId: string) => Promise<number>;

/** Queues the daily mail digests due now; returns how many (src/mail/digest.ts `sendDueDigests`). */
export type MailDigests = (deps: ServiceDeps) => Promise<number>;

/** What the jobs worker is given besides the service's dependencies. */
export interface JobsWorkerOptions {
  /** Run for every `mail-digest` job (its cron: every five minutes). */
  mailDigests?: MailDigests;
  /** Run for every `mail-delivery` job (the cron's retries of failed deliveries). */
  mailDelivery?: MailDelivery;
  /** Run before every deadline job of a game: its mail already received comes before its default orders. */
  gameMail?: GameMailRecovery;
  /** How the computer player's orders are computed (default: BOT_THREADS threads of this process, bot-pool.ts). */
  botCompute?: BotCompute;
}

/**
 * A deadline job: first the game's mail left unfinished by a dead process (lease run out) is processed, so orders
 * sent before the deadline count; a mail still leased to a live process makes the job wait and come back
 * (src/services/deadlines/policy.ts).
 */
export async function runDeadlineJob(deps: ServiceDeps, job: DeadlineJob, gameMail?: GameMailRecovery) {
  if (gameMail) await gameMail(deps, job.gameId);
  return handleDeadline(deps, job);
}

/** A started jobs worker. */
export interface JobsWorker {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

/** Works one queue with a handler of one job. */
async function workQueue<T extends object>(
  boss: PgBoss,
  deps: ServiceDeps,
  queue: QueueName,
  handle: (data: T) => Promise<unknown>,
): Promise<void> {
  const concurrency = deps.config.JOB_CONCURRENCY;
  const batchSize = concurrency * 2;
  const workerId: string = await boss.work<T>(
    queue,
    { batchSize, pollingIntervalSeconds: deps.config.JOB_POLL_SECONDS },
    async (jobs) => {
      await eachLimited(jobs, concurrency, async (job) => {
        try {
          const outcome = await handle(job.data);
          deps.log.debug({ queue, jobId: job.id, outcome }, 'job done');
        } catch (error) {
          deps.log.warn({ queue, jobId: job.id, err: error }, 'job failed: will be retried');
          await boss.fail(queue, job.id, { message: (error as Error).message }).catch(() => {});
        }
      });
      if (jobs.length === batchSize) boss.notifyWorker(workerId);
    },
  );
}

/** Errors of a lost database connection (a restart, a shutdown, the network): src/db/faults.ts. */
export const isConnectionLoss = isDatabaseUnavailable;

let guardInstalled = false;
/**
 * pg-boss 10 marks a finished batch complete without awaiting the call (manager.js, `onFetch`): when the database
 * goes away at that moment the rejection is unhandled, and Node would end the worker process, which then resolves
 * nothing once the database is back. Such a rejection is logged and the worker carries on: the job was not marked
 * complete, so it expires and runs again, and every handler is idempotent. Any other unhandled rejection still ends
 * the process, as it would without this.
 */
function surviveLostCompletions(log: ServiceDeps['log']): void {
  if (guardInstalled) return;
  guardInstalled = true;
  process.on('unhandledRejection', (reason) => {
    if (!isConnectionLoss(reason)) throw reason;
    log.warn({ err: reason }, 'database connection lost during a job queue call: the job will run again');
  });
}

/** Starts the boss and works every queue. */
export async function startJobsWorker(
  deps: ServiceDeps,
  databaseUrl: string,
  options: JobsWorkerOptions = {},
): Promise<JobsWorker> {
  surviveLostCompletions(deps.log);
  const boss = await startBoss({ databaseUrl, config: deps.config, log: deps.log, worker: true });
  markJobTablesInstalled();
  await workQueue<DeadlineJob>(boss, deps, QUEUES.deadline, (job) => runDeadlineJob(deps, job, options.gameMail));
  await workQueue<ReminderJob>(boss, deps, QUEUES.reminder, (job) => handleReminder(deps, job));
  await workQueue<ResolveJob>(boss, deps, QUEUES.resolve, (job) => handleDelayedResolution(deps, job));
  await workQueue<WebhookJob>(boss, deps, QUEUES.webhook, (job) => deliverWebhook(deps, job));
  await workQueue<SignInLinkJob>(boss, deps, QUEUES.signInLink, (job) => handleSignInLinkJob(deps, job));
  await workQueue<object>(boss, deps, QUEUES.mail, async () => {
    const run = options.mailDelivery;
    if (!run) return 'no-delivery';
    for (let i = 0; i < 100; i++) {
      const batch = await run(deps);
      if (!batch) return i === 0 ? 'no-delivery' : 'delivered';
      if (batch.handled < batch.batchSize) break;
    }
    return 'delivered';
  });
  const pool = options.botCompute ? null : new BotPool(deps.config.BOT_THREADS);
  const compute = options.botCompute ?? (pool as BotPool).compute;
  await workQueue<BotTurnJob>(boss, deps, QUEUES.bot, (job) => playBotTurn(deps, job, compute));
  await workQueue<object>(boss, deps, QUEUES.sweep, async () => ({
    deadlines: await sweepDeadlines(deps),
    botTurns: await sweepBotTurns(deps),
  }));
  await workQueue<object>(boss, deps, QUEUES.digest, async () => (options.mailDigests ? options.mailDigests(deps) : 0));
  // The safety net: every minute by the queue's cron (one run across all workers), and once now.
  await boss.schedule(QUEUES.sweep, '* * * * *', {}, { singletonKey: 'sweep' });
  await boss.schedule(QUEUES.mail, '* * * * *', {}, { singletonKey: 'cron' });
  await boss.schedule(QUEUES.digest, '*/5 * * * *', {}, { singletonKey: 'cron' });
  await boss.send(QUEUES.sweep, {}, { singletonKey: 'start', singletonSeconds: 10 });
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await pool?.close();
    },
  };
}
