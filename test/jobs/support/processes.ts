/** Spawning and killing worker processes (node --import tsx) against one test database. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

/** A worker child process. */
export interface WorkerProcess {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<number | null>;
}

/** Starts a worker process with test settings; resolves `ready` when it works the queues. */
export function spawnWorker(
  databaseUrl: string,
  env: Record<string, string> = {},
  entry = 'test/jobs/support/worker-entry.ts',
): WorkerProcess {
  const child = spawn(
    process.execPath,
    [...(process.env.WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', resolve(root, entry)],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
        JOB_POLL_SECONDS: '0.5',
        JOB_EXPIRE_SECONDS: '5',
        JOB_MAINTENANCE_SECONDS: '1',
        DATABASE_POOL_MAX: '10',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const ready = new Promise<void>((done, fail) => {
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) done();
    });
    void exited.then((code) => fail(new Error(`worker exited (${code}) before ready:\n${stderr}`)));
  });
  ready.catch(() => {});
  return { child, ready, exited };
}

/** SIGKILL, and wait for the exit. */
export async function killHard(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await w.exited;
}

/** SIGTERM (graceful), and wait for the exit. */
export async function stopGracefully(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  await w.exited;
}

/** Polls `check` until it is true or `ms` pass. */
export async function waitFor(check: () => Promise<boolean>, ms: number, every = 200): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, every));
  }
  return check();
}
