/**
 * The Judge-style reply to an order mail (echo, errors with rule ids, what is still owed, the deadline) and the
 * HELP and STATUS answers it may carry, in the player's language: for a seat held alone, or for a person holding
 * several seats, every line naming the seat it concerns. Pure, like src/mail/compose-parts.ts.
 */
import type { ChoiceTree, Owed, Text } from '../engine/types.ts';
import type { OrdersError } from '../services/errors.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import type { Board } from '../engine/board.ts';
import {
  bySeat,
  type ComposedMail,
  envelope,
  heading,
  type PlayerMailContext,
  para,
  pre,
  readerOf,
  type SeatMailContext,
  seatNames,
  sideNameOf,
} from './compose-parts.ts';
import { renderChoices, renderMap, renderOwed, type Part } from './render.ts';

/** What an order mail achieved, for the Judge-style reply. */
export interface ReplyReport {
  /** Canonical text of the orders as understood (empty when the mail had none). */
  echo: string[];
  /** Text errors (line numbers) and rule errors (rule ids), each naming its seat in a mail for several. */
  textErrors: { line: number; text: string; code: string; message: Text; seat?: string }[];
  ruleErrors: OrdersError[];
  ignored: { line: number; text: string }[];
  /** `accepted`: stored; `rejected`: nothing stored; `none`: no orders in the mail. */
  outcome: 'accepted' | 'rejected' | 'none';
  /** A conflict that stopped the orders (game paused, step not open, ...). */
  problem?: Text;
  /** Answers to commands, in order (HELP, STATUS, APPROVE, REJECT). */
  answers: Part[];
  /** What the player's seats still owe (all of them). */
  owed: Owed[];
  /** What each seat of a person holding several still owes (its reply has a section per seat). */
  owedBySeat?: { side: string; owed: Owed[] }[];
  deadline: Date | null;
  resolved: boolean;
  /**
   * What happens next, as the game stands after the mail: the seats still waited for (none of them the reader's),
   * the moderator's review of the resolved step, or its result (mailed next). Absent: what the reader owes.
   */
  next?: NextState;
  /** Acknowledgements of earlier mails folded into this reply (a burst within a minute: src/mail/ack-fold.ts). */
  folded?: Part | null;
}

/** What happens next after a player's mail (see ReplyReport.next). */
export type NextState = { kind: 'waiting'; sides: string[] } | { kind: 'review' } | { kind: 'resolved' };

/** The heading of a player's reply that opens what happens next (an acknowledgement's fold ends before it). */
export const nextHeading = (lc: Locale): Part => heading(mailText(lc, 'mail.next.heading'));

/** The echo's lines, the first `REPLY_LIMITS.echoLines` of them and a count of the rest. */
function echoText(lc: Locale, echo: readonly string[]): string {
  const shown = echo.slice(0, REPLY_LIMITS.echoLines);
  if (echo.length > shown.length) shown.push(moreLine(lc, echo.length - shown.length));
  return shown.join('\n');
}

/** The echo of the orders as understood (seat by seat, for several), and whether they were stored. */
function echoParts(lc: Locale, input: ReplyReport, several: boolean): Part[] {
  if (input.outcome === 'none' && !input.textErrors.length) return [];
  const parts: Part[] = [
    heading(mailText(lc, 'mail.reply.understood')),
    pre(input.echo.length ? echoText(lc, input.echo) : mailText(lc, 'mail.reply.noneRead')),
  ];
  const accepted = mailText(lc, several ? 'mail.ack.several' : 'mail.ack.one');
  const rejected = mailText(lc, several ? 'mail.reject.several' : 'mail.reject.one');
  const status = input.outcome === 'accepted' ? accepted : input.outcome === 'rejected' ? rejected : '';
  if (status) parts.push(para(status));
  return parts;
}

/**
 * The text errors (by line) and rule errors (by rule id), each after the seat it concerns when it names one (a
 * person's mail), then the lines not read as orders.
 */
