/**
 * The two ways migrations reach a database agree: `prisma migrate deploy` (what `npm start` runs, with Prisma's own
 * statement splitter) and `applyMigrationSql` (what builds the tests' template). Every migration file must go through
 * both and leave the same tables, columns, indexes and constraints.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { applyMigrationSql, deployMigrations } from '../../src/db/migrate.ts';
import { admin } from '../support/db.ts';

const created: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `pbem_migrate_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  created.push(name);
  const url = new URL(inject('dbServerUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** The public schema as text: columns, indexes and constraints, sorted. */
async function schemaOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query(
      `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
         || coalesce(column_default, '') AS x
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    );
    const indexes = await client.query(
      `SELECT indexdef AS x FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    );
    const constraints = await client.query(
      `SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS x
       FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'`,
    );
    return [...columns.rows, ...indexes.rows, ...constraints.rows].map((r: { x: string }) => r.x).sort();
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const name of created) await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

it('prisma migrate deploy and the direct SQL path build the same schema from every migration', async () => {
  const deployed = await emptyDatabase();
  const direct = await emptyDatabase();
  await deployMigrations(deployed);
  await applyMigrationSql(direct);
  const [a, b] = [await schemaOf(deployed), await schemaOf(direct)];
  expect(a.some((x) => x.startsWith('Order.revision integer NO'))).toBe(true);
  expect(a).toEqual(b);
}, 60_000);
