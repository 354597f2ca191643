/**
 * The service as a child process for the fault tests (test/server/support/service-entry.ts): loaded ahead of time,
 * started on demand, killed with SIGKILL by the test or by itself at an armed crash point (PBEM_CRASH_AT).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

/** A service process: `loaded` once its code is in, `ready` once `start()` made it listen. */
export interface ServiceProcess {
  child: ChildProcess;
  loaded: Promise<void>;
  ready: Promise<void>;
  exited: Promise<void>;
  /** Starts the loaded service (once). */
  start(): void;
  /** SIGKILL from the test (kill -9); resolves once the process is gone. */
  kill(): Promise<void>;
  /** Whether the test killed it (else a crash point did, or it died on its own). */
  killedByTest: boolean;
  /** What it wrote to stderr (for a failure message). */
  stderr(): string;
}

/** Spawns a service process with the environment `env`, optionally armed to crash at `crashAt` ("point:n"). */
export function loadService(env: Record<string, string>, crashAt?: string): ServiceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'test/server/support/service-entry.ts')], {
    cwd: root,
    env: { ...process.env, ...env, START_ON_STDIN: '1', PBEM_CRASH_AT: crashAt ?? '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-1000)));
  child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-20_000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const seen = (word: string) =>
    new Promise<void>((done, fail) => {
      const check = () => {
        if (out.includes(word)) done();
      };
      child.stdout?.on('data', check);
      const end = () => `service exited (${child.exitCode ?? child.signalCode}) before "${word}":\n${err}`;
      void exited.then(() => fail(new Error(end())));
    });
  const loaded = seen('loaded');
  const ready = seen('ready');
  loaded.catch(() => {});
  ready.catch(() => {});
  let started = false;
  const proc: ServiceProcess = {
    child,
    loaded,
    ready,
    exited,
    killedByTest: false,
    start() {
      if (started) return;
      started = true;
      loaded.then(
        () => child.stdin?.write('start\n'),
        () => {},
      );
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        proc.killedByTest = true;
        child.kill('SIGKILL');
      }
      await exited;
    },
    stderr: () => err,
  };
  return proc;
}

/** SIGTERM (a graceful stop), and wait for the exit. */
export async function stopService(p: ServiceProcess): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await p.exited;
}
