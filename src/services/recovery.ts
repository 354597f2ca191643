/**
 * Resolution that survives a crash. The order that completes a step marks it due to resolve in the order's own
 * statement (Step.resolveDueAt, src/services/order-store.ts), and the submitting process resolves it right after the
 * commit. If that process dies in between (or the resolution fails), the mark stays: this sweep, run at start-up and
 * periodically by the worker, resolves every open current step of an active game that is still due, through the
 * same `resolveIfReady` (the game row lock and the step status make it exactly once, whoever else is resolving).
 *
 * Not stuck, and left alone: a step awaiting the moderator's review (not open), a step of a paused game (it resolves
 * when the game resumes), a rejected preview (its mark was cleared by the resolution it came from; it is due again
 * only once every owed seat has confirmed or revised its orders, or at its deadline), and a step whose processing delay has not run out (the mark is the end of
 * the delay). A step that owes nothing (the engine stopped where no seat answers) is always due.
 */
import type { ServiceDeps } from './deps.ts';
import { CURRENT_STEP_JOIN } from './steps.ts';
import { resolveIfReady } from './turn-processor.ts';

/** What one sweep did. */
export interface StepRecovery {
  /** Steps found due. */
  found: number;
  /** Of those, steps this sweep resolved (the others were resolved meanwhile, or are not ready after all). */
  resolved: number;
  /** Steps whose resolution failed (logged; the mark stays, so the next sweep tries again). */
  failed: number;
}

/** Steps looked at by one sweep at most (the oldest marks first); the next sweep takes the rest. */
const BATCH = 200;

/**
 * A step the moderator sent back is due only once every owed seat has confirmed or revised its orders (a later
 * revision than the one on file at the rejection: src/services/confirmation.ts). One seat's revision completes the
 * orders (they were all kept) and marks the step due, but it is not ready until the others have too: without this
 * condition every sweep found it again and left it.
 */
const CONFIRMED = `(st."rejectedRevisions" IS NULL OR NOT EXISTS (
    SELECT 1 FROM jsonb_to_recordset(st.owed) AS w(seat text)
    WHERE COALESCE((SELECT max(o.revision) FROM "Order" o JOIN "Seat" se ON se.id = o."seatId"
                    WHERE o."stepId" = st.id AND se.side = w.seat), 0)
      <= COALESCE((st."rejectedRevisions" ->> w.seat)::int, 0)))`;

interface DueRow {
  gameId: string;
  number: number;
}

/**
 * Resolves the open steps that are due since at least `graceMs` (the submitter normally resolves at once: the
 * grace keeps a periodic sweep from racing it for the game lock; 0 at start-up).
 */
export async function resolveDueSteps(deps: ServiceDeps, opts: { graceMs?: number } = {}): Promise<StepRecovery> {
  const cutoff = new Date(deps.clock().getTime() - (opts.graceMs ?? 0)).toISOString();
  const rows = await deps.db.$queryRawUnsafe<DueRow[]>(
    `SELECT st."gameId", st.number FROM "Game" g ${CURRENT_STEP_JOIN}
     WHERE g.status = 'active' AND st.status = 'open'
       AND ((st."resolveDueAt" IS NOT NULL AND st."resolveDueAt" <= $1::timestamp(3) AND ${CONFIRMED})
         OR st.owed = '[]'::jsonb)
     ORDER BY st."resolveDueAt" NULLS FIRST
     LIMIT ${BATCH}`,
    cutoff,
  );
  const outcome: StepRecovery = { found: rows.length, resolved: 0, failed: 0 };
  for (const row of rows) {
    try {
      const result = await resolveIfReady(deps, row.gameId);
      if (!result.resolved) continue;
      outcome.resolved++;
      const about = { gameId: row.gameId, step: row.number, status: result.status };
      deps.log.warn(about, 'recovery: resolved a step whose resolution had not happened');
    } catch (error) {
      outcome.failed++;
      const about = { err: error, gameId: row.gameId, step: row.number };
      deps.log.error(about, 'recovery: the resolution of a due step failed');
    }
  }
  return outcome;
}
