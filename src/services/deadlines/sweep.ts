/**
 * The safety net behind the deadline jobs: every minute one worker looks for open steps whose deadline is past or
 * within two minutes and queues their deadline jobs again. Jobs have stable ids, so a job that exists is not
 * duplicated; one that was lost (a database restored from backup, a job failed for good) is queued anew.
 */
import type { ServiceDeps } from '../deps.ts';
import { queueDeadlineJobs } from './schedule.ts';
import { gameColumns } from './step-state.ts';

const HORIZON_MS = 120_000;
const BATCH = 500;

/** Queues the deadline jobs of open current steps due by now + 2 min; returns how many steps it looked at. */
export async function sweepDeadlines(deps: ServiceDeps): Promise<number> {
  const steps = await deps.db.step.findMany({
    where: {
      status: 'open',
      deadlineAt: { lte: new Date(deps.clock().getTime() + HORIZON_MS) },
      game: { status: 'active' },
    },
    orderBy: { deadlineAt: 'asc' },
    take: BATCH,
    select: { id: true, number: true, deadlineAt: true, game: { select: gameColumns } },
  });
  const current = steps.filter((s) => s.number === s.game.currentStep && s.deadlineAt);
  for (let i = 0; i < current.length; i += 100) {
    await deps.db.$transaction(
      async (tx) => {
        for (const s of current.slice(i, i + 100))
          await queueDeadlineJobs(tx, deps, s.game, s.id, s.deadlineAt as Date);
      },
      { maxWait: 20_000, timeout: 60_000 },
    );
  }
  return current.length;
}
