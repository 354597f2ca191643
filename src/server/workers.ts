/**
 * Background workers started by main.ts for `--role worker` and `--role all`, in this order (stopped in reverse).
 * The jobs and mail features add one line each here.
 */
import { jobsWorker } from '../jobs/index.ts';
import { mailWorker } from '../mail/worker.ts';
import { recoveryWorker } from './recovery.ts';
import type { ServiceDeps } from '../services/deps.ts';

/** A running worker. */
export interface RunningWorker {
  stop(): Promise<void>;
}

/** A worker: started with the service dependencies. */
export interface Worker {
  name: string;
  start(deps: ServiceDeps): Promise<RunningWorker>;
}

/**
 * The local mail sink: logs each pending outbox mail and marks it sent. The mail feature replaces this entry with
 * real delivery (SMTP through nodemailer).
 */
export const logMailSink: Worker = {
  name: 'mail/log-sink',
  async start(deps) {
    let stopped = false;
    let running: Promise<void> = Promise.resolve();
    const tick = async () => {
      const mails = await deps.db.outbox.findMany({ where: { status: 'pending', nextAttemptAt: { lte: deps.clock() } }, take: 50, orderBy: { createdAt: 'asc' } });
      for (const m of mails) {
        const done = await deps.db.outbox.updateMany({ where: { id: m.id, status: 'pending' }, data: { status: 'sent', sentAt: deps.clock(), attempts: { increment: 1 } } });
        if (done.count) deps.log.info({ mail: { to: m.toAddress, subject: m.subject, kind: m.kind, messageId: m.messageId }, text: m.text }, 'mail (local sink)');
      }
    };
    const timer = setInterval(() => {
      if (stopped) return;
      running = tick().catch((error) => deps.log.error({ err: error }, 'mail sink failed'));
    }, 1000);
    return {
      async stop() {
        stopped = true;
        clearInterval(timer);
        await running;
      },
    };
  },
};

/** The workers, in start order. */
export const workers: Worker[] = [
  mailWorker, // outbound delivery (SMTP_URL or the MAIL_SINK_DIR .eml folder), SMTP order listener, IMAP poller (src/mail)
  jobsWorker, // deadlines, reminders, delayed resolutions, webhooks, mail delivery queue (src/jobs)
  recoveryWorker, // at start and periodically: due steps never resolved, inbound mail never finished (after a crash)
];
