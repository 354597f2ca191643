/**
 * The player's page, for a player holding one seat or several (src/services/persons.ts): the signed-in player of a
 * game's cookie (a seat's session, or a person's) and the page itself. Every seat the player holds gets the same
 * section, built from that seat's own view and choices: its board, and when it owes orders, its order form and a
 * text box taking the email grammar, with that seat's problems after a refused submission. One template (`play`)
 * shows one seat's board and orders, or a section per seat for a person holding several; it shows the refusals of
 * mails the player was not answered for (src/mail/unanswered.ts) and the history of what its seats may see.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { seatText } from '../../../engine/game-package.ts';
import type { Board } from '../../../engine/board.ts';
import type { ChoiceTree, RuleError } from '../../../engine/types.ts';
import { calendarUrl } from '../../../calendar/url.ts';
import { unansweredRefusals, type RefusedReader } from '../../../mail/unanswered.ts';
import { formatOrderText } from '../../../orders-text/game-text.ts';
import type { Principal } from '../../../services/auth.ts';
import { componentDataOf } from '../../../services/component-data.ts';
import { gameDefinition } from '../../../services/deps.ts';
import { seatOf } from '../../../services/listing.ts';
import { mailStatusOf } from '../../../services/mail-status.ts';
import { currentOrdersOf } from '../../../services/orders.ts';
import { personOf, type PlayerInfo, type SeatRef } from '../../../services/persons.ts';
import { lastTurnBoard, stepHeadingsFor } from '../../../services/step-boards.ts';
import { gameViewFor, personGameViewFor, stepsFor } from '../../../services/views.ts';
import { focusAttr } from '../../../board-view/map-focus.ts';
import { boardRest, focusBox, renderBoardSvg } from '../../../board-view/map-svg.ts';
import { boardChanges, changesHtml } from '../../../board-view/board-changes.ts';
import { textBoardHtml } from '../../../board-view/text-board.ts';
import { formModel } from '../../../web/form.ts';
import { historyOf } from '../../../web/history.ts';
import { localeOf, pageData, PLAY_COOKIE } from '../../../web/page.ts';
import { findWebSession } from '../../../web/sessions.ts';
import { mailFormOf } from './mail-settings.ts';
import { vacationCardOf } from './vacation.ts';

type Params = { gameId: string };

/** The player signed in to a game's page: who it is, what it may act for, and the seats it holds (sorted). */
export interface PlayerCtx {
  player: PlayerInfo;
  principal: Extract<Principal, { kind: 'seat' | 'person' }>;
  seats: SeatRef[];
  /** Whose refusals left unanswered the page shows. */
  refused: RefusedReader;
}

/** The signed-in player of this game's cookie (a seat's session or a person's), or null when there is none. */
export async function playerSession(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params }>,
): Promise<PlayerCtx | null> {
  const { gameId } = request.params;
  const session = await findWebSession(app.deps, request.cookies[PLAY_COOKIE]);
  if (!session || session.gameId !== gameId) return null;
  let ctx: PlayerCtx | null = null;
  if (session.role === 'seat' && session.seatId) {
    const seat = await seatOf(app.deps, gameId, session.seatId);
    const principal = { kind: 'seat' as const, gameId, seatId: seat.id, side: seat.side };
    ctx = { player: seat, principal, seats: [{ seatId: seat.id, side: seat.side }], refused: seat };
  } else if (session.role === 'person' && session.personId) {
    const found = await personOf(app.deps, gameId, session.personId);
    const refused = found && { personId: found.person.id, gameId, email: found.person.email };
    ctx = found && refused && { ...found, player: found.person, seats: found.principal.seats, refused };
  }
  if (!ctx) return null;
  request.webSession = session;
  request.session = { _csrf: session.csrfSecret };
  return ctx;
}

/** What a seat's board and choices are now, as the player sees them. */
interface Sight {
  board: Board;
  choices: ChoiceTree | null;
}

/** The current game as the player sees it, with each of its seats' sight. */
export async function playerView(app: FastifyInstance, gameId: string, ctx: PlayerCtx) {
  const p = ctx.principal;
  if (p.kind === 'seat') {
    const game = await gameViewFor(app.deps, gameId, p);
    const sights: Record<string, Sight> = { [p.side]: { board: game.board, choices: game.choices as ChoiceTree } };
    return { game, sights };
  }
  const game = await personGameViewFor(app.deps, gameId, p);
  const sights: Record<string, Sight> = {};
  for (const [side, sight] of Object.entries(game.bySeat))
    sights[side] = { board: sight.board, choices: (sight.choices ?? null) as ChoiceTree | null };
  return { game, sights };
}

/** Problems of one seat's refused submission, shown in that seat's section. */
export interface SeatProblems {
  side: string;
  formErrors?: RuleError[];
  submitted?: unknown;
  text?: string;
  textErrors?: { line: number; message: string; rule?: string }[];
  notice?: string;
  status?: number;
}

