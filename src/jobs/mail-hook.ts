/**
 * The mail delivery loop runs on the job queue: the mail feature registers its delivery function here, and the
 * jobs worker runs it for every `mail-delivery` job, queued every minute by the queue's cron (retries of failed
 * deliveries; the mail worker's own loop delivers new rows within MAIL_DELIVERY_INTERVAL_MS).
 */
import type { ServiceDeps } from '../services/deps.ts';

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
