/**
 * The mail worker started with the service's workers: outbound delivery (its own short-interval loop, and the
 * pg-boss `mail-delivery` queue's runs through the jobs hook; claims with SKIP LOCKED keep them from sending a row
 * twice), the SMTP order listener (INBOUND_SMTP_PORT, 0 = off) and the IMAP poller (IMAP_URL).
 */
import { registerMailDelivery } from '../jobs/mail-hook.ts';
import type { ServiceDeps, Worker } from '../services/deps.ts';
import { createSender, deliverDue, startDeliveryLoop, type DeliveryDeps } from './delivery.ts';
import { startImapPoller } from './imap-poller.ts';
import { startSmtpListener } from './smtp-listener.ts';

const BATCH = 50;

/** Delivery dependencies from the service's. */
export function deliveryDeps(deps: ServiceDeps): DeliveryDeps {
  return { db: deps.db, log: deps.log, clock: deps.clock, settings: deps.config };
}

/** Starts delivery, the SMTP listener and the IMAP poller as configured; `stop` ends them in reverse order. */
export async function startMailWorker(deps: ServiceDeps): Promise<{ stop(): Promise<void> }> {
  const sender = createSender(deps.config);
  deps.log.info({ outbound: sender.describe }, 'mail delivery ready');
  const loop = startDeliveryLoop(deliveryDeps(deps), sender, deps.config.MAIL_DELIVERY_INTERVAL_MS);
  registerMailDelivery(async (d) => ({
    handled: Object.values(await deliverDue(deliveryDeps(d), sender, BATCH)).reduce((a, b) => a + b, 0),
    batchSize: BATCH,
  }));
  const smtp =
    deps.config.INBOUND_SMTP_PORT > 0
      ? await startSmtpListener(deps, { port: deps.config.INBOUND_SMTP_PORT, host: deps.config.INBOUND_SMTP_HOST })
      : null;
  const imap = deps.config.IMAP_URL ? startImapPoller(deps, deps.config.IMAP_URL, deps.config.IMAP_POLL_SECONDS) : null;
  return {
    async stop() {
      await imap?.stop();
      await smtp?.close();
      registerMailDelivery(null);
      await loop.stop();
    },
  };
}

/** The mail worker as the service's start-up lists it (src/server/workers.ts). */
export const mailWorker: Worker = { name: 'mail', start: startMailWorker };
