/**
 * The result mail of a published step (or a digest of several), in the player's language, as text and HTML: for a
 * seat held alone, or for a person holding several seats with a section per seat. Pure, like
 * src/mail/compose-parts.ts.
 */
import { outcomeHeadline } from '../engine/outcome.ts';
import type { GameEvent, Outcome, Owed, Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import type { Board } from '../engine/board.ts';
import {
  bySeat,
  type ComposedMail,
  envelope,
  heading,
  type MailAttachment,
  mapCid,
  mapParts,
  pageUrlOf,
  type PlayerMailContext,
  para,
  readerOf,
  seatNames,
  type SeatPart,
  seatSections,
} from './compose-parts.ts';
import { sinceParts } from './board-words.ts';
import { esc, namesOf, renderEvents, renderOwed, type Part } from './render.ts';
import { moveSubject, replyTemplatePart } from './compose-action.ts';

/** A step's events in the seat's language, one sentence each as the game words them (rule id included). */
export function eventSentences(
  describe: ((event: GameEvent, locale: Locale) => string) | undefined,
  events: readonly GameEvent[],
  names: Map<string, Text>,
  locale: Locale,
): Part {
  if (!describe || !events.length) return renderEvents(events, names, locale);
  const lines = events.map((e) => describe(e, locale));
  return {
    text: lines.map((l) => `  ${l}`).join('\n'),
    html: `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
  };
}

/** What a result mail reports: one step (or, under a game's notification policy, every step since the last mail). */
export interface ResultMailInput {
  stepNumber: number;
  /** The first step the mail covers, when it covers several. */
  fromStep?: number;
  /** A digest for a player that does not owe next (the end of a phase of short alternating steps). */
  digest?: boolean;
  events: GameEvent[];
  /** The board of a seat held alone (of a person: the first of its seats' with one). */
  board: Board | null;
  /** The board of a seat held alone where the mail's steps start: "since your last turn" compares it with `board`. */
  since?: Board | null;
  /** What the player's seats owe next (all of them). */
  owed: Owed[];
  /** Each seat's section, for a person holding several. */
  seats?: SeatPart[];
  deadline: Date | null;
  outcome: Outcome | null;
  defaultsApplied?: string[];
  /**
   * The reply template of the orders owed (src/mail/compose-action.ts; a person's has SEAT lines between seats),
   * when the player owes any.
   */
  template?: string[] | null;
}

/**
 * The heading and subject of a result mail: one step, several, or a digest. The subject says first what the reader
 * must do: move by a deadline, nothing, or that the game is over.
 */
export function resultTitles(
  lc: Locale,
  input: ResultMailInput,
  timeZone = 'UTC',
  seatName: (seat: string) => string = (seat) => seat,
): { heading: string; subject: string } {
  const n = input.stepNumber;
  const span = input.fromStep !== undefined && input.fromStep < n ? `${input.fromStep}–${n}` : null;
  const steps = span ?? String(n);
  const heading = input.digest
    ? mailText(lc, span ? 'mail.result.digestSteps' : 'mail.result.digestStep', { steps })
    : span
      ? mailText(lc, 'mail.result.steps', { span })
      : mailText(lc, 'mail.result.step', { n });
  if (input.outcome) {
    const over = `${mailText(lc, 'mail.result.over')}: ${outcomeHeadline(input.outcome, lc, seatName)}`;
    return { heading, subject: over };
  }
  const phase = input.board?.summary.phase[lc] ?? null;
  const move = moveSubject(lc, { owed: input.owed, deadline: input.deadline, timeZone, phase });
  const idle = mailText(lc, 'mail.result.idle', { heading });
  return { heading, subject: move ?? idle };
}

/** The map and what is owed next: one seat's, or a section per seat. */
function seatParts(
  ctx: PlayerMailContext,
  input: ResultMailInput,
): { parts: Part[]; attachments: MailAttachment[]; next: Part[] } {
  const lc = readerOf(ctx).locale;
  const what = `step${input.stepNumber}`;
  if (bySeat(ctx)) {
    const owed = input.outcome ? null : { deadline: input.deadline };
    return { ...seatSections(ctx, input.seats ?? [], what, owed, input.events, { textBoard: true }), next: [] };
  }
  // A result mail's map table is the board in words: every space, what is in it, what touches it.
  const where = { focus: [input.events, input.owed], pageUrl: pageUrlOf(ctx.site, ctx.game.id), words: true };
  const map = mapParts(input.board, lc, ctx.game.name, mapCid(ctx, what), where);
  const next = [
    heading(mailText(lc, 'mail.result.next')),
    renderOwed(input.owed, input.deadline, ctx.seat.timeZone, lc),
  ];
  return { parts: map.part ? [heading(mailText(lc, 'mail.map')), map.part] : [], attachments: map.attachments, next };
}

/**
 * The result of a published step for a player: events and dice its seats may see, the map (of each seat), what it
 * owes next, the end (winners, a coalition or a draw: `outcomeHeadline`).
 */
export async function composeResult(ctx: PlayerMailContext, input: ResultMailInput): Promise<ComposedMail> {
  const { game } = ctx;
  const reader = readerOf(ctx);
  const lc = reader.locale;
  const names = namesOf(game.data, game.names);
  // Winners go by their seats' names, never by their ids.
  const seatName = (seat: string) => game.sides[seat]?.[lc] ?? seat;
  const titles = resultTitles(lc, input, reader.timeZone, seatName);
  // "Since your last turn" at the top, under the heading (a seat held alone; a person's is in each seat's section).
  const since = bySeat(ctx) ? [] : sinceParts(input.since, input.board, lc, 4);
  const parts: Part[] = [heading(titles.heading), ...since, eventSentences(game.describe, input.events, names, lc)];
  if (input.defaultsApplied?.length)
    parts.push(para(mailText(lc, 'mail.result.defaults', { seats: seatNames(game, input.defaultsApplied, lc) })));
  const seats = seatParts(ctx, input);
  parts.push(...seats.parts);
  if (input.outcome) {
    const headline = `${outcomeHeadline(input.outcome, lc, seatName)}. ${input.outcome.reason[lc]}`;
    parts.push(heading(mailText(lc, 'mail.result.over')), para(headline));
  } else {
    parts.push(...seats.next);
    if (input.template?.length && input.owed.length)
      parts.push(...replyTemplatePart({ site: ctx.site, reader }, input.template, titles.subject));
  }
  const kind = input.digest ? 'digest' : 'result';
  return envelope(ctx, kind, titles.subject, parts, { attachments: seats.attachments });
}
