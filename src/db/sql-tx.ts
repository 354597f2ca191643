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
export const prismaLikeTypes = {
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
export const columnsOf = (select: Record<string, unknown>): string =>
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

/**
 * A write whose result nobody reads. On a transaction that defers writes (`inPgTransaction` with `deferWrites`) it is
 * held and sent, in order, in the same round trip as the transaction's next statement or its COMMIT; elsewhere
 * (a Prisma transaction, a pg transaction that does not defer) it runs now. Its failure then surfaces at that later
 * statement, which fails the transaction all the same.
 */
export async function write(tx: Pick<SqlTx, '$executeRawUnsafe'>, text: string, ...values: unknown[]): Promise<void> {
  const deferring = (tx as Partial<DeferringTx>).defer;
  if (deferring) await deferring(text, values);
  else await tx.$executeRawUnsafe(text, ...values);
}

/** Whether `tx` holds its writes (see `write`): a statement whose result nobody reads can then be held too. */
export const holdsWrites = (tx: object): boolean => typeof (tx as Partial<DeferringTx>).defer === 'function';

/** A SqlTx that holds writes (see `write`) until its next statement or its commit, and sends reads together. */
interface DeferringTx extends SqlTx {
  defer(text: string, values: unknown[]): Promise<void>;
  queryMany(items: [string, unknown[]][]): Promise<unknown[][]>;
}

/**
 * Statements whose rows are read, none depending on another's: on a transaction that holds writes, sent in one round
 * trip with what it holds; elsewhere one after the other. Returns the rows of each, in order.
 */
export async function queryMany(
  tx: Pick<SqlTx, '$queryRawUnsafe'>,
  items: [string, unknown[]][],
): Promise<unknown[][]> {
  const together = (tx as Partial<DeferringTx>).queryMany;
  return together ? together(items) : many(tx, items);
}

/** The statements one after the other. */
async function many(tx: Pick<SqlTx, '$queryRawUnsafe'>, items: [string, unknown[]][]): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (const [text, values] of items) out.push(await tx.$queryRawUnsafe<unknown[]>(text, ...values));
  return out;
}

/** A SqlTx on a pg client, with the COMMIT that sends what it holds. */
export type PgSqlTx = SqlTx & { commit(): Promise<void> };

/**
 * A parameter as an SQL literal for EXECUTE (a quoted string, which Postgres reads as the parameter's type, as it
 * reads a parameter sent as text), or undefined for a value that is not text, a number, a boolean or an array of
 * texts (such a statement is not held).
 */
