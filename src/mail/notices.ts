/**
 * The service's text notices as mails: what deadlines do (reminders, grace, missed deadlines, moves, absences), a
 * result sent back by the moderator, and the moderator's notice of a result awaiting review. Each in its reader's
 * language, with times in the reader's zone; seats held by one person (src/services/persons.ts) get one mail
 * together, at the person's address and answerable at its reply address. A deadline notice has a Message-ID derived
 * from what it reports, so a job that runs twice queues it once.
 */
import { createHash } from 'node:crypto';
import { asLocale, formatDateTime, type Locale } from '../i18n/index.ts';
import { mailText, mailTexts } from '../i18n/strings-mail.ts';
import type { ServiceDeps, SqlTx } from '../services/deps.ts';
import type { NoticeMails, NoticeSeat, ReviewNotice } from '../services/notifier.ts';
import { seatReplyAddress } from './addresses.ts';
import { type OutboxMail, writeOutbox } from './outbox.ts';
import { SIGN_IN_SLOT } from './sign-in-slot.ts';

/** What notices need of the service: its settings and its clock. */
type NoticeDeps = Pick<ServiceDeps, 'config' | 'clock'>;

/** The Message-ID of a notice: one per occurrence (`key`) and reader. */
const noticeMessageId = (domain: string, key: string, reader: string): string =>
  `<${createHash('sha256').update(`${key}|${reader}`).digest('hex').slice(0, 32)}.deadline@${domain}>`;

/** A text mail with the headers and parts a notice leaves empty. */
const textMail = (mail: Pick<OutboxMail, 'kind' | 'gameId' | 'to' | 'subject' | 'text' | 'messageId'>) => ({
  seatId: undefined,
  html: '',
  references: [],
  headers: {},
  attachments: [],
  ...mail,
});

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

/**
 * The recipients of a notice to `seats`: each seat held alone, and each person once for its seats among them. A
 * seat the computer plays is left out (no mail asks it for anything), unless the notice is about who plays it
 * (`botSeatsToo`: its player is told it was handed over and may take it back); a seat without an address (created
 * for the computer player) never gets mail.
 */
async function noticeRecipients(tx: SqlTx, seats: NoticeSeat[], botSeatsToo = false): Promise<NoticeRecipient[]> {
  if (!seats.length) return [];
  const rows = await tx.$queryRawUnsafe<
    (Omit<NoticeRecipient, 'seatId' | 'sides'> & { seatId: string; bot: boolean; shared: boolean })[]
  >(
    `SELECT se.id AS "seatId", se.bot, p.id, p.email, p.locale, p."timeZone", p."mailToken",
       (SELECT count(*) FROM "Seat" o WHERE o."personId" = p.id) > 1 AS shared
     FROM "Seat" se JOIN "Person" p ON p.id = se."personId"
     WHERE se.id = ANY($1::text[])`,
    seats.map((s) => s.id),
  );
  const out: NoticeRecipient[] = [];
  for (const seat of seats) {
    const row = rows.find((h) => h.seatId === seat.id);
    if (!row || (row.bot && !botSeatsToo) || !seat.email.trim() || !row.email.trim()) continue;
    const person = row.shared ? row : undefined;
    const known = person && out.find((r) => r.id === person.id);
    if (!person) out.push({ ...seat, seatId: seat.id, sides: [seat.side] });
    else if (known) known.sides.push(seat.side);
    else
      out.push({
        id: person.id,
        email: person.email,
        locale: person.locale,
        timeZone: person.timeZone,
        mailToken: person.mailToken,
        seatId: null,
        sides: [seat.side],
      });
  }
  return out;
}

/** The line before a notice's sign-in link. */
const signInLine = (locale: Locale): string => `${mailText(locale, 'mail.footer.page')}:`;

/**
 * The mails of a notice: one per recipient (a seat held alone, or a person for its seats), and one to the
 * moderator when asked and the game has an address.
 */
export function noticeMails(deps: NoticeDeps, input: NoticeMails, recipients: NoticeRecipient[]): OutboxMail[] {
  const { game, key } = input;
  const site = deps.config;
  const mails: OutboxMail[] = recipients.map((to) => {
    const locale = asLocale(to.locale);
    const { subject, body } = input.text((d) => formatDateTime(d, to.timeZone, locale), locale, to.sides);
    return {
      ...textMail({
        kind: input.kind,
        gameId: game.id,
        to: to.email,
        subject: `[${game.name}] ${subject}`,
        text: `${body}\n\n${signInLine(locale)}\n${SIGN_IN_SLOT}\n`,
        messageId: noticeMessageId(site.MAIL_DOMAIN, key, to.email + to.id),
      }),
      ...(to.seatId ? { seatId: to.seatId } : { personId: to.id }),
      replyTo: seatReplyAddress(to.mailToken, site.MAIL_DOMAIN),
    };
  });
  if (input.moderator && game.moderatorEmail) {
    const { subject, body } = input.text((d) => formatDateTime(d, 'UTC', 'en'), 'en', []);
    mails.push(
      textMail({
        kind: 'moderator',
        gameId: game.id,
        to: game.moderatorEmail,
        subject: `[${game.name}] ${subject}`,
        text: `${body}\n\n${site.PUBLIC_URL}/g/${game.id}/moderate\n`,
        messageId: noticeMessageId(site.MAIL_DOMAIN, key, `moderator:${game.moderatorEmail}`),
      }),
    );
  }
  return mails;
}

/** Queues the mails of a notice; an occurrence already queued for a reader is not queued again. */
export async function queueNoticeMails(tx: SqlTx, deps: NoticeDeps, input: NoticeMails): Promise<void> {
  const mails = noticeMails(deps, input, await noticeRecipients(tx, input.seats, input.botSeatsToo));
  await writeOutbox(tx, deps.config, mails, deps.clock(), { skipDuplicates: true });
}

/** Tells the moderator (when the game has a moderator address) that a step's result awaits review. */
export async function queueReviewNotice(tx: SqlTx, deps: NoticeDeps, notice: ReviewNotice): Promise<void> {
  const game =
    notice.game ??
    (
      await tx.$queryRawUnsafe<{ id: string; name: string; moderatorEmail: string | null }[]>(
        `SELECT id, name, "moderatorEmail" FROM "Game" WHERE id = $1`,
        notice.gameId,
      )
    )[0];
  if (!game?.moderatorEmail) return;
  const n = notice.stepNumber;
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/g/${game.id}/moderate`;
  const mail = textMail({
    kind: 'moderator',
    gameId: game.id,
    to: game.moderatorEmail,
    subject: `[${game.name}] ${mailTexts('mail.review.subject', { n }).join(' / ')}`,
    text: `${mailTexts('mail.review.text', { n, link }).join('\n')}\n`,
  });
  await writeOutbox(tx, deps.config, [mail], deps.clock());
}
