/**
 * The service's text notices as mails: what deadlines do (reminders, grace, missed deadlines, moves, absences), a
 * result sent back by the moderator, and the moderator's notice of a result awaiting review. Each in its reader's
 * language, with times in the reader's zone; a deadline notice has a Message-ID derived from what it reports, so a
 * job that runs twice queues it once.
 */
import { createHash } from 'node:crypto';
import { asLocale, formatDateTime } from '../i18n/index.ts';
import type { ServiceDeps, SqlTx } from '../services/deps.ts';
import type { NoticeMails, ReviewNotice } from '../services/notifier.ts';
import { seatReplyAddress } from './addresses.ts';
import { type OutboxMail, writeOutbox } from './outbox.ts';

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

/** The mails of a notice: one per seat listed, and one to the moderator when asked and the game has an address. */
export function noticeMails(deps: NoticeDeps, input: NoticeMails): OutboxMail[] {
  const { game, key } = input;
  const site = deps.config;
  const mails: OutboxMail[] = input.seats.map((seat) => {
    const locale = asLocale(seat.locale);
    const { subject, body } = input.text((d) => formatDateTime(d, seat.timeZone, locale), locale);
    return {
      ...textMail({
        kind: input.kind,
        gameId: game.id,
        to: seat.email,
        subject: `[${game.name}] ${subject}`,
        text: `${body}\n\n${site.PUBLIC_URL}/g/${game.id}\n`,
        messageId: noticeMessageId(site.MAIL_DOMAIN, key, seat.email + seat.id),
      }),
      seatId: seat.id,
      replyTo: seatReplyAddress(seat.mailToken, site.MAIL_DOMAIN),
    };
  });
  if (input.moderator && game.moderatorEmail) {
    const { subject, body } = input.text((d) => formatDateTime(d, 'UTC', 'en'), 'en');
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
  await writeOutbox(tx, deps.config, noticeMails(deps, input), deps.clock(), { skipDuplicates: true });
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
    subject: `[${game.name}] Step ${n} awaits review / ステップ ${n} 承認待ち`,
    text: `The result of step ${n} is ready for review: ${link}\nステップ ${n} の結果が承認待ちです: ${link}\n`,
  });
  await writeOutbox(tx, deps.config, [mail], deps.clock());
}
