/**
 * API benchmark: order submissions against the running service beside a bare fastify + pg route doing a single
 * INSERT, in the same run, with autocannon (50 connections by default). Prints req/s, p50 and p99 of both and the
 * ratio; targets: service >= 0.5 x bare, service p99 <= 50 ms.
 *   npm run bench:api            (embedded Postgres, or DATABASE_URL)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_GAMES=25 npm run bench:api
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Ready {
  service: string;
  bare: string;
  targets: { gameId: string; token: string; body: string }[];
}

function startServers(): Promise<{ ready: Ready; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []), '--import', 'tsx', 'bench/api/servers.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const ready = JSON.parse(line) as Ready;
      resolve({
        ready,
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

async function load(name: string, url: string, requests: { path: string; headers: Record<string, string>; body: string }[]) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const r = requests[next++ % requests.length];
          return { ...req, method: 'POST', path: r.path, headers: { ...r.headers, 'content-type': 'application/json' }, body: r.body };
        },
      },
    ],
  });
  const ok = result['2xx'];
  const bad = result.non2xx + result.errors + result.timeouts;
  return { name, reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, ok, bad };
}

async function main(): Promise<void> {
  const { ready, stop } = await startServers();
  try {
    const serviceRequests = ready.targets.map((t) => ({ path: `/api/games/${t.gameId}/orders`, headers: { authorization: `Bearer ${t.token}` }, body: t.body }));
    const bareRequests = ready.targets.map((t) => ({ path: `/bare/${t.gameId}/orders`, headers: {}, body: t.body }));
    // Warm-up of both (JIT, pools), then the measured runs.
    await autocannon({ url: ready.bare, connections: 10, duration: 2, method: 'POST', body: bareRequests[0].body, headers: { 'content-type': 'application/json' }, requests: [{ path: bareRequests[0].path }] });
    await autocannon({ url: ready.service, connections: 10, duration: 2, method: 'POST', body: serviceRequests[0].body, headers: { 'content-type': 'application/json', ...serviceRequests[0].headers }, requests: [{ path: serviceRequests[0].path }] });
    const bare = await load('bare fastify + pg INSERT', ready.bare, bareRequests);
    const service = await load('service POST /api/games/:id/orders', ready.service, serviceRequests);
    const ratio = service.reqPerSec / bare.reqPerSec;
    const rows = [bare, service].map((r) => `${r.name.padEnd(40)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   2xx ${r.ok}  other ${r.bad}`);
    process.stdout.write(`\nAPI benchmark: ${CONNECTIONS} connections, ${SECONDS} s each, ${ready.targets.length} games\n${rows.join('\n')}\n`);
    process.stdout.write(`ratio service/bare: ${ratio.toFixed(2)} (target >= 0.5)   service p99: ${service.p99} ms (target <= 50)\n`);
    process.stdout.write(`${ratio >= 0.5 && service.p99 <= 50 && service.bad === 0 ? 'PASS' : 'MISS'}\n`);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
