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
import { freePort, spawnService, stopService, type ServiceProcess } from '../support/service-process.ts';

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

async function createGame(i: number): Promise<{ id: string; token: string }> {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'atlantic-wolves', mode: 'mail', seats: [{ side: 'allied', email: `a${i}@example.org` }, { side: 'german', email: `g${i}@example.org` }] }),
  });
  const errors = () => api.output().stdout.split('\n').filter((l) => l.includes('"level":50')).join('\n');
  expect(res.status, `${await res.clone().text()}\n${errors()}`).toBe(201);
  const g = (await res.json()) as { id: string; seats: { side: string; token: string }[] };
  return { id: g.id, token: g.seats.find((s) => s.side === 'german')!.token };
}

// The German seat owes nothing at the start of mail play: each submission re-sends standing orders, a full
// submission (authenticated, validated by the engine, written as the seat's next revision).
const STANDING = JSON.stringify({ orders: { standing: { responseTable: { U01: ['stay'], U02: ['AM', 'ask'], U03: ['CB', 'AF'] } } } });

test('the API and the worker survive SIGKILLs of the postmaster under load, answer 503 meanwhile and recover', async () => {
  const games: { id: string; token: string }[] = [];
  for (let i = 0; i < 4; i++) games.push(await createGame(i));
  let phase = 'up';
  let running = true;
  const answers: Answer[] = [];
  const dropped: string[] = [];
  // Five lanes submit (the pg pool's SQL path), one reads the seat's view of the game (Prisma's path).
  const lane = async (n: number) => {
    for (let i = 0; running; i++) {
      const g = games[(n + i) % games.length];
      const sentIn = phase;
      const request = n === 5
        ? fetch(`${base}/api/games/${g.id}`, { headers: { authorization: `Bearer ${g.token}` } })
        : fetch(`${base}/api/games/${g.id}/orders`, { method: 'POST', headers: { authorization: `Bearer ${g.token}`, 'content-type': 'application/json' }, body: STANDING });
      try {
        const res = await request;
        const body = await res.text();
        const code = res.status === 200 ? undefined : (JSON.parse(body) as { error: { code: string } }).error.code;
        answers.push({ kind: n === 5 ? 'view' : 'submission', phase: sentIn === phase ? phase : 'changing', status: res.status, code, body });
      } catch (error) {
        dropped.push(String(error));
      }
      await sleep(15);
    }
  };
  const lanes = Array.from({ length: 6 }, (_, n) => lane(n));
  const healthWhileDown: { status: number; body: unknown }[] = [];
  const recoveries: string[] = [];
  try {
    for (let cycle = 0; cycle < 3; cycle++) {
      await sleep(1000);
      await killPostmaster();
      databaseUp = false;
      phase = `down-${cycle}`;
      await sleep(2500);
      healthWhileDown.push(await fetch(`${base}/health`).then(async (r) => ({ status: r.status, body: await r.json() }), (e) => ({ status: 0, body: String(e) })));
      phase = `restarting-${cycle}`;
      const t0 = Date.now();
      database = await startDatabase();
      databaseUp = true;
      const restartedIn = Date.now() - t0;
      const t1 = Date.now();
      phase = `back-${cycle}`;
      const since = answers.length;
      const recovered = async () => {
        for (let i = 0; i < 300; i++) {
          if (answers.slice(since).some((a) => a.kind === 'submission' && a.phase === `back-${cycle}` && a.status === 200)) return true;
          await sleep(100);
        }
        return false;
      };
      expect(await recovered(), `cycle ${cycle}: no submission succeeded after the restart`).toBe(true);
      recoveries.push(`database restarted in ${restartedIn} ms, first 200 ${Date.now() - t1} ms later`);
      phase = 'up';
    }
    await sleep(1000);
  } finally {
    running = false;
    await Promise.all(lanes);
  }

  expect(api.alive(), api.output().stderr).toBe(true);
  expect(worker.alive(), worker.output().stderr).toBe(true);
  expect(dropped, 'requests whose connection was dropped').toEqual([]);
  const serverErrors = answers.filter((a) => a.status >= 500 && a.status !== 503);
  expect(serverErrors.map((a) => `${a.phase} ${a.status} ${a.body}`)).toEqual([]);
  const down = answers.filter((a) => a.phase.startsWith('down-'));
  expect(down.length).toBeGreaterThan(20);
  expect(down.filter((a) => a.kind === 'view').length, 'game views answered while down').toBeGreaterThan(3);
  expect(new Set(down.map((a) => `${a.status} ${a.code}`))).toEqual(new Set(['503 service/database-unavailable']));
  const sample = JSON.parse(down[0].body) as { error: { message: string; details: { message: { en: string; ja: string } } } };
  expect(sample.error.details.message.en).toMatch(/database/i);
  expect(sample.error.details.message.ja).toMatch(/データベース/);
  // /health while the database is away: what is down, not the driver's error text.
  expect(healthWhileDown).toEqual([0, 1, 2].map(() => ({ status: 503, body: { status: 'unavailable', database: 'unavailable' } })));
  expect(answers.filter((a) => a.phase === 'up' && a.status !== 200).map((a) => a.body)).toEqual([]);
  process.stdout.write(`outage: ${answers.length} answers, ${down.length} while down (all 503); ${recoveries.join('; ')}\n`);

  // The worker, left alone through the three crashes, still delivers: a new game's welcome mails go out.
  const fresh = await createGame(99);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    let sent = 0;
    for (let i = 0; i < 150 && sent < 2; i++) {
      sent = (await client.query(`SELECT count(*)::int AS n FROM "Outbox" WHERE "gameId" = $1 AND status = 'sent'`, [fresh.id])).rows[0].n;
      if (sent < 2) await sleep(200);
    }
    expect(sent, 'welcome mails delivered by the worker after the outages').toBe(2);
  } finally {
    await client.end();
  }
  expect(worker.alive()).toBe(true);

  // The real process logs through the redacting logger: a sign-in link's token never reaches its output.
  await fetch(`${base}/console/login?token=${ADMIN}`, { redirect: 'manual' });
  await sleep(200);
  const { stdout } = api.output();
  expect(stdout).toContain('/console/login?token=[redacted]');
  for (const secret of [ADMIN, ...games.map((g) => g.token)]) expect(stdout.includes(secret)).toBe(false);
}, 300_000);
