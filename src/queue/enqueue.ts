/**
 * Sending jobs inside the service's own transactions: the job row is inserted by pg-boss's SQL through the
 * transaction (pg-boss 10's `db` send option), so a step and its deadline job commit together or not at all.
 * Each job has a stable id derived from a key, so sending the same thing twice inserts one job.
 */
import PgBoss from 'pg-boss';
import { holdsWrites, type SqlTx, write } from '../db/sql-tx.ts';
import { JOB_SCHEMA, jobIdFor, type QueueName } from './queues.ts';

/** What `enqueue` needs: a transaction client, or anything that runs SQL with positional parameters. */
export type SqlRunner = Pick<SqlTx, '$queryRawUnsafe'>;

// A never-started boss: only its SQL (insert with queue defaults) is used, through the caller's connection.
let sqlBoss: PgBoss | null = null;
function boss(): PgBoss {
  sqlBoss ??= new PgBoss({ connectionString: 'postgres://unused', schema: JOB_SCHEMA });
  return sqlBoss;
}

// Whether the job tables exist (a worker or API process creates them at start): known once a boss started here.
let installedAnywhere = false;

async function jobTablesExist(tx: SqlRunner): Promise<boolean> {
  if (installedAnywhere) return true;
  const rows = await tx.$queryRawUnsafe<{ ok: boolean }[]>(
    `SELECT to_regclass('${JOB_SCHEMA}.queue') IS NOT NULL AS ok`,
  );
  installedAnywhere = rows[0]?.ok === true;
  return installedAnywhere;
}

/** Marks the job tables as present (called once a boss has started in this process). */
export function markJobTablesInstalled(): void {
  installedAnywhere = true;
}

/**
 * Inserts a job in the caller's transaction. `key` identifies it (same key, one job); `startAfter` delays it.
 * Returns false when the job tables do not exist yet (no worker has ever started on this database): the sweep of
 * the first worker schedules what is due.
 */
export async function enqueue(
  tx: SqlRunner,
  queue: QueueName,
  data: object,
  opts: { key: string; startAfter?: Date },
): Promise<boolean> {
  if (!(await jobTablesExist(tx))) return false;
  const db = {
    executeSql: async (text: string, values: unknown[]) => {
      const args = values.map((v) =>
        v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v,
      );
      // The job's id is not read (its key names it; `send` then answers null): on a transaction that holds its
      // writes, the insert is held with them.
      if (holdsWrites(tx)) {
        await write(tx as SqlTx, text, ...args);
        return { rows: [] };
      }
      return { rows: await tx.$queryRawUnsafe<unknown[]>(text, ...args) };
    },
  };
  await boss().send(queue, data, {
    id: jobIdFor(`${queue}:${opts.key}`),
    ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
    db,
  });
  return true;
}
