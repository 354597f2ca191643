/**
 * The welcome mail of a new game, in the player's language, as text and HTML: for a seat held alone, or for a person
 * holding several seats with a section per seat. Pure, like src/mail/compose-parts.ts.
 */
import type { GameEvent, Owed } from '../engine/types.ts';
import type { Board } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { ordersAddress, seatReplyAddress } from './addresses.ts';
import {
  bySeat,
  type ComposedMail,
  envelope,
  heading,
  mapCid,
  mapParts,
  pageUrlOf,
  type MailAttachment,
  type PlayerMailContext,
  para,
  pre,
  readerOf,
  seatList,
  type SeatPart,
  seatSections,
  seatSyntax,
} from './compose-parts.ts';
import { namesOf, renderOwed, type Part } from './render.ts';
import { moveSubject, replyTemplatePart } from './compose-action.ts';
import { eventSentences } from './compose-result.ts';

/** What a welcome mail tells. */
export interface WelcomeMailInput {
  pageUrl: string;
  calendarUrl?: string;
  /** What the player's seats owe first (all of them). */
  owed: Owed[];
  deadline: Date | null;
  /** The board of a seat held alone (a person's boards are in `seats`). */
  board: Board | null;
  /** Each seat's section, for a person holding several. */
  seats?: SeatPart[];
  syntax: string;
  /** What the game's set-up did before the first orders (its dice), as the player's seats may see it. */
  events?: GameEvent[];
  /**
   * The reply template of the first orders (src/mail/compose-action.ts), when the player owes any: a person's has
   * SEAT lines between its owing seats.
   */
  template?: string[] | null;
}

/** The greeting: who the player plays, and for a person that every mail comes once with a section per seat. */
function greeting(ctx: PlayerMailContext, lc: Locale): string {
  const { game } = ctx;
  const reader = readerOf(ctx);
  const hi = reader.playerName
    ? mailText(lc, 'mail.welcome.hiNamed', { name: reader.playerName })
    : mailText(lc, 'mail.welcome.hi');
  const about = { hi, game: game.name, title: game.title[lc], mode: game.mode };
  if (!bySeat(ctx)) return mailText(lc, 'mail.welcome.playOne', { ...about, side: ctx.seat.sideName[lc] });
  return mailText(lc, 'mail.welcome.playSeveral', { ...about, seats: seatList(ctx), n: ctx.seats.length });
}

/** How to send orders: the reply address, SIGNON from elsewhere, and for several seats the SEAT lines. */
function howToSend(ctx: PlayerMailContext, lc: Locale, syntax: string): Part[] {
  const reader = readerOf(ctx);
  const reply = seatReplyAddress(reader.mailToken, ctx.site.domain);
  const orders = ordersAddress(ctx.site.domain);
  const several = bySeat(ctx);
  const how = mailText(lc, several ? 'mail.welcome.howSeveral' : 'mail.welcome.howOne', { reply, orders });
  const sides = reader.seats.map((s) => s.side);
  return [
    heading(mailText(lc, 'mail.welcome.howHeading')),
    para(how),
    ...(several ? [para(seatSyntax(lc, sides))] : []),
    pre(syntax),
  ];
}

/** The page link and the deadline calendar (a person's link signs in for all its seats). */
function pageParts(ctx: PlayerMailContext, lc: Locale, input: WelcomeMailInput): Part[] {
  const calendar = input.calendarUrl ? `\n${mailText(lc, 'mail.welcome.calendar')}: ${input.calendarUrl}` : '';
  const keep = mailText(lc, bySeat(ctx) ? 'mail.welcome.keepSeveral' : 'mail.welcome.keepOne');
  return [heading(mailText(lc, 'mail.welcome.page')), para(`${input.pageUrl}${calendar}\n${keep}`)];
}

/** What is owed first and the map: one seat's, or a section per seat. */
function firstOrders(
  ctx: PlayerMailContext,
  lc: Locale,
  input: WelcomeMailInput,
): { parts: Part[]; attachments: MailAttachment[] } {
  if (bySeat(ctx)) {
    const sections = seatSections(ctx, input.seats ?? [], 'welcome', { deadline: input.deadline });
    return {
      ...sections,
      parts: [heading(mailText(lc, 'mail.welcome.firstBySeat')), ...sections.parts],
    };
  }
  const where = { focus: input.owed, pageUrl: pageUrlOf(ctx.site, ctx.game.id) };
  const map = mapParts(input.board, lc, ctx.game.name, mapCid(ctx, 'welcome'), where);
  const parts = [
    heading(mailText(lc, 'mail.welcome.first')),
    renderOwed(input.owed, input.deadline, ctx.seat.timeZone, lc),
    ...(map.part ? [heading(mailText(lc, 'mail.map')), map.part] : []),
  ];
  return { parts, attachments: map.attachments };
}

/**
 * The welcome mail of a new game: the player's seats, how to send orders, the player page, what is owed first and
 * when (for a person, seat by seat).
 */
export async function composeWelcome(ctx: PlayerMailContext, input: WelcomeMailInput): Promise<ComposedMail> {
  const { game } = ctx;
  const reader = readerOf(ctx);
  const lc = reader.locale;
  const first = firstOrders(ctx, lc, input);
  const parts: Part[] = [
    para(greeting(ctx, lc)),
    ...howToSend(ctx, lc, input.syntax),
    ...pageParts(ctx, lc, input),
    ...(input.events?.length
      ? [
          heading(mailText(lc, 'mail.welcome.setup')),
          eventSentences(game.describe, input.events, namesOf(game.data, game.names), lc),
        ]
      : []),
    ...first.parts,
    para(mailText(lc, 'mail.welcome.commitment', { commitment: game.commitment })),
  ];
  const welcome = bySeat(ctx)
    ? mailText(lc, 'mail.welcome.subjectSeveral', { seats: seatList(ctx) })
    : mailText(lc, 'mail.welcome.subjectOne', { side: ctx.seat.sideName[lc] });
  const board = input.board ?? input.seats?.find((s) => s.board)?.board ?? null;
  const phase = board?.summary.phase[lc] ?? null;
  const move = moveSubject(lc, { owed: input.owed, deadline: input.deadline, timeZone: reader.timeZone, phase });
  const subject = move ? `${welcome} · ${move}` : welcome;
  if (input.template && input.owed.length)
    parts.push(...replyTemplatePart({ site: ctx.site, reader }, input.template, subject));
  return envelope(ctx, 'welcome', subject, parts, { attachments: first.attachments });
}
