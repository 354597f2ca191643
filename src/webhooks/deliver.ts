/**
 * Webhook delivery, one request per job: the URL is read from the game's stored hook at delivery time (a deleted
 * hook is never called), the request has a timeout and follows no redirect. 2xx: done. 429, 5xx, timeouts and
 * network errors: the job fails and pg-boss retries it with exponential back-off. Other answers: dropped.
 *
 * The host is resolved at delivery and every address it resolves to is checked (address.ts); the connection then
 * goes to exactly the checked addresses (the request's own `lookup` answers with them), so a name that changes its
 * answer between the check and the connection (DNS rebinding) cannot reach a refused address.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { ServiceDeps } from '../services/deps.ts';
import type { WebhookJob } from '../queue/queues.ts';
import { addressProblem } from './address.ts';
import { webhookUrlProblem } from './url.ts';

/** What happened to one delivery attempt. */
export type DeliveryOutcome = 'delivered' | 'dropped';

/** How a delivery resolves a host and judges its addresses (the defaults: the system resolver, address.ts). */
export interface WebhookNetwork {
  /** Every address of a host name. */
  resolve(hostname: string): Promise<LookupAddress[]>;
  /** Null when the delivery may connect to the address, else why not. */
  refuse(address: string): string | null;
}

/** The system resolver, every address of the name (as `dns.lookup` with `all`). */
const systemResolve = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The network of deliveries with these settings. */
export function defaultNetwork(allowPrivate: boolean): WebhookNetwork {
  return { resolve: systemResolve, refuse: (address) => addressProblem(address, allowPrivate) };
}

/** A host that resolved to an address a webhook may not reach: the delivery is dropped, not retried. */
export class AddressRefused extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(`${hostname} resolves to ${address}: ${reason}`);
    this.name = 'AddressRefused';
  }
}

/**
 * The `lookup` of a delivery's connection: it resolves the name once, refuses it when any of its addresses is
 * refused, and hands the connection exactly the addresses it checked.
 */
export function pinnedLookup(network: WebhookNetwork): LookupFunction {
  return (hostname, options, callback) => {
    network.resolve(hostname).then(
      (all) => {
        for (const { address } of all) {
          const reason = network.refuse(address);
          if (reason) return callback(new AddressRefused(hostname, address, reason), '', 0);
        }
        const usable =
          options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        if (!usable.length) {
          const error: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
          error.code = 'ENOTFOUND';
          return callback(error, '', 0);
        }
        if (options.all) return callback(null, usable);
        return callback(null, usable[0].address, usable[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

class TimedOut extends Error {
  constructor() {
    super('timed out');
    this.name = 'TimeoutError';
  }
}

/** POSTs the body to the URL through the pinned lookup; resolves with the answer's status (its body is not read). */
function post(url: URL, body: string, network: WebhookNetwork, timeoutMs: number): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'pbem-judge-webhook/1',
        },
        lookup: pinnedLookup(network),
        agent: false,
      },
      (response) => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    const timer = setTimeout(() => request.destroy(new TimedOut()), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/** Delivers one webhook job; throws (to be retried) on a temporary failure. `network`: tests give their own. */
export async function deliverWebhook(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'config'>,
  job: WebhookJob,
  network: WebhookNetwork = defaultNetwork(deps.config.WEBHOOK_ALLOW_PRIVATE),
): Promise<DeliveryOutcome> {
  const hook = await deps.db.webhook.findUnique({ where: { id: job.webhookId } });
  if (!hook) return 'dropped';
  let problem = webhookUrlProblem(hook.url, deps.config.WEBHOOK_ALLOW_PRIVATE);
  const url = new URL(problem ? 'http://refused.invalid' : hook.url);
  // An address literal is connected to without a lookup: it is judged here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!problem && isIP(literal)) problem = network.refuse(literal);
  if (problem) {
    deps.log.warn({ webhookId: hook.id, problem }, 'webhook URL refused');
    return 'dropped';
  }
  let status: number;
  try {
    status = await post(url, JSON.stringify(job.body), network, deps.config.WEBHOOK_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof AddressRefused) {
      deps.log.warn({ webhookId: hook.id, address: error.address, problem: error.reason }, 'webhook address refused');
      return 'dropped';
    }
    throw new Error(`webhook ${hook.id}: ${(error as Error).message}`);
  }
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 429 || status >= 500) throw new Error(`webhook ${hook.id}: HTTP ${status}, will retry`);
  deps.log.warn({ webhookId: hook.id, status, eventKey: job.eventKey }, 'webhook refused the delivery: dropped');
  return 'dropped';
}