function literalOf(value: unknown): string | undefined {
  const v = param(value);
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return `'${String(v)}'`;
  const text = Array.isArray(v) ? arrayText(v) : v;
  if (typeof text !== 'string') return undefined;
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** An array of texts (or nulls) as Postgres's array input reads it; undefined for any other element. */
export function arrayText(values: unknown[]): string | undefined {
  const items: string[] = [];
  for (const v of values) {
    if (v === null) items.push('NULL');
    else if (typeof v === 'string') items.push(`"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
    else return undefined;
  }
  return `{${items.join(',')}}`;
}

// Per connection, the SQL-level prepared statements (PREPARE) of held writes; and the connections where a failed
// round trip left them uncertain (some PREPAREs of it may have run: they are read from Postgres again).
const preparedHeld = new WeakMap<pg.PoolClient, Set<string>>();
const uncertain = new WeakSet<pg.PoolClient>();

/** The SQL-level name of a held statement's text (a namespace apart from the protocol-level `sqltx_` names). */
const heldName = (text: string): string => `sqlheld_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/** The held writes' prepared statements on `client`. */
async function heldPrepared(client: pg.PoolClient): Promise<Set<string>> {
  const known = preparedHeld.get(client);
  if (known) return known;
  const names = new Set<string>();
  if (uncertain.has(client)) {
    const rows = await client.query(`SELECT name FROM pg_prepared_statements WHERE name LIKE 'sqlheld\\_%'`);
    for (const r of rows.rows as { name: string }[]) names.add(r.name);
    uncertain.delete(client);
  }
  preparedHeld.set(client, names);
  return names;
}

/**
 * A SqlTx over one pg client, inside a transaction begun by the caller, or by its first round trip when `opening`
 * (BEGIN and its settings) is given: that text then goes with the first statements, and a transaction that sends
 * nothing sends no BEGIN nor COMMIT. `deferWrites`: see `write`.
 */
export function pgSqlTx(client: pg.PoolClient, opts: { deferWrites?: boolean; opening?: string } = {}): PgSqlTx {
  // Held writes, as [text, literals], in order.
  const held: [string, string[]][] = [];
  // The opening not sent yet.
  let opening = opts.opening;
  /**
   * Sends the opening not sent yet, the held writes, then `lasts` (statements as text and literals), then COMMIT if
   * asked, in one round trip.
   */
  const flush = async (lasts: [string, string[]][], commit: boolean): Promise<pg.QueryResult[]> => {
    const statements = [...held.splice(0), ...lasts];
    const known = await heldPrepared(client);
    const fresh = [...new Set(statements.map(([text]) => text))].filter((text) => !known.has(heldName(text)));
    const first = opening ? [opening] : [];
    opening = undefined;
    const sql = [
      ...first,
      ...fresh.map((text) => `PREPARE ${heldName(text)} AS ${text}`),
      ...statements.map(
        ([text, literals]) => `EXECUTE ${heldName(text)}${literals.length ? `(${literals.join(', ')})` : ''}`,
      ),
      ...(commit ? ['COMMIT'] : []),
    ].join(';\n');
    try {
      const results = (await client.query({ text: sql, types: prismaLikeTypes })) as unknown as
        | pg.QueryResult
        | pg.QueryResult[];
      for (const text of fresh) known.add(heldName(text));
      const list = Array.isArray(results) ? results : [results];
      const end = list.length - (commit ? 1 : 0);
      return list.slice(end - lasts.length, end);
    } catch (error) {
      preparedHeld.delete(client);
      uncertain.add(client);
      throw error;
    }
  };
  /** The statements' literals, or null when a value is not one (see `literalOf`). */
  const literalsOf = (items: [string, unknown[]][]): [string, string[]][] | null => {
    const out: [string, string[]][] = [];
    for (const [text, values] of items) {
      const literals = values.map(literalOf);
      if (literals.some((l) => l === undefined) || !heldNameAllowed(text)) return null;
      out.push([text, literals as string[]]);
    }
    return out;
  };
  const run = async (text: string, values: unknown[]): Promise<pg.QueryResult> => {
    if (held.length || opening) {
      const statement = literalsOf([[text, values]]);
      if (statement) return (await flush(statement, false))[0];
      await flush([], false);
    }
    return client.query({ name: statementName(text), text, values: values.map(param), types: prismaLikeTypes });
  };
  const tx: PgSqlTx & Partial<DeferringTx> = {
    $queryRaw: async <T>(strings: TemplateStringsArray, ...values: unknown[]) =>
      (await run(placeholders(strings), values)).rows as T,
    $queryRawUnsafe: async <T>(text: string, ...values: unknown[]) => (await run(text, values)).rows as T,
    $executeRaw: async (strings: TemplateStringsArray, ...values: unknown[]) =>
      (await run(placeholders(strings), values)).rowCount ?? 0,
    $executeRawUnsafe: async (text: string, ...values: unknown[]) => (await run(text, values)).rowCount ?? 0,
    async commit() {
      if (held.length) await flush([], true);
      else if (opening)
        opening = undefined; // nothing was sent: nothing to commit
      else await client.query('COMMIT');
    },
  };
  if (opts.deferWrites) {
    tx.defer = async (text, values) => {
      const statement = literalsOf([[text, values]]);
      // Not every value is a literal here, or too many texts already: sent now (after what is held).
      if (statement) held.push(statement[0]);
      else await run(text, values);
    };
    tx.queryMany = async (items) => {
      const statements = literalsOf(items);
      if (!statements) return many(tx, items);
      return (await flush(statements, false)).map((r) => r.rows);
    };
  }
  return tx;
}

// Texts of held writes (each a prepared statement on every connection that ran it), bounded as `MAX_NAMED`.
const heldTexts = new Set<string>();
function heldNameAllowed(text: string): boolean {
  if (heldTexts.has(text)) return true;
  if (heldTexts.size >= MAX_NAMED) return false;
  heldTexts.add(text);
  return true;
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
  opts: { timeoutMs?: number; deferWrites?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const ms = Math.round(opts.timeoutMs ?? 0);
  const opening =
    ms > 0
      ? `BEGIN; SET LOCAL statement_timeout = ${ms}; SET LOCAL idle_in_transaction_session_timeout = ${ms}`
      : 'BEGIN';
  try {
    // A transaction that holds its writes sends its BEGIN with its first statements (one round trip less).
    if (!opts.deferWrites) await client.query(opening);
    const tx = pgSqlTx(client, opts.deferWrites ? { deferWrites: true, opening } : {});
    const result = await fn(tx);
    await tx.commit();
    return result;
  } catch (error) {
    broken = await rollBack(client);
    throw error;
  } finally {
    client.release(broken);
  }
}
