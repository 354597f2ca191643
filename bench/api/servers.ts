/**
 * The two servers of the API benchmark, in one child process: the service (buildApp on its own database, with
 * games created through its API) and a bare fastify + pg route doing a single INSERT, on the same Postgres.
 * Prints one JSON line `{ service, bare, targets }` when ready; stops on SIGTERM.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { createDb } from '../../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { applyMigrationSql } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/server/app.ts';
import { ensureAdminToken } from '../../src/services/auth.ts';
import { createSqlPool, type ServiceDeps } from '../../src/services/deps.ts';
import { groupCommitStats } from '../../src/services/order-store.ts';
import { withNotifier } from '../../src/server/notifier.ts';
import { countMatching, matchingCounts, statementCounts, statementsSent } from '../statement-count.ts';

countMatching('bare', /bench_insert/);

const GAMES = Number(process.env.BENCH_GAMES ?? 25);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const ADMIN = 'bench-admin-token-0123456789';

/** A database of its own on the Postgres of DATABASE_URL (or an embedded one), migrated. */
async function benchDatabase(): Promise<{ url: string; admin: pg.Client; name: string; embedded?: EmbeddedDatabase }> {
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({
      dir: 'data/bench-pg',
      port: Number(process.env.BENCH_PG_PORT ?? 54339),
      database: 'postgres',
    });
    serverUrl = embedded.url;
  }
  const name = `pbem_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await applyMigrationSql(url.toString());
  return { url: url.toString(), admin, name, embedded };
}

/** The service on the database, with the benchmark's admin token. */
async function startService(url: string) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN: ADMIN,
    DATABASE_URL: url,
    DATABASE_POOL_MAX: String(POOL),
  });
  const db = createDb(url, { max: POOL });
  const log = pino({ level: 'warn' });
  const sqlPool = createSqlPool(url, { max: POOL, log });
  const deps: ServiceDeps = withNotifier({ db, pool: sqlPool, log, config, clock: () => new Date() });
  await ensureAdminToken(deps);
  const app = await buildApp({ deps });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address, db, sqlPool };
}

/**
 * Games created through the API; the German seat (who owes nothing at the start of mail play) re-submits standing
 * orders: each request is authenticated, validated by the engine and inserted (superseding the last).
 */
async function createTargets(app: FastifyInstance): Promise<{ gameId: string; token: string; body: string }[]> {
  const targets: { gameId: string; token: string; body: string }[] = [];
  for (let i = 0; i < GAMES; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/games',
      headers: { authorization: `Bearer ${ADMIN}` },
      payload: {
        game: 'atlantic-wolves',
        mode: 'mail',
        seats: [
          { side: 'allied', email: `a${i}@example.org` },
          { side: 'german', email: `g${i}@example.org` },
        ],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const g = res.json();
    const token = g.seats.find((s: { side: string }) => s.side === 'german').token;
    const body = JSON.stringify({
      orders: { standing: { responseTable: { U01: ['stay'], U02: ['AM', 'ask'], U03: ['CB', 'AF'] } } },
    });
    targets.push({ gameId: g.id, token, body });
  }
  const check = await app.inject({
    method: 'POST',
    url: `/api/games/${targets[0].gameId}/orders`,
    headers: { authorization: `Bearer ${targets[0].token}`, 'content-type': 'application/json' },
    payload: targets[0].body,
  });
  if (check.statusCode !== 200) throw new Error(`the benchmark's orders are refused: ${check.body}`);
  return targets;
}

/** The bare route: one INSERT of the request body, on a pg pool of the same size. */
async function startBare(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  // As the service's pools: a connection the server ends (the database dropped at the end) must not end the process.
  pool.on('error', () => {});
  await pool.query(
    'CREATE TABLE bench_insert (id uuid PRIMARY KEY, seat text NOT NULL, body jsonb NOT NULL, ' +
      'received_at timestamptz NOT NULL DEFAULT now())',
  );
  const bareApp = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  bareApp.post('/bare/:id/orders', async (request) => {
    const id = randomUUID();
    await pool.query('INSERT INTO bench_insert (id, seat, body) VALUES ($1, $2, $3)', [
      id,
      (request.params as { id: string }).id,
      JSON.stringify(request.body),
    ]);
    return { orderId: id };
  });
  const address = await bareApp.listen({ port: 0, host: '127.0.0.1' });
  return { bareApp, pool, address };
}

async function main(): Promise<void> {
  const database = await benchDatabase();
  const service = await startService(database.url);
  const targets = await createTargets(service.app);
  const bare = await startBare(database.url);
  const roundTripsBefore = statementCounts().total;
  const statementsBefore = statementsSent();
  const bareBefore = matchingCounts().bare;
  process.stdout.write(`${JSON.stringify({ service: service.address, bare: bare.address, targets })}\n`);

  let stopping = false;
  process.on('SIGTERM', async () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`group commit: ${JSON.stringify(groupCommitStats(service.sqlPool))}\n`);
    // Statements and round trips to Postgres per request: the bare route's, and the service's (all the others sent
    // after set-up, over the orders stored: each accepted submission stores an order row).
    const bareNow = matchingCounts().bare;
    const bareRequests = Number((await bare.pool.query('SELECT count(*) AS n FROM bench_insert')).rows[0].n);
    const orders =
      Number((await service.sqlPool.query('SELECT count(*) AS n FROM "Order"')).rows[0].n) - targets.length;
    const serviceTrips = statementCounts().total - roundTripsBefore - (bareNow.calls - bareBefore.calls) - 2;
    const serviceStatements = statementsSent() - statementsBefore - (bareNow.statements - bareBefore.statements) - 2;
    const per = (n: number, d: number) => +(n / Math.max(d, 1)).toFixed(2);
    const perRequest = {
      bare: { requests: bareRequests, roundTrips: per(bareNow.calls - bareBefore.calls, bareRequests) },
      service: {
        orders,
        roundTrips: per(serviceTrips, orders),
        statements: per(serviceStatements, orders),
      },
    };
    process.stderr.write(`statements per request: ${JSON.stringify(perRequest)}\n`);
    setTimeout(() => process.exit(0), 5000).unref();
    await service.app.close();
    await bare.bareApp.close();
    await bare.pool.end();
    await service.sqlPool.end();
    await service.db.$disconnect();
    await database.admin.query(`DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`);
    await database.admin.end();
    await database.embedded?.stop();
    process.exit(0);
  });
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
