/**
 * What players and the moderator hear about deadlines: reminders, missed deadlines, deadline changes and absences,
 * as mails (in the seat's language and time zone; seats held by one person get one mail together) and webhook
 * messages, both through the service's notifier. Each occurrence has a key: a job that runs twice queues each mail
 * and each delivery once.
 */
import { formatDateTime } from '../../i18n/index.ts';
import type { ServiceDeps, SqlTx } from '../deps.ts';
import type { NoticeGame, NoticeMails, WebhookEvent } from '../notifier.ts';

/** Queues the mails of a notice (see `NoticeMails`). */
export async function queueNoticeMails(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'notifier'>,
  input: NoticeMails,
): Promise<void> {
  await deps.notifier.notices(tx, input);
}

/** Queues the webhook message of an occurrence (times in UTC: a channel has no single reader zone). */
export async function queueNoticeWebhooks(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'config' | 'clock' | 'notifier'>,
  input: {
    game: NoticeGame;
    event: WebhookEvent;
    key: string;
    title: string;
    description: string;
    fields?: { name: string; value: string; inline?: boolean }[];
    hookEvents?: string[];
  },
): Promise<void> {
  // The caller knows which events the game's webhooks want: none wants this one, nothing to queue.
  if (input.hookEvents && !input.hookEvents.includes(input.event)) return;
  const message = {
    event: input.event,
    gameName: input.game.name,
    title: input.title,
    description: input.description,
    url: `${deps.config.PUBLIC_URL}/g/${input.game.id}`,
    fields: input.fields,
    at: deps.clock(),
  };
  await deps.notifier.webhooks(tx, { gameId: input.game.id, eventKey: input.key, message });
}

/** A time for a webhook (UTC, unambiguous for every reader). */
export const utc = (d: Date): string => formatDateTime(d, 'UTC', 'en');
