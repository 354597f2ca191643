/**
 * Everything one viewer is given of a position and of a step, output by output, as text: what the engine gives
 * (view, board, choices, what is owed, visible events), what the web pages draw from it (the form, the map model,
 * the SVG map wide and in a column, the history lines), what the mails say (the map table, HELP and STATUS
 * answers, the result mail's subject, text, HTML and map picture) and the game record built for that viewer. Any
 * game: only the package's members are used.
 */
import type { AnyGamePackage } from '../../../src/engine/game-package.ts';
import type { GameEvent, SeatId, Viewer } from '../../../src/engine/types.ts';
import type { Locale } from '../../../src/i18n/index.ts';
import type { SeatMailContext } from '../../../src/mail/compose-parts.ts';
import { helpAnswer, statusAnswer } from '../../../src/mail/compose-reply.ts';
import { composeResult } from '../../../src/mail/compose-result.ts';
import { replyTemplateOf } from '../../../src/mail/compose-action.ts';
import { renderMap } from '../../../src/mail/render.ts';
import { syntaxFor } from '../../../src/orders-text/game-text.ts';
import { buildRecord, type RecordSource } from '../../../src/services/record.ts';
import { formModel } from '../../../src/web/form.ts';
import { layoutBoard } from '../../../src/board-view/map-model.ts';
import { renderBoardSvg } from '../../../src/board-view/map-svg.ts';
import { historyLine } from '../../../src/web/page.ts';
import type { PlayedGame, StepOrders } from './random-game.ts';

/** What a viewer is given: output name to its text. */
export type Shown = Record<string, string>;

export const seatOf = (viewer: Viewer): SeatId | null => (viewer.kind === 'seat' ? viewer.seat : null);

/** A result mail's addressee: the viewer's seat (the public reads as a seat named so). */
function mailContext(g: PlayedGame, viewer: Viewer, locale: Locale): SeatMailContext {
  const side = seatOf(viewer) ?? 'public';
  const { game } = g;
  const sideName = game.sides(g.mode).find((s) => s.seat === side)?.name ?? { en: side, ja: side };
  const describe = (e: GameEvent, lc: Locale) => game.describeEvent(e, lc);
  const about = { id: 'g1', name: 'W', game: game.id, mode: g.mode, title: game.title, commitment: 'c0' };
  return {
    site: { domain: 'example.org', from: 'judge@example.org', publicUrl: 'https://pbem.example.org' },
    game: {
      ...about,
      data: g.data,
      sides: Object.fromEntries(game.sides(g.mode).map((s) => [s.seat, s.name])),
      describe,
    },
    seat: { id: 's1', side, sideName, email: 'p@x', locale, timeZone: 'UTC', mailToken: '' },
  };
}

/** Everything the viewer is shown of a position. */
export function shownPosition(game: AnyGamePackage, state: unknown, viewer: Viewer, locale: Locale): Shown {
  const view = game.view(state, viewer);
  const seat = seatOf(viewer);
  const choices = seat ? game.choices(state, seat) : null;
  const board = game.board(state, viewer);
  const map = renderMap(board, locale);
  const parts = (list: { text: string; html: string }[]) => list.map((p) => p.text + p.html).join('\n');
  return {
    view: JSON.stringify(view),
    owed: JSON.stringify(game.owed(state)),
    choices: JSON.stringify(choices),
    form: choices ? JSON.stringify(formModel(choices, locale)) : '',
    help: parts(helpAnswer(locale, syntaxFor(game, locale), choices)),
    board: JSON.stringify(board),
    mapModel: JSON.stringify([layoutBoard(board, 'map'), layoutBoard(board, 'column')]),
    svg: renderBoardSvg(board, locale),
    svgColumn: renderBoardSvg(board, locale, { layout: 'column' }),
    svgRegion: renderBoardSvg(board, locale, { crop: true, focus: choices }),
    mailMap: map.text + map.html,
    status: parts(statusAnswer(locale, board, view, { number: 7, status: 'open' }, null)),
  };
}

/** One run of a step: its orders, its events and the state it ended in. */
export interface StepRun {
  orders: StepOrders;
  events: GameEvent[];
  after: unknown;
}

/** The record source of a game's last steps up to step `i`, step `i` being `run`. */
function recordSource(g: PlayedGame, i: number, run: StepRun): RecordSource {
  const step = (n: number, orders: StepOrders, events: GameEvent[]) => {
    const rows = Object.entries(orders).map(([side, parsed]) => ({ side, parsed }));
    const facts = { status: 'published', ordersDigest: null, defaultsApplied: [], resolvedAt: null, publishedAt: null };
    return { number: n + 1, ...facts, orders: rows, events };
  };
  const from = Math.max(0, i - 3);
  const earlier = g.orders.slice(from, i).map((o, k) => step(from + k, o, g.events[from + k]));
  const facts = { status: 'active' as const, outcome: null, data: null, seedCommitment: 'c0', seedSecret: 'secret' };
  return {
    game: { id: 'g1', name: 'W', game: g.game.id, mode: g.mode, options: g.options, ...facts },
    seats: g.game.sides(g.mode).map((s) => ({ side: s.seat, playerName: null })),
    steps: [...earlier, step(i, run.orders, run.events)],
  };
}

/**
 * Everything the viewer is shown of step `i` (run as `run`): events, history, result mail, record, and the new
 * position (`position`, when the caller has it already).
 */
export async function shownStep(
  g: PlayedGame,
  i: number,
  run: StepRun,
  viewer: Viewer,
  locale: Locale,
  position?: Shown,
) {
  const { game } = g;
  const visible = game.visibleEvents(run.events, viewer);
  const board = game.board(run.after, viewer);
  const outcome = game.outcome(run.after);
  const seat = seatOf(viewer);
  const owed = game.owed(run.after);
  const owes = !!seat && owed.some((o) => o.seat === seat);
  const template = owes ? replyTemplateOf(game, g.data, run.after, seat, locale) : null;
  const input = { stepNumber: i + 1, events: visible, board, owed, deadline: null, outcome, template };
  const mail = await composeResult(mailContext(g, viewer, locale), input);
  const shown: Shown = {
    events: JSON.stringify(visible),
    history: visible.map((e) => historyLine(game, e, locale).text).join('\n'),
    mail: `${mail.subject}\n${mail.text}\n${mail.html}`,
    mailPicture: JSON.stringify(mail.attachments),
    record: JSON.stringify(buildRecord(game, recordSource(g, i, run), viewer)),
    ...(position ?? shownPosition(game, run.after, viewer, locale)),
  };
  return shown;
}

/** The first output that differs, with the text around the first difference (empty when all are identical). */
export function difference(a: Shown, b: Shown): string {
  for (const key of Object.keys(a)) {
    if (a[key] === b[key]) continue;
    let i = 0;
    while (a[key][i] === b[key][i]) i++;
    const cut = (x: string) => x.slice(Math.max(0, i - 160), i + 160);
    return `${key} differs:\n  ${cut(a[key])}\n  ${cut(b[key])}`;
  }
  return '';
}
