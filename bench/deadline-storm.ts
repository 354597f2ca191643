/**
 * bench/deadline-storm: N games (default 10,000) whose steps hit the same deadline; measures the time from the
 * deadline until every step is resolved (default orders, events, next step) and its mails are queued (results and
 * missed-deadline notices), with 1 and with 2 worker processes. Each run uses a fresh database.
 *
 *   npm run bench:deadline-storm                 # 10,000 games, 1 then 2 workers
 *   STORM_GAMES=2000 STORM_WORKERS=2 npm run bench:deadline-storm
 *
 * STORM_PG_STATEMENTS=1: statements per step and the costliest ones, from pg_stat_statements (when the server
 * preloads it: bench/deadline-storm/statements.ts).
 * Postgres: BENCH_DATABASE_URL (a server where databases may be created), else an embedded Postgres under
 * data/bench-pg-storm (port 54336; bench/api has data/bench-pg). Postgres's CPU is measured only on the embedded
 * server (its processes are this machine's children).
 * Aim: 10,000 games in at most 10 s with 1 worker, and faster with 2 than with 1.
 * Last line: { games, seconds1Worker, seconds2Workers, workerCpuMsPerStep, postgresCpuMsPerStep, targetSeconds1Worker }
 */
import { printFigures } from './report.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from './scratch-database.ts';
import { pino } from 'pino';
import { testConfig } from '../src/config.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { startBoss } from '../src/queue/boss.ts';
import { QUEUES, jobIdFor } from '../src/queue/queues.ts';
import { spawnWorker, stopGracefully } from '../test/jobs/support/processes.ts';
import { countDone, seedStorm } from './deadline-storm/setup.ts';
import { printStatementStats, resetStatementStats } from './deadline-storm/statements.ts';

const root = resolve(import.meta.dirname, '..');

/** CPU seconds (user + system) a process has used so far, from /proc (0 where there is no /proc). */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (100 per second)
  } catch {
    return 0;
  }
}
const GAMES = Number(process.env.STORM_GAMES ?? 10_000);
const WORKER_COUNTS = (process.env.STORM_WORKERS ?? '1,2').split(',').map(Number);
const LIMIT_S = Number(process.env.STORM_LIMIT_SECONDS ?? 300);
// Workers run with the service's defaults (JOB_CONCURRENCY, DATABASE_POOL_MAX) unless those are set here.
const defaults = testConfig();
const WORKER_ENV = {
  JOB_CONCURRENCY: process.env.JOB_CONCURRENCY ?? String(defaults.JOB_CONCURRENCY),
  DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? String(defaults.DATABASE_POOL_MAX),
  JOB_POLL_SECONDS: '0.5',
  JOB_EXPIRE_SECONDS: '120',
};

/**
 * CPU seconds used so far by the Postgres server whose data directory is `dir`: the postmaster, its live
 * backends, and (as the postmaster's children's time) the backends that have exited. 0 when not found.
 */
function postgresCpuSeconds(dir: string | undefined): number {
  if (!dir) return 0;
  try {
    const stats = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((pid) => {
        try {
          return {
            pid,
            cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
            f: readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '),
          };
        } catch {
          return null;
        }
      })
      .filter((x) => x !== null);
    const master = stats.find((s) => s.cmd.includes(dir) && s.cmd.includes('/bin/postgres'));
    if (!master) return 0;
    const ticks = (f: string[], children: boolean) =>
      Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
    const total =
      ticks(master.f, true) + stats.filter((s) => s.f[1] === master.pid).reduce((sum, s) => sum + ticks(s.f, false), 0);
    return total / 100;
  } catch {
    return 0;
  }
}

let embeddedDir: string | undefined;

/** What one run measured. */
interface RunResult {
  workers: number;
  games: number;
  seconds: number;
  perSecond: number;
  seedSeconds: number;
  workerCpuSeconds: number;
  postgresCpuSeconds: number;
  load: number[];
}

/** Moves every open step and its deadline job to the same instant `due`, with the job ids the service gives them. */
async function dueTogether(client: pg.Client, boss: Awaited<ReturnType<typeof startBoss>>, due: Date): Promise<void> {
  await client.query(`UPDATE "Step" SET "deadlineAt" = $1`, [due]);
  // The jobs of the new instant, with the ids the service gives them (the sweep then finds them and adds none).
  const at = due.toISOString();
  const opened = (await client.query(`SELECT id, "gameId" FROM "Step" WHERE number = 0`)).rows as {
    id: string;
    gameId: string;
  }[];
  await client.query(`DELETE FROM pgboss.job WHERE name = 'deadline'`);
  for (let from = 0; from < opened.length; from += 1000) {
    const jobs = opened.slice(from, from + 1000).map((s) => ({
      id: jobIdFor(`${QUEUES.deadline}:${s.id}:${at}`),
      name: QUEUES.deadline,
      data: { gameId: s.gameId, stepId: s.id, at },
      startAfter: at,
    }));
    // A worker's minute sweep may queue the same jobs (the same ids) meanwhile, and two inserts of one set of ids in
    // different orders can deadlock: Postgres then fails one of them, which is inserted again.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.insert(jobs);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 3) throw error;
      }
    }
  }
}

/** How many steps are done once all are, or the time limit has passed. */
async function waitForSteps(client: pg.Client, due: Date): Promise<number> {
  let done = 0;
  while (done < GAMES && Date.now() - due.getTime() < LIMIT_S * 1000) {
    await new Promise((r) => setTimeout(r, 250));
    done = await countDone(client);
  }
  return done;
}

