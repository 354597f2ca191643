/**
 * The player's page of a person holding several seats (src/services/persons.ts), signed in with the person's link:
 * one section per seat with its board and, when the seat owes orders, its order form and text box built from that
 * seat's choices exactly as a seat's own page builds them; the history with the events any of its seats may see.
 * Each form posts to `/play/:gameId/seats/:side/orders` (or `.../orders/text`), which stores that seat's orders as
 * its own revision; a side the person does not hold is refused.
 */
import { seatText } from '../../../engine/game-package.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChoiceTree, RuleError } from '../../../engine/types.ts';
import { calendarUrl } from '../../../calendar/url.ts';
import { formatOrderText, readOrders } from '../../../orders-text/game-text.ts';
import type { PersonPrincipal } from '../../../services/auth.ts';
import { gameDefinition } from '../../../services/deps.ts';
import { OrdersInvalidError, ServiceError } from '../../../services/errors.ts';
import { componentDataOf } from '../../../services/component-data.ts';
import { currentOrdersOf, ordersErrorsNow, submitOrders } from '../../../services/orders.ts';
import { seatOfPerson, seatsOfPerson } from '../../../services/persons.ts';
import { personGameViewFor, stepsFor } from '../../../services/views.ts';
import { formModel, ordersFromForm } from '../../../web/form.ts';
import { renderBoardSvg } from '../../../board-view/map-svg.ts';
import { localeOf, pageData, PLAY_COOKIE } from '../../../web/page.ts';
import { historyOf } from '../../../web/history.ts';
import { stepHeadingsFor } from '../../../services/step-boards.ts';
import { findWebSession } from '../../../web/sessions.ts';
import { checkCsrf } from './guards.ts';

type Params = { gameId: string };
type SeatParams = { gameId: string; side: string };

/** The person session of this game's cookie, with the person and its seats; null when there is none. */
export async function personSession(app: FastifyInstance, request: FastifyRequest<{ Params: Params }>) {
  const session = await findWebSession(app.deps, request.cookies[PLAY_COOKIE]);
  if (session?.role !== 'person' || session.gameId !== request.params.gameId || !session.personId) return null;
  const person = await app.deps.db.person.findFirst({ where: { id: session.personId, gameId: session.gameId } });
  const seats = person ? await seatsOfPerson(app.deps, person.id) : [];
  if (!person || !seats.length) return null;
  request.webSession = session;
  request.session = { _csrf: session.csrfSecret };
  const principal: PersonPrincipal = { kind: 'person', gameId: request.params.gameId, personId: person.id, seats };
  return { session, person, principal };
}

export type PersonCtx = NonNullable<Awaited<ReturnType<typeof personSession>>>;

/** Problems of one seat's submission, shown in that seat's section. */
interface SeatProblems {
  side: string;
  formErrors?: RuleError[];
  submitted?: unknown;
  text?: string;
  textErrors?: { line: number; message: string; rule: string }[];
  notice?: string;
  status?: number;
}

/** Renders the person's page (with one seat's problems after a refused submission). */
export async function renderPersonPage(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  ctx: PersonCtx,
  p?: SeatProblems,
) {
  const { gameId } = request.params;
  const locale = localeOf(request, ctx.person.locale);
  const [game, steps, headings, data] = await Promise.all([
    personGameViewFor(app.deps, gameId, ctx.principal),
    stepsFor(app.deps, gameId, ctx.principal),
    stepHeadingsFor(app.deps, gameId, ctx.principal),
    componentDataOf(app.deps, gameId),
  ]);
  const definition = gameDefinition(app.deps, game.game);
  const sideName = (side: string) => seatText(definition, game.mode, side)[locale];
  const seats = [];
  for (const seat of ctx.principal.seats) {
    const mine = p?.side === seat.side ? p : undefined;
    const sight = game.bySeat[seat.side];
    const choices = (sight.choices ?? null) as ChoiceTree | null;
    const onFile = await currentOrdersOf(app.deps, gameId, seat.seatId);
    const onStep = onFile && onFile.step === game.step.number ? onFile : null;
    const current = mine?.submitted ?? onStep?.orders;
    const grammarInput = { data, seat: seat.side, choices };
    seats.push({
      side: seat.side,
      mapSvg: renderBoardSvg(sight.board, locale),
      mapSvgColumn: renderBoardSvg(sight.board, locale, { layout: 'column' }),
      form: choices ? formModel(choices, locale, current, mine?.formErrors ?? []) : null,
      onFile: onStep,
      text: mine?.text ?? (current ? formatOrderText(definition ?? {}, grammarInput, current, locale).join('\n') : ''),
      textErrors: mine?.textErrors ?? [],
      notice: mine?.notice ?? null,
      actionBase: `/play/${encodeURIComponent(gameId)}/seats/${encodeURIComponent(seat.side)}`,
    });
  }
  const deadline = game.step.deadlineAt ? new Date(game.step.deadlineAt) : null;
  return reply
    .code(p?.status ?? 200)
    .type('text/html; charset=utf-8')
    .view(
      'play-person',
      pageData(request, reply, locale, {
        title: game.name,
        game,
        person: ctx.person,
        seats,
        sideName,
        zone: ctx.person.timeZone,
        notice: (request.query as { saved?: string }).saved ? 'saved' : null,
        deadline,
        calendarUrl: calendarUrl(app.deps.config.PUBLIC_URL, ctx.person.calendarToken),
        overdue: !!deadline && deadline <= app.deps.clock(),
        history: historyOf(steps, definition, locale, { headings, base: `/play/${encodeURIComponent(gameId)}` }),
        logoutUrl: `/play/${encodeURIComponent(gameId)}/logout`,
      }),
    );
}

