/**
 * The mail worker started with the service's workers: outbound delivery (its own short-interval loop, and the
 * pg-boss `mail-delivery` queue's runs through the delivery it hands the jobs worker; claims with SKIP LOCKED keep
 * them from sending a row twice), the SMTP order listener (INBOUND_SMTP_PORT, 0 = off) and the IMAP poller
 * (IMAP_URL).
 */
import type { MailDelivery } from '../jobs/worker.ts';
import type { ServiceDeps, Worker } from '../services/deps.ts';
import { createSender, deliverDue, type MailSender, startDeliveryLoop, type DeliveryDeps } from './delivery.ts';
import { startImapPoller } from './imap-poller.ts';
import { startSmtpListener } from './smtp-listener.ts';

const BATCH = 50;

/** Delivery dependencies from the service's. */
export function deliveryDeps(deps: ServiceDeps): DeliveryDeps {
  return { db: deps.db, log: deps.log, clock: deps.clock, settings: deps.config };
}

/** The mail worker's outbound sender while it runs (null before its start and after its stop). */
interface SenderSlot {
  sender: MailSender | null;
}

/**
 * Starts delivery, the SMTP listener and the IMAP poller as configured; `stop` ends them in reverse order. `slot`
 * holds the sender while the worker runs, for the delivery runs of the job queue (see {@link createMailWorker}).
 */
export async function startMailWorker(
  deps: ServiceDeps,
  slot: SenderSlot = { sender: null },
): Promise<{ stop(): Promise<void> }> {
  const sender = createSender(deps.config);
  deps.log.info({ outbound: sender.describe }, 'mail delivery ready');
  const loop = startDeliveryLoop(deliveryDeps(deps), sender, deps.config.MAIL_DELIVERY_INTERVAL_MS);
  slot.sender = sender;
  const smtp =
    deps.config.INBOUND_SMTP_PORT > 0
      ? await startSmtpListener(deps, { port: deps.config.INBOUND_SMTP_PORT, host: deps.config.INBOUND_SMTP_HOST })
      : null;
  const imap = deps.config.IMAP_URL ? startImapPoller(deps, deps.config.IMAP_URL, deps.config.IMAP_POLL_SECONDS) : null;
  return {
    async stop() {
      await imap?.stop();
      await smtp?.close();
      slot.sender = null;
      await loop.stop();
    },
  };
}

/**
 * The mail worker as the service's start-up lists it (src/server/workers.ts), and the delivery that the jobs worker's
 * `mail-delivery` queue runs with that worker's sender (null, nothing delivered, while the worker is not running).
 */
export function createMailWorker(): { worker: Worker; delivery: MailDelivery } {
  const slot: SenderSlot = { sender: null };
  const delivery: MailDelivery = async (deps) => {
    const { sender } = slot;
    if (!sender) return null;
    const sent = await deliverDue(deliveryDeps(deps), sender, BATCH);
    return { handled: Object.values(sent).reduce((a, b) => a + b, 0), batchSize: BATCH };
  };
  return { worker: { name: 'mail', start: (deps) => startMailWorker(deps, slot) }, delivery };
}
