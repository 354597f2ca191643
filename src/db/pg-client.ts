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

export class CatalogSafeClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A broken connection also fails the query in flight, if any; the event alone must not end the process
    // (the pool that owns this client drops it, and reports through its own listener).
    this.on('error', () => {});
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: Error | null, res: pg.QueryResult) => {
        if (!err) relabel(res);
        last(err, res);
      };
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (super.query as any)(...args);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const out = (super.query as any)(...args);
    if (out && typeof out.then === 'function') {
      return out.then((res: pg.QueryResult | pg.QueryResult[]) => {
        if (Array.isArray(res)) res.forEach(relabel);
        else relabel(res);
        return res;
      });
    }
    return out;
  }
}
