/**
 * The service's notifier as the composition roots build it (this process's start-up, the tests' app, the benches):
 * mails from src/mail, webhook deliveries from src/webhooks. Services see only the interface
 * (src/services/notifier.ts), carried in their `ServiceDeps`.
 */
import { mailNotifier } from '../mail/notifier.ts';
import type { NotifyDeps } from '../mail/notify.ts';
import type { ServiceDeps } from '../services/deps.ts';
import type { Notifier } from '../services/notifier.ts';
import { queueWebhooks } from '../webhooks/service.ts';

/** The notifier of a service with these settings, clock and game packages. */
export function createNotifier(deps: NotifyDeps): Notifier {
  return { ...mailNotifier(deps), webhooks: queueWebhooks };
}

/** The service dependencies with the notifier built on them: what every composition root hands the services. */
export function withNotifier(deps: Omit<ServiceDeps, 'notifier'>): ServiceDeps {
  return { ...deps, notifier: createNotifier(deps) };
}
