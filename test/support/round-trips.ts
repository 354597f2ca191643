/** Counting the round trips to Postgres of the code under test (every pg client of this process: Prisma's too). */
import pg from 'pg';

/** Runs `fn`, counting the queries every pg client of this process sends meanwhile (one a round trip). */
export async function roundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; trips: number }> {
  const original = pg.Client.prototype.query;
  let trips = 0;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    trips++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await fn(), trips };
  } finally {
    pg.Client.prototype.query = original;
  }
}
