/**
 * Start-up: settings, database (embedded Postgres under DATA_DIR/pg when DATABASE_URL is unset), migrations, the
 * operator token, then the API and/or the workers (`--role api|worker|all`, default all). SIGINT/SIGTERM shut down
 * gracefully: HTTP first, then workers, the database pools, and the embedded Postgres last (stopped only when no
 * other process of the service uses it).
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createDb } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { deployMigrations } from '../db/migrate.ts';
import { ensureAdminToken } from '../services/auth.ts';
import { createSqlPool, type RunningWorker, type ServiceDeps } from '../services/deps.ts';
import { buildApp } from './app.ts';
import { withNotifier } from './notifier.ts';
import { startupRecovery } from './recovery.ts';
import { loadEnvFile, mailSinkWarning } from './env-file.ts';
import { createLogger } from './logger.ts';
import { workers } from './workers.ts';

/** Which parts of the service this process runs. */
export type Role = 'api' | 'worker' | 'all';

/** Reads `--role X` / `--role=X`. */
export function parseRole(argv: string[]): Role {
  const i = argv.findIndex((a) => a === '--role' || a.startsWith('--role='));
  if (i < 0) return 'all';
  const value = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  if (value === 'api' || value === 'worker' || value === 'all') return value;
  throw new ConfigError([`--role: expected api, worker or all, got "${value ?? ''}"`]);
}

/** A started service: what `stop` shuts down, in order. */
export interface RunningService {
  deps: ServiceDeps;
  url: string | null;
  stop(): Promise<void>;
}

/**
 * The embedded Postgres of DATA_DIR/pg: started here, or attached to when another process of the service already
 * runs it (src/db/embedded.ts), and supervised (restarted when its postmaster dies). Its URL is printed, so that
 * tools (psql, another process) can use it.
 */
async function embeddedDatabase(config: Config, log: Logger): Promise<EmbeddedDatabase> {
  const dir = join(config.DATA_DIR, 'pg');
  const embedded = await startEmbeddedPostgres({
    dir,
    port: config.EMBEDDED_PG_PORT,
    database: 'pbem',
    log: (m) => log.warn(m),
    supervise: log,
  });
  const { attached, pid, port } = embedded;
  const what = attached ? 'attached to the embedded Postgres already running' : 'embedded Postgres started';
  log.info({ dir, port, pid, attached }, what);
  const how = attached ? `already running (pid ${pid}), attached to` : 'started';
  const line = `Embedded Postgres ${how} (${dir}; stopped by the last process using it):`;
  process.stdout.write(`\n  ${line}\n    ${embedded.url}\n\n`);
  return embedded;
}

/**
 * Starts the service with a configuration and role. `migrate: false` skips applying the migrations (a database
 * migrated by other means, as the multi-process tests' is).
 */
export async function startService(
  config: Config,
  role: Role,
  opts: { migrate?: boolean } = {},
): Promise<RunningService> {
  const log = createLogger(config.LOG_LEVEL);
  const embedded = config.DATABASE_URL ? undefined : await embeddedDatabase(config, log);
  const databaseUrl = config.DATABASE_URL ?? (embedded as EmbeddedDatabase).url;
  // What is running, to stop in reverse order (also when the start fails half-way).
  const started: (() => Promise<unknown>)[] = [async () => embedded?.stop()];
  const stopAll = async () => {
    // A deliberate stop: the embedded server dying from now on is not restarted by this process.
    embedded?.unsupervise();
    for (const stop of started.reverse()) await stop();
  };
  try {
    if (opts.migrate !== false) {
      await deployMigrations(databaseUrl);
      log.info('migrations applied');
    }
    const db = createDb(databaseUrl, { max: config.DATABASE_POOL_MAX, log });
    started.push(() => db.$disconnect());
    // Beside Prisma, a plain pg pool for the hot paths written in SQL (authentication, order submission).
    const pool = createSqlPool(databaseUrl, { max: config.DATABASE_POOL_MAX, log });
    started.push(() => pool.end());
    // The URL actually used (embedded or configured) is what the jobs worker's queue connects to.
    const deps = withNotifier({
      db,
      pool,
      log,
      config: { ...config, DATABASE_URL: databaseUrl },
      clock: () => new Date(),
    });

    const adminToken = await ensureAdminToken(deps);
    if (adminToken) {
      // Printed once, at first start: only its hash is stored.
      process.stdout.write(`\n  Operator token (ADMIN_TOKEN), shown once; store it now:\n\n    ${adminToken}\n\n`);
    }
    if (role !== 'api') {
      for (const w of workers) {
        const running: RunningWorker = await w.start(deps);
        started.push(() => running.stop());
        log.info({ worker: w.name }, 'worker started');
      }
    }
    // What a process that died left half done (a step never resolved, a mail never answered) is finished now; the
    // worker role's recovery worker does this at its start and then periodically.
    const recovering = role === 'api' ? startupRecovery(deps) : Promise.resolve();
    started.push(() => recovering);
    const app = role !== 'worker' ? await buildApp({ deps }) : null;
    if (app) started.push(() => app.close());
    const url = app ? await app.listen({ port: config.PORT, host: config.HOST }) : null;
    return { deps, url, stop: stopAll };
  } catch (error) {
    await stopAll().catch(() => {});
    throw error;
  }
}

/** A start-up failure in words an operator can act on (a port taken by another process), or null. */
export function explainStartError(error: unknown, config: Config): string | null {
  const e = error as { code?: unknown; port?: unknown } | null;
  if (e?.code !== 'EADDRINUSE') return null;
  if (e.port === config.INBOUND_SMTP_PORT) {
    return (
      `INBOUND_SMTP_PORT ${config.INBOUND_SMTP_PORT} is in use (by another worker process of this service?). ` +
      'One process runs the SMTP order listener: start the others with INBOUND_SMTP_PORT=0, ' +
      'or run `npm run start:api` beside one worker.'
    );
  }
  if (e.port === config.PORT) {
    return `PORT ${config.PORT} is in use (by another API process of this service?): give each API process a PORT.`;
  }
  return `port ${String(e.port)} is in use by another process.`;
}

async function main(): Promise<void> {
  let config: Config;
  let role: Role;
  let envFile: string | null;
  try {
    envFile = loadEnvFile();
    config = loadConfig();
    role = parseRole(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let service: RunningService;
  try {
    service = await startService(config, role);
  } catch (error) {
    const explained = explainStartError(error, config);
    if (!explained) throw error;
    process.stderr.write(`start-up failed: ${explained}\n`);
    process.exit(1);
  }
  const sinkWarning = role === 'api' ? null : mailSinkWarning(config);
  if (sinkWarning) {
    service.deps.log.warn(sinkWarning);
    process.stderr.write(`\nWARNING: ${sinkWarning}\n\n`);
  }
  service.deps.log.info({ role, url: service.url, envFile }, 'service started');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.deps.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await service.stop();
      process.exit(0);
    } catch (error) {
      service.deps.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    process.stderr.write(
      `start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
