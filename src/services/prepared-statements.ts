/**
 * The statements of the order submission path (src/services/order-store.ts) and how they run: on the deps' pg pool,
 * each connection prepares every statement once, and a transaction's statements go to Postgres in one round trip;
 * without a pool (tools that build deps with Prisma only) the same statements run in a Prisma transaction.
 */
import type pg from 'pg';
import { arrayText, prismaLikeTypes, rollBack } from '../db/sql-tx.ts';
import type { ServiceDeps, Tx } from './deps.ts';

/**
 * A statement of the submission path: `text` with $1..$n parameters of the listed types. On the pg pool each
 * connection prepares every statement once (PREPARE), and the statements of a transaction go to Postgres in one
 * round trip as `BEGIN; EXECUTE name(literals); ...; COMMIT` (simple protocol; each statement still takes its own
 * snapshot). Parameters are sent as escaped literals (see `literal`).
 */
export interface Statement {
  name: string;
  types: string[];
  text: string;
}

const statements: Statement[] = [];

/** Declares a statement (at module load): every connection prepares it before its first transaction here. */
export function statement(name: string, types: string[], text: string): Statement {
  const s = { name, types, text };
  statements.push(s);
  return s;
}

/** Runs the statements of one transaction. */
export interface SqlRunner {
  /**
   * Runs statements in order and returns the rows of each; with `commit` the transaction ends with them (on the
   * pool: BEGIN, the statements and COMMIT in one round trip).
   */
  batch(items: [Statement, unknown[]][], opts?: { commit?: boolean }): Promise<unknown[][]>;
  /** Any SQL with positional parameters, in the form the job queue's `enqueue` takes. */
  $queryRawUnsafe<T = unknown>(text: string, ...params: unknown[]): Promise<T>;
}

/**
 * A parameter as an SQL literal: E'' strings with backslashes and quotes doubled, whatever the server settings; an
 * array of texts in Postgres's array input form (`arrayText`).
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) {
    const text = arrayText(value);
    if (text === undefined) throw new TypeError('not an SQL parameter: an array of other than texts');
    return literal(text);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = value instanceof Date ? value.toISOString() : value;
  if (typeof text !== 'string') throw new TypeError(`not an SQL parameter: ${typeof value}`);
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

// Per connection (pg clients live as long as their connection), the statements it has prepared.
const prepared = new WeakMap<pg.PoolClient, Set<string>>();

/** Prepares on `client` every declared statement it has not prepared yet (modules may declare them later). */
async function prepareAll(client: pg.PoolClient): Promise<void> {
  const done = prepared.get(client) ?? new Set<string>();
  const missing = statements.filter((s) => !done.has(s.name));
  if (!missing.length) return;
  await client.query(missing.map((s) => `PREPARE ${s.name}(${s.types.join(', ')}) AS ${s.text}`).join(';\n'));
  for (const s of missing) done.add(s.name);
  prepared.set(client, done);
}

type TxState = { begun: boolean; committed: boolean };

function pgRunner(client: pg.PoolClient, state: TxState): SqlRunner {
  const begin = async () => {
    if (state.begun) return;
    state.begun = true;
    await client.query('BEGIN');
  };
  return {
    async batch(items, opts = {}) {
      const sql = [
        ...(state.begun ? [] : ['BEGIN']),
        ...items.map(([s, params]) => `EXECUTE ${s.name}(${params.map(literal).join(', ')})`),
        ...(opts.commit ? ['COMMIT'] : []),
      ].join(';\n');
      state.begun = true;
      const results = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      if (opts.commit) state.committed = true;
      const list = Array.isArray(results) ? results : [results];
      // BEGIN and COMMIT answer too: the statements' results are the ones in between.
      const offset = list.length - items.length - (opts.commit ? 1 : 0);
      return items.map((_, i) => list[offset + i]?.rows ?? []);
    },
    $queryRawUnsafe: async <T>(text: string, ...params: unknown[]) => {
      await begin();
      return (await client.query(text, params)).rows as T;
    },
  };
}

function prismaRunner(tx: Tx): SqlRunner {
  return {
    async batch(items) {
      const out: unknown[][] = [];
      for (const [s, params] of items) out.push(await tx.$queryRawUnsafe<unknown[]>(s.text, ...params));
      return out;
    },
    $queryRawUnsafe: <T>(text: string, ...params: unknown[]) => tx.$queryRawUnsafe<T>(text, ...params),
  };
}

/** Transaction settings when Prisma carries the statements (waiting for the game lock is normal). */
const PRISMA_TX = { maxWait: 20_000, timeout: 20_000 } as const;

/**
 * Runs `fn` in one transaction on the deps' pg pool, or in a Prisma transaction without one. On the pool the
 * transaction begins with `fn`'s first statement and ends with a batch that commits, or with a COMMIT here.
 */
export async function inOrderTransaction<T>(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  fn: (sql: SqlRunner) => Promise<T>,
): Promise<T> {
  if (!deps.pool) return deps.db.$transaction((tx) => fn(prismaRunner(tx)), PRISMA_TX);
  const client = await deps.pool.connect();
  const state: TxState = { begun: false, committed: false };
  let broken: Error | undefined;
  try {
    await prepareAll(client);
    const result = await fn(pgRunner(client, state));
    if (state.begun && !state.committed) await client.query('COMMIT');
    return result;
  } catch (error) {
    if (state.begun && !state.committed) broken = await rollBack(client); // a failed ROLLBACK: destroy the connection
    throw error;
  } finally {
    client.release(broken);
  }
}

/** One statement outside any transaction: a prepared statement of the pool, or Prisma. */
export async function readOne<T>(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  s: Statement,
  params: unknown[],
): Promise<T[]> {
  // A protocol-level name of its own: the SQL-level PREPAREd statements of the same connection share the namespace.
  if (deps.pool) return (await deps.pool.query({ name: `read_${s.name}`, text: s.text, values: params })).rows as T[];
  return deps.db.$queryRawUnsafe<T[]>(s.text, ...params);
}

/**
 * Reads, none depending on another's, in one round trip on the pool (`EXECUTE`s of the prepared statements in one
 * text, outside any transaction: each reads what is committed when it runs); one after the other through Prisma
 * without a pool. Rows as Prisma's raw queries shape them (src/db/sql-tx.ts). Returns the rows of each, in order.
 */
export async function readTogether(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  items: [Statement, unknown[]][],
): Promise<unknown[][]> {
  if (!deps.pool) {
    const out: unknown[][] = [];
    for (const [s, params] of items) out.push(await deps.db.$queryRawUnsafe<unknown[]>(s.text, ...params));
    return out;
  }
  const client = await deps.pool.connect();
  try {
    await prepareAll(client);
    const text = items.map(([s, params]) => `EXECUTE ${s.name}(${params.map(literal).join(', ')})`).join(';\n');
    const results = (await client.query({ text, types: prismaLikeTypes })) as unknown as
      | pg.QueryResult
      | pg.QueryResult[];
    return (Array.isArray(results) ? results : [results]).map((r) => r.rows);
  } finally {
    client.release();
  }
}
