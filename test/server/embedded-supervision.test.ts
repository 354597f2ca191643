/**
 * The embedded Postgres is supervised: real service processes on embedded defaults (no DATABASE_URL, a private
 * DATA_DIR and ports), the postmaster killed with SIGKILL (as the OOM killer would). The server comes back by
 * itself, /health answers 200 again within 30 s, and what was committed before the kill (a game, its orders) is
 * still there. With an API and a worker process on one server, exactly one of them restarts it and both carry on;
 * once the process that started it has left, the other one restarts it. A deliberate stop restarts nothing, and
 * the last process out still stops the server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runningPostmaster } from '../../src/db/embedded-cluster.ts';
import {
  createGameOver,
  freePort,
  sentMails,
  spawnService,
  stopService,
  type ServiceProcess,
} from '../support/service-process.ts';

const ADMIN = 'supervise-admin-token-0123456789abcdef';
const scratch = mkdtempSync(join(tmpdir(), 'pbem-supervise-'));
const spawned: ServiceProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// One cluster for both tests (created once: initdb is slow); the first test ends with its server stopped.
let env: Record<string, string>;
beforeAll(async () => {
  env = await embeddedEnv();
});

afterAll(async () => {
  for (const s of spawned) await stopService(s);
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** The environment of the service processes: embedded defaults in a data folder of their own. */
async function embeddedEnv(): Promise<Record<string, string>> {
  const dataDir = join(scratch, 'data');
  return {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    MAIL_SINK_DIR: join(dataDir, 'mail'),
    ADMIN_TOKEN: ADMIN,
    HOST: '127.0.0.1',
    PORT: '0',
    MAIL_DELIVERY_INTERVAL_MS: '200',
    JOB_POLL_SECONDS: '0.5',
  };
}

function start(role: 'all' | 'api' | 'worker', env: Record<string, string>): ServiceProcess {
  const s = spawnService(role, env);
  spawned.push(s);
  return s;
}

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]);

/**
 * SIGKILL to the postmaster, then /health polled until it answers 200 from a new postmaster: the milliseconds
 * from the kill to that answer (Infinity after 30 s).
 */
async function killAndRecover(dataDir: string, base: string): Promise<number> {
  const pid = postmasterPid(dataDir);
  process.kill(pid, 'SIGKILL');
  const killed = Date.now();
  while (Date.now() - killed < 30_000) {
    const status = await fetch(`${base}/health`).then(
      (r) => r.status,
      () => 0,
    );
    const server = runningPostmaster(join(dataDir, 'pg'));
    if (status === 200 && server && server.pid !== pid) return Date.now() - killed;
    await sleep(100);
  }
  return Number.POSITIVE_INFINITY;
}

/** The lines of a process's log with `message`. */
const logLines = (s: ServiceProcess, message: RegExp) =>
  s
    .output()
    .stdout.split('\n')
    .filter((l) => message.test(l));

const RESTARTED = /"msg":"embedded Postgres restarted/;
const TAKEN_UP = /"msg":"embedded Postgres back .*restarted by another process/;

/** Two revisions of the standing orders of an Atlantic Wolves mail game's German seat. */
const REVISIONS = [
  { standing: { responseTable: { U01: ['stay'], U02: ['AM', 'ask'] } } },
  { standing: { responseTable: { U01: ['stay'], U02: ['AM', 'ask'], U03: ['CB', 'AF'] } } },
];