/** Prints a run's figures, with what the database holds after it (steps, mails, retried jobs). */
async function report(client: pg.Client, r: RunResult, done: number): Promise<void> {
  const mails = await client.query(`SELECT kind, count(*)::int AS n FROM "Outbox" GROUP BY kind ORDER BY kind`);
  const steps = await client.query(`SELECT count(*)::int AS n FROM "Step"`);
  const retried = await client.query(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deadline' AND retry_count > 0`,
  );
  const jobs = await client.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deadline'`);
  if (jobs.rows[0].n !== GAMES) console.log(`  (${jobs.rows[0].n} deadline jobs for ${GAMES} steps)`);
  if (retried.rows[0].n) console.log(`  (${retried.rows[0].n} deadline jobs needed a retry)`);
  const perStep = ((r.workerCpuSeconds / done) * 1000).toFixed(1);
  const postgres = embeddedDir ? `, Postgres CPU ${r.postgresCpuSeconds.toFixed(1)} s` : '';
  const outbox = mails.rows.map((row) => `${row.kind}=${row.n}`).join(' ');
  console.log(
    `  ${r.workers} worker(s): ${done}/${GAMES} steps resolved with mails queued in ${r.seconds.toFixed(1)} s ` +
      `(${(done / r.seconds).toFixed(0)}/s); ` +
      `worker CPU ${r.workerCpuSeconds.toFixed(1)} s (${perStep} ms/step)${postgres}; ` +
      `load ${r.load.join(' ')}; steps ${steps.rows[0].n}; outbox ${outbox}`,
  );
}

/** One storm on a fresh database with `workers` worker processes. */
async function run(serverUrl: string, workers: number): Promise<RunResult> {
  const name = `pbem_storm_${workers}_${Date.now()}`;
  const scratch = await createScratchDatabase(serverUrl, name);
  const dbUrl = scratch.url;
  const client = new pg.Client({ connectionString: dbUrl });
  try {
    const log = pino({ level: 'warn' });
    const boss = await startBoss({
      databaseUrl: dbUrl,
      config: testConfig({ JOB_EXPIRE_SECONDS: 120 }),
      log,
      worker: false,
    });
    const seedStart = Date.now();
    const deadlineAt = new Date(Date.now() + 3_600_000); // moved to "soon" once everything is seeded
    await seedStorm(dbUrl, boss, GAMES, deadlineAt);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    const procs = Array.from({ length: workers }, () => spawnWorker(dbUrl, WORKER_ENV));
    await Promise.all(procs.map((p) => p.ready));
    // Every step and its job become due at the same instant, a moment from now.
    const due = new Date(Date.now() + 1500);
    await client.connect();
    await dueTogether(client, boss, due);
    const counting = process.env.STORM_PG_STATEMENTS ? await resetStatementStats(client) : false;
    await new Promise((r) => setTimeout(r, Math.max(0, due.getTime() - Date.now())));
    const cpuAtDue = procs.map((p) => cpuSecondsOf(p.child.pid));
    const pgCpuAtDue = postgresCpuSeconds(embeddedDir);
    const done = await waitForSteps(client, due);
    const seconds = (Date.now() - due.getTime()) / 1000;
    const result: RunResult = {
      workers,
      games: GAMES,
      seconds,
      perSecond: done / seconds,
      seedSeconds,
      workerCpuSeconds: procs.reduce((sum, p, i) => sum + cpuSecondsOf(p.child.pid) - cpuAtDue[i], 0),
      postgresCpuSeconds: postgresCpuSeconds(embeddedDir) - pgCpuAtDue,
      load: loadavg().map((l) => Math.round(l * 100) / 100),
    };
    await report(client, result, done);
    if (counting) await printStatementStats(client, done);
    await Promise.all(procs.map(stopGracefully));
    await boss.stop({ graceful: false, wait: true });
    if (done < GAMES) throw new Error(`only ${done} of ${GAMES} done within ${LIMIT_S} s`);
    return result;
  } finally {
    await client.end().catch(() => {});
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    embeddedDir = join(root, process.env.BENCH_EMBEDDED_PG_DIR ?? 'data/bench-pg-storm');
    const embedded = await startEmbeddedPostgres({
      dir: embeddedDir,
      port: Number(process.env.BENCH_EMBEDDED_PG_PORT ?? 54336),
      database: 'postgres',
    });
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  console.log(`deadline storm: ${GAMES} games, one deadline; workers ${WORKER_COUNTS.join(' then ')}`);
  const results: RunResult[] = [];
  try {
    for (const w of WORKER_COUNTS) results.push(await run(serverUrl, w));
  } finally {
    await stop?.();
  }
  // The figures for a script, as the last line: seconds per worker count, and the CPU per step of the first run.
  const seconds = (n: number) => results.find((r) => r.workers === n)?.seconds ?? null;
  const first = results[0];
  const round = (v: number) => Math.round(v * 100) / 100;
  printFigures({
    games: GAMES,
    seconds1Worker: seconds(1) === null ? null : round(seconds(1) as number),
    seconds2Workers: seconds(2) === null ? null : round(seconds(2) as number),
    workerCpuMsPerStep: first ? round((first.workerCpuSeconds / GAMES) * 1000) : null,
    postgresCpuMsPerStep: first && embeddedDir ? round((first.postgresCpuSeconds / GAMES) * 1000) : null,
    targetSeconds1Worker: 10,
  });
}

await main();