function errorParts(lc: Locale, input: ReplyReport, seatName: (side: string) => string = (side) => side): Part[] {
  const seat = (side: string | undefined) =>
    side ? `${mailText(lc, 'mail.reply.seat', { seat: seatName(side) })}: ` : '';
  const textErrors = input.textErrors.slice(0, REPLY_LIMITS.errors);
  const ruleErrors = input.ruleErrors.slice(0, REPLY_LIMITS.errors - textErrors.length);
  const errors = [
    ...textErrors.map(
      (e) =>
        `${seat(e.seat)}${mailText(lc, 'mail.reply.line', { n: e.line })}: ${clipped(e.message[lc], 1000)} [${e.code}]${e.text ? `  <${clipped(e.text)}>` : ''}`,
    ),
    ...ruleErrors.map(
      (e) =>
        `${seat(e.seat)}${e.rule}: ${clipped(e.message[lc], 1000)} [${e.code}]${e.path ? ` (${clipped(e.path)})` : ''}`,
    ),
  ];
  return errorsAndIgnored(lc, errors, input.textErrors.length + input.ruleErrors.length, input.ignored);
}

/**
 * How much of a mail a reply quotes back: a reply is never much larger than the mail that caused it (a mail of
 * 90,000 bad lines gets the first errors and a count of the rest, not a reply of megabytes).
 */
export const REPLY_LIMITS = { errors: 50, ignored: 20, echoLines: 300, quotedChars: 160 } as const;

/** A text that may quote the player's mail, cut to `max` characters (a quoted line: `REPLY_LIMITS.quotedChars`). */
function clipped(text: string, max: number = REPLY_LIMITS.quotedChars): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The line that stands for the items of a list left out of a reply. */
function moreLine(lc: Locale, more: number): string {
  return mailText(lc, 'mail.reply.more', { n: more });
}

/** The error lines under their heading (the first ones, and a count of the rest), then the lines not read as orders. */
function errorsAndIgnored(lc: Locale, errors: string[], total: number, ignored: ReplyReport['ignored']): Part[] {
  const parts: Part[] = [];
  const listed = total > errors.length ? [...errors, moreLine(lc, total - errors.length)] : errors;
  if (total) parts.push(heading(mailText(lc, 'mail.reply.errors', { n: total })), pre(listed.join('\n')));
  if (ignored.length) {
    const shown = ignored.slice(0, REPLY_LIMITS.ignored).map((i) => `${i.line} "${clipped(i.text)}"`);
    if (ignored.length > shown.length) shown.push(moreLine(lc, ignored.length - shown.length));
    parts.push(para(`${mailText(lc, 'mail.reply.notRead')}: ${shown.join(', ')}`));
  }
  return parts;
}

/**
 * What happens next, in words that agree with the game: the seats waited for ("in; waiting for Germany"), the
 * moderator's review of the resolved step, or the result mailed next. Null when the reader still owes orders.
 */
function nextPart(ctx: PlayerMailContext, next: NextState | undefined): Part | null {
  const lc = readerOf(ctx).locale;
  if (next?.kind === 'resolved') return para(mailText(lc, 'mail.next.resolved'));
  if (next?.kind === 'review') return para(mailText(lc, 'mail.next.review'));
  if (next?.kind === 'waiting' && next.sides.length)
    return para(mailText(lc, 'mail.next.waiting', { who: seatNames(ctx.game, next.sides, lc) }));
  return null;
}

/** A reply's subject: "Re:" and the player's subject without its own Re: and list tag, or a default. */
function replySubject(lc: Locale, subject: string | undefined): string {
  return subject
    ? `Re: ${subject.replace(/^(re|aw|sv|返信)\s*:\s*/i, '').replace(/^\[[^\]]*\]\s*/, '')}`
    : mailText(lc, 'mail.reply.subject');
}

/** Threads a reply under the player's mail (In-Reply-To, and References kept to the last 20). */
function threadUnder(mail: ComposedMail, inReplyTo?: string, references?: string[]): ComposedMail {
  if (inReplyTo) {
    mail.inReplyTo = inReplyTo;
    mail.references = [...new Set([...mail.references, ...(references ?? []), inReplyTo])].slice(-20);
  }
  return mail;
}

