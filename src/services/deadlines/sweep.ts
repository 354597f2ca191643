/**
 * The safety net behind the deadline jobs: every minute one worker looks for open steps whose deadline is past or
 * within two minutes and queues their deadline jobs again. Jobs have stable ids, so a job that exists is not
 * duplicated; one that was lost (a database restored from backup, a job failed for good) is queued anew.
 */
import type { ServiceDeps } from '../deps.ts';
import { CURRENT_STEP_JOIN } from '../steps.ts';
import { queueDeadlineJobs } from './schedule.ts';

/** An open current step whose deadline is near or past. */
interface DueStep {
  id: string;
  deadlineAt: Date;
  gameId: string;
  reminderHours: number[];
}

const HORIZON_MS = 120_000;
const BATCH = 500;

/** Queues the deadline jobs of open current steps due by now + 2 min; returns how many steps it looked at. */
export async function sweepDeadlines(deps: ServiceDeps): Promise<number> {
  const horizon = new Date(deps.clock().getTime() + HORIZON_MS);
  const due = await deps.db.$queryRawUnsafe<DueStep[]>(
    `SELECT st.id, st."deadlineAt", g.id AS "gameId", g."reminderHours" FROM "Game" g ${CURRENT_STEP_JOIN}
     WHERE g.status = 'active' AND st.status = 'open' AND st."deadlineAt" <= $1::timestamp(3)
     ORDER BY st."deadlineAt" LIMIT ${BATCH}`,
    horizon.toISOString(),
  );
  for (let i = 0; i < due.length; i += 100) {
    await deps.db.$transaction(
      async (tx) => {
        for (const s of due.slice(i, i + 100))
          await queueDeadlineJobs(tx, deps, { id: s.gameId, reminderHours: s.reminderHours }, s.id, s.deadlineAt);
      },
      { maxWait: 20_000, timeout: 60_000 },
    );
  }
  return due.length;
}
