/**
 * The mail with the link that confirms a request for a practice game (the public page /practice:
 * src/services/practice.ts): to the address given, in the language chosen, with nothing of any game in it but the
 * title of the one asked for. It is not a game's mail (no game, no reply address, no sign-in link).
 */
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import type { Tx } from '../services/deps.ts';
import { partsHtml, partsText, para } from './compose-parts.ts';
import { type OutboxSite, queueMail } from './outbox.ts';

/** Queues the confirmation mail of a practice request (in the transaction that records it). */
export async function queuePracticeLinkMail(
  tx: Tx,
  site: OutboxSite,
  mail: { to: string; locale: Locale; url: string; gameTitle: string; hours: number },
  now: Date,
): Promise<void> {
  const { locale } = mail;
  const parts = [
    para(mailText(locale, 'practice.mail.body', { game: mail.gameTitle, hours: mail.hours })),
    para(mail.url),
    para(mailText(locale, 'practice.mail.ignore')),
  ];
  await queueMail(
    tx,
    site,
    {
      kind: 'practice',
      to: mail.to,
      subject: mailText(locale, 'practice.mail.subject', { game: mail.gameTitle }),
      text: partsText(parts),
      html: partsHtml(parts, locale),
      references: [],
      headers: { 'Auto-Submitted': 'auto-generated' },
      attachments: [],
    },
    now,
  );
}
