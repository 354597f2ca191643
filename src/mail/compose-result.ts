/**
 * The result mail of a published step (or a digest of several), in the seat's language, as text and HTML. Pure, like
 * src/mail/compose-parts.ts.
 */
import { outcomeHeadline } from '../engine/outcome.ts';
import type { GameEvent, Outcome, Owed, Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import type { Board } from '../engine/board.ts';
import {
  type ComposedMail,
  envelope,
  heading,
  L,
  mapCid,
  mapParts,
  para,
  seatNames,
  type SeatMailContext,
} from './compose-parts.ts';
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
  /** A digest for a seat that does not owe next (the end of a phase of short alternating steps). */
  digest?: boolean;
  events: GameEvent[];
  board: Board | null;
  owed: Owed[];
  deadline: Date | null;
  outcome: Outcome | null;
  defaultsApplied?: string[];
  /** The reply template of the orders owed (src/mail/compose-action.ts), when the seat owes any. */
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
): { heading: string; subject: string } {
  const n = input.stepNumber;
  const span = input.fromStep !== undefined && input.fromStep < n ? `${input.fromStep}–${n}` : null;
  const steps = span ?? String(n);
  const heading = input.digest
    ? L(lc, `Digest of steps ${steps}`, `ステップ ${steps} のまとめ`)
    : span
      ? L(lc, `Results of steps ${span}`, `ステップ ${span} の結果`)
      : L(lc, `Result of step ${n}`, `ステップ ${n} の結果`);
  if (input.outcome) {
    const over = `${L(lc, 'Game over', 'ゲーム終了')}: ${outcomeHeadline(input.outcome, lc)}`;
    return { heading, subject: over };
  }
  const phase = input.board?.summary.phase[lc] ?? null;
  const move = moveSubject(lc, { owed: input.owed, deadline: input.deadline, timeZone, phase });
  const idle = L(lc, `${heading}: nothing to do now`, `${heading}: 今は命令不要`);
  return { heading, subject: move ?? idle };
}

/**
 * The result of a published step for one seat: events and dice it may see, the map, what it owes next, the end
 * (winners, a coalition or a draw: `outcomeHeadline`).
 */
export async function composeResult(ctx: SeatMailContext, input: ResultMailInput): Promise<ComposedMail> {
  const { game, seat } = ctx;
  const lc = seat.locale;
  const names = namesOf(game.data);
  const map = mapParts(input.board, lc, game.name, mapCid(ctx, `step${input.stepNumber}`));
  const titles = resultTitles(lc, input, seat.timeZone);
  const parts: Part[] = [heading(titles.heading), eventSentences(game.describe, input.events, names, lc)];
  if (input.defaultsApplied?.length)
    parts.push(
      para(
        L(
          lc,
          `Default orders were applied for: ${seatNames(game, input.defaultsApplied, 'en')}`,
          `締切までに命令がなく既定の命令を適用: ${seatNames(game, input.defaultsApplied, 'ja')}`,
        ),
      ),
    );
  if (map.part) parts.push(heading(L(lc, 'The map', 'マップ')), map.part);
  if (input.outcome) {
    const headline = `${outcomeHeadline(input.outcome, lc)}. ${input.outcome.reason[lc]}`;
    parts.push(heading(L(lc, 'Game over', 'ゲーム終了')), para(headline));
  } else {
    parts.push(heading(L(lc, 'Next', '次の命令')), renderOwed(input.owed, input.deadline, seat.timeZone, lc));
    if (input.template && input.owed.length)
      parts.push(...replyTemplatePart({ site: ctx.site, reader: ctx.seat }, input.template, titles.subject));
  }
  return envelope(ctx, input.digest ? 'digest' : 'result', titles.subject, parts, { attachments: map.attachments });
}
