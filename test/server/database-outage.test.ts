/**
 * Postgres dying under load: a private embedded cluster, the real service as two processes (`--role api` and
 * `--role worker`), order submissions in flight, and the postmaster killed with SIGKILL three times, each time
 * restarted after a few seconds. Both processes stay up; every request made while the database is away is answered
 * 503 `service/database-unavailable` (never 500, never a dropped connection), /health says only what is down, and
 * once the database is back, submissions succeed and the worker delivers mail again, with nobody restarting them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import {
  createGameOver,
  freePort,
  sentMails,
  spawnService,
  stopService,
  type ServiceProcess,
} from '../support/service-process.ts';

const ADMIN = 'outage-admin-token-0123456789abcdef';
const dir = resolve(import.meta.dirname, `../../data/test-pg-outage-${process.pid}`);
const scratch = mkdtempSync(join(tmpdir(), 'pbem-outage-'));
let port: number;
let database: EmbeddedDatabase;
let api: ServiceProcess;
let worker: ServiceProcess;
let base: string;
let databaseUp = false;

/** Starts (or restarts) the cluster; right after a SIGKILL its last backends may still be exiting: retry. */
async function startDatabase(): Promise<EmbeddedDatabase> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startEmbeddedPostgres({ dir, port, database: 'outage' });
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(250);
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGKILL to the postmaster (as a crash or the OOM killer would), and wait until its port no longer answers. */
async function killPostmaster(): Promise<void> {
  const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
      await sleep(50);
    } catch {
      return;
    }
  }
}

beforeAll(async () => {
  port = await freePort();
  database = await startDatabase();
  databaseUp = true;
  const env = {
    DATABASE_URL: database.url,
    ADMIN_TOKEN: ADMIN,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: scratch,
    MAIL_SINK_DIR: join(scratch, 'mail'),
    MAIL_DELIVERY_INTERVAL_MS: '200',
    JOB_POLL_SECONDS: '0.5',
    DATABASE_POOL_MAX: '8',
  };
  api = spawnService('api', env);
  base = (await api.started) as string;
  worker = spawnService('worker', env);
  await worker.started;
}, 240_000);

