/**
 * The migration that records rules versions (prisma/migrations/20270101000000_rules_versions), applied to a database
 * as the version before it left it: the game and its resolved steps are recorded as version "1" (the rules every
 * package declared when versions began to be recorded), the open step has none until it resolves, and the turn
 * processor then resolves the game under version "1" with the shipped toy package.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { createDb, type Db } from '../../src/db/client.ts';
import { applyMigrationSql } from '../../src/db/migrate.ts';
import { withNotifier } from '../../src/server/notifier.ts';
import { resolveIfReady } from '../../src/services/turn-processor.ts';
import { admin } from '../support/db.ts';

const MIGRATION = '20270101000000_rules_versions';
const name = `pbem_migrate_${randomBytes(6).toString('hex')}`;
const url = (() => {
  const u = new URL(inject('dbServerUrl'));
  u.pathname = `/${name}`;
  return u.toString();
})();
let db: Db;

const envelope = (step: number) =>
  JSON.stringify({
    game: 'toy',
    mode: 'mail',
    step,
    diceKey: 'k',
    state: { step, rounds: 2, score: { a: 0, b: 0 }, notes: {} },
  });

async function insertOldRows(c: pg.Client): Promise<void> {
  await c.query(
    `INSERT INTO "Game" (id, name, game, mode, options, "seedSecret", "seedCommitment", "moderatorTokenHash",
       "currentStep", "updatedAt") VALUES ('g-old', 'Old', 'toy', 'mail', '{"rounds":2}', 's', 'c', 'h', 1, now())`,
  );
  await c.query(
    `INSERT INTO "Step" (id, "gameId", number, status, envelope, owed, "resolvedAt", "publishedAt")
     VALUES ('st-0', 'g-old', 0, 'published', $1, '[]', now(), now()), ('st-1', 'g-old', 1, 'open', $2, '[]', NULL, NULL)`,
    [envelope(0), envelope(1)],
  );
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  await applyMigrationSql(url, { before: MIGRATION });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await insertOldRows(c);
  } finally {
    await c.end();
  }
  await applyMigrationSql(url, { from: MIGRATION });
  db = createDb(url, { max: 4 });
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

it('records the existing game and its resolved steps as version "1"; the open step has none yet', async () => {
  expect((await db.game.findUniqueOrThrow({ where: { id: 'g-old' } })).rulesVersion).toBe('1');
  const steps = await db.step.findMany({ where: { gameId: 'g-old' }, orderBy: { number: 'asc' } });
  expect(steps.map((s) => [s.number, s.rulesVersion])).toEqual([
    [0, '1'],
    [1, null],
  ]);
});

it('the turn processor resolves the migrated game under version "1"', async () => {
  const deps = withNotifier({
    db,
    log: pino({ level: 'silent' }),
    config: testConfig({ DATABASE_URL: url, ADMIN_TOKEN: 'x'.repeat(32) }),
    clock: () => new Date(),
  });
  // Step 1 of a two-round toy game owes a pick of "a"; the game has no seats here: nothing is owed when the state
  // says the game is over, so mark it over to resolve without orders.
  const over = JSON.stringify({
    ...JSON.parse(envelope(1)),
    state: { step: 1, rounds: 1, score: { a: 0, b: 0 }, notes: {} },
  });
  await db.$executeRawUnsafe(`UPDATE "Step" SET envelope = $1::jsonb WHERE id = 'st-1'`, over);
  const result = await resolveIfReady(deps, 'g-old');
  expect(result).toMatchObject({ resolved: true, step: 1 });
  expect((await db.step.findUniqueOrThrow({ where: { id: 'st-1' } })).rulesVersion).toBe('1');
});
