/**
 * Several machines' worth of processes on one Postgres, the way a large installation runs (README, "Several
 * machines"): two API processes and two workers (`npm run start:api`, `npm run start:worker`), sharing nothing but
 * the database. Players submit the engine's default orders to Atlantic Wolves games through both APIs while the
 * workers resolve steps and deliver mail; midway one API and one worker are killed with SIGKILL. The players carry
 * on through the API left (an answer lost with the killed API is sent again only if its order is not in), and at
 * the end the database is counted: no step stuck, no order lost or doubled, no result mail doubled or missing, and
 * every mail delivered, the killed worker's included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { gameDefinition } from '../../src/services/deps.ts';
import { waitFor } from '../jobs/support/processes.ts';
import { createDb, type Db } from '../../src/db/client.ts';
import { admin } from '../support/db.ts';
import {
  createGameOver,
  freePort,
  spawnService,
  stopService,
  type ServiceProcess,
} from '../support/service-process.ts';
import { type DrivenGame, figures, Ledger, playOnce, type Target } from './support/fault-driver.ts';

const ADMIN_TOKEN = 'several-admin-token-0123456789abcdef';
const GAMES = 8;
/** Steps each game must have published by the end (kills come after the first few). */
const STEPS = 4;
const def = gameDefinition({}, 'atlantic-wolves')!;

/** An empty database on the test server: the first API process applies the migrations, as on a new installation. */
const NAME = `pbem_several_${process.pid}_${Date.now()}`;
const database: { url: string; db?: Db } = { url: '' };
let dir: string;
let client: pg.Client;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE "${NAME}"`));
  const url = new URL(inject('dbServerUrl'));
  url.pathname = `/${NAME}`;
  database.url = url.toString();
  dir = mkdtempSync(join(tmpdir(), 'pbem-several-'));
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 60_000);

afterAll(async () => {
  for (const p of processes) if (p.alive()) p.child.kill('SIGKILL');
  await client?.end();
  await database.db?.$disconnect();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The settings every process gets: the one database, mail into one sink folder, short job and sweep periods. */
function environment(port: number): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info', // the "service started" line the processes are awaited by
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_TOKEN,
    DATA_DIR: dir,
    MAIL_SINK_DIR: join(dir, 'mail'),
    SMTP_URL: '',
    IMAP_URL: '',
    MAIL_DOMAIN: 'judge.test',
    MAIL_DELIVERY_INTERVAL_MS: '500',
    MAIL_LEASE_SECONDS: '10', // the killed worker's mails go out 10 s after it died
    RECOVERY_SWEEP_SECONDS: '0.5',
    JOB_POLL_SECONDS: '0.5',
    JOB_EXPIRE_SECONDS: '5',
    JOB_MAINTENANCE_SECONDS: '1',
    DATABASE_POOL_MAX: '5',
    RATE_LIMIT_PER_MINUTE: '0',
  };
}

function start(role: 'api' | 'worker', port: number): ServiceProcess {
  const p = spawnService(role, environment(port));
  processes.push(p);
  return p;
}

/** Steps published so far in every game together, and the fewest any game has. */
async function progress(ids: string[]): Promise<{ total: number; fewest: number }> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*) FILTER (WHERE s.status = 'published')::int AS n FROM "Game" g
     LEFT JOIN "Step" s ON s."gameId" = g.id WHERE g.id = ANY($1::text[]) GROUP BY g.id`,
    [ids],
  );
  return { total: rows.reduce((n, r) => n + r.n, 0), fewest: Math.min(...rows.map((r) => r.n)) };
}

test('two APIs and two workers on one database, one of each killed with SIGKILL mid-run: nothing lost or doubled', async () => {
  const ports = [await freePort(), await freePort(), await freePort(), await freePort()];
  const apiA = start('api', ports[0]);
  const first = (await apiA.started) as string; // migrations applied
  const apiB = start('api', ports[1]);
  const [workerA, workerB] = [start('worker', ports[2]), start('worker', ports[3])];
  const urls = [first, (await apiB.started) as string];
  await Promise.all([workerA.started, workerB.started]);
  const db = createDb(database.url, { max: 5 });
  database.db = db;

  const games: DrivenGame[] = [];
  for (let n = 0; n < GAMES; n++) {
    const created = await createGameOver(urls[n % 2], ADMIN_TOKEN, `several-${n}`);
    games.push({ id: created.id, token: created.tokens, address: {} });
  }
  const ids = games.map((g) => g.id);
  const ledger = new Ledger();
  const targets: Target[] = urls.map((http) => ({ http, smtpPort: 0 }));
  let killed = false;
  const deadline = Date.now() + 200_000;
  for (let pass = 0; Date.now() < deadline; pass++) {
    // Every order by the API (random 0.99: never by mail), the games spread over the APIs still up.
    const live = killed ? [targets[1]] : targets;
    await Promise.all(
      games.map((g, i) => playOnce(db, def, live[(i + pass) % live.length], g, ledger, () => 0.99, 'x')),
    );
    const now = await progress(ids);
    if (pass % 20 === 0) console.info(`[several processes] pass ${pass}: ${JSON.stringify(now)}, killed ${killed}`);
    if (!killed && now.total >= GAMES * 2) {
      // Mid-run, with requests in flight on both APIs and steps being resolved: one API and one worker die.
      const inFlight = games.map((g, i) =>
        playOnce(db, def, targets[i % 2], g, ledger, () => 0.99, 'y').catch(() => true),
      );
      apiA.child.kill('SIGKILL');
      workerA.child.kill('SIGKILL');
      await Promise.all([apiA.exited, workerA.exited, ...inFlight]);
      killed = true;
    }
    if (killed && now.fewest >= STEPS) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(killed).toBe(true);
  expect(apiA.child.signalCode).toBe('SIGKILL');
  expect(workerA.child.signalCode).toBe('SIGKILL');
  expect((await progress(ids)).fewest).toBeGreaterThanOrEqual(STEPS);

  // Every mail queued goes out through the worker left (rows the dead one had taken included).
  const unsent = async () =>
    (await client.query(`SELECT count(*)::int AS n FROM "Outbox" WHERE status <> 'sent'`)).rows[0].n as number;
  const delivered = await waitFor(async () => (await unsent()) === 0, 90_000, 250);
  const statuses = await client.query(
    `SELECT status, kind, count(*)::int AS n, max(attempts) AS attempts, max("lastError") AS error FROM "Outbox" GROUP BY 1, 2`,
  );
  expect(delivered, JSON.stringify(statuses.rows)).toBe(true);

  const counted = await figures(db, ids, ledger);
  console.info(`[several processes] ${JSON.stringify({ ...counted, apiAcked: ledger.apiAcked.length })}`);
  expect(counted).toMatchObject({ stuck: 0, lost: 0, doubled: 0, resultsDoubled: 0, resultsMissing: 0 });
  expect(counted.published).toBeGreaterThanOrEqual(GAMES * STEPS);
  expect(ledger.apiAcked.length).toBeGreaterThan(GAMES * 2);

  await Promise.all([stopService(apiB), stopService(workerB)]);
}, 360_000);
