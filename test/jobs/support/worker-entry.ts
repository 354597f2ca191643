/**
 * A worker process for the multi-process tests: the jobs worker of src/jobs against DATABASE_URL, with the toy
 * game of test/support installed. Prints "ready" once it works the queues; SIGTERM stops it gracefully.
 */
import { pino } from 'pino';
import { loadConfig } from '../../../src/config.ts';
import { createDb } from '../../../src/db/client.ts';
import { startJobsWorker } from '../../../src/jobs/worker.ts';
import { createSqlPool, type ServiceDeps } from '../../../src/services/deps.ts';
import { getGame } from '../../../src/games/index.ts';
import { toyGame } from '../../../src/games/toy/index.ts';
import { withNotifier } from '../../../src/server/notifier.ts';

const config = loadConfig();
const url = config.DATABASE_URL as string;
const db = createDb(url, { max: config.DATABASE_POOL_MAX });
// As in src/server/main.ts: the pg pool beside Prisma carries the SQL hot paths (resolutions among them).
const pool = createSqlPool(url, { max: config.DATABASE_POOL_MAX });
const deps: ServiceDeps = withNotifier({
  db,
  pool,
  log: pino({ level: process.env.WORKER_LOG_LEVEL ?? 'warn' }),
  config,
  clock: () => new Date(),
  games: (id) => (id === 'toy' ? toyGame : getGame(id)),
});
const worker = await startJobsWorker(deps, url);
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker.stop().then(async () => {
    await db.$disconnect();
    await pool.end();
    process.exit(0);
  });
});
