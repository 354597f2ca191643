/**
 * bench/sign-in-timing: how long the sign-in page's "mail me a fresh link" form takes for an address the game has
 * on file and for an unknown one, over real HTTP on loopback. Requests alternate between the two kinds (the clock
 * of the service moves an hour before each registered one, so every registered ask is one that would mail); the
 * medians are compared. A difference would tell a stranger who plays in a game. The last line is JSON:
 * `{ registeredMedianMs, unknownMedianMs, differenceMs, requests }`.
 *
 *   npm run bench:sign-in-timing                  # 200 requests of each kind
 *   SIGN_IN_TIMING_REQUESTS=1000 npm run bench:sign-in-timing
 *
 * Postgres: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where databases may be created); the run uses a
 * scratch database, dropped afterwards. The job tables exist, as on a database where a worker has started.
 */
import { printFigures } from './report.ts';
import { pino } from 'pino';
import { testConfig } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';
import { startBoss } from '../src/queue/boss.ts';
import { markJobTablesInstalled } from '../src/queue/enqueue.ts';
import { buildApp } from '../src/server/app.ts';
import { withNotifier } from '../src/server/notifier.ts';
import { ensureAdminToken } from '../src/services/auth.ts';
import { createSqlPool } from '../src/services/deps.ts';
import { getGame } from '../src/games/index.ts';
import { measureSignInTiming } from './sign-in-timing-measure.ts';
import { createScratchDatabase } from './scratch-database.ts';

const REQUESTS = Number(process.env.SIGN_IN_TIMING_REQUESTS ?? 200);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a Postgres server');

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const scratch = await createScratchDatabase(serverUrl, `pbem_bench_sign_in_${process.pid}`);
const log = pino({ level: 'silent' });
const config = testConfig({ ADMIN_TOKEN, DATABASE_URL: scratch.url, SIGN_IN_LIMIT_PER_MINUTE: 10_000 });
const db = createDb(scratch.url, { max: 10 });
const pool = createSqlPool(scratch.url, { max: 10 });
let now = new Date('2026-12-01T09:00:00Z');
const deps = withNotifier({ db, pool, log, config, clock: () => now, games: getGame });
const boss = await startBoss({ databaseUrl: scratch.url, config, log, worker: false });
markJobTablesInstalled();
await ensureAdminToken(deps);
const app = await buildApp({ deps });
try {
  const created = await app.inject({
    method: 'POST',
    url: '/api/games',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: {
      game: 'toy',
      mode: 'mail',
      seats: [
        { side: 'a', email: 'a@example.org', name: 'Alice' },
        { side: 'b', email: 'b@example.org', name: 'Bob' },
      ],
    },
  });
  if (created.statusCode !== 201) throw new Error(`game not created: ${created.body}`);
  const gameId = created.json().id as string;
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const timing = await measureSignInTiming({
    ask: async (email) => {
      const res = await fetch(`${base}/play/${gameId}/sign-in-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    },
    registered: 'b@example.org',
    unknown: 'nobody@example.org',
    requests: REQUESTS,
    beforeRegistered: () => {
      now = new Date(now.getTime() + 3_600_000 + 1000);
    },
  });
  printFigures(timing);
} finally {
  await app.close();
  await boss.stop({ graceful: false, wait: true });
  await pool.end();
  await db.$disconnect();
  await scratch.drop();
}
