/**
 * The `.env` of `.env.example` is read at start-up (variables already set win), and a production process with no
 * SMTP_URL says loudly that its mail reaches nobody: unit checks, then the real service started in a folder with
 * a `.env`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { loadEnvFile, mailSinkWarning } from '../../src/server/env-file.ts';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { admin } from '../support/db.ts';
import { spawnService, stopService } from '../support/service-process.ts';

const folder = mkdtempSync(join(tmpdir(), 'pbem-env-'));
// An empty database: the service applies its migrations at start, as on a first deployment.
const databaseName = `pbem_env_${randomBytes(6).toString('hex')}`;
const databaseUrl = () => Object.assign(new URL(inject('dbServerUrl')), { pathname: `/${databaseName}` }).href;

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE "${databaseName}"`));
});

afterAll(async () => {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  rmSync(folder, { recursive: true, force: true });
});

it('fills unset variables from .env and leaves set ones alone', () => {
  const dir = mkdtempSync(join(folder, 'unit-'));
  writeFileSync(join(dir, '.env'), 'PBEM_TEST_FROM_FILE=file\nPBEM_TEST_BOTH=file\n# a comment\n');
  process.env.PBEM_TEST_BOTH = 'environment';
  try {
    expect(loadEnvFile({}, dir)).toBe(join(dir, '.env'));
    expect(process.env.PBEM_TEST_FROM_FILE).toBe('file');
    expect(process.env.PBEM_TEST_BOTH).toBe('environment');
  } finally {
    delete process.env.PBEM_TEST_FROM_FILE;
    delete process.env.PBEM_TEST_BOTH;
  }
});

it('needs no .env, refuses a missing ENV_FILE, and reads none when ENV_FILE is empty', () => {
  const dir = mkdtempSync(join(folder, 'none-'));
  expect(loadEnvFile({}, dir)).toBeNull();
  expect(() => loadEnvFile({ ENV_FILE: 'settings.env' }, dir)).toThrow(ConfigError);
  writeFileSync(join(dir, '.env'), 'PBEM_TEST_IGNORED=yes\n');
  expect(loadEnvFile({ ENV_FILE: '' }, dir)).toBeNull();
  expect(process.env.PBEM_TEST_IGNORED).toBeUndefined();
});

it('warns only in production without SMTP_URL', () => {
  const sink = { MAIL_SINK_DIR: './data/mail' };
  expect(mailSinkWarning({ NODE_ENV: 'production', ...sink })).toMatch(/reaches nobody/);
  expect(mailSinkWarning({ NODE_ENV: 'production', SMTP_URL: 'smtp://mx.example.org', ...sink })).toBeNull();
  expect(mailSinkWarning({ NODE_ENV: 'development', ...sink })).toBeNull();
});

it('a real process reads its .env, and warns on stderr that production mail goes to files', async () => {
  const dir = mkdtempSync(join(folder, 'service-'));
  const token = 'env-file-admin-token-0123456789abcdef';
  writeFileSync(
    join(dir, '.env'),
    [`ADMIN_TOKEN=${token}`, `DATA_DIR=${dir}/data`, `MAIL_SINK_DIR=${dir}/mail`, ''].join('\n'),
  );
  // The environment still wins: PORT=0 from it, not 3999 from the file.
  writeFileSync(join(dir, '.env'), 'PORT=3999\n', { flag: 'a' });
  const service = spawnService(
    'all',
    { DATABASE_URL: databaseUrl(), PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', ENV_FILE: '.env' },
    { cwd: dir },
  );
  try {
    const url = (await service.started) as string;
    expect(url).not.toMatch(/:3999$/);
    const started = service
      .output()
      .stdout.split('\n')
      .find((l) => l.includes('"service started"'));
    expect(JSON.parse(started ?? '{}').envFile).toBe(join(dir, '.env'));
    // Written before the "service started" line, but through another pipe: it may be read a moment later.
    await expect
      .poll(() => service.output().stderr, { timeout: 5_000 })
      .toContain('WARNING: NODE_ENV=production without SMTP_URL');
    // ADMIN_TOKEN came from the file: the operator route accepts it.
    const res = await fetch(`${url}/api/games`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).not.toBe(401);
  } finally {
    const code = await stopService(service);
    expect(code, service.output().stderr).toBe(0);
  }
}, 60_000);
