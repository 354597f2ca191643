/**
 * Prisma CLI configuration: the JS (WASM) schema engine over @prisma/adapter-pg, so that generate and migrations
 * run without downloading native engines. Must not import the generated client (it loads before generate).
 */
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { defineConfig } from 'prisma/config';
import { CatalogSafeClient } from './src/db/pg-client.ts';

// The 6.x CLI reads env("DATABASE_URL") from the schema and tries to download an engine when it is unset.
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';

const poolConfig = (connectionString: string): pg.PoolConfig => ({
  connectionString,
  Client: CatalogSafeClient as unknown as typeof pg.Client,
  allowExitOnIdle: true,
});

/** PrismaPg whose shadow database is a fresh database that is closed and then dropped on dispose. */
class ShadowSafePrismaPg extends PrismaPg {
  constructor(private readonly url: string) {
    super(poolConfig(url));
  }

  override async connectToShadowDb() {
    const name = `prisma_shadow_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: this.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const shadowUrl = new URL(this.url);
    shadowUrl.pathname = `/${name}`;
    const adapter = await new PrismaPg(poolConfig(shadowUrl.toString())).connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      const dropper = new pg.Client({ connectionString: this.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    };
    return adapter;
  }
}

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  engine: 'js',
  experimental: { adapter: true },
  adapter: async () => new ShadowSafePrismaPg(process.env.DATABASE_URL as string),
});
