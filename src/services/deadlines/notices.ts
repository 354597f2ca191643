/**
 * What players and the moderator hear about deadlines: reminders, missed deadlines, deadline changes and
 * absences, as outbox mails (in the seat's language and time zone) and webhook messages. Every mail has a
 * Message-ID derived from what it reports, inserted with ON CONFLICT DO NOTHING: a job that runs twice queues
 * each mail once.
 */
import { createHash, randomUUID } from 'node:crypto';
import { insertRows } from './sql.ts';
import { asLocale, formatDateTime, type Locale } from '../../i18n/index.ts';
import type { Text } from '../../engine/types.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { ServiceDeps, SqlTx } from '../deps.ts';
import { queueWebhooks } from '../../webhooks/service.ts';
import type { WebhookEvent } from '../../webhooks/payload.ts';

/** A seat as notices need it. */
export interface NoticeSeat {
  id: string;
  side: string;
  email: string;
  locale: string;
  timeZone: string;
  mailToken: string;
}

/** A game as notices need it. */
export interface NoticeGame {
  id: string;
  name: string;
  moderatorEmail: string | null;
}

/** Text of a notice per language; `when` turns an instant into the reader's local time. */
export type NoticeText = (when: (d: Date) => string, locale: Locale) => { subject: string; body: string };

const messageIdOf = (deps: Pick<ServiceDeps, 'config'>, key: string, to: string): string =>
  `<${createHash('sha256').update(`${key}|${to}`).digest('hex').slice(0, 32)}.deadline@${deps.config.MAIL_DOMAIN}>`;

/**
 * Queues one mail per listed seat (and one to the moderator when `moderator` is set and the game has an address),
 * each in the reader's language with times in the reader's zone. `key` identifies the occurrence.
 */
export async function queueNoticeMails(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'config' | 'clock'>,
  input: { game: NoticeGame; seats: NoticeSeat[]; moderator?: boolean; kind: string; key: string; text: NoticeText },
): Promise<void> {
  const now = deps.clock();
  const rows: Prisma.OutboxCreateManyInput[] = input.seats.map((seat) => {
    const locale = asLocale(seat.locale);
    const { subject, body } = input.text((d) => formatDateTime(d, seat.timeZone, locale), locale);
    return {
      gameId: input.game.id,
      seatId: seat.id,
      kind: input.kind,
      toAddress: seat.email,
      fromAddress: deps.config.MAIL_FROM,
      replyTo: `orders+${seat.mailToken}@${deps.config.MAIL_DOMAIN}`,
      subject: `[${input.game.name}] ${subject}`,
      messageId: messageIdOf(deps, input.key, seat.email + seat.id),
      text: `${body}\n\n${deps.config.PUBLIC_URL}/g/${input.game.id}\n`,
      nextAttemptAt: now,
    };
  });
  if (input.moderator && input.game.moderatorEmail) {
    const { subject, body } = input.text((d) => formatDateTime(d, 'UTC', 'en'), 'en');
    rows.push({
      gameId: input.game.id,
      seatId: null,
      kind: 'moderator',
      toAddress: input.game.moderatorEmail,
      fromAddress: deps.config.MAIL_FROM,
      replyTo: null,
      subject: `[${input.game.name}] ${subject}`,
      messageId: messageIdOf(deps, input.key, `moderator:${input.game.moderatorEmail}`),
      text: `${body}\n\n${deps.config.PUBLIC_URL}/g/${input.game.id}/moderate\n`,
      nextAttemptAt: now,
    });
  }
  await insertRows(
    tx,
    'Outbox',
    rows.map((r) => ({ id: randomUUID(), ...r })),
    {},
    { skipDuplicates: true },
  );
}

/** Queues the webhook message of an occurrence (times in UTC: a channel has no single reader zone). */
export async function queueNoticeWebhooks(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'config' | 'clock'>,
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
  await queueWebhooks(tx, input.game.id, input.key, {
    event: input.event,
    gameName: input.game.name,
    title: input.title,
    description: input.description,
    url: `${deps.config.PUBLIC_URL}/g/${input.game.id}`,
    fields: input.fields,
    at: deps.clock(),
  });
}

/** A two-language text picked by locale. */
export const pick = (text: Text, locale: Locale): string => text[locale];

/** A time for a webhook (UTC, unambiguous for every reader). */
export const utc = (d: Date): string => formatDateTime(d, 'UTC', 'en');
