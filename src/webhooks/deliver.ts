/**
 * Webhook delivery, one request per job: the URL is read from the game's stored hook at delivery time (a deleted
 * hook is never called), the request has a timeout and follows no redirect. 2xx: done. 429, 5xx, timeouts and
 * network errors: the job fails and pg-boss retries it with exponential back-off. Other answers: dropped.
 */
import type { ServiceDeps } from '../services/deps.ts';
import type { WebhookJob } from '../queue/queues.ts';
import { webhookUrlProblem } from './url.ts';

/** What happened to one delivery attempt. */
export type DeliveryOutcome = 'delivered' | 'dropped';

/** Delivers one webhook job; throws (to be retried) on a temporary failure. */
export async function deliverWebhook(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'config'>,
  job: WebhookJob,
): Promise<DeliveryOutcome> {
  const hook = await deps.db.webhook.findUnique({ where: { id: job.webhookId } });
  if (!hook) return 'dropped';
  const problem = webhookUrlProblem(hook.url, deps.config.WEBHOOK_ALLOW_PRIVATE);
  if (problem) {
    deps.log.warn({ webhookId: hook.id, problem }, 'webhook URL refused');
    return 'dropped';
  }
  let status: number;
  try {
    const response = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'pbem-judge-webhook/1' },
      body: JSON.stringify(job.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.config.WEBHOOK_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel().catch(() => {});
  } catch (error) {
    throw new Error(
      `webhook ${hook.id}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`,
    );
  }
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 429 || status >= 500) throw new Error(`webhook ${hook.id}: HTTP ${status}, will retry`);
  deps.log.warn({ webhookId: hook.id, status, eventKey: job.eventKey }, 'webhook refused the delivery: dropped');
  return 'dropped';
}