async function submit(base: string, gameId: string, token: string, orders: object): Promise<number> {
  const res = await fetch(`${base}/api/games/${gameId}/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ orders }),
  });
  return res.status;
}

async function ordersOnFile(base: string, gameId: string, token: string): Promise<unknown> {
  const res = await fetch(`${base}/api/games/${gameId}/orders`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

test('a killed postmaster is restarted by the process using it, twice, and nothing committed is lost', async () => {
  const service = start('all', env);
  const base = (await service.started) as string;
  const game = await createGameOver(base, ADMIN, 'one');
  const seat = game.tokens.german;
  const recoveries: number[] = [];
  for (const [i, orders] of REVISIONS.entries()) {
    // Committed just before the kill: Postgres replays it from its WAL when it starts again.
    expect(await submit(base, game.id, seat, orders)).toBe(200);
    const before = await ordersOnFile(base, game.id, seat);
    expect(JSON.stringify(before).includes('U03'), 'the revision just submitted is on file').toBe(i === 1);
    recoveries.push(await killAndRecover(env.DATA_DIR, base));
    expect(recoveries.at(-1), 'ms from the kill to /health 200').toBeLessThan(30_000);
    expect(await ordersOnFile(base, game.id, seat)).toEqual(before);
    const view = await fetch(`${base}/api/games/${game.id}`, { headers: { authorization: `Bearer ${seat}` } });
    expect(view.status).toBe(200);
  }
  process.stdout.write(`kill -9 of the postmaster to /health 200: ${recoveries.join(' ms, ')} ms\n`);
  expect(logLines(service, RESTARTED)).toHaveLength(2);
  expect(logLines(service, /"msg":"the embedded Postgres \(pid \d+\) died: restarting it"/)).toHaveLength(2);
  expect(service.alive()).toBe(true);

  // A deliberate stop while the server is down: nothing restarts it, before or after the process exits.
  process.kill(postmasterPid(env.DATA_DIR), 'SIGKILL');
  service.child.kill('SIGTERM');
  await service.exited;
  await sleep(1500);
  expect(runningPostmaster(join(env.DATA_DIR, 'pg'))).toBeNull();
  expect(logLines(service, RESTARTED)).toHaveLength(2);
}, 90_000);

test('an API and a worker on one embedded server carry on after kills; the last one out stops it', async () => {
  const api = start('api', env);
  // The worker starts as soon as the API process has started the server (while the API finishes its start).
  await expect.poll(() => api.output().stdout, { timeout: 30_000, interval: 100 }).toContain('Postgres started');
  const worker = start('worker', env);
  const base = (await api.started) as string;
  await worker.started;
  expect(worker.output().stdout).toContain('Embedded Postgres already running');

  // Both use the server: one of them restarts it, the other takes up the new one.
  const ms = await killAndRecover(env.DATA_DIR, base);
  expect(ms, 'ms from the kill to /health 200').toBeLessThan(30_000);
  const takenUp = () => logLines(api, TAKEN_UP).length + logLines(worker, TAKEN_UP).length;
  await expect.poll(takenUp, { timeout: 20_000, interval: 200 }).toBe(1);
  expect(logLines(api, RESTARTED).length + logLines(worker, RESTARTED).length).toBe(1);
  // The worker carries on: a new game's welcome mails go out.
  const game = await createGameOver(base, ADMIN, 'two');
  const url = `postgresql://postgres:pbem-embedded@127.0.0.1:${env.EMBEDDED_PG_PORT}/pbem`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    expect(await sentMails(client, game.id, 2), 'welcome mails sent after the restart').toBe(2);
  } finally {
    await client.end();
  }

  // The API leaves (the server keeps running for the worker); the worker alone restarts the server it did not
  // start, and still delivers mail through it.
  expect(await stopService(api)).toBe(0);
  const restartsBefore = logLines(worker, RESTARTED).length;
  const pid = postmasterPid(env.DATA_DIR);
  process.kill(pid, 'SIGKILL');
  await expect
    .poll(() => runningPostmaster(join(env.DATA_DIR, 'pg'))?.pid ?? pid, { timeout: 30_000, interval: 200 })
    .not.toBe(pid);
  await expect
    .poll(() => logLines(worker, RESTARTED).length, { timeout: 30_000, interval: 200 })
    .toBe(restartsBefore + 1);
  const again = new pg.Client({ connectionString: url });
  await again.connect();
  try {
    const mail = `UPDATE "Outbox" SET status = 'pending', "sentAt" = NULL, "nextAttemptAt" = '2000-01-01'`;
    await again.query(`${mail} WHERE "gameId" = $1`, [game.id]);
    expect(await sentMails(again, game.id, 2), 'mails sent again by the worker alone').toBe(2);
  } finally {
    await again.end();
  }

  // The last one out stops the server, and it stays stopped.
  expect(await stopService(worker)).toBe(0);
  expect(runningPostmaster(join(env.DATA_DIR, 'pg'))).toBeNull();
  await sleep(1500);
  expect(runningPostmaster(join(env.DATA_DIR, 'pg'))).toBeNull();
  await expect(new pg.Client({ connectionString: url }).connect()).rejects.toThrow(/ECONNREFUSED/);
}, 90_000);
