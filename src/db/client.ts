/** The Prisma client over node-postgres (no native engine), with the catalog-type fix of pg-client.ts. */
import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { CatalogSafeClient } from './pg-client.ts';

export type Db = PrismaClient;

export function createDb(databaseUrl: string, opts: { max?: number } = {}): Db {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: opts.max ?? 10,
    Client: CatalogSafeClient as unknown as typeof pg.Client,
  });
  return new PrismaClient({ adapter });
}
