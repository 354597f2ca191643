/** Delivery dependencies of a test app. */
import type { ServiceDeps } from '../../src/services/deps.ts';
import { createSender, type DeliveryDeps, deliverDue } from '../../src/mail/delivery.ts';
import { deliveryDeps } from '../../src/mail/worker.ts';

export const createDeliveryDeps = (deps: ServiceDeps, clock?: () => Date): DeliveryDeps => ({
  ...deliveryDeps(deps),
  ...(clock ? { clock } : {}),
});

/**
 * Delivers every mail due through the app's configured sender (SMTP_URL or the sink), until none is left;
 * `aheadMs` delivers as if that much later (an acknowledgement held to fold a burst is due a minute on).
 */
export async function deliverAllDue(deps: ServiceDeps, aheadMs = 0): Promise<void> {
  const sender = createSender(deps.config);
  const clock = aheadMs ? () => new Date(deps.clock().getTime() + aheadMs) : undefined;
  for (;;) {
    const r = await deliverDue(createDeliveryDeps(deps, clock), sender);
    if (!r.sent && !r.retried && !r.failed && !r.suppressed) break;
  }
}
