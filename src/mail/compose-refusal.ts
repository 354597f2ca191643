/**
 * The mails that belong to no seat: the refusal of a mail that could not be authenticated, and the moderator's
 * notice of a failed delivery. Pure, like src/mail/compose-parts.ts.
 */
import { listId, moderatorThreadRoot } from './addresses.ts';
import type { ComposedMail, MailSite } from './compose-parts.ts';
import { type MailStringKey, mailTexts as both } from '../i18n/strings-mail.ts';
import { esc } from './render.ts';

/**
 * The answer to a mail that could not be authenticated. Bilingual, and says nothing about any game, seat or
 * address: the sender may be anyone.
 */
export function composeRefusal(input: {
  to: string;
  reason: 'unauthenticated' | 'too-large' | 'unreadable' | 'gave-up';
  inReplyTo?: string;
  subject?: string;
  maxBytes?: number;
}): ComposedMail {
  const why: Record<typeof input.reason, MailStringKey> = {
    unauthenticated: 'mail.refusal.unauthenticated',
    'too-large': 'mail.refusal.tooLarge',
    unreadable: 'mail.refusal.unreadable',
    'gave-up': 'mail.refusal.gaveUp',
  };
  const [en, ja] = both(why[input.reason], { kb: Math.round((input.maxBytes ?? 0) / 1024) });
  const text = `${en}\n\n${ja}\n`;
  return {
    kind: 'refusal',
    to: input.to,
    subject: input.subject ? `Re: ${input.subject.slice(0, 150)}` : both('mail.refusal.subject').join(' / '),
    text,
    html: `<p>${esc(en)}</p><p>${esc(ja)}</p>`,
    inReplyTo: input.inReplyTo,
    references: input.inReplyTo ? [input.inReplyTo] : [],
    headers: { 'Auto-Submitted': 'auto-replied', 'X-PBEM-Judge': 'refusal' },
    attachments: [],
  };
}

/**
 * A notice to a game's moderator, threaded under the game's moderator thread and marked automatic: the shape every
 * moderator notice shares (failed deliveries, mail given up on, bouncing addresses).
 */
export function moderatorNotice(
  domain: string,
  input: {
    kind: ComposedMail['kind'];
    gameId: string;
    gameName: string;
    to: string;
    subject: string;
    text: string;
    html: string;
  },
): ComposedMail {
  const root = moderatorThreadRoot(input.gameId, domain);
  return {
    kind: input.kind,
    gameId: input.gameId,
    to: input.to,
    subject: input.subject,
    text: input.text,
    html: input.html,
    inReplyTo: root,
    references: [root],
    headers: {
      'List-Id': listId(input.gameId, input.gameName, domain),
      'Auto-Submitted': 'auto-generated',
      'X-PBEM-Judge': input.gameId,
    },
    attachments: [],
  };
}

/** Tells the moderator that a mail could not be delivered (permanent failure). */
export function composeDeliveryFailure(
  site: MailSite,
  input: { gameId: string; gameName: string; to: string; failedTo: string; failedSubject: string; error: string },
): ComposedMail {
  const facts = { game: input.gameName, to: input.failedTo, subject: input.failedSubject, error: input.error };
  const text = both('mail.deliveryFailed.text', facts).join('\n');
  return moderatorNotice(site.domain, {
    gameId: input.gameId,
    gameName: input.gameName,
    to: input.to,
    kind: 'delivery-failed',
    subject: `[${input.gameName}] ${both('mail.deliveryFailed.subject').join(' / ')}: ${input.failedTo}`,
    text,
    html: `<pre style="white-space:pre-wrap;word-break:break-word">${esc(text)}</pre>`,
  });
}

/**
 * Tells the moderator that a mail of the game was given up on: its processing failed INBOUND_MAX_ATTEMPTS times, so
 * nothing in it was carried out; its sender was answered. The game's page lists it too.
 */
export function composeMailGivenUp(
  site: MailSite,
  input: {
    gameId: string;
    gameName: string;
    to: string;
    from: string;
    subject: string;
    receivedAt: Date;
    attempts: number;
  },
): ComposedMail {
  const when = `${input.receivedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const subject = input.subject.slice(0, 150);
  const facts = { game: input.gameName, attempts: input.attempts, from: input.from, subject, when };
  const text = both('mail.givenUp.text', facts).join('\n');
  return moderatorNotice(site.domain, {
    gameId: input.gameId,
    gameName: input.gameName,
    to: input.to,
    kind: 'moderator',
    subject: `[${input.gameName}] ${both('mail.givenUp.subject').join(' / ')}: ${input.from}`.slice(0, 200),
    text,
    html: `<pre style="white-space:pre-wrap;word-break:break-word">${esc(text)}</pre>`,
  });
}
