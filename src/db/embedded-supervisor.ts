/**
 * Supervision of the embedded Postgres (embedded.ts): every process of the service using it watches its postmaster,
 * and when it dies (kill -9, the OOM killer) brings it back, on the same data folder and port, with a backoff
 * (0.5 s doubling to 10 s) while a start fails (the old server's last backends may still hold its shared memory).
 * Postgres replays its WAL on that start: nothing committed is lost, and the processes' pools reconnect by themselves.
 *
 * Which process restarts it: the one that started the server now dead (named in `<dir>.run/owner`) goes first; the
 * other users wait a little longer while that one is alive and still uses the server, and at once when it is gone
 * (a server whose starter has exited comes back too). Every restart happens under the lock file, after looking
 * again for a running server: whoever comes second finds the first one's server and carries on with it, so two
 * servers never run on one data folder. A process that is stopping restarts nothing (`stop` ends the watch first;
 * an attempt waiting for the lock sees it there).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pidAlive, runningPostmaster, untilReady, withLock, type RunningPostmaster } from './embedded-cluster.ts';

/** Where the supervisor reports (the process's pino logger). */
export interface SupervisorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** How the supervisor watches and restarts; the defaults are the service's. */
export interface SupervisorOptions {
  /** The data folder. */
  dir: string;
  /** Its `<dir>.run` folder (lock, users, owner). */
  run: string;
  /** The server being used now. */
  server: RunningPostmaster;
  /** Starts a server on the data folder and port (the lock is held); resolves once it accepts connections. */
  start: (port: number) => Promise<RunningPostmaster>;
  log?: SupervisorLog;
  /** How often the postmaster is looked at (ms). */
  pollMs?: number;
  /** The first wait before a restart, doubled after each failed one up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** The extra wait of a process that did not start the server while the one that did is alive and uses it. */
  ownerGraceMs?: number;
}

/** A running watch over the server. */
export interface Supervisor {
  /** The server in use now (its pid changes with each restart). */
  readonly server: RunningPostmaster;
  /** Ends the watch: from now on this process restarts nothing. */
  stop(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** The file naming the process that started the server running on a data folder. */
export const ownerFile = (run: string): string => join(run, 'owner');

/** Records this process as the one that started the server (the lock is held). */
export function recordOwner(run: string): void {
  writeFileSync(ownerFile(run), String(process.pid));
}

/** Whether the server's starter is another live process, still listed among its users. */
function ownerElsewhere(run: string): boolean {
  let owner: number;
  try {
    owner = Number(readFileSync(ownerFile(run), 'utf8').trim());
  } catch {
    return false;
  }
  return owner !== process.pid && pidAlive(owner) && existsSync(join(run, 'users', String(owner)));
}

/** Watches the server of `opts.dir` and restarts it when its postmaster dies (see the top of this file). */
export function superviseEmbedded(opts: SupervisorOptions): Supervisor {
  const { dir, run, log } = opts;
  const pollMs = opts.pollMs ?? 250;
  const firstDelayMs = opts.firstDelayMs ?? 500;
  const maxDelayMs = opts.maxDelayMs ?? 10_000;
  const ownerGraceMs = opts.ownerGraceMs ?? 2_000;
  let server = opts.server;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const watch = () => {
    timer = setTimeout(check, pollMs).unref();
  };
  const check = () => {
    if (stopped) return;
    if (runningPostmaster(dir)?.pid === server.pid) return watch();
    void recover().finally(() => {
      if (!stopped) watch();
    });
  };

  /** The wait before attempt `n` (from 0): the backoff, and the grace left to the server's starter. */
  const delay = (n: number) => Math.min(firstDelayMs * 2 ** n, maxDelayMs) + (ownerElsewhere(run) ? ownerGraceMs : 0);

  /** Until a server runs again on the data folder (restarted here or by another process), or the watch ends. */
  const recover = async () => {
    const lost = server.pid;
    const since = Date.now();
    const found = runningPostmaster(dir);
    if (found?.pid === lost) return; // a postmaster.pid read while the server rewrote it
    // A server that another process has already restarted is taken up at once.
    let wait = found ? 0 : delay(0);
    if (wait) log?.warn({ dir, pid: lost }, `the embedded Postgres (pid ${lost}) died: restarting it`);
    for (let attempt = 1; !stopped; attempt++) {
      await sleep(wait);
      if (stopped) return;
      try {
        const outcome = await withLock(join(run, 'lock'), async () => {
          if (stopped) return null;
          const running = await untilReady(dir);
          if (running) return { running, here: false };
          const started = await opts.start(server.port);
          recordOwner(run);
          return { running: started, here: true };
        });
        if (!outcome) return;
        server = outcome.running;
        const fields = {
          dir,
          pid: server.pid,
          port: server.port,
          previousPid: lost,
          downMs: Date.now() - since,
          attempt,
        };
        if (outcome.here) {
          log?.info(fields, `embedded Postgres restarted (pid ${server.pid}) after its postmaster died`);
        } else log?.info(fields, `embedded Postgres back (pid ${server.pid}), restarted by another process`);
        return;
      } catch (error) {
        wait = delay(attempt);
        const err = { message: (error as Error).message };
        log?.warn({ dir, err, attempt, retryInMs: wait }, 'embedded Postgres restart failed; trying again');
      }
    }
  };

  watch();
  return {
    get server() {
      return server;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
