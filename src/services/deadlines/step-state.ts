/**
 * What deadline work reads of a game and its step: the deadline bookkeeping kept in Step.deadlineState, the
 * columns of a game and a step it reads, and the seats a step owes orders from. Shared by the scheduling
 * (schedule.ts), the notices (missed.ts), the punctuality record and the calendar feed.
 */
import { columnsOf } from '../../db/sql-tx.ts';
import type { Owed } from '../../engine/types.ts';
import { storedOwed } from '../json.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { SqlTx } from '../deps.ts';
import { CURRENT_STEP_JOIN } from '../steps.ts';

/** Deadline bookkeeping kept in Step.deadlineState. */
export interface DeadlineState {
  /** Sum of moderator changes, pause time and the extend-once extension, in seconds. */
  adjustSeconds?: number;
  /** The extend-once policy has extended this step (from this deadline, ISO). */
  extendedFrom?: string;
  /** Deadline (ISO) for which the grace notice went out. */
  graceNoticeFor?: string;
  /** Deadline (ISO) for which the missed notice went out. */
  missedNoticeFor?: string;
  /** The missed notice after default orders went out. */
  defaultsAnnounced?: boolean;
  /** Number of times the deadline moved (the calendar's SEQUENCE). */
  changes?: number;
  /** The moderator removed the deadline. */
  cleared?: boolean;
  /** A deadline the moderator set on a step type without a rule (ISO); adjustments apply on top. */
  fixedAt?: string;
  /**
   * The moderator rejected the step's result at this instant (ISO): the step's deadline counts from here instead of
   * from its opening (src/services/deadlines/reopened.ts).
   */
  reopenedAt?: string;
}

/** The stored state of a step, read leniently. */
export function readState(raw: unknown): DeadlineState {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as DeadlineState) : {};
}

/** The columns of a game that deadline work reads. */
export const gameColumns = {
  id: true,
  name: true,
  game: true,
  mode: true,
  options: true,
  status: true,
  currentStep: true,
  deadlines: true,
  graceSeconds: true,
  processingDelaySeconds: true,
  missedPolicy: true,
  maxAbsences: true,
  botAfterMisses: true,
  reminderHours: true,
  moderatorEmail: true,
  pausedAt: true,
} satisfies Prisma.GameSelect;

/** A game as deadline work reads it. */
export type DeadlineGame = Prisma.GameGetPayload<{ select: typeof gameColumns }>;

/** A step as deadline work reads it. */
export type DeadlineStep = Prisma.StepGetPayload<{
  select: {
    id: true;
    gameId: true;
    number: true;
    status: true;
    owed: true;
    deadlineAt: true;
    deadlineState: true;
    openedAt: true;
    defaultsApplied: true;
  };
}>;

const stepColumns = {
  id: true,
  gameId: true,
  number: true,
  status: true,
  owed: true,
  deadlineAt: true,
  deadlineState: true,
  openedAt: true,
  defaultsApplied: true,
} as const;

/** The sides that owe orders at a step. */
export const owedOf = (step: Pick<DeadlineStep, 'owed'>): Owed[] => storedOwed(step.owed);

/** The step columns deadline work reads, of the step `st`. */
export const STEP_LIST = Object.keys(stepColumns)
  .map((c) => `st."${c}"`)
  .join(', ');

/** Which step of a game: by id, by number, or the game's current step. */
export type WhichStep = { id: string } | { number: number } | 'current';

/** Reads a game and one of its steps for deadline work (null when either is gone). */
export async function loadStep(
  tx: SqlTx,
  gameId: string,
  which: WhichStep,
): Promise<{ game: DeadlineGame; step: DeadlineStep } | null> {
  const [game] = await tx.$queryRawUnsafe<DeadlineGame[]>(
    `SELECT ${columnsOf(gameColumns)} FROM "Game" WHERE id = $1`,
    gameId,
  );
  if (!game) return null;
  const [step] =
    which === 'current'
      ? await tx.$queryRawUnsafe<DeadlineStep[]>(
          `SELECT ${STEP_LIST} FROM "Game" g ${CURRENT_STEP_JOIN} WHERE g.id = $1`,
          gameId,
        )
      : await tx.$queryRawUnsafe<DeadlineStep[]>(
          `SELECT ${STEP_LIST} FROM "Step" st WHERE st."gameId" = $1 AND ${'id' in which ? 'st.id' : 'st.number'} = $2`,
          gameId,
          'id' in which ? which.id : which.number,
        );
  return step ? { game, step } : null;
}