/** The address a seat's forms post to: the page's own for a one-seat player, the seat's for a person. */
export const seatActionBase = (gameId: string, ctx: PlayerCtx, side: string) =>
  ctx.principal.kind === 'seat'
    ? `/play/${encodeURIComponent(gameId)}`
    : `/play/${encodeURIComponent(gameId)}/seats/${encodeURIComponent(side)}`;

/** Renders the player's page (with one seat's problems after a refused submission). */
export async function renderPlayerPage(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  ctx: PlayerCtx,
  p?: SeatProblems,
) {
  const { gameId } = request.params;
  const locale = localeOf(request, ctx.player.locale);
  const query = request.query as { saved?: string; mail?: string; vacation?: string };
  const [{ game, sights }, steps, headings, data, unanswered, mailStatus, mail, vacation] = await Promise.all([
    playerView(app, gameId, ctx),
    stepsFor(app.deps, gameId, ctx.principal),
    stepHeadingsFor(app.deps, gameId, ctx.principal),
    componentDataOf(app.deps, gameId),
    unansweredRefusals(app.deps, ctx.refused, app.deps.clock()),
    mailStatusOf(app.deps.db, ctx.player.email),
    mailFormOf(app, gameId, ctx, locale),
    vacationCardOf(app, gameId, ctx, locale, query.vacation),
  ]);
  const definition = gameDefinition(app.deps, game.game);
  // The player's seats the computer plays now: no order form, a button to take them back (bot-seats.ts).
  const botSides = new Set(
    (
      await app.deps.db.seat.findMany({
        where: { id: { in: ctx.seats.map((s) => s.seatId) }, bot: true },
        select: { side: true },
      })
    ).map((s) => s.side),
  );
  const seats = [];
  const maps: string[] = [];
  for (const seat of ctx.seats) {
    const mine = p?.side === seat.side ? p : undefined;
    const { board, choices } = sights[seat.side];
    const onFile = await currentOrdersOf(app.deps, gameId, seat.seatId);
    const onStep = onFile && onFile.step === game.step.number ? onFile : null;
    const current = mine?.submitted ?? onStep?.orders;
    const grammarInput = { data, seat: seat.side, choices };
    const mapSvg = renderBoardSvg(board, locale, { part: 'map' });
    const rest = boardRest(board, locale);
    maps.push(mapSvg + rest.wide);
    const before = await lastTurnBoard(app.deps, gameId, seat.side, game.step.number);
    seats.push({
      side: seat.side,
      board,
      choices,
      mapSvg,
      rest,
      focus: focusAttr(focusBox(board, locale, choices)),
      // The seat's own boards only (then and now): the summary shows nothing the seat did not see.
      sinceHtml: before ? changesHtml(boardChanges(before, board, locale), locale) : null,
      textBoardHtml: textBoardHtml(board, locale),
      form: choices && !botSides.has(seat.side) ? formModel(choices, locale, current, mine?.formErrors ?? []) : null,
      onFile: onStep,
      text: mine?.text ?? (current ? formatOrderText(definition ?? {}, grammarInput, current, locale).join('\n') : ''),
      textErrors: mine?.textErrors ?? [],
      notice: mine?.notice ?? null,
      actionBase: seatActionBase(gameId, ctx, seat.side),
    });
  }
  const deadline = game.step.deadlineAt ? new Date(game.step.deadlineAt) : null;
  const saved = query.saved ? 'saved' : null;
  const common = {
    title: game.name,
    game,
    sideName: (side: string) => seatText(definition, game.mode, side, game.options)[locale],
    deadline,
    calendarUrl: calendarUrl(app.deps.config.PUBLIC_URL, ctx.player.calendarToken),
    overdue: !!deadline && deadline <= app.deps.clock(),
    unanswered: unanswered.map((u) => ({ ...u, problems: u.problems.map((m) => m[locale]) })),
    history: historyOf(steps, definition, locale, { headings, base: `/play/${encodeURIComponent(gameId)}` }),
  };
  const page = {
    ...common,
    player: ctx.player,
    seats,
    // A person whose seats see the same board gets it once, above the seats' orders.
    oneBoard: maps.length > 1 && maps.every((m) => m === maps[0]),
    zone: ctx.player.timeZone,
    notice: saved,
    mailStatus,
    addressNotice: (request.query as { address?: string }).address ?? null,
    mail,
    mailSaved: query.mail === 'saved',
    vacation,
    botSides: [...botSides],
    reclaimAction: `/play/${encodeURIComponent(gameId)}/reclaim`,
    reclaimed: (request.query as { reclaim?: string }).reclaim === 'done',
    logoutUrl: `/play/${encodeURIComponent(gameId)}/logout`,
  };
  return reply
    .code(p?.status ?? 200)
    .type('text/html; charset=utf-8')
    .view('play', pageData(request, reply, locale, page));
}
