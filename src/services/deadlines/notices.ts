/**
 * What players and the moderator hear about deadlines: reminders, missed deadlines, deadline changes and
 * absences, as outbox mails (in the seat's language and time zone) and webhook messages. Every mail has a
 * Message-ID derived from what it reports, inserted with ON CONFLICT DO NOTHING: a job that runs twice queues
 * each mail once. Seats held by one person (src/services/persons.ts) get one mail together, at the person's
 * address, in its language and zone, answerable at its reply address.
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

/**
 * Text of a notice per language; `when` turns an instant into the reader's local time; `sides` are the seats the
 * mail is for (one, or the seats of one person).
 */
export type NoticeText = (
  when: (d: Date) => string,
  locale: Locale,
  sides: string[],
) => { subject: string; body: string };

/** Who one notice mail goes to: a seat held alone, or a person for the listed seats it holds. */
interface NoticeRecipient {
  id: string;
  seatId: string | null;
  sides: string[];
  email: string;
  locale: string;
  timeZone: string;
  mailToken: string;
}

/** The recipients of a notice to `seats`: each seat held alone, and each person once for its seats among them. */
async function noticeRecipients(tx: SqlTx, seats: NoticeSeat[]): Promise<NoticeRecipient[]> {
  if (!seats.length) return [];
  const held = await tx.$queryRawUnsafe<(Omit<NoticeRecipient, 'seatId' | 'sides'> & { seatId: string })[]>(
    `SELECT se.id AS "seatId", p.id, p.email, p.locale, p."timeZone", p."mailToken"
     FROM "Seat" se JOIN "Person" p ON p.id = se."personId" WHERE se.id = ANY($1::text[])`,
    seats.map((s) => s.id),
  );
  const out: NoticeRecipient[] = [];
  for (const seat of seats) {
    const person = held.find((h) => h.seatId === seat.id);
    if (!person) {
      out.push({ ...seat, seatId: seat.id, sides: [seat.side] });
      continue;
    }
    const known = out.find((r) => r.id === person.id);
    if (known) known.sides.push(seat.side);
    else out.push({ ...person, seatId: null, sides: [seat.side] });
  }
  return out;
}
const messageIdOf = (deps: Pick<ServiceDeps, 'config'>, key: string, to: string): string =>
  `<${createHash('sha256').update(`${key}|${to}`).digest('hex').slice(0, 32)}.deadline@${deps.config.MAIL_DOMAIN}>`;

/**
 * Queues one mail per listed seat, or per person for its listed seats (and one to the moderator when `moderator` is
 * set and the game has an address), each in the reader's language with times in the reader's zone. `key`
 * identifies the occurrence.
 */
export async function queueNoticeMails(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'config' | 'clock'>,
  input: { game: NoticeGame; seats: NoticeSeat[]; moderator?: boolean; kind: string; key: string; text: NoticeText },
): Promise<void> {
  const now = deps.clock();
  const recipients = await noticeRecipients(tx, input.seats);
  const rows: Prisma.OutboxCreateManyInput[] = recipients.map((to) => {
    const locale = asLocale(to.locale);
    const { subject, body } = input.text((d) => formatDateTime(d, to.timeZone, locale), locale, to.sides);
    return {
      gameId: input.game.id,
      seatId: to.seatId,
      kind: input.kind,
      toAddress: to.email,
      fromAddress: deps.config.MAIL_FROM,
      replyTo: `orders+${to.mailToken}@${deps.config.MAIL_DOMAIN}`,
      subject: `[${input.game.name}] ${subject}`,
      messageId: messageIdOf(deps, input.key, to.email + to.id),
      text: `${body}\n\n${deps.config.PUBLIC_URL}/g/${input.game.id}\n`,
      nextAttemptAt: now,
    };
  });
  if (input.moderator && input.game.moderatorEmail) {
    const { subject, body } = input.text((d) => formatDateTime(d, 'UTC', 'en'), 'en', []);
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
