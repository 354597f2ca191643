/**
 * Applies the committed migrations. Two paths:
 * - `deployMigrations` runs `prisma migrate deploy` (the WASM schema engine) and returns on its success line,
 *   because the CLI lingers ~10 s on an idle timer after finishing.
 * - `applyMigrationSql` executes the migration files directly; used to build the test template database fast.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '../..');

export function deployMigrations(databaseUrl: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/prisma/build/index.js'), 'migrate', 'deploy'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let settled = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!settled && /successfully applied|No pending migrations/i.test(output)) {
        settled = true;
        child.kill();
        done();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      if (settled) return;
      settled = true;
      if (code === 0) done();
      else fail(new Error(`prisma migrate deploy failed (${code}):\n${output}`));
    });
  });
}

/**
 * Runs every migration.sql in folder order inside one transaction; with `range`, only the folders from `from` and
 * before `before` (a test builds a database as an older version left it, then applies the newer migrations).
 */
export async function applyMigrationSql(
  databaseUrl: string,
  range: { from?: string; before?: string } = {},
): Promise<void> {
  const dir = join(root, 'prisma/migrations');
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((name) => (!range.from || name >= range.from) && (!range.before || name < range.before))
    .sort();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // a lost connection fails the statement under way, which is what is reported
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const folder of folders) await client.query(readFileSync(join(dir, folder, 'migration.sql'), 'utf8'));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}