afterAll(async () => {
  if (api) await stopService(api);
  if (worker) await stopService(worker);
  if (databaseUp) await database.stop().catch(() => {});
  for (const d of [dir, `${dir}.run`]) rmSync(d, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** One answer of the load, with the phase it was sent and answered in. */
interface Answer {
  kind: 'submission' | 'view';
  phase: string;
  status: number;
  code?: string;
  body: string;
}

/** A German seat of a new game: it owes nothing at the start of mail play, so it may submit again and again. */
async function germanSeat(tag: number): Promise<{ id: string; token: string }> {
  const g = await createGameOver(base, ADMIN, tag);
  return { id: g.id, token: g.tokens.german };
}

// Standing orders: a full submission each time (authenticated, validated by the engine, stored as a revision).
const RESPONSES = { U01: ['stay'], U02: ['AM', 'ask'], U03: ['CB', 'AF'] };
const STANDING = JSON.stringify({ orders: { standing: { responseTable: RESPONSES } } });

/**
 * Six lanes of requests until stopped: five submit orders (the pg pool's SQL path), one reads the seat's view of
 * the game (Prisma's path). Each answer is recorded with the phase it was sent and answered in.
 */
function startLoad(games: { id: string; token: string }[]) {
  const load = { phase: 'up', running: true, answers: [] as Answer[], dropped: [] as string[], lanes: [] as unknown[] };
  const send = (kind: Answer['kind'], g: { id: string; token: string }) => {
    const authorization = `Bearer ${g.token}`;
    if (kind === 'view') return fetch(`${base}/api/games/${g.id}`, { headers: { authorization } });
    const headers = { authorization, 'content-type': 'application/json' };
    return fetch(`${base}/api/games/${g.id}/orders`, { method: 'POST', headers, body: STANDING });
  };
  const lane = async (n: number) => {
    const kind = n === 5 ? 'view' : 'submission';
    for (let i = 0; load.running; i++) {
      const sentIn = load.phase;
      try {
        const res = await send(kind, games[(n + i) % games.length]);
        const body = await res.text();
        const code = res.status === 200 ? undefined : (JSON.parse(body) as { error: { code: string } }).error.code;
        load.answers.push({ kind, phase: sentIn === load.phase ? sentIn : 'changing', status: res.status, code, body });
      } catch (error) {
        load.dropped.push(String(error));
      }
      await sleep(15);
    }
  };
  load.lanes = Array.from({ length: 6 }, (_, n) => lane(n));
  return load;
}

/** Waits (up to 30 s) for a submission answered 200 in `phase`. */
async function firstSuccess(load: ReturnType<typeof startLoad>, phase: string): Promise<boolean> {
  for (let i = 0; i < 300; i++) {
    if (load.answers.some((a) => a.kind === 'submission' && a.phase === phase && a.status === 200)) return true;
    await sleep(100);
  }
  return false;
}

const health = () =>
  fetch(`${base}/health`).then(
    async (r) => ({ status: r.status, body: (await r.json()) as unknown }),
    (e) => ({ status: 0, body: String(e) as unknown }),
  );

/**
 * One outage under load: the postmaster killed, 2.5 s down (/health asked meanwhile), restarted, then the first
 * success awaited and a settling time. Each stretch is a phase of its own in the answers. Returns the timings.
 */
async function outage(load: ReturnType<typeof startLoad>, cycle: number, healthWhileDown: unknown[]): Promise<string> {
  await sleep(1000);
  // Requests answered while the postmaster is dying may go either way: their own phase, checked by neither.
  load.phase = `killing-${cycle}`;
  await killPostmaster();
  databaseUp = false;
  load.phase = `down-${cycle}`;
  await sleep(2500);
  healthWhileDown.push(await health());
  load.phase = `restarting-${cycle}`;
  const t0 = Date.now();
  database = await startDatabase();
  databaseUp = true;
  const restartedIn = Date.now() - t0;
  load.phase = `back-${cycle}`;
  expect(await firstSuccess(load, load.phase), `cycle ${cycle}: no success after the restart`).toBe(true);
  const recovery = `database restarted in ${restartedIn} ms, first 200 ${Date.now() - t0 - restartedIn} ms later`;
  // Requests already on their way to a connection opened during the restart may still meet it; within the
  // Retry-After the 503 promises (5 s), every request must succeed again.
  load.phase = `settling-${cycle}`;
  await sleep(5000);
  load.phase = 'up';
  return recovery;
}

/** Every answer while the database was down: 503 service/database-unavailable, saying so in both languages. */
function checkAnswersWhileDown(down: Answer[]): void {
  expect(down.length).toBeGreaterThan(20);
  expect(down.filter((a) => a.kind === 'view').length, 'game views answered while down').toBeGreaterThan(3);
  expect(new Set(down.map((a) => `${a.status} ${a.code}`))).toEqual(new Set(['503 service/database-unavailable']));
  const sample = JSON.parse(down[0].body) as { error: { details: { message: { en: string; ja: string } } } };
  expect(sample.error.details.message.en).toMatch(/database/i);
  expect(sample.error.details.message.ja).toMatch(/データベース/);
}

/** A new game's welcome mails, as the worker sends them: how many went out. */
async function welcomeMailsSent(): Promise<number> {
  const fresh = await germanSeat(99);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await sentMails(client, fresh.id, 2);
  } finally {
    await client.end();
  }
}

test('API and worker survive SIGKILLs of the postmaster under load, answer 503 meanwhile, recover', async () => {
  const games: { id: string; token: string }[] = [];
  for (let i = 0; i < 4; i++) games.push(await germanSeat(i));
  const load = startLoad(games);
  const healthWhileDown: { status: number; body: unknown }[] = [];
  const recoveries: string[] = [];
  try {
    for (let cycle = 0; cycle < 3; cycle++) recoveries.push(await outage(load, cycle, healthWhileDown));
    await sleep(1000);
  } finally {
    load.running = false;
    await Promise.all(load.lanes);
  }

  expect(api.alive(), api.output().stderr).toBe(true);
  expect(worker.alive(), worker.output().stderr).toBe(true);
  const { answers } = load;
  expect(load.dropped, 'requests whose connection was dropped').toEqual([]);
  // A request in flight at the instant of the kill (answered in another phase than it was sent in, or while the
  // postmaster was dying) is counted apart: its answer is printed with the figures, not checked.
  const inFlight = (a: Answer) => a.phase === 'changing' || a.phase.startsWith('killing-');
  const serverErrors = answers.filter((a) => a.status >= 500 && a.status !== 503 && !inFlight(a));
  const inFlightErrors = answers.filter((a) => a.status >= 500 && a.status !== 503 && inFlight(a)).length;
  const errorLog = api
    .output()
    .stdout.split('\n')
    .filter((l) => l.includes('"level":50'));
  expect(
    serverErrors.map((a) => `${a.phase} ${a.status} ${a.body}`),
    errorLog.join('\n'),
  ).toEqual([]);
  const down = answers.filter((a) => a.phase.startsWith('down-'));
  checkAnswersWhileDown(down);
  // /health while the database is away: what is down, not the driver's error text.
  const unavailable = { status: 503, body: { status: 'unavailable', database: 'unavailable' } };
  expect(healthWhileDown).toEqual([unavailable, unavailable, unavailable]);
  const failedWhileUp = answers.filter((a) => a.phase === 'up' && a.status !== 200);
  const databaseLog = api
    .output()
    .stdout.split('\n')
    .filter((l) => /database|unavailable/i.test(l))
    .slice(-40);
  expect(
    failedWhileUp.map((a) => `${a.kind} ${a.status} ${a.body}`),
    databaseLog.join('\n'),
  ).toEqual([]);
  const settling = answers.filter((a) => a.phase.startsWith('settling-') && a.status !== 200);
  const counts = `${answers.length} answers, ${down.length} while down (all 503), ${inFlightErrors} 5xx other than 503 in flight at a kill`;
  const figures = `${counts}, ${settling.length} 503 in the second after;\n  ${recoveries.join('; ')}`;
  process.stdout.write(`outage: ${figures}\n`);

  // The worker, left alone through the three crashes, still delivers: a new game's welcome mails go out.
  expect(await welcomeMailsSent(), 'welcome mails sent by the worker after the outages').toBe(2);
  expect(worker.alive()).toBe(true);

  // The real process logs through the redacting logger: a sign-in link's token never reaches its output.
  await fetch(`${base}/console/login?token=${ADMIN}`, { redirect: 'manual' });
  await sleep(200);
  const { stdout } = api.output();
  expect(stdout).toContain('/console/login?token=[redacted]');
  for (const secret of [ADMIN, ...games.map((g) => g.token)]) expect(stdout.includes(secret)).toBe(false);
}, 300_000);
