/**
 * The storm's statements as Postgres counted them (pg_stat_statements, when the server preloads it: e.g.
 * `ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'` on the bench's embedded server, then a restart).
 * Reset at the deadline, read once every step is done: statements per step and the costliest statements.
 */
import type pg from 'pg';

/** Whether the server counts statements; resets the counts when it does. */
export async function resetStatementStats(client: pg.Client): Promise<boolean> {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
    return true;
  } catch {
    return false;
  }
}

/** Prints the statements per step and the `top` statements by execution time (this database's only). */
export async function printStatementStats(client: pg.Client, steps: number, top = 15): Promise<void> {
  const db = `(SELECT oid FROM pg_database WHERE datname = current_database())`;
  const total = await client.query(
    `SELECT sum(calls)::bigint AS calls, sum(total_exec_time + total_plan_time)::float AS ms
     FROM pg_stat_statements WHERE dbid = ${db}`,
  );
  const { calls, ms } = total.rows[0];
  console.log(
    `  Postgres: ${(Number(calls) / steps).toFixed(1)} statements/step, ` +
      `${(ms / steps).toFixed(2)} ms execution+planning/step (pg_stat_statements)`,
  );
  const rows = await client.query(
    `SELECT calls::bigint AS calls, (total_exec_time + total_plan_time)::float AS ms, query
     FROM pg_stat_statements WHERE dbid = ${db} ORDER BY total_exec_time + total_plan_time DESC LIMIT ${top}`,
  );
  for (const r of rows.rows)
    console.log(
      `    ${(Number(r.calls) / steps).toFixed(2).padStart(6)}/step ${((r.ms / steps) * 1000).toFixed(0).padStart(5)} µs/step  ` +
        String(r.query).replace(/\s+/g, ' ').slice(0, 110),
    );
}