/** What the player's seats still owe: one seat's, or a section per seat. */
function owedParts(ctx: PlayerMailContext, input: ReplyReport): Part[] {
  const { locale: lc, timeZone } = readerOf(ctx);
  if (!bySeat(ctx)) return [renderOwed(input.owed, input.deadline, timeZone, lc)];
  return (input.owedBySeat ?? []).flatMap(({ side, owed }) => [
    heading(mailText(lc, 'mail.reply.seatHeading', { seat: sideNameOf(ctx, side) })),
    renderOwed(owed, input.deadline, timeZone, lc),
  ]);
}

/**
 * The reply to an authenticated order mail of a player: the orders understood (seat by seat, for several), every
 * error (with its seat), what is still owed. Threaded under the player's mail.
 */
export function composeReply(
  ctx: PlayerMailContext,
  input: ReplyReport & { inReplyTo?: string; references?: string[]; subject?: string },
): ComposedMail {
  const lc = readerOf(ctx).locale;
  const parts: Part[] = [...(input.folded ? [input.folded] : []), ...echoParts(lc, input, bySeat(ctx))];
  if (input.problem) parts.push(para(input.problem[lc]));
  parts.push(...errorParts(lc, input, (side) => sideNameOf(ctx, side)), ...input.answers);
  const next = nextPart(ctx, input.next);
  parts.push(nextHeading(lc), ...(next ? [next] : []));
  if (!next) parts.push(...owedParts(ctx, input));
  const mail = envelope(ctx, 'reply', replySubject(lc, input.subject), parts);
  return threadUnder(mail, input.inReplyTo, input.references);
}

/**
 * The reply to a moderator's mail (APPROVE, REJECT, STATUS): the answers alone, with the console's link at the end;
 * none of a player's boilerplate (orders owed, reply address, sign-in link).
 */
export function composeModeratorReply(
  ctx: SeatMailContext,
  input: ReplyReport & { inReplyTo?: string; references?: string[]; subject?: string },
): ComposedMail {
  const parts: Part[] = [];
  if (input.problem) parts.push(para(input.problem.en));
  parts.push(...errorParts('en', input), ...input.answers);
  if (!parts.length) parts.push(para(mailText('en', 'mail.moderator.noCommand')));
  const console = `${ctx.site.publicUrl.replace(/\/$/, '')}/g/${ctx.game.id}/moderate`;
  const title = `${mailText('en', 'mail.moderator.console')} / ${mailText('ja', 'mail.moderator.console')}`;
  const footer = para(`-- \n${title}: ${console}`);
  const mail = envelope(ctx, 'reply', replySubject('en', input.subject), parts, {}, footer);
  return threadUnder(mail, input.inReplyTo, input.references);
}

/**
 * HELP: the grammar, the orders owed now written in it with the defaults filled in (to edit and send back), and the
 * seat's legal choices field by field.
 */
export function helpAnswer(
  locale: Locale,
  syntax: string,
  choices: ChoiceTree | null,
  template: string[] | null = null,
): Part[] {
  const now = template?.length
    ? [
        heading(mailText(locale, 'mail.help.now')),
        para(
          template.some((l) => l.startsWith('#'))
            ? `${mailText(locale, 'mail.help.copyOpen')} ${mailText(locale, 'mail.template.open')}`
            : mailText(locale, 'mail.help.defaults'),
        ),
        pre(template.join('\n')),
      ]
    : [];
  return [
    heading(mailText(locale, 'mail.help.syntax')),
    pre(syntax),
    ...now,
    heading(mailText(locale, 'mail.help.choices')),
    renderChoices(choices, locale),
  ];
}

/** STATUS: the seat's board as a table (or, for a board without spaces, its view) and its current orders. */
export function statusAnswer(
  locale: Locale,
  board: Board | null,
  view: unknown,
  step: { number: number; status: string },
  ordersIn: string[] | null,
): Part[] {
  const parts = [heading(mailText(locale, 'mail.status.heading', { n: step.number, status: step.status }))];
  const map = renderMap(board, locale);
  if (map.text) parts.push(map);
  else parts.push(pre(JSON.stringify(view, null, 2).slice(0, 20_000)));
  if (ordersIn) parts.push(pre(`${mailText(locale, 'mail.status.orders')}:\n${ordersIn.join('\n') || '-'}`));
  return parts;
}
