/** The Prisma client over node-postgres (no native engine), with the catalog-type fix of pg-client.ts. */
import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import type { Logger } from 'pino';
import { PrismaClient } from '../generated/prisma/client.ts';
import { throttledReporter } from './faults.ts';
import { CatalogSafeClient } from './pg-client.ts';

export type Db = PrismaClient;

/** A Prisma transaction client (what `db.$transaction(async (tx) => ...)` passes). */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * A Prisma client on its own pg pool. A connection the server drops (restart, crash) is reported to `log` and
 * never ends the process: the adapter listens on its pool and transaction connections, and every client of the
 * pool listens on itself (CatalogSafeClient).
 */
export function createDb(databaseUrl: string, opts: { max?: number; log?: Logger } = {}): Db {
  const report = throttledReporter(opts.log);
  const adapter = new PrismaPg(
    { connectionString: databaseUrl, max: opts.max ?? 10, Client: CatalogSafeClient as unknown as typeof pg.Client },
    {
      onPoolError: (error) => report?.(error, 'idle database connection lost (Prisma)'),
      onConnectionError: (error) => report?.(error, 'database connection lost (Prisma transaction)'),
    },
  );
  return new PrismaClient({ adapter });
}
