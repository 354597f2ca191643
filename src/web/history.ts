/**
 * The history of a player's page and of the console: every step the reader may see (newest first), titled with its
 * turn and phase in the game's own words (the board summary), its events worded by the game with the dice marked,
 * and the address of the step's own page and picture (the board as it stood after it, loaded on demand).
 */
import type { AnyGame, GameEvent } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import type { StepHeading } from '../services/step-boards.ts';
import { historyLine } from './page.ts';
import { t } from './strings.ts';

/** A step of the game as the history lists it. */
export interface HistoryStep {
  number: number;
  status: string;
  publishedAt: unknown;
  defaultsApplied: unknown;
  events: unknown[];
}

/** "Turn 3 (1943 H1)": the turn of a heading, with the game's label for it when it has one. */
export function turnText(heading: Pick<StepHeading, 'turn' | 'turnLabel'>, locale: Locale): string {
  const turn = t(locale, 'play.turn', { turn: heading.turn });
  return heading.turnLabel ? `${turn} (${heading.turnLabel[locale]})` : turn;
}

/** A step's title: "Step 7 · Turn 1 (1942 H1) · <the phase in the game's words>"; "Step 7" when the heading is unknown. */
export function stepTitle(n: number, heading: StepHeading | undefined, locale: Locale): string {
  if (!heading) return t(locale, 'play.step', { n });
  return t(locale, 'history.title', { n, turn: turnText(heading, locale), phase: heading.phase[locale] });
}

/** The addresses of a step's page and of its board picture (wide and for phones); none without a base. */
function stepUrls(n: number, base: string | undefined, query = '') {
  if (!base) return { url: null, mapUrl: null, mapUrlColumn: null };
  const step = `${base}/steps/${n}`;
  const map = `${step}/map.svg${query}`;
  return { url: `${step}${query}`, mapUrl: map, mapUrlColumn: `${map}${query ? '&' : '?'}layout=column` };
}

/**
 * The history as a page lists it: the steps shown (`published` only, or every resolved one for the moderator) that
 * have events, newest first, each with its title, its lines, and `url` (the step's page: `${base}/steps/<n>`).
 */
export function historyOf(
  steps: readonly HistoryStep[],
  definition: Pick<AnyGame, 'describeEvent'> | undefined,
  locale: Locale,
  opts: { headings?: Map<number, StepHeading>; base?: string; moderator?: boolean; query?: string } = {},
) {
  return steps
    .filter((s) => (opts.moderator ? s.status !== 'open' : s.status === 'published') && s.events.length)
    .reverse()
    .map((s) => ({
      number: s.number,
      status: s.status,
      title: stepTitle(s.number, opts.headings?.get(s.number), locale),
      publishedAt: s.publishedAt,
      defaultsApplied: s.defaultsApplied,
      lines: (s.events as GameEvent[]).map((e) => historyLine(definition, e, locale)),
      ...stepUrls(s.number, opts.base, opts.query),
    }));
}
