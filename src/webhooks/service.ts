/**
 * Per-game webhooks: the moderator adds, lists and removes them (audited); the deadline machinery queues one
 * delivery job per hook and event in the transaction of the event itself.
 */
import { randomUUID } from 'node:crypto';
import { audit } from '../services/audit.ts';
import type { ServiceDeps, SqlTx } from '../services/deps.ts';
import { badRequest, notFound } from '../services/errors.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { QUEUES, type WebhookJob } from '../jobs/queues.ts';
import { discordBody, WEBHOOK_EVENTS, type WebhookEvent, type WebhookMessage } from './payload.ts';
import { webhookUrlProblem } from './url.ts';

const MAX_HOOKS = 5;

/** A configured hook as the moderator sees it. */
export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
}

const view = (h: { id: string; url: string; events: string[]; createdAt: Date }): WebhookView => ({
  id: h.id,
  url: h.url,
  events: h.events,
  createdAt: h.createdAt.toISOString(),
});

/** Adds a hook (at most five per game). 400 for a refused URL or unknown event. */
export async function addWebhook(
  deps: ServiceDeps,
  gameId: string,
  input: { url: string; events?: string[] },
): Promise<WebhookView> {
  const problem = webhookUrlProblem(input.url, deps.config.WEBHOOK_ALLOW_PRIVATE);
  if (problem) throw badRequest('webhook/url', `webhook URL refused: ${problem}`);
  const events = [...new Set(input.events ?? ['result', 'reminder', 'missed'])];
  const unknown = events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown.length || !events.length)
    throw badRequest('webhook/events', `events must be some of ${WEBHOOK_EVENTS.join(', ')}`, { unknown });
  return deps.db.$transaction(async (tx) => {
    const game = await tx.game.findUnique({
      where: { id: gameId },
      select: { id: true, _count: { select: { webhooks: true } } },
    });
    if (!game) throw notFound('game');
    if (game._count.webhooks >= MAX_HOOKS) throw badRequest('webhook/limit', `at most ${MAX_HOOKS} webhooks per game`);
    const hook = await tx.webhook.create({
      data: { id: randomUUID(), gameId, url: input.url, events, createdAt: deps.clock() },
    });
    await audit(
      tx,
      gameId,
      'moderator',
      'webhook.add',
      { id: hook.id, host: new URL(input.url).host, events },
      deps.clock(),
    );
    return view(hook);
  });
}

/** The hooks of a game. */
export async function listWebhooks(deps: ServiceDeps, gameId: string): Promise<WebhookView[]> {
  const hooks = await deps.db.webhook.findMany({ where: { gameId }, orderBy: { createdAt: 'asc' } });
  return hooks.map(view);
}

/** Removes a hook; its pending deliveries are dropped when they run. 404 when it is not this game's. */
export async function removeWebhook(deps: ServiceDeps, gameId: string, webhookId: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const deleted = await tx.webhook.deleteMany({ where: { id: webhookId, gameId } });
    if (!deleted.count) throw notFound('webhook', 'webhook/not-found');
    await audit(tx, gameId, 'moderator', 'webhook.remove', { id: webhookId }, deps.clock());
  });
}

/**
 * Queues one delivery per hook of the game that subscribes to the message's event, in the caller's transaction.
 * `eventKey` names the occurrence (e.g. "result:<stepId>"): the same occurrence is delivered once per hook.
 */
export async function queueWebhooks(
  tx: SqlTx,
  gameId: string,
  eventKey: string,
  message: WebhookMessage,
): Promise<number> {
  const event: WebhookEvent = message.event;
  const hooks = await tx.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM "Webhook" WHERE "gameId" = $1 AND $2 = ANY(events)`,
    gameId,
    event,
  );
  const body = discordBody(message);
  for (const hook of hooks) {
    const job: WebhookJob = { webhookId: hook.id, eventKey, body };
    await enqueue(tx, QUEUES.webhook, job, { key: `${hook.id}:${eventKey}` });
  }
  return hooks.length;
}
