/**
 * The pieces that let processes share one embedded Postgres (src/db/embedded-cluster.ts): the lock file between
 * them and the list of processes using a server. (Real processes sharing a real server:
 * test/server/process-roles.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { pidAlive, runningPostmaster, users, withLock } from '../../src/db/embedded-cluster.ts';

const dir = mkdtempSync(join(tmpdir(), 'pbem-embedded-sharing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  return Number(pid);
}

test('the lock lets one holder in at a time, and is gone afterwards', async () => {
  const lock = join(dir, 'a/lock');
  const order: string[] = [];
  const hold = (name: string) =>
    withLock(lock, async () => {
      order.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 150));
      order.push(`${name} out`);
    });
  await Promise.all([hold('first'), hold('second')]);
  expect(order).toEqual(['first in', 'first out', 'second in', 'second out']);
  expect(existsSync(lock)).toBe(false);
});

test("a dead holder's lock is taken over at once", async () => {
  const lock = join(dir, 'b/lock');
  mkdirSync(join(dir, 'b'));
  writeFileSync(lock, String(deadPid()));
  const started = Date.now();
  expect(await withLock(lock, async () => 'got it')).toBe('got it');
  expect(Date.now() - started).toBeLessThan(1000);
});

test('the users of a server: this process is not counted, dead ones are dropped, live ones are', () => {
  const list = join(dir, 'users');
  users.add(list);
  writeFileSync(join(list, String(deadPid())), '');
  expect(users.others(list)).toEqual([]);
  writeFileSync(join(list, String(process.ppid)), '');
  expect(users.others(list)).toEqual([process.ppid]);
  users.remove(list);
  expect(existsSync(join(list, String(process.pid)))).toBe(false);
});

test('a postmaster.pid whose process is gone (a killed server) names no running server', () => {
  const data = join(dir, 'pg');
  expect(runningPostmaster(data)).toBeNull(); // no folder, no file
  mkdirSync(data);
  writeFileSync(join(data, 'postmaster.pid'), `${deadPid()}\n${data}\n1700000000\n54329\n\n127.0.0.1\n 1 2\nready\n`);
  expect(runningPostmaster(data)).toBeNull();
  // A live process that is not Postgres (a reused pid) is not taken for one either.
  writeFileSync(join(data, 'postmaster.pid'), `${process.pid}\n${data}\n1700000000\n54329\n\n127.0.0.1\n 1 2\nready\n`);
  expect(pidAlive(process.pid)).toBe(true);
  expect(runningPostmaster(data)).toBeNull();
});
