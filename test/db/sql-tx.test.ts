/**
 * The pg-backed SqlTx gives the same rows as Prisma's raw queries (the resolution path runs on either), and its
 * transactions commit on return and roll back on a throw.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inPgTransaction, pgSqlTx, type SqlTx, write } from '../../src/db/sql-tx.ts';
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

/** Runs `fn` on a pool client in a transaction that holds writes, counting the queries sent to Postgres. */
async function counted<T>(fn: (tx: ReturnType<typeof pgSqlTx>) => Promise<T>): Promise<{ result: T; trips: number }> {
  const client = await pool.connect();
  const query = client.query.bind(client);
  let trips = 0;
  client.query = ((...args: Parameters<typeof query>) => {
    trips++;
    return query(...args);
  }) as typeof client.query;
  try {
    await query('BEGIN');
    const tx = pgSqlTx(client, { deferWrites: true });
    const result = await fn(tx);
    await tx.commit();
    return { result, trips };
  } catch (error) {
    await query('ROLLBACK');
    throw error;
  } finally {
    client.query = query as typeof client.query;
    client.release();
  }
}

it('held writes go, in order, with the next statement or the COMMIT: one round trip each', async () => {
  const odd = `it's a \\ back'slash, "quoted", ç 日本`;
  const { result, trips } = await counted(async (tx) => {
    await write(
      tx,
      `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, $2, $3::timestamp(3))`,
      'held-1',
      odd,
      new Date(),
    );
    await write(tx, `UPDATE "Setting" SET value = value || $2 WHERE key = $1`, 'held-1', '+');
    // The read sees both writes, sent with it.
    const rows = await tx.$queryRawUnsafe<{ value: string; n: number }[]>(
      `SELECT value, cardinality($2::text[]) AS n FROM "Setting" WHERE key = $1`,
      'held-1',
      ['a"b', 'c\\d', "e'f"],
    );
    await write(tx, `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, $2, now())`, 'held-2', 'last');
    return rows;
  });
  expect(result).toEqual([{ value: `${odd}+`, n: 3 }]);
  expect(trips).toBe(2); // the read with its two writes; the last write with the COMMIT
  expect((await t.db.setting.findUnique({ where: { key: 'held-2' } }))?.value).toBe('last');
  // An array of texts as a held write's parameter arrives as it was.
  await counted((tx) =>
    write(
      tx,
      `INSERT INTO "Setting" (key, value, "updatedAt") SELECT $1, array_to_string($2::text[], '|'), now()`,
      'held-3',
      ['a"b', 'c\\d', "e'f", 'ç'],
    ),
  );
  expect((await t.db.setting.findUnique({ where: { key: 'held-3' } }))?.value).toBe(`a"b|c\\d|e'f|ç`);
});

it('a held write that fails fails the transaction at its next statement; nothing of it stays', async () => {
  const insert = `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, $2, now())`;
  await expect(
    counted(async (tx) => {
      await write(tx, insert, 'held-dup', 'first');
      await write(tx, insert, 'held-dup', 'again'); // a duplicate key
      await tx.$queryRawUnsafe('SELECT 1');
    }),
  ).rejects.toThrow(/duplicate key/);
  expect(await t.db.setting.findUnique({ where: { key: 'held-dup' } })).toBeNull();
  // The connections go on holding writes (their prepared statements are read again after the failure).
  for (let i = 0; i < 3; i++) await counted((tx) => write(tx, insert, `held-after-${i}`, 'ok'));
  expect(await t.db.setting.count({ where: { key: { startsWith: 'held-after-' } } })).toBe(3);
});

/** Runs `fn` in `inPgTransaction` with held writes, counting the queries its pool client sends to Postgres. */
async function countedTransaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<{ result: T; trips: number }> {
  const connect = pool.connect.bind(pool);
  let trips = 0;
  const counting = (async () => {
    const client = await connect();
    const query = client.query.bind(client);
    const release = client.release.bind(client);
    client.query = ((...args: Parameters<typeof query>) => {
      trips++;
      return query(...args);
    }) as typeof client.query;
    client.release = ((error?: Error | boolean) => {
      client.query = query as typeof client.query;
      client.release = release;
      release(error);
    }) as typeof client.release;
    return client;
  }) as unknown as typeof pool.connect;
  pool.connect = counting;
  try {
    return { result: await inPgTransaction(pool, fn, { deferWrites: true, timeoutMs: 10_000 }), trips };
  } finally {
    pool.connect = connect;
  }
}

it('a transaction that holds writes sends its BEGIN with its first statements, and nothing when it has none', async () => {
  const insert = `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, $2, now())`;
  const { result, trips } = await countedTransaction(async (tx) => {
    await write(tx, insert, 'opening-1', 'a');
    const rows = await tx.$queryRawUnsafe<{ value: string; timeout: string }[]>(
      `SELECT value, current_setting('statement_timeout') AS timeout FROM "Setting" WHERE key = $1`,
      'opening-1',
    );
    await write(tx, insert, 'opening-2', 'b');
    return rows;
  });
  // BEGIN and its settings, the write and the read; the last write with the COMMIT.
  expect(trips).toBe(2);
  expect(result).toEqual([{ value: 'a', timeout: '10s' }]);
  expect(await t.db.setting.count({ where: { key: { in: ['opening-1', 'opening-2'] } } })).toBe(2);

  expect((await countedTransaction(async () => 'nothing')).trips).toBe(0);
  // Writes alone: BEGIN, the writes and COMMIT in one round trip.
  expect((await countedTransaction((tx) => write(tx, insert, 'opening-3', 'c'))).trips).toBe(1);
  expect((await t.db.setting.findUnique({ where: { key: 'opening-3' } }))?.value).toBe('c');
});

it('a transaction whose first round trip fails keeps nothing, and its connection serves the next one', async () => {
  const insert = `INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, $2, now())`;
  await expect(
    countedTransaction(async (tx) => {
      await write(tx, insert, 'opening-fail', 'x');
      await tx.$queryRawUnsafe('SELECT 1 / 0');
    }),
  ).rejects.toThrow(/division by zero/);
  expect(await t.db.setting.findUnique({ where: { key: 'opening-fail' } })).toBeNull();
  for (let i = 0; i < 3; i++) await countedTransaction((tx) => write(tx, insert, `opening-after-${i}`, 'ok'));
  expect(await t.db.setting.count({ where: { key: { startsWith: 'opening-after-' } } })).toBe(3);
  // No transaction is left open on the pool's connections.
  const open = await pool.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
  );
  expect(open.rows[0].n).toBe(0);
});
