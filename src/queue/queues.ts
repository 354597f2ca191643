/**
 * The job queues of the service (pg-boss 10, in the service's own Postgres, schema `pgboss`). Every job is
 * idempotent: it re-reads what it is about and does nothing when there is nothing left to do, so a job run twice
 * (a retry after a killed worker, a duplicate from the sweep) is harmless.
 */
import { createHash } from 'node:crypto';

/** Queue names. */
export const QUEUES = {
  /** A step's deadline (or the end of its grace period) is due: apply the game's missed-order policy. */
  deadline: 'deadline',
  /** A reminder to seats that still owe orders, some hours before the deadline. */
  reminder: 'reminder',
  /** The processing delay after the last order ran out: resolve the step if it is ready. */
  resolve: 'resolve-step',
  /** One webhook request (Discord-compatible JSON) to one configured URL, retried with back-off. */
  webhook: 'webhook',
  /** A fresh sign-in link asked for on the sign-in page: composed here, off the request path (one job per ask). */
  signInLink: 'sign-in-link',
  /** Outbox delivery (the mail worker of src/mail runs on this queue). */
  mail: 'mail-delivery',
  /** Daily digests of the persons who chose them, each at its local morning (src/mail/digest.ts). */
  digest: 'mail-digest',
  /** The computer player's orders for a seat it plays at a step (src/services/bot-turns.ts). */
  bot: 'bot-turn',
  /** Safety net: re-schedules deadline and reminder jobs of open steps that are near or overdue. */
  sweep: 'deadline-sweep',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The pg-boss schema of the service's jobs. */
export const JOB_SCHEMA = 'pgboss';

/**
 * A stable job id for a key (a UUID-shaped SHA-256 prefix): sending the same key twice inserts one job, because
 * pg-boss inserts with ON CONFLICT DO NOTHING on (queue, id).
 */
export function jobIdFor(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Job payloads. */
export interface DeadlineJob {
  gameId: string;
  stepId: string;
  /** The instant the job was scheduled for (ISO); the job re-reads the step and reschedules when it moved. */
  at: string;
}
export interface ReminderJob {
  gameId: string;
  stepId: string;
  hours: number;
  /** The deadline the reminder was computed for (ISO); a moved deadline makes this reminder void. */
  deadlineAt: string;
}
export interface ResolveJob {
  gameId: string;
  stepId: string;
  at: string;
}
export interface WebhookJob {
  webhookId: string;
  /** What happened, e.g. "result:<stepId>" (the job id derives from it: one delivery per event and hook). */
  eventKey: string;
  body: Record<string, unknown>;
}
/** A seat the computer player plays owes orders at a step: compute and submit them (once). */
export interface BotTurnJob {
  gameId: string;
  stepId: string;
  side: string;
}
/** An address typed on a game's sign-in page; the job mails a link if the game has that address on file. */
export interface SignInLinkJob {
  gameId: string;
  email: string;
}
