/**
 * The computer player's turns (src/services/bot-seats.ts: the seats it plays), queued by bot-queue.ts. A job
 * re-reads everything, computes the seat's orders from that seat's view alone
 * (`decide` of src/engine/bot, run by the `compute` the jobs worker gives: a thread pool, off its main thread) and
 * submits them through `submitOrders` like any player's, with source "bot" and an order id derived from step and
 * seat: a job that dies between computing and storing is run again and stores the order exactly once.
 *
 * The decision's seed is derived from the game's secret seed, the step and the seat: reproducible (with the
 * iteration budget BOT_ITERATIONS) and not guessable before the game ends.
 */
import { createHash } from 'node:crypto';
import { type BotTurnJob, jobIdFor } from '../queue/queues.ts';
import { crashPoint } from './crash-points.ts';
import type { ServiceDeps } from './deps.ts';
import { ServiceError } from './errors.ts';
import { submitOrders } from './orders.ts';
import { cachedEnvelope } from './step-envelopes.ts';
import { readCurrentStep } from './steps.ts';

/** One decision for the computer player, as it crosses to the thread that computes it. */
export interface BotQuestion {
  /** The game package's id and the rules version the step resolves under. */
  game: string;
  rulesVersion: string;
  /** The state at the step's start (the engine's `decide` sees only the seat's view of it). */
  state: unknown;
  seat: string;
  seed: string;
  /** Play-outs per decision (undefined: the game's own budget). */
  iterations: number | undefined;
}

/** The computer player's answer: its orders, and how much it searched. */
export interface BotAnswer {
  orders: unknown;
  iterations: number;
  candidates: number;
  expected: number;
}

/** Computes one decision (the jobs worker's thread pool; tests may compute in place). */
export type BotCompute = (question: BotQuestion) => Promise<BotAnswer>;

/** The seed of one decision: the game's secret seed, the step and the seat (never shown before the game ends). */
export function botSeed(seedSecret: string, step: number, side: string): string {
  return createHash('sha256').update(`pbem-bot-seat|${seedSecret}|${step}|${side}`).digest('hex');
}

/** The id of the computer's order of a step and seat: the same on every run of its job. */
export const botOrderId = (stepId: string, side: string): string => jobIdFor(`bot-order:${stepId}:${side}`);

/** What a turn of the computer did. */
export type BotTurnOutcome = 'played' | 'repeated' | 'void';

/**
 * Plays one turn of the computer (a `bot-turn` job): nothing when the step is no longer the game's open current
 * step, the seat is no longer the computer's or owes nothing, or has orders in; otherwise computes its orders and
 * submits them (see the module comment). Orders the engine refuses fail the job (retried, then left failed).
 */
export async function playBotTurn(deps: ServiceDeps, job: BotTurnJob, compute: BotCompute): Promise<BotTurnOutcome> {
  const step = await readCurrentStep(deps.db, job.gameId);
  if (!step || step.stepId !== job.stepId || step.status !== 'open' || step.gameStatus !== 'active') return 'void';
  if (!step.owed.some((o) => o.seat === job.side)) return 'void';
  const seat = await deps.db.seat.findFirst({
    where: { gameId: job.gameId, side: job.side },
    select: { id: true, bot: true, game: { select: { seedSecret: true } } },
  });
  if (!seat?.bot) return 'void';
  const orderId = botOrderId(job.stepId, job.side);
  const on = await deps.db.order.findFirst({ where: { stepId: job.stepId, seatId: seat.id }, select: { id: true } });
  if (on) return on.id === orderId ? 'repeated' : 'void';
  const envelope = await cachedEnvelope(deps, step.stepId, step.rulesVersion);
  const started = Date.now();
  const decision = await compute({
    game: step.game,
    rulesVersion: step.rulesVersion,
    state: envelope.state,
    seat: job.side,
    seed: botSeed(seat.game.seedSecret, step.number, job.side),
    iterations: deps.config.BOT_ITERATIONS,
  });
  const ms = Date.now() - started;
  deps.log.info({ gameId: job.gameId, step: step.number, side: job.side, ms, ...without(decision) }, 'bot decided');
  crashPoint('bot-decided');
  try {
    const stored = await submitOrders(deps, {
      gameId: job.gameId,
      seatId: seat.id,
      orders: decision.orders,
      raw: JSON.stringify(decision.orders),
      source: 'bot',
      orderId,
    });
    return stored.repeated ? 'repeated' : 'played';
  } catch (error) {
    // The game moved on meanwhile (the step resolved, the seat was taken back, the game paused): nothing to do.
    if (error instanceof ServiceError && error.status === 409) return 'void';
    throw error;
  }
}

/** The decision's figures, for the log line (the orders themselves stay out of it). */
const without = ({ orders: _orders, ...figures }: BotAnswer) => figures;
