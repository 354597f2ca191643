/** The job tables of a test app's database, as they exist once any process of the service has started on it. */
import type PgBoss from 'pg-boss';
import { pino } from 'pino';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import type { TestApp } from './app.ts';

/** Starts a sending boss on the app's database (jobs queued in transactions land in its tables); stop it after. */
export async function startJobQueue(t: TestApp): Promise<PgBoss> {
  const boss = await startBoss({
    databaseUrl: t.database.url,
    config: t.deps.config,
    log: pino({ level: 'silent' }),
    worker: false,
  });
  markJobTablesInstalled();
  return boss;
}
