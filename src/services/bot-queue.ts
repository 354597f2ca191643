/**
 * Queueing the computer player's turns (played by src/services/bot-turns.ts). When a step opens owing a seat the
 * computer plays (or the seat is handed to it while it owes), a `bot-turn` job is queued in the same transaction,
 * keyed by step and seat, so that a step and its turns commit together; the sweep queues a turn again when it still
 * waits a while after its step opened.
 */
import { enqueue } from '../queue/enqueue.ts';
import { type BotTurnJob, QUEUES } from '../queue/queues.ts';
import type { ServiceDeps, SqlTx } from './deps.ts';
import { CURRENT_STEP_JOIN } from './steps.ts';

/** A seat the computer plays that owes orders at the current open step and has none in. */
interface WaitingSeat {
  gameId: string;
  stepId: string;
  side: string;
  owed: { seat: string }[];
}

/**
 * The computer's seats waiting at the current open step of active games: of one game (`gameId`), or of every game
 * whose step opened before `openedBefore` (the sweep's).
 */
async function waitingSeats(
  tx: Pick<SqlTx, '$queryRawUnsafe'>,
  only: { gameId: string } | { openedBefore: Date },
): Promise<WaitingSeat[]> {
  const which = 'gameId' in only ? 'g.id = $1' : 'st."openedAt" < $1::timestamp(3)';
  const rows = await tx.$queryRawUnsafe<WaitingSeat[]>(
    `SELECT g.id AS "gameId", st.id AS "stepId", se.side, st.owed FROM "Game" g ${CURRENT_STEP_JOIN}
     JOIN "Seat" se ON se."gameId" = g.id AND se.bot
     WHERE g.status = 'active' AND st.status = 'open' AND ${which}
       AND NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."stepId" = st.id AND o."seatId" = se.id)
     LIMIT 1000`,
    'gameId' in only ? only.gameId : only.openedBefore.toISOString(),
  );
  return rows.filter((r) => r.owed.some((o) => o.seat === r.side));
}

const jobKey = (stepId: string, side: string) => `${stepId}:${side}`;

/** Queues, in the caller's transaction, the turns of the computer's seats the game's current step waits for. */
export async function queueBotTurns(tx: SqlTx, gameId: string): Promise<number> {
  const waiting = await waitingSeats(tx, { gameId });
  for (const w of waiting) {
    const job: BotTurnJob = { gameId: w.gameId, stepId: w.stepId, side: w.side };
    await enqueue(tx, QUEUES.bot, job, { key: jobKey(w.stepId, w.side) });
  }
  return waiting.length;
}

/** How long a turn of the computer may wait before the sweep queues it again. */
const SWEEP_AFTER_MS = 120_000;

/**
 * The sweep's part: queues again every turn of the computer still waiting two minutes after its step opened (its
 * job lost, failed for good, or run while the game was paused). Keyed by the minute, so that a turn still waiting
 * gets a fresh job each minute; the jobs re-read everything, and the order's id keeps it to one.
 */
export async function sweepBotTurns(deps: ServiceDeps): Promise<number> {
  const now = deps.clock();
  const waiting = await waitingSeats(deps.db, { openedBefore: new Date(now.getTime() - SWEEP_AFTER_MS) });
  if (!waiting.length) return 0;
  const minute = Math.floor(now.getTime() / 60_000);
  await deps.db.$transaction(async (tx) => {
    for (const w of waiting)
      await enqueue(tx, QUEUES.bot, { gameId: w.gameId, stepId: w.stepId, side: w.side } satisfies BotTurnJob, {
        key: `${jobKey(w.stepId, w.side)}:${minute}`,
      });
  });
  return waiting.length;
}
