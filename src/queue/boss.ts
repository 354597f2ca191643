/**
 * The pg-boss lifecycle: one boss per process, started against the service's Postgres. API processes start it
 * without housekeeping (they only send jobs); worker processes start it with housekeeping (expiring the jobs of
 * killed workers, archiving) and the cron schedule of the deadline sweep. Any number of processes may share it.
 */
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { JOB_SCHEMA, QUEUES } from './queues.ts';

/** Starts a boss and makes sure every queue exists (createQueue is idempotent in pg-boss 10). */
export async function startBoss(input: {
  databaseUrl: string;
  config: Config;
  log: Logger;
  worker: boolean;
}): Promise<PgBoss> {
  const { config } = input;
  const boss = new PgBoss({
    connectionString: input.databaseUrl,
    schema: JOB_SCHEMA,
    application_name: input.worker ? 'pbem-worker' : 'pbem-api',
    max: input.worker ? 4 : 2,
    supervise: input.worker,
    schedule: input.worker,
    maintenanceIntervalSeconds: config.JOB_MAINTENANCE_SECONDS,
    // Completed jobs are archived after an hour; their deterministic ids are free again after that.
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (error) => input.log.warn({ err: error }, 'job queue error'));
  await boss.start();
  await oneAtATime(input.databaseUrl, () => createQueues(boss, config));
  return boss;
}

/** The advisory lock key under which processes set up the queues (any constant unique to this purpose). */
const QUEUE_SETUP_LOCK = 7_301_946_021;

/**
 * Runs `fn` under a Postgres advisory lock, so that processes starting together set the queues up one after the
 * other: two of pg-boss's createQueue at once on a new database deadlock on the tables they create.
 */
async function oneAtATime(databaseUrl: string, fn: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'pbem-queue-setup' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    await fn();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}

/** The queues with their retry and expiry policies (applied again at every start: settings may have changed). */
export async function createQueues(boss: PgBoss, config: Config): Promise<void> {
  const expireInSeconds = config.JOB_EXPIRE_SECONDS;
  const queues: PgBoss.Queue[] = [
    { name: QUEUES.deadline, retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds },
    { name: QUEUES.reminder, retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds },
    { name: QUEUES.resolve, retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds },
    {
      name: QUEUES.webhook,
      retryLimit: config.WEBHOOK_ATTEMPTS - 1,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: Math.max(30, Math.ceil((config.WEBHOOK_TIMEOUT_MS * 2) / 1000)),
    },
    { name: QUEUES.signInLink, retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds },
    { name: QUEUES.mail, retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds },
    { name: QUEUES.bot, retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds },
    { name: QUEUES.sweep, retryLimit: 0, expireInSeconds },
    { name: QUEUES.digest, retryLimit: 0, expireInSeconds },
  ];
  for (const q of queues) {
    await boss.createQueue(q.name, q);
    await boss.updateQueue(q.name, q);
  }
}
