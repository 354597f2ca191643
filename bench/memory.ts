/**
 * Memory benchmark: the resident memory of the service's processes while it creates many games (the four games in
 * turn, through the API) and delivers their welcome mails (over SMTP to a listener here that keeps nothing), then
 * at rest once every mail is out. RSS is read from /proc/<pid>/status every 250 ms.
 *   npm run bench:memory                           # 10,000 games, the all-in-one process (`npm start`)
 *   npm run bench:memory -- --games 2000 --role api   # an API process and a worker; the API one measured
 *   npm run bench:memory -- --role worker --json
 * Postgres: BENCH_DATABASE_URL or DATABASE_URL (a fresh database is made on it and dropped), else 127.0.0.1:5432.
 * Last line: { games, role, rssMBAtStart, rssMBPeak, rssMBAtRest, seconds }.
 */
import { printFigures } from './report.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { games as registry } from '../src/games/index.ts';

const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const GAMES = Number(arg('games', '10000'));
const ROLE = arg('role', 'all') as 'all' | 'api' | 'worker';
const CLIENTS = Number(arg('clients', '8'));
const REST_SECONDS = Number(arg('rest', '20'));
const say = (line: string) => console.log(line);
const ADMIN = `bench-${randomBytes(12).toString('hex')}`;
const GAME_IDS = ['atlantic-wolves', 'grand-fleet', 'fin-napoleon', 'operation-crusader'];

/** A listener that accepts every mail and keeps nothing: the mails' cost is the sender's alone. */
async function startSink(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, count: () => received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The resident memory of a process, in MB (0 once it has exited). */
function rssMB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function startProcess(role: 'all' | 'api' | 'worker', env: NodeJS.ProcessEnv): ChildProcess {
  const args = ['--import', 'tsx', 'src/server/main.ts', ...(role === 'all' ? [] : ['--role', role])];
  return spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(check: () => Promise<boolean>, what: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Creates `count` games through the API, `CLIENTS` at a time, the four games in turn. */
async function createGames(base: string, count: number): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < count) {
      const n = next++;
      const game = registry[GAME_IDS[n % GAME_IDS.length]];
      const mode = game.modes[0];
      const seats = game.sides(mode).map((s, k) => ({ side: s.seat, email: `p${n}-${k}@bench.test`, name: `P${k}` }));
      const res = await fetch(`${base}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN}` },
        body: JSON.stringify({ game: game.id, mode, name: `Bench ${n}`, seats }),
      });
      if (res.status !== 201) throw new Error(`game ${n}: ${res.status} ${await res.text()}`);
      if (n % 1000 === 999) say(`  ${n + 1} games created`);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

/**
 * Where the measured process's memory is at rest, from its /metrics (prom-client's runtime figures): the JavaScript
 * heap in use and allocated, memory held outside it by JavaScript objects (buffers, WebAssembly), and the rest.
 */
async function memoryParts(base: string): Promise<Record<string, number> | null> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } });
  if (!res.ok) return null;
  const text = await res.text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? Number.NaN);
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  const rss = value('pbem_process_resident_memory_bytes');
  const heapTotal = value('pbem_nodejs_heap_size_total_bytes');
  const external = value('pbem_nodejs_external_memory_bytes');
  return {
    rss: mb(rss),
    heapUsed: mb(value('pbem_nodejs_heap_size_used_bytes')),
    heapTotal: mb(heapTotal),
    external: mb(external),
    outsideHeap: mb(rss - heapTotal - external),
  };
}

const server =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** An empty database: the service applies its migrations at start, as on a new installation. */
async function emptyDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

const scratch = await emptyDatabase(`pbem_bench_memory_${randomBytes(4).toString('hex')}`);
const sink = await startSink();
const port = 3400 + Math.floor(Math.random() * 500);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  ENV_FILE: '',
  DATABASE_URL: scratch.url,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ADMIN_TOKEN: ADMIN,
  SMTP_URL: `smtp://127.0.0.1:${sink.port}?tls=off`,
  MAIL_FROM: 'judge@bench.test',
  MAIL_DOMAIN: 'bench.test',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '0',
  INBOUND_SMTP_PORT: '0', // no order listener: another service on this machine may hold its port
};
const processes: Record<string, ChildProcess> =
  ROLE === 'all'
    ? { all: startProcess('all', env) }
    : { api: startProcess('api', env), worker: startProcess('worker', env) };
const measured = processes[ROLE];
const base = `http://127.0.0.1:${port}`;
const db = new pg.Client({ connectionString: scratch.url });
const started = Date.now();
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMB(measured.pid!));
}, 250);
try {
  await waitFor(async () => (await fetch(`${base}/health`)).ok, 'the service', 60_000);
  await db.connect();
  await new Promise((r) => setTimeout(r, 3000));
  const atStart = rssMB(measured.pid!);
  say(`memory: ${GAMES} games, role ${ROLE}; RSS at start ${atStart.toFixed(0)} MB`);
  await createGames(base, GAMES);
  say(`  games created in ${((Date.now() - started) / 1000).toFixed(0)} s; delivering mails`);
  await waitFor(
    async () => {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM "Outbox" WHERE status <> 'sent'`);
      return rows[0].n === 0;
    },
    'every mail to go out',
    3_600_000,
  );
  const seconds = (Date.now() - started) / 1000;
  say(`  ${sink.count()} mails out after ${seconds.toFixed(0)} s; resting ${REST_SECONDS} s`);
  await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
  const atRest = rssMB(measured.pid!);
  const round = (v: number) => Math.round(v);
  say(`  RSS peak ${round(peak)} MB, at rest ${round(atRest)} MB`);
  const parts = ROLE === 'worker' ? null : await memoryParts(base);
  if (parts)
    say(
      `  of which: ${Object.entries(parts)
        .map(([k, v]) => `${k} ${v} MB`)
        .join(', ')}`,
    );
  printFigures({
    games: GAMES,
    role: ROLE,
    mails: sink.count(),
    rssMBAtStart: round(atStart),
    rssMBPeak: round(peak),
    rssMBAtRest: round(atRest),
    ...(parts ? { atRestMB: parts } : {}),
    seconds: round(seconds),
  });
} finally {
  clearInterval(sampler);
  for (const child of Object.values(processes)) child.kill('SIGTERM');
  await Promise.all(
    Object.values(processes).map((c) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r(null)))),
  );
  await db.end().catch(() => {});
  await sink.close();
  await scratch.drop();
}
