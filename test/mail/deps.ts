/** Delivery dependencies of a test app. */
import type { ServiceDeps } from '../../src/services/deps.ts';
import type { DeliveryDeps } from '../../src/mail/delivery.ts';
import { deliveryDeps } from '../../src/mail/worker.ts';

export const createDeliveryDeps = (deps: ServiceDeps, clock?: () => Date): DeliveryDeps => ({
  ...deliveryDeps(deps),
  ...(clock ? { clock } : {}),
});
