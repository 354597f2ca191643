/**
 * bench/deadline-storm/profile.ts: the deadline work of the storm in this process, without pg-boss: N storm games
 * (default 300) resolved by handleDeadlines in groups of GROUP games (default 8), CONCURRENCY groups at a time, with
 * a fixed clock. Prints CPU and round trips to Postgres per resolution, and writes a canonical dump of everything the
 * resolutions wrote (ids replaced by labels) to
 * PROFILE_DUMP (when set), so two versions of the code can be compared row for row.
 *
 *   node --import tsx bench/deadline-storm/profile.ts
 *   PROFILE_GAMES=1000 PROFILE_CONCURRENCY=8 PROFILE_DUMP=/tmp/a.json \
 *     node --cpu-prof --import tsx bench/deadline-storm/profile.ts
 */
import { join, resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { pino } from 'pino';
import { testConfig } from '../../src/config.ts';
import { createDb } from '../../src/db/client.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { createScratchDatabase } from '../scratch-database.ts';
import { startBoss } from '../../src/queue/boss.ts';
import { markJobTablesInstalled } from '../../src/queue/enqueue.ts';
import { handleDeadline, handleDeadlines } from '../../src/services/deadlines/policy.ts';
import { createSqlPool, type ServiceDeps } from '../../src/services/deps.ts';
import { getGame } from '../../src/games/index.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import { seedStorm } from './setup.ts';
import { withNotifier } from '../../src/server/notifier.ts';

const root = resolve(import.meta.dirname, '../..');
const GAMES = Number(process.env.PROFILE_GAMES ?? 300);
const CONCURRENCY = Number(process.env.PROFILE_CONCURRENCY ?? 8);
// Games per transaction, as the worker groups a fetched batch of deadline jobs (src/jobs/worker.ts).
const GROUP = Number(process.env.PROFILE_GROUP ?? 8);

// Every statement sent by any pg client of this process (Prisma's adapter, pg pools, pg-boss).
let statements = 0;
const texts = new Map<string, number>();
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  const q = args[0] as string | { text?: string; name?: string };
  // Held writes sent with the next statement (src/db/sql-tx.ts) make one text of several: named by their heads.
  const full = typeof q === 'string' ? q : (q?.text ?? q?.name ?? '?');
  const parts = full.split(';\n');
  const text = (parts.length > 1 ? parts.map((p) => p.replace(/\(E'.*$/s, '').slice(0, 40)).join('; ') : full)
    .replace(/\s+/g, ' ')
    .slice(0, 160);
  texts.set(text, (texts.get(text) ?? 0) + 1);
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/**
 * Resolves the deadline job of every game, CONCURRENCY groups at a time, and prints the wall and CPU time and the
 * round trips to Postgres per resolution (each one's text and count with PROFILE_STATEMENTS).
 */
async function resolveMeasured(deps: ServiceDeps, games: string[], stepIds: Map<string, string>, at: string) {
  statements = 0;
  texts.clear();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  const outcomes = new Map<string, number>();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < games.length) {
        const group = games.slice(next, next + GROUP);
        next += group.length;
        const results = await handleDeadlines(
          deps,
          group.map((g) => ({ gameId: g, stepId: stepIds.get(g)!, at })),
        );
        for (const r of results) {
          const o = 'outcome' in r ? r.outcome : `error: ${r.error.message}`;
          outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
        }
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const n = games.length;
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const perResolution = ((cpuS / n) * 1000).toFixed(2);
  console.log(
    `${n} resolutions, concurrency ${CONCURRENCY}: ${wall.toFixed(2)} s wall, ${cpuS.toFixed(2)} s CPU ` +
      `(${perResolution} ms/resolution), ${(statements / n).toFixed(1)} round trips/resolution; ` +
      `outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
  );
  if (process.env.PROFILE_STATEMENTS) {
    for (const [t, c] of [...texts].sort((a, b) => b[1] - a[1])) console.log(`${(c / n).toFixed(2).padStart(6)}  ${t}`);
  }
}

async function main(): Promise<void> {
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres({
      dir: join(root, 'data/bench-pg-profile'),
      port: Number(process.env.PROFILE_PG_PORT ?? 54338),
      database: 'postgres',
    });
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  const name = `pbem_profile_${Date.now()}`;
  const scratch = await createScratchDatabase(serverUrl, name);
  const dbUrl = scratch.url;
  try {
    const log = pino({ level: 'warn' });
    const config = testConfig({ JOB_EXPIRE_SECONDS: 120 });
    const boss = await startBoss({ databaseUrl: dbUrl, config, log, worker: false });
    markJobTablesInstalled();
    const due = new Date('2030-01-01T00:00:00.000Z');
    const ids = await seedStorm(dbUrl, boss, GAMES, due, { deterministic: true });
    await boss.stop({ graceful: false, wait: true });
    const db = createDb(dbUrl, { max: CONCURRENCY + 2 });
    const pool = process.env.PROFILE_NO_POOL ? undefined : createSqlPool(dbUrl, { max: CONCURRENCY + 2 });
    const clock = () => new Date(due.getTime() + 1000);
    const deps: ServiceDeps = withNotifier({
      db,
      pool,
      log,
      config,
      clock,
      games: (id) => (id === 'toy' ? toyGame : getGame(id)),
    });
    const jobs = ids;
    const stepIds = new Map(
      (await withClient(dbUrl, (c) => c.query(`SELECT "gameId", id FROM "Step" WHERE number = 0`))).rows.map((r) => [
        r.gameId as string,
        r.id as string,
      ]),
    );
    const at = due.toISOString();
    // Warm-up: one game outside the measurement.
    await handleDeadline(deps, { gameId: jobs[0], stepId: stepIds.get(jobs[0])!, at });
    await resolveMeasured(deps, jobs.slice(1), stepIds, at);
    // A second run of every job changes nothing.
    const before = await dump(dbUrl);
    await handleDeadline(deps, { gameId: jobs[1], stepId: stepIds.get(jobs[1])!, at });
    const again = await dump(dbUrl);
    if (JSON.stringify(before) !== JSON.stringify(again))
      console.log('!! a second run of a deadline job changed something');
    if (process.env.PROFILE_DUMP) writeFileSync(process.env.PROFILE_DUMP, JSON.stringify(before, null, 1));
    await db.$disconnect();
    await pool?.end();
  } finally {
    await scratch.drop();
    await stop?.();
  }
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Everything the resolutions wrote, per game, with generated ids replaced by labels. */
async function dump(url: string): Promise<unknown> {
  return withClient(url, async (c) => {
    const q = async (sql: string) => (await c.query(sql)).rows;
    const labels = new Map<string, string>();
    for (const s of await q(`SELECT id, "gameId", number FROM "Step"`))
      labels.set(s.id, `step:${s.gameId}:${s.number}`);
    for (const s of await q(`SELECT id, "gameId", side FROM "Seat"`)) labels.set(s.id, `seat:${s.gameId}:${s.side}`);
    for (const s of await q(
      `SELECT o.id, o."gameId", s.side, o.source FROM "Order" o JOIN "Seat" s ON s.id = o."seatId"`,
    ))
      labels.set(s.id, `order:${s.gameId}:${s.side}:${s.source}`);
    for (const s of await q(`SELECT id, "gameId", kind, "toAddress" FROM "Outbox"`))
      labels.set(s.id, `outbox:${s.gameId}:${s.kind}:${s.toAddress}`);
    const data = {
      games: await q(`SELECT id, status, "currentStep", outcome, "finishedAt" FROM "Game" ORDER BY id`),
      steps: await q(
        `SELECT "gameId", number, status, envelope, owed, "deadlineAt", "deadlineState", "ordersDigest",
           "resultEnvelope", "defaultsApplied", "rejectedReason", "openedAt", "lastOrderAt", "resolvedAt", "publishedAt"
         FROM "Step" ORDER BY "gameId", number`,
      ),
      orders: await q(
        `SELECT o."gameId", s.side, o."stepId", o.source, o.raw, o.parsed, o."receivedAt", o.revision, o.note
         FROM "Order" o JOIN "Seat" s ON s.id = o."seatId" ORDER BY o."gameId", s.side`,
      ),
      events: await q(
        `SELECT s."gameId", s.number, e.seq, e.type, e."visibleTo", e.payload
         FROM "Event" e JOIN "Step" s ON s.id = e."stepId" ORDER BY s."gameId", s.number, e.seq`,
      ),
      outbox: await q(
        `SELECT "gameId", "seatId", kind, "toAddress", "fromAddress", "replyTo", subject, "messageId", "inReplyTo",
           "references", headers, text, html, attachments, status, attempts, "nextAttemptAt",
           "createdAt" > now() - interval '1 hour' AS "createdNow",
           "createdAt" = '2030-01-01T00:00:01Z' AS "createdAtClock"
         FROM "Outbox" ORDER BY "gameId", kind, "toAddress"`,
      ),
      audit: await q(`SELECT "gameId", actor, action, detail, at FROM "AuditLog" ORDER BY "gameId", action`),
      punctuality: await q(`SELECT p."seatId", p."stepId", p.outcome, p.at FROM "Punctuality" p ORDER BY p."seatId"`),
      jobs: await q(
        `SELECT name, data, start_after > now() AS later, singleton_key FROM pgboss.job
         WHERE name <> 'deadline' OR NOT (data->>'at' = '2030-01-01T00:00:00.000Z') ORDER BY name, data::text`,
      ),
    };
    const text = JSON.stringify(data).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      (id) => labels.get(id) ?? id,
    );
    return JSON.parse(text);
  });
}

await main();
