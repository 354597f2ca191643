/**
 * Runs once before the suite: finds a Postgres server (TEST_DATABASE_URL, else DATABASE_URL, else an embedded
 * Postgres started for the run under ./data/test-pg), builds a template database with every migration applied,
 * and hands both to the test files (test/support/db.ts clones the template once per test file).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.ts';
import { applyMigrationSql } from '../../src/db/migrate.ts';
import { freePort } from './service-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbServerUrl: string;
    dbTemplate: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

function migrationsHash(): string {
  const dir = join(root, 'prisma/migrations');
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort()) {
    if (f.endsWith('.toml')) continue;
    hash.update(f).update(readFileSync(join(dir, f, 'migration.sql')));
  }
  return hash.digest('hex').slice(0, 12);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let runDir: string | undefined;
  if (!serverUrl) {
    // A cluster of this run's own (directory and port), so that concurrent runs never stop each other's server.
    runDir = join(root, `data/test-pg-${process.pid}`);
    const port = await freePort();
    // A throwaway cluster: commits need not reach the disk (each fsync costs milliseconds on a VM, and the suite
    // commits tens of thousands of times). The tests that kill a postmaster and count what it kept run clusters of
    // their own, with the service's settings.
    const settings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
    embedded = await startEmbeddedPostgres({ dir: runDir, port, database: 'postgres', detached: false, settings });
    serverUrl = embedded.url;
  }
  const template = `pbem_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
  if (exists.rowCount === 0) {
    const building = `${template}_building_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    await applyMigrationSql(url.toString());
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`).catch(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`); // another run won the race
    });
  }
  await admin.end();
  project.provide('dbServerUrl', serverUrl);
  project.provide('dbTemplate', template);
  return async () => {
    await embedded?.stop();
    if (runDir) for (const d of [runDir, `${runDir}.run`]) rmSync(d, { recursive: true, force: true });
  };
}
