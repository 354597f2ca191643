/**
 * Raw-SQL transactions on node-postgres, for the paths that run many statements per transaction (a step's
 * resolution writes 15): Prisma's client adds about 0.3 ms of CPU per statement on top of pg, which on a deadline
 * storm is half the worker's work. `SqlTx` is the raw-SQL part of a Prisma transaction client, so the code that
 * takes one runs unchanged in a Prisma transaction (tools and tests without a pool) and on a pg client.
 *
 * Results are shaped as Prisma's raw queries shape them: `timestamp` columns (this schema's DateTime, in UTC) as
 * Dates, int8 as BigInt, json and jsonb parsed. Date parameters are sent as UTC ISO text.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** The raw-SQL methods of a Prisma transaction client (`$queryRaw` and friends), which a pg client also offers here. */
export interface SqlTx {
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): Promise<T>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

const TIMESTAMP_OID = 1114;
const INT8_OID = 20;

/** `timestamp(3)` text ("2030-01-01 00:00:01.5") as the UTC instant it holds. */
const utcTimestamp = (text: string): Date => new Date(`${text.replace(' ', 'T')}Z`);

/** Parsers of the two types where pg's defaults differ from Prisma's raw results. */
const prismaLikeTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === TIMESTAMP_OID) return utcTimestamp;
    if (oid === INT8_OID) return (text: string) => BigInt(text);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/** Dates as UTC ISO text: pg would send local time, and `::timestamp` drops the zone. */
const param = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v);

/** `strings` joined with $1..$n placeholders, as Prisma's tagged `$queryRaw` does. */
function placeholders(strings: TemplateStringsArray): string {
  return strings.reduce((text, part, i) => (i === 0 ? part : `${text}$${i}${part}`), '');
}

/** The quoted column list of a Prisma `select` object (no field of this schema is mapped to another column name). */
export const columnsOf = (select: Record<string, boolean>): string =>
  Object.keys(select)
    .map((c) => `"${c}"`)
    .join(', ');

/**
 * The prepared-statement name of a statement text: each connection then parses and plans it once, not on every
 * execution (most of Postgres's work for the small statements of a resolution). Names come from the text's hash,
 * so that a name always means one text; texts beyond the first `MAX_NAMED` (e.g. multi-row inserts of unusual
 * sizes) run unnamed, which keeps each connection's prepared statements bounded.
 */
const MAX_NAMED = 1000;
const names = new Map<string, string>();
function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED) return known;
  const name = `sqltx_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/** A SqlTx over one pg client (inside a transaction begun by the caller). */
export function pgSqlTx(client: pg.PoolClient): SqlTx {
  const run = (text: string, values: unknown[]) =>
    client.query({ name: statementName(text), text, values: values.map(param), types: prismaLikeTypes });
  return {
    $queryRaw: async <T>(strings: TemplateStringsArray, ...values: unknown[]) =>
      (await run(placeholders(strings), values)).rows as T,
    $queryRawUnsafe: async <T>(text: string, ...values: unknown[]) => (await run(text, values)).rows as T,
    $executeRaw: async (strings: TemplateStringsArray, ...values: unknown[]) =>
      (await run(placeholders(strings), values)).rowCount ?? 0,
    $executeRawUnsafe: async (text: string, ...values: unknown[]) => (await run(text, values)).rowCount ?? 0,
  };
}

/**
 * Rolls back the client's open transaction. Returns the error when the ROLLBACK itself fails: the connection is then
 * unusable, and `client.release(error)` destroys it rather than return it to the pool.
 */
export async function rollBack(client: pg.PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Runs `fn` in one transaction on a client of `pool`: COMMIT when it returns, ROLLBACK when it throws. A client
 * whose ROLLBACK fails is destroyed rather than returned to the pool. `timeoutMs` bounds each statement (lock waits
 * included) and each pause of the caller inside the transaction, as Prisma's transaction timeout would: a stalled
 * transaction does not keep its locks.
 */
export async function inPgTransaction<T>(
  pool: pg.Pool,
  fn: (tx: SqlTx) => Promise<T>,
  opts: { timeoutMs?: number } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const ms = Math.round(opts.timeoutMs ?? 0);
  try {
    await client.query(
      ms > 0
        ? `BEGIN; SET LOCAL statement_timeout = ${ms}; SET LOCAL idle_in_transaction_session_timeout = ${ms}`
        : 'BEGIN',
    );
    const result = await fn(pgSqlTx(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = await rollBack(client);
    throw error;
  } finally {
    client.release(broken);
  }
}
