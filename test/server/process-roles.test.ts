/**
 * Several processes of the service on embedded defaults (no DATABASE_URL), as `npm start` beside
 * `npm run start:worker` run them: real processes, one data folder. The second attaches to the embedded Postgres
 * the first started (it never stops it nor starts its own); a third that cannot start (its SMTP port is taken)
 * says why and leaves the database alone; the first stopping leaves the server running for the second, and the
 * last one stopping stops it.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { pidAlive, runningPostmaster } from '../../src/db/embedded-cluster.ts';
import {
  createGameOver,
  freePort,
  sentMails,
  spawnService,
  stopService,
  type ServiceProcess,
} from '../support/service-process.ts';

const ADMIN = 'roles-admin-token-0123456789abcdef';
const dataDir = resolve(import.meta.dirname, `../../data/test-roles-${process.pid}`);
const spawned: ServiceProcess[] = [];
let watching = false;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const postmasterPid = () => Number(readFileSync(join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]);

afterAll(async () => {
  watching = false;
  for (const s of spawned) await stopService(s);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function start(role: 'all' | 'worker', env: Record<string, string>): ServiceProcess {
  const s = spawnService(role, env);
  spawned.push(s);
  return s;
}

/** Polls `base`/health every 100 ms while `watching`, noting every answer that is not 200. */
async function watchHealth(base: string, unhealthy: string[]): Promise<void> {
  while (watching) {
    const res = await fetch(`${base}/health`).catch((e) => ({ status: 0, text: async () => String(e) }));
    if (res.status !== 200) unhealthy.push(`${res.status} ${await res.text()}`);
    await sleep(100);
  }
}

/** Puts the game's two welcome mails back in the outbox; how many are sent again (by a running worker). */
async function sendAgain(url: string, gameId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const again = `UPDATE "Outbox" SET status = 'pending', "sentAt" = NULL, "nextAttemptAt" = '2000-01-01'`;
    await client.query(`${again} WHERE "gameId" = $1`, [gameId]);
    return await sentMails(client, gameId, 2);
  } finally {
    await client.end();
  }
}

test('a worker beside `npm start` attaches to its embedded Postgres; the last process out stops it', async () => {
  const pgPort = await freePort();
  const smtpPort = await freePort();
  const env = {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    ADMIN_TOKEN: ADMIN,
    HOST: '127.0.0.1',
    PORT: '0',
    MAIL_DELIVERY_INTERVAL_MS: '200',
    JOB_POLL_SECONDS: '0.5',
  };
  const first = start('all', { ...env, INBOUND_SMTP_PORT: String(smtpPort) });
  const base = (await first.started) as string;
  const url = `postgresql://postgres:pbem-embedded@127.0.0.1:${pgPort}/pbem`;
  expect(first.output().stdout).toContain(`Embedded Postgres started (${join(dataDir, 'pg')}`);
  expect(first.output().stdout).toContain(url);
  const pid = postmasterPid();

  // The first process's health, watched while the others start.
  watching = true;
  const unhealthy: string[] = [];
  const watch = watchHealth(base, unhealthy);

  const second = start('worker', { ...env, INBOUND_SMTP_PORT: '0' });
  await second.started;
  expect(second.output().stdout).toContain(`Embedded Postgres already running (pid ${pid}), attached to`);
  expect(second.output().stdout).toContain(url);

  await sleep(1000);
  expect(unhealthy, 'the first process while the second started').toEqual([]);
  expect(postmasterPid()).toBe(pid);

  // A process that cannot start (the first one's SMTP port) says why, and leaves the database alone.
  const third = start('worker', { ...env, INBOUND_SMTP_PORT: String(smtpPort) });
  expect(await third.exited).toBe(1);
  const explained = new RegExp(`INBOUND_SMTP_PORT ${smtpPort} is in use.*INBOUND_SMTP_PORT=0`, 's');
  expect(third.output().stderr).toMatch(explained);
  await sleep(1000);
  watching = false;
  await watch;
  expect(unhealthy, 'the first process while a third failed to start').toEqual([]);
  expect(postmasterPid()).toBe(pid);
  expect(first.alive() && second.alive()).toBe(true);

  const { id: gameId } = await createGameOver(base, ADMIN, 'roles');

  // The first stops: the server keeps running for the second, whose worker still delivers mail through it.
  expect(await stopService(first)).toBe(0);
  expect(pidAlive(pid)).toBe(true);
  expect(await sendAgain(url, gameId), 'mails sent by the second process after the first stopped').toBe(2);

  // The last one out stops the server (gone, or a zombie its new parent has not reaped yet) before it exits.
  expect(await stopService(second)).toBe(0);
  expect(runningPostmaster(join(dataDir, 'pg'))).toBeNull();
  await expect(new pg.Client({ connectionString: url }).connect()).rejects.toThrow(/ECONNREFUSED/);
}, 300_000);
