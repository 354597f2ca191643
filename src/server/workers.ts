/**
 * Background workers started by main.ts for `--role worker` and `--role all`, in this order (stopped in reverse).
 * The jobs and mail features add one line each here; what one feature's worker needs of another's is injected here
 * (the jobs worker's `mail-delivery` queue runs the mail worker's delivery).
 */
import { jobsWorker } from '../jobs/index.ts';
import { sendDueDigests } from '../mail/digest.ts';
import { recoverInboundMailOf } from '../mail/intake.ts';
import { createMailWorker } from '../mail/worker.ts';
import type { Worker } from '../services/deps.ts';
import { recoveryWorker } from './recovery.ts';

const mail = createMailWorker();

/** The workers, in start order. */
export const workers: Worker[] = [
  mail.worker, // outbound delivery (SMTP_URL or the MAIL_SINK_DIR .eml folder), SMTP order listener, IMAP poller (src/mail)
  jobsWorker({ mailDelivery: mail.delivery, gameMail: recoverInboundMailOf, mailDigests: sendDueDigests }), // deadlines, reminders, delayed resolutions, webhooks, mail delivery queue (src/jobs)
  recoveryWorker, // at start and periodically: due steps never resolved, inbound mail never finished (after a crash)
];