/** The signed-in person and its seat of the route's side, or null (no session, or a side it does not hold). */
async function seatOfSession(app: FastifyInstance, request: FastifyRequest<{ Params: SeatParams }>) {
  const ctx = await personSession(app, request);
  const seat = ctx ? seatOfPerson(ctx.principal, request.params.side) : undefined;
  return ctx && seat ? { ctx, seat } : null;
}

/** A person signed in, and the seat of the route's side that it holds. */
type SessionSeat = NonNullable<Awaited<ReturnType<typeof seatOfSession>>>;

/** Stores one seat's orders; refusals re-render the page with the problems in that seat's section. */
async function submit(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: SeatParams }>,
  reply: FastifyReply,
  found: SessionSeat,
  orders: unknown,
  raw: string,
  text?: string,
) {
  const { ctx, seat } = found;
  const side = seat.side;
  try {
    await submitOrders(app.deps, { gameId: request.params.gameId, seatId: seat.seatId, orders, raw, source: 'web' });
  } catch (error) {
    if (error instanceof OrdersInvalidError) {
      const locale = localeOf(request, ctx.person.locale);
      if (text === undefined)
        return renderPersonPage(app, request, reply, ctx, {
          side,
          status: 422,
          formErrors: error.errors,
          submitted: orders,
        });
      const textErrors = error.errors.map((e) => ({ line: 0, message: e.message[locale], rule: e.rule }));
      return renderPersonPage(app, request, reply, ctx, { side, status: 422, text, textErrors });
    }
    if (error instanceof ServiceError && error.status === 409)
      return renderPersonPage(app, request, reply, ctx, { side, status: 409, notice: error.code });
    throw error;
  }
  return reply.redirect(`/play/${encodeURIComponent(request.params.gameId)}?saved=1#seat-${side}`, 303);
}

/** `POST /play/:gameId/seats/:side/orders`: the order form of one of the person's seats. */
async function submitSeatForm(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: SeatParams; Body: Record<string, unknown> }>,
  reply: FastifyReply,
  found: SessionSeat,
) {
  await checkCsrf(app, request);
  const game = await personGameViewFor(app.deps, request.params.gameId, found.ctx.principal);
  const choices = game.bySeat[found.seat.side]?.choices as ChoiceTree | null;
  const def = gameDefinition(app.deps, game.game);
  if (!choices || !def) {
    const problems = { side: found.seat.side, status: 409, notice: 'step/not-open' };
    return renderPersonPage(app, request, reply, found.ctx, problems);
  }
  const orders = ordersFromForm(request.body ?? {}, choices, def.ordersSchema);
  return submit(app, request, reply, found, orders, JSON.stringify(orders));
}

/** `POST /play/:gameId/seats/:side/orders/text`: one seat's orders in the email grammar; every error at once. */
async function submitSeatText(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: SeatParams; Body: { text?: string } }>,
  reply: FastifyReply,
  found: SessionSeat,
) {
  await checkCsrf(app, request);
  const { gameId } = request.params;
  const side = found.seat.side;
  const text = String(request.body?.text ?? '').slice(0, 20_000);
  const [game, data] = await Promise.all([
    personGameViewFor(app.deps, gameId, found.ctx.principal),
    componentDataOf(app.deps, gameId),
  ]);
  const choices = (game.bySeat[side]?.choices ?? null) as ChoiceTree | null;
  const read = readOrders(gameDefinition(app.deps, game.game) ?? {}, { data, seat: side, choices }, text);
  if (!read.ok) {
    const locale = localeOf(request, found.ctx.person.locale);
    const ruleErrors =
      read.orders === undefined ? [] : await ordersErrorsNow(app.deps, gameId, found.seat.seatId, read.orders);
    const textErrors = [
      ...read.errors.map((e) => ({ line: e.line, message: e.message[locale], rule: e.rule })),
      ...ruleErrors.map((e) => ({ line: 0, message: e.message[locale], rule: e.rule })),
    ];
    return renderPersonPage(app, request, reply, found.ctx, { side, status: 422, text, textErrors });
  }
  return submit(app, request, reply, found, read.orders, text, text);
}

/** Registers the person's submission routes (the page itself is `GET /play/:gameId`, src/server/routes/web/play.ts). */
export async function personPlayRoutes(app: FastifyInstance, denied: (r: FastifyRequest, p: FastifyReply) => unknown) {
  app.post<{ Params: SeatParams; Body: Record<string, unknown> }>(
    '/play/:gameId/seats/:side/orders',
    async (request, reply) => {
      const found = await seatOfSession(app, request);
      if (!found) return denied(request, reply);
      return submitSeatForm(app, request, reply, found);
    },
  );

  app.post<{ Params: SeatParams; Body: { text?: string } }>(
    '/play/:gameId/seats/:side/orders/text',
    async (request, reply) => {
      const found = await seatOfSession(app, request);
      if (!found) return denied(request, reply);
      return submitSeatText(app, request, reply, found);
    },
  );
}
