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
  type SeatMailContext,
} from './compose-parts.ts';
import { esc, namesOf, renderEvents, renderOwed, type Part } from './render.ts';

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
}

/** The heading and subject of a result mail: one step, several, or a digest. */
export function resultTitles(lc: Locale, input: ResultMailInput): { heading: string; subject: string } {
  const n = input.stepNumber;
  const span = input.fromStep !== undefined && input.fromStep < n ? `${input.fromStep}–${n}` : null;
  if (input.digest) {
    const steps = span ?? String(n);
    const digest = L(lc, `Digest of steps ${steps}`, `ステップ ${steps} のまとめ`);
    return { heading: digest, subject: digest };
  }
  const over = !!input.outcome;
  if (span) {
    const subject = over
      ? L(lc, `Steps ${span}: game over`, `ステップ ${span}: ゲーム終了`)
      : L(lc, `Steps ${span} results`, `ステップ ${span} 結果`);
    return { heading: L(lc, `Results of steps ${span}`, `ステップ ${span} の結果`), subject };
  }
  const subject = over
    ? L(lc, `Step ${n}: game over`, `ステップ ${n}: ゲーム終了`)
    : L(lc, `Step ${n} result`, `ステップ ${n} 結果`);
  return { heading: L(lc, `Result of step ${n}`, `ステップ ${n} の結果`), subject };
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
  const titles = resultTitles(lc, input);
  const parts: Part[] = [heading(titles.heading), eventSentences(game.describe, input.events, names, lc)];
  if (input.defaultsApplied?.length)
    parts.push(
      para(
        L(
          lc,
          `Default orders were applied for: ${input.defaultsApplied.join(', ')}`,
          `締切までに命令がなく既定の命令を適用: ${input.defaultsApplied.join(', ')}`,
        ),
      ),
    );
  if (map.part) parts.push(heading(L(lc, 'The map', 'マップ')), map.part);
  if (input.outcome) {
    const headline = `${outcomeHeadline(input.outcome, lc)}. ${input.outcome.reason[lc]}`;
    parts.push(heading(L(lc, 'Game over', 'ゲーム終了')), para(headline));
  } else {
    parts.push(heading(L(lc, 'Next', '次の命令')), renderOwed(input.owed, input.deadline, seat.timeZone, lc));
  }
  return envelope(ctx, input.digest ? 'digest' : 'result', titles.subject, parts, { attachments: map.attachments });
}
