/**
 * The real service as a child process (`node --import tsx src/server/main.ts --role ...`), the way `npm start`
 * runs it: its stdout (pino JSON lines) is kept, the URL it listens on is read from its "service started" line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type pg from 'pg';

const root = resolve(import.meta.dirname, '../..');

/** A spawned service process. */
export interface ServiceProcess {
  child: ChildProcess;
  /** Resolves with the HTTP URL (null for a worker) once the process logged "service started". */
  started: Promise<string | null>;
  exited: Promise<number | null>;
  /** Everything written so far. */
  output(): { stdout: string; stderr: string };
  alive(): boolean;
}

/** Starts `src/server/main.ts` with the environment given (on top of this process's, minus any DATABASE_URL). */
export function spawnService(
  role: 'api' | 'worker' | 'all',
  env: Record<string, string>,
  opts: { cwd?: string } = {},
): ServiceProcess {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base.DATABASE_URL;
  delete base.TEST_DATABASE_URL;
  // tsx by its URL: the service may run in another folder (cwd), where `--import tsx` would not resolve.
  const tsx = import.meta.resolve('tsx');
  const child = spawn(process.execPath, ['--import', tsx, resolve(root, 'src/server/main.ts'), '--role', role], {
    cwd: opts.cwd ?? root,
    // ENV_FILE '': a developer's own .env in the checkout never reaches a test's service.
    env: { ...base, NODE_ENV: 'development', LOG_LEVEL: 'info', INBOUND_SMTP_PORT: '0', ENV_FILE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const started = new Promise<string | null>((done, fail) => {
    const look = () => {
      for (const line of stdout.split('\n')) {
        if (!line.includes('"service started"')) continue;
        done((JSON.parse(line) as { url: string | null }).url);
        child.stdout?.off('data', look);
      }
    };
    child.stdout?.on('data', look);
    void exited.then((code) => fail(new Error(`service (${role}) exited (${code}) early:\n${stderr}\n${stdout}`)));
  });
  started.catch(() => {});
  return {
    child,
    started,
    exited,
    output: () => ({ stdout, stderr }),
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** SIGTERM (graceful shutdown), then SIGKILL after `ms`; resolves with the exit code. */
export async function stopService(s: ServiceProcess, ms = 20_000): Promise<number | null> {
  if (!s.alive()) return s.child.exitCode;
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), ms);
  const code = await s.exited;
  clearTimeout(timer);
  return code;
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** An Atlantic Wolves mail game with two seats whose addresses carry `tag`. */
export const awMailGame = (tag: string | number) => ({
  game: 'atlantic-wolves',
  mode: 'mail',
  seats: [
    { side: 'allied', email: `a${tag}@example.org` },
    { side: 'german', email: `g${tag}@example.org` },
  ],
});

/** A game created over HTTP by the operator: its id, moderator token and seat tokens by side. */
export interface CreatedGame {
  id: string;
  moderatorToken: string;
  tokens: Record<string, string>;
}

/** POSTs `awMailGame(tag)` to a running service; throws with the answer unless 201. */
export async function createGameOver(base: string, adminToken: string, tag: string | number): Promise<CreatedGame> {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(awMailGame(tag)),
  });
  if (res.status !== 201) throw new Error(`game creation answered ${res.status}: ${await res.text()}`);
  const g = (await res.json()) as { id: string; moderatorToken: string; seats: { side: string; token: string }[] };
  const tokens = Object.fromEntries(g.seats.map((s) => [s.side, s.token]));
  return { id: g.id, moderatorToken: g.moderatorToken, tokens };
}

/** Waits until `count` outbox rows of a game are sent (or `ms` pass); returns how many are. */
export async function sentMails(client: pg.Client, gameId: string, count: number, ms = 30_000): Promise<number> {
  const query = `SELECT count(*)::int AS n FROM "Outbox" WHERE "gameId" = $1 AND status = 'sent'`;
  let sent = 0;
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    sent = (await client.query(query, [gameId])).rows[0].n;
    if (sent >= count) break;
  }
  return sent;
}
