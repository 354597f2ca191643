/**
 * The mail delivery loop runs on the job queue: the mail feature registers its delivery function here, and the
 * jobs worker runs it for every `mail-delivery` job. Jobs are queued ("kicked") in the transactions that write
 * outbox rows (at most one per second) and every minute by the queue's cron, for retries of failed deliveries.
 */
import type { ServiceDeps, Tx } from '../services/deps.ts';
import { enqueue } from './enqueue.ts';
import { QUEUES } from './queues.ts';

/** Delivers due outbox mails; returns how many it handled (a full batch means: run again). */
export type MailDelivery = (deps: ServiceDeps) => Promise<{ handled: number; batchSize: number }>;

let delivery: MailDelivery | null = null;

/** Registers the delivery function (src/mail). Without one, mail-delivery jobs complete and do nothing. */
export function registerMailDelivery(fn: MailDelivery | null): void {
  delivery = fn;
}

/** The registered delivery function, or null. */
export function mailDelivery(): MailDelivery | null {
  return delivery;
}

/** Queues a delivery run in the caller's transaction (one per second at most), e.g. after writing outbox rows. */
export async function kickMailDelivery(tx: Tx, now: Date): Promise<void> {
  await enqueue(tx, QUEUES.mail, {}, { key: `kick:${Math.floor(now.getTime() / 1000)}` });
}
