/**
 * API benchmark: order submissions against the running service beside a bare fastify + pg route doing a single
 * INSERT, in the same run, with autocannon (50 connections by default). Prints req/s, p50 and p99 of both and the
 * ratio, as medians of rounds that alternate the two; targets: service >= 1.0 x bare, service p99 <= 25 ms.
 * Last line: { ratio, serviceP99Ms, bareP99Ms, serviceRps, bareRps, met }.
 *   npm run bench:api            (embedded Postgres, or DATABASE_URL)
 *   BENCH_SECONDS=10 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_GAMES=25 npm run bench:api
 */
import { printFigures } from '../report.ts';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Ready {
  service: string;
  bare: string;
  targets: { gameId: string; token: string; body: string }[];
}

/** CPU seconds used so far by each process of a tree (the servers and, with the embedded database, Postgres). */
function treeCpu(root: number): Map<number, { name: string; cpu: number }> {
  const procs = new Map<number, { ppid: number; comm: string; cpu: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), { ppid: Number(f[1]), comm, cpu: (Number(f[11]) + Number(f[12])) / 100 });
    } catch {
      // gone meanwhile
    }
  }
  const out = new Map<number, { name: string; cpu: number }>();
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 10; p = procs.get(p)?.ppid ?? 0, hops++) if (p === root) return true;
    return false;
  };
  for (const [pid, p] of procs)
    if (inTree(pid)) out.set(pid, { name: p.comm.startsWith('postgres') ? 'postgres' : 'service', cpu: p.cpu });
  return out;
}

/** CPU seconds by name between two readings (processes that ended meanwhile are not counted). */
function cpuBetween(before: ReturnType<typeof treeCpu>, after: ReturnType<typeof treeCpu>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [pid, p] of after) out[p.name] = (out[p.name] ?? 0) + p.cpu - (before.get(pid)?.cpu ?? 0);
  return out;
}

function startServers(): Promise<{ ready: Ready; pid: number; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
      '--import',
      'tsx',
      'bench/api/servers.ts',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const ready = JSON.parse(line) as Ready;
      resolve({
        ready,
        pid: child.pid ?? 0,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`the benchmark servers exited (${code})`)));
  });
}

/** One request of a route: its path, headers and JSON body. */
interface BenchRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function load(name: string, url: string, requests: BenchRequest[], serverPid: number) {
  let next = 0;
  const cpuBefore = treeCpu(serverPid);
  const ownBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const r = requests[next++ % requests.length];
          return {
            ...req,
            method: 'POST',
            path: r.path,
            headers: { ...r.headers, 'content-type': 'application/json' },
            body: r.body,
          };
        },
      },
    ],
  });
  const ok = result['2xx'];
  const bad = result.non2xx + result.errors + result.timeouts;
  // CPU per request (ms) of the process serving the routes, of Postgres, and of autocannon itself.
  const used = cpuBetween(cpuBefore, treeCpu(serverPid));
  const own = process.cpuUsage(ownBefore);
  const total = Math.max(1, result.requests.total);
  const perRequest = (seconds: number) => (seconds * 1000) / total;
  const cpu = {
    server: perRequest(used.service ?? 0),
    postgres: perRequest(used.postgres ?? 0),
    load: perRequest((own.user + own.system) / 1e6),
  };
  return { name, reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, ok, bad, cpu };
}

type Run = Awaited<ReturnType<typeof load>>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Every figure of a route as the median over the rounds (counts summed). */
function medianRun(runs: Run[]): Run {
  const m = (f: (r: Run) => number) => median(runs.map(f));
  return {
    name: runs[0].name,
    reqPerSec: m((r) => r.reqPerSec),
    p50: m((r) => r.p50),
    p99: m((r) => r.p99),
    ok: runs.reduce((n, r) => n + r.ok, 0),
    bad: runs.reduce((n, r) => n + r.bad, 0),
    cpu: { server: m((r) => r.cpu.server), postgres: m((r) => r.cpu.postgres), load: m((r) => r.cpu.load) },
  };
}

