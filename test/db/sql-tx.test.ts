/**
 * The pg-backed SqlTx gives the same rows as Prisma's raw queries (the resolution path runs on either), and its
 * transactions commit on return and roll back on a throw.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inPgTransaction, pgSqlTx } from '../../src/db/sql-tx.ts';
import { createSqlPool } from '../../src/services/deps.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

// A zone other than UTC: pg's own timestamp handling (local time) would shift every instant here.
process.env.TZ = 'Asia/Tokyo';

let t: TestDatabase;
let pool: ReturnType<typeof createSqlPool>;
beforeAll(async () => {
  t = await createTestDatabase();
  pool = createSqlPool(t.url, { max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await t?.drop();
});

// Every type the services read back: timestamp(3) in UTC, int8, jsonb, text[] and int[], an enum, null.
const PROBE = `SELECT $1::timestamp(3) AS at, 9007199254740993::int8 AS big, $2::jsonb AS doc,
  ARRAY['a', 'b']::text[] AS list, ARRAY[48, 6]::int[] AS hours, 'open'::"StepStatus" AS status,
  NULL::text AS nothing, 2 AS n`;

it('returns the same values as a Prisma transaction for every column type the services read', async () => {
  const at = new Date('2030-01-02T03:04:05.678Z');
  const doc = { b: [1, { c: 'ç' }], a: null };
  const viaPrisma = await t.db.$transaction((tx) =>
    tx.$queryRawUnsafe<Record<string, unknown>[]>(PROBE, at, JSON.stringify(doc)),
  );
  const viaPg = await inPgTransaction(pool, (tx) =>
    tx.$queryRawUnsafe<Record<string, unknown>[]>(PROBE, at, JSON.stringify(doc)),
  );
  expect(viaPg).toEqual(viaPrisma);
  expect(viaPg[0].at).toEqual(at);
  expect(viaPg[0].big).toBe(9007199254740993n);
  expect(viaPg[0].doc).toEqual(doc);
});

it('tagged $queryRaw numbers its parameters; $executeRaw counts the rows', async () => {
  await inPgTransaction(pool, async (tx) => {
    const key = 'tagged';
    expect(await tx.$executeRaw`INSERT INTO "Setting" (key, value, "updatedAt") VALUES (${key}, ${'v1'}, now())`).toBe(
      1,
    );
    const rows = await tx.$queryRaw<
      { value: string }[]
    >`SELECT value FROM "Setting" WHERE key = ${key} AND value <> ${'other'}`;
    expect(rows).toEqual([{ value: 'v1' }]);
  });
  expect(await t.db.setting.findUnique({ where: { key: 'tagged' } })).toMatchObject({ value: 'v1' });
});

it('rolls back everything when the function throws, and the connection stays usable', async () => {
  await expect(
    inPgTransaction(pool, async (tx) => {
      await tx.$executeRawUnsafe(
        `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, $2, now())`,
        'rolled-back',
        'x',
      );
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(await t.db.setting.findUnique({ where: { key: 'rolled-back' } })).toBeNull();
  // A failed statement aborts the transaction; the rollback still returns a clean connection.
  await expect(inPgTransaction(pool, (tx) => tx.$queryRawUnsafe('SELECT 1/0'))).rejects.toThrow(/division by zero/);
  const client = await pool.connect();
  try {
    expect((await pgSqlTx(client).$queryRawUnsafe<{ ok: number }[]>('SELECT 1 AS ok'))[0].ok).toBe(1);
  } finally {
    client.release();
  }
});

it('prepares each statement text once per connection and reuses it', async () => {
  const client = await pool.connect();
  try {
    const tx = pgSqlTx(client);
    for (const n of [1, 2, 3])
      expect(await tx.$queryRawUnsafe<{ n: number }[]>('SELECT $1::int AS n', n)).toEqual([{ n }]);
    const prepared = await tx.$queryRawUnsafe<{ statement: string }[]>(
      `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'sqltx_%'`,
    );
    expect(prepared.filter((p) => p.statement === 'SELECT $1::int AS n')).toHaveLength(1);
  } finally {
    client.release();
  }
});

it('a timeout ends a statement that waits too long, and the transaction rolls back', async () => {
  const holder = await pool.connect();
  try {
    await holder.query('BEGIN; LOCK TABLE "Setting" IN ACCESS EXCLUSIVE MODE');
    const started = Date.now();
    await expect(
      inPgTransaction(pool, (tx) => tx.$queryRawUnsafe('SELECT count(*) FROM "Setting"'), { timeoutMs: 300 }),
    ).rejects.toThrow(/statement timeout/);
    expect(Date.now() - started).toBeLessThan(5000);
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
});
