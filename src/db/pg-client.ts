/**
 * A pg.Client that reports the Postgres catalog types `"char"` (OID 18) and `name` (OID 19) as text (OID 25).
 * @prisma/adapter-pg 6.19 cannot map those two types (prisma/orm issue 27403): `migrate deploy` and raw queries
 * over catalog columns fail without this. Used by the runtime client and by prisma.config.ts.
 */
import pg from 'pg';

const TEXT_OID = 25;
const relabel = (result: pg.QueryResult | undefined): void => {
  for (const field of result?.fields ?? []) {
    if (field.dataTypeID === 18 || field.dataTypeID === 19) field.dataTypeID = TEXT_OID;
  }
};

/** pg.Client.query with its overloads erased: the wrapper passes its arguments through as they came. */
type AnyQuery = (...args: unknown[]) => unknown;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

export class CatalogSafeClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A broken connection also fails the query in flight, if any; the event alone must not end the process
    // (the pool that owns this client drops it, and reports through its own listener).
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: one signature that stands for every overload of pg.Client.query
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: Error | null, res: pg.QueryResult) => {
        if (!err) relabel(res);
        last(err, res);
      };
      return (super.query as AnyQuery)(...args);
    }
    const out = (super.query as AnyQuery)(...args);
    if (!isThenable(out)) return out;
    return out.then((res) => {
      if (Array.isArray(res)) {
        for (const r of res) relabel(r);
      } else relabel(res as pg.QueryResult);
      return res;
    });
  }
}
