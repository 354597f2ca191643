/**
 * The figures behind GET /metrics, read from the database at each scrape: every process of the service (API and
 * workers, on any machine) writes to the same tables, so one scrape of any API process sees the whole service.
 */
import { JOB_SCHEMA } from '../queue/queues.ts';
import type { ServiceDeps } from './deps.ts';

/** What an operator watches: mail not yet out or failed, late steps, queued jobs, resolution latency, orders. */
export interface ServiceFigures {
  /** Outbound mails by status (pending, sending, sent, failed, suppressed: held back from a bouncing address). */
  outbox: Record<string, number>;
  /** Open steps whose deadline has passed. */
  stepsOverdue: number;
  /** Steps waiting for the moderator's review. */
  stepsAwaitingReview: number;
  /** Jobs by queue and state (created, retry, active...), completed and archived ones left out. */
  jobs: { queue: string; state: string; count: number }[];
  /** Seconds from the moment a step could resolve to its resolution, over the steps resolved in the last 24 h. */
  resolutionSeconds: { count: number; p50: number; p95: number; max: number };
  /** Orders received, by channel (api, web, email, moderator, default, bot). */
  ordersByChannel: Record<string, number>;
}

const countsBy = (rows: { key: string; count: bigint | number }[]): Record<string, number> =>
  Object.fromEntries(rows.map((r) => [r.key, Number(r.count)]));

/** Reads every figure (a handful of aggregate queries, each served by an index or a small table). */
export async function readServiceFigures(deps: Pick<ServiceDeps, 'db' | 'clock'>): Promise<ServiceFigures> {
  const now = deps.clock();
  const { db } = deps;
  const [outbox, overdue, review, orders, latency, jobs] = await Promise.all([
    db.$queryRaw<
      { key: string; count: bigint }[]
    >`SELECT status::text AS key, count(*) AS count FROM "Outbox" GROUP BY 1`,
    db.step.count({ where: { status: 'open', deadlineAt: { lt: now } } }),
    db.step.count({ where: { status: 'awaiting_review' } }),
    db.$queryRaw<{ key: string; count: bigint }[]>`SELECT source AS key, count(*) AS count FROM "Order" GROUP BY 1`,
    // A step could resolve at its last order, or at the deadline that closed it when that came later.
    db.$queryRaw<{ count: bigint; p50: number | null; p95: number | null; max: number | null }[]>`
      WITH s AS (
        SELECT extract(epoch FROM "resolvedAt" - GREATEST(
          COALESCE("lastOrderAt", "openedAt"),
          CASE WHEN "deadlineAt" <= "resolvedAt" THEN "deadlineAt" ELSE "openedAt" END
        ))::float8 AS seconds
        FROM "Step" WHERE "resolvedAt" >= ${new Date(now.getTime() - 86_400_000)}
      )
      SELECT count(*) AS count,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY GREATEST(seconds, 0)) AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY GREATEST(seconds, 0)) AS p95,
        max(GREATEST(seconds, 0)) AS max
      FROM s`,
    readJobCounts(deps),
  ]);
  const l = latency[0];
  return {
    outbox: { pending: 0, sending: 0, sent: 0, failed: 0, suppressed: 0, ...countsBy(outbox) },
    stepsOverdue: overdue,
    stepsAwaitingReview: review,
    jobs,
    resolutionSeconds: { count: Number(l?.count ?? 0), p50: l?.p50 ?? 0, p95: l?.p95 ?? 0, max: l?.max ?? 0 },
    ordersByChannel: countsBy(orders),
  };
}

/** Jobs waiting or running, by queue and state; none before the job schema exists (a process that never ran jobs). */
async function readJobCounts(deps: Pick<ServiceDeps, 'db'>): Promise<ServiceFigures['jobs']> {
  const exists = await deps.db.$queryRawUnsafe<{ ok: boolean }[]>(
    `SELECT to_regclass('${JOB_SCHEMA}.job') IS NOT NULL AS ok`,
  );
  if (!exists[0]?.ok) return [];
  const rows = await deps.db.$queryRawUnsafe<{ queue: string; state: string; count: bigint }[]>(
    `SELECT name AS queue, state::text AS state, count(*) AS count FROM ${JOB_SCHEMA}.job
     WHERE state NOT IN ('completed', 'cancelled') GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows.map((r) => ({ queue: r.queue, state: r.state, count: Number(r.count) }));
}
