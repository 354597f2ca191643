/**
 * Start-up: settings, database (embedded Postgres under DATA_DIR/pg when DATABASE_URL is unset), migrations, the
 * operator token, then the API and/or the workers (`--role api|worker|all`, default all). SIGINT/SIGTERM shut down
 * gracefully: HTTP first, then workers, the database pool, and the embedded Postgres last.
 */
import { join } from 'node:path';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createDb } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { deployMigrations } from '../db/migrate.ts';
import { ensureAdminToken } from '../services/auth.ts';
import { createSqlPool, type ServiceDeps } from '../services/deps.ts';
import { buildApp } from './app.ts';
import { startupRecovery } from './recovery.ts';
import { workers, type RunningWorker } from './workers.ts';

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
 * Starts the service with a configuration and role. `migrate: false` skips applying the migrations (a database
 * migrated by other means, as the multi-process tests' is).
 */
export async function startService(
  config: Config,
  role: Role,
  opts: { migrate?: boolean } = {},
): Promise<RunningService> {
  const log = pino({ level: config.LOG_LEVEL });
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dir = join(config.DATA_DIR, 'pg');
    log.info({ dir, port: config.EMBEDDED_PG_PORT }, 'no DATABASE_URL: starting the embedded Postgres');
    embedded = await startEmbeddedPostgres({ dir, port: config.EMBEDDED_PG_PORT, database: 'pbem', log: (m) => log.warn(m) });
    databaseUrl = embedded.url;
  }
  if (opts.migrate !== false) {
    await deployMigrations(databaseUrl);
    log.info('migrations applied');
  }
  const db = createDb(databaseUrl, { max: config.DATABASE_POOL_MAX });
  // Beside Prisma, a plain pg pool for the hot paths written in SQL (authentication, order submission).
  const pool = createSqlPool(databaseUrl, { max: config.DATABASE_POOL_MAX, log });
  // The URL actually used (embedded or configured) is what the jobs worker's queue connects to.
  const deps: ServiceDeps = { db, pool, log, config: { ...config, DATABASE_URL: databaseUrl }, clock: () => new Date() };

  const adminToken = await ensureAdminToken(deps);
  if (adminToken) {
    // Printed once, at first start: only its hash is stored.
    process.stdout.write(`\n  Operator token (ADMIN_TOKEN), shown once; store it now:\n\n    ${adminToken}\n\n`);
  }

  const running: RunningWorker[] = [];
  if (role !== 'api') {
    for (const w of workers) {
      running.push(await w.start(deps));
      log.info({ worker: w.name }, 'worker started');
    }
  }
  // What a process that died left half done (a step never resolved, a mail never answered) is finished now; the
  // worker role's recovery worker does this at its start and then periodically.
  const recovering = role === 'api' ? startupRecovery(deps) : Promise.resolve();
  let url: string | null = null;
  const app = role !== 'worker' ? await buildApp({ deps }) : null;
  if (app) url = await app.listen({ port: config.PORT, host: config.HOST });

  return {
    deps,
    url,
    async stop() {
      await app?.close();
      await recovering;
      for (const w of running.reverse()) await w.stop();
      await pool.end();
      await db.$disconnect();
      await embedded?.stop();
    },
  };
}

async function main(): Promise<void> {
  let config: Config;
  let role: Role;
  try {
    config = loadConfig();
    role = parseRole(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const service = await startService(config, role);
  service.deps.log.info({ role, url: service.url }, 'service started');
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
    process.stderr.write(`start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
