/**
 * What makes a mail one a player can act on: a subject that says whether they must move and by when, in their zone
 * and language ("Your move by Sat 28 Nov, 21:00 GMT+9: Allied placement, Step 2"), and, at the end of the body, a
 * reply template of the orders owed, in the game's order syntax with the default orders filled in, to copy into a
 * reply (or send as it is with one tap on its mailto link). Pure, like src/mail/compose-parts.ts.
 */
import type { Owed, SeatId } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { formatOrderText, type TextGame } from '../orders-text/game-text.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import { choiceLines } from './choice-lines.ts';
import { heading, type SeatMailContext } from './compose-parts.ts';
import { seatReplyAddress } from './addresses.ts';
import { esc, type Part } from './render.ts';

/** A deadline as a subject line says it: "Sat 28 Nov, 21:00 GMT+9" / "11月28日(土) 21:00 JST". */
export function shortDeadline(date: Date, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}

/** What a mail's subject says about the reader's next move. */
export interface NextMove {
  owed: readonly Owed[];
  deadline: Date | null;
  timeZone: string;
  /** The phase the game is in, in the reader's words (the board's summary). */
  phase: string | null;
}

/**
 * The subject of a mail that asks for orders ("Your move by ...: phase"), or null when the reader owes nothing
 * (the caller then says what the mail reports).
 */
export function moveSubject(lc: Locale, next: NextMove): string | null {
  if (!next.owed.length) return null;
  const by = next.deadline ? shortDeadline(next.deadline, next.timeZone, lc) : null;
  const what = next.phase ? `: ${next.phase}` : '';
  return by ? mailText(lc, 'mail.move.by', { by, what }) : mailText(lc, 'mail.move', { what });
}

/**
 * The reply template of a seat: its default orders at this decision point written in the game's order syntax, and
 * when they leave choices open (an empty default: the engine decides if the player says nothing), those choices
 * written as commented order lines (src/mail/choice-lines.ts). Null when the seat owes nothing or nothing can be
 * written.
 */
export function replyTemplateOf(
  def: AnyGamePackage & TextGame,
  data: unknown,
  state: unknown,
  seat: SeatId,
  locale: Locale,
): string[] | null {
  const choices = def.choices(state, seat);
  if (!choices) return null;
  const defaults = def.defaultOrders(state, seat);
  const lines = [...formatOrderText(def, { data, seat, choices }, defaults, locale)];
  if (!lines.length) lines.push(...choiceLines(def, data, seat, choices, defaults, locale));
  return lines.length ? lines : null;
}

/** Whom a template's reply goes to: a seat's or a person's reply address, in its language. */
export interface ReplyTo {
  site: SeatMailContext['site'];
  reader: { locale: Locale; mailToken: string };
}

/**
 * The template as the last part of a mail: how to use it, the lines, and in HTML a mailto link that opens a reply
 * to the seat's personal address with the lines filled in.
 */
export function replyTemplatePart(ctx: ReplyTo, lines: string[], subject: string): Part[] {
  const lc = ctx.reader.locale;
  const how = mailText(lc, 'mail.template.how');
  const open = lines.some((l) => l.startsWith('#')) ? ` ${mailText(lc, 'mail.template.open')}` : '';
  const body = lines.join('\n');
  const to = seatReplyAddress(ctx.reader.mailToken, ctx.site.domain);
  const mailto = `mailto:${to}?subject=${encodeURIComponent(`Re: ${subject}`)}&body=${encodeURIComponent(`${body}\n`)}`;
  const tap = mailText(lc, 'mail.template.tap');
  return [
    heading(mailText(lc, 'mail.template.heading')),
    {
      text: `${how}${open}\n\n${body}`,
      html: `<p>${esc(how + open)}</p><pre style="white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:8px">${esc(body)}</pre><p><a href="${esc(mailto)}">${esc(tap)}</a></p>`,
    },
  ];
}