/** Two seconds of load on a route before the measured runs (JIT, pools). */
async function warmUp(url: string, request: BenchRequest): Promise<void> {
  await autocannon({
    url,
    connections: 10,
    duration: 2,
    method: 'POST',
    body: request.body,
    headers: { 'content-type': 'application/json', ...request.headers },
    requests: [{ path: request.path }],
  });
}

/** Prints each round, the medians of the rounds, whether the targets are met, and the figures' JSON line. */
function printRounds(rounds: { bare: Run; service: Run }[], games: number): void {
  process.stdout.write(
    `\nAPI benchmark: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route, ${games} games\n`,
  );
  for (const [i, r] of rounds.entries()) {
    const ratio = (r.service.reqPerSec / r.bare.reqPerSec).toFixed(2);
    const service = `${r.service.reqPerSec.toFixed(0)} req/s (p99 ${r.service.p99} ms)`;
    process.stdout.write(
      `round ${i + 1}: bare ${r.bare.reqPerSec.toFixed(0)} req/s, service ${service}, ratio ${ratio}\n`,
    );
  }
  const bare = medianRun(rounds.map((r) => r.bare));
  const service = medianRun(rounds.map((r) => r.service));
  const ratio = median(rounds.map((r) => r.service.reqPerSec / r.bare.reqPerSec));
  const ms = (x: number) => `${String(x).padStart(4)} ms`;
  const rows = [bare, service].map(
    (r) =>
      `${r.name.padEnd(40)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s   p50 ${ms(r.p50)}   p99 ${ms(r.p99)}   ` +
      `2xx ${r.ok}  other ${r.bad}`,
  );
  process.stdout.write(`medians:\n${rows.join('\n')}\n`);
  const cpuRows = [bare, service].map(
    (r) =>
      `${r.name.padEnd(40)} CPU ms per request: server ${r.cpu.server.toFixed(3)}   ` +
      `postgres ${r.cpu.postgres.toFixed(3)}   autocannon ${r.cpu.load.toFixed(3)}`,
  );
  process.stdout.write(`${cpuRows.join('\n')}\n`);
  process.stdout.write(
    `ratio service/bare (median of rounds): ${ratio.toFixed(2)} (target >= 1.0)   ` +
      `service p99: ${service.p99} ms (target <= 25)\n`,
  );
  const met = ratio >= 1 && service.p99 <= 25 && service.bad === 0;
  process.stdout.write(`${met ? 'PASS' : 'MISS'}\n`);
  // The figures for a script, as the last line.
  const figures = {
    ratio: Math.round(ratio * 100) / 100,
    serviceP99Ms: service.p99,
    bareP99Ms: bare.p99,
    serviceRps: Math.round(service.reqPerSec),
    bareRps: Math.round(bare.reqPerSec),
    met,
  };
  printFigures(figures);
}

async function main(): Promise<void> {
  const { ready, pid, stop } = await startServers();
  try {
    const serviceRequests: BenchRequest[] = ready.targets.map((t) => ({
      path: `/api/games/${t.gameId}/orders`,
      headers: { authorization: `Bearer ${t.token}` },
      body: t.body,
    }));
    const bareRequests: BenchRequest[] = ready.targets.map((t) => ({
      path: `/bare/${t.gameId}/orders`,
      headers: {},
      body: t.body,
    }));
    await warmUp(ready.bare, bareRequests[0]);
    await warmUp(ready.service, serviceRequests[0]);
    // Rounds alternate the two routes, so that a machine that slows down or speeds up meanwhile (a shared VM)
    // weighs on both alike; the figures are the medians of the rounds.
    const rounds: { bare: Run; service: Run }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const bare = await load('bare fastify + pg INSERT', ready.bare, bareRequests, pid);
      const service = await load('service POST /api/games/:id/orders', ready.service, serviceRequests, pid);
      rounds.push({ bare, service });
    }
    printRounds(rounds, ready.targets.length);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
