/**
 * The player's page. `GET /play/:gameId?token=` exchanges the seat token of the magic link for a session cookie
 * and redirects to the clean URL; the page shows the board, the order form of the current decision point (or a
 * text box taking the email grammar), and the history. Orders may be revised until the step resolves. A person's
 * token (several seats held by one address) signs in the person, whose page has a section per seat
 * (src/server/routes/web/play-person.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChoiceTree, RuleError } from '../../../engine/types.ts';
import { seatText } from '../../../engine/game-package.ts';
import { authenticate, type Principal } from '../../../services/auth.ts';
import { hashToken } from '../../../services/tokens.ts';
import { requireGame } from '../../../services/deps.ts';
import { OrdersInvalidError, ServiceError } from '../../../services/errors.ts';
import { componentDataOf } from '../../../services/component-data.ts';
import { seatOf } from '../../../services/listing.ts';
import { currentOrdersOf, ordersErrorsNow, submitOrders } from '../../../services/orders.ts';
import { gameViewFor, personGameViewFor, stepsFor } from '../../../services/views.ts';
import type { Board } from '../../../engine/board.ts';
import { formModel, ordersFromForm } from '../../../web/form.ts';
import { formatOrderText, readOrders } from '../../../orders-text/game-text.ts';
import { calendarUrl } from '../../../calendar/url.ts';
import { unansweredRefusals } from '../../../mail/unanswered.ts';
import { renderBoardSvg } from '../../../board-view/map-svg.ts';
import { CONSOLE_COOKIE, cookieOptions, localeOf, pageData, PLAY_COOKIE } from '../../../web/page.ts';
import { checkCsrf } from './guards.ts';
import { createWebSession, endWebSession, findWebSession, SESSION_DAYS } from '../../../web/sessions.ts';
import { personPlayRoutes, personSession, renderPersonPage } from './play-person.ts';
import { historyOf } from '../../../web/history.ts';
import { stepHeadingsFor } from '../../../services/step-boards.ts';
import { signInPage } from './sign-in.ts';

type Params = { gameId: string };

/** Loads the seat session of this game's cookie; null when there is none. */
export async function seatSession(app: FastifyInstance, request: FastifyRequest<{ Params: Params }>) {
  const session = await findWebSession(app.deps, request.cookies[PLAY_COOKIE]);
  if (session?.role !== 'seat' || session.gameId !== request.params.gameId || !session.seatId) return null;
  request.webSession = session;
  request.session = { _csrf: session.csrfSecret };
  const seat = await seatOf(app.deps, request.params.gameId, session.seatId);
  const principal: Principal = { kind: 'seat', gameId: request.params.gameId, seatId: seat.id, side: seat.side };
  return { session, seat, principal };
}

type Ctx = NonNullable<Awaited<ReturnType<typeof seatSession>>>;

interface Problems {
  formErrors?: RuleError[];
  submitted?: unknown;
  text?: string;
  textErrors?: { line: number; message: string; rule: string }[];
  notice?: string;
  status?: number;
}

async function renderPage(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  ctx: Ctx,
  p: Problems = {},
) {
  const { gameId } = request.params;
  const locale = localeOf(request, ctx.seat.locale);
  const [game, steps, headings, data, onFile, unanswered] = await Promise.all([
    gameViewFor(app.deps, gameId, ctx.principal),
    stepsFor(app.deps, gameId, ctx.principal),
    stepHeadingsFor(app.deps, gameId, ctx.principal),
    componentDataOf(app.deps, gameId),
    currentOrdersOf(app.deps, gameId, ctx.seat.id),
    unansweredRefusals(app.deps.db, ctx.seat, app.deps.clock()),
  ]);
  const choices = (game.choices ?? null) as ChoiceTree | null;
  const current = p.submitted ?? (onFile && onFile.step === game.step.number ? onFile.orders : undefined);
  const form = choices ? formModel(choices, locale, current, p.formErrors ?? []) : null;
  const grammarInput = { data, seat: ctx.seat.side, choices };
  const definition = requireGame(app.deps, game.game);
  const sideName = (side: string) => seatText(definition, game.mode, side)[locale];
  const deadline = game.step.deadlineAt ? new Date(game.step.deadlineAt) : null;
  return reply
    .code(p.status ?? 200)
    .type('text/html; charset=utf-8')
    .view(
      'play',
      pageData(request, reply, locale, {
        title: game.name,
        game,
        seat: ctx.seat,
        sideName,
        mapSvg: renderBoardSvg(game.board, locale),
        mapSvgColumn: renderBoardSvg(game.board, locale, { layout: 'column' }),
        board: game.board,
        form,
        choices,
        onFile: onFile && onFile.step === game.step.number ? onFile : null,
        text: p.text ?? (current ? formatOrderText(definition, grammarInput, current, locale).join('\n') : ''),
        textErrors: p.textErrors ?? [],
        unanswered: unanswered.map((u) => ({ ...u, problems: u.problems.map((m) => m[locale]) })),
        notice: p.notice ?? ((request.query as { saved?: string }).saved ? 'saved' : null),
        deadline,
        calendarUrl: calendarUrl(app.deps.config.PUBLIC_URL, ctx.seat.calendarToken),
        overdue: !!deadline && deadline <= app.deps.clock(),
        actionBase: `/play/${encodeURIComponent(gameId)}`,
        history: historyOf(steps, definition, locale, { headings, base: `/play/${encodeURIComponent(gameId)}` }),
      }),
    );
}

const denied = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: 'login.required' | 'login.invalid',
  status = 401,
) => {
  const locale = localeOf(request);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .view('message', pageData(request, reply, locale, { title: '', messageKey: key }));
};

/** Signing in by a link's token is rate-limited (`SIGN_IN_LIMIT_PER_MINUTE`); a page without a token is not. */
const signInLimit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    allowList: (req: FastifyRequest) => !(req.query as { token?: string }).token,
  },
});

/**
 * `GET /play/:gameId`: with `?token=`, exchanges it for a session cookie (the moderator's for the console) and
 * redirects to the clean URL; without, shows the page of the signed-in seat or person.
 */
async function signInOrShowPage(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params; Querystring: { token?: string } }>,
  reply: FastifyReply,
) {
  const { gameId } = request.params;
  const token = request.query.token;
  if (token) {
    const who = await authenticate(app.deps, gameId, token);
    if (!who) return denied(request, reply, 'login.invalid', 403);
    const base = app.deps.config.PUBLIC_URL;
    if (who.kind === 'moderator') {
      const { key } = await createWebSession(app.deps, { role: 'moderator', gameId });
      reply.setCookie(CONSOLE_COOKIE, key, cookieOptions(base, '/console', SESSION_DAYS * 86400));
      return reply.redirect(`/console/games/${encodeURIComponent(gameId)}`, 303);
    }
    const { key } = await createWebSession(
      app.deps,
      who.kind === 'person'
        ? { role: 'person', gameId, personId: who.personId, personTokenHash: hashToken(token) }
        : { role: 'seat', gameId, seatId: who.seatId, seatTokenHash: hashToken(token) },
    );
    reply.setCookie(PLAY_COOKIE, key, cookieOptions(base, `/play/${encodeURIComponent(gameId)}`, SESSION_DAYS * 86400));
    return reply.redirect(`/play/${encodeURIComponent(gameId)}`, 303);
  }
  const ctx = await seatSession(app, request);
  if (ctx) return renderPage(app, request, reply, ctx);
  const person = await personSession(app, request);
  if (person) return renderPersonPage(app, request, reply, person);
  return signInPage(request, reply, gameId, { status: 401, messageKey: 'login.required' });
}

/** The seat's board; a person's: the board of its seat `?seat=` (its first by default). */
async function sendBoardSvg(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params; Querystring: { seat?: string } }>,
  reply: FastifyReply,
) {
  const ctx = await seatSession(app, request);
  const person = ctx ? null : await personSession(app, request);
  let board: Board;
  if (ctx) board = (await gameViewFor(app.deps, request.params.gameId, ctx.principal)).board;
  else if (person) {
    const game = await personGameViewFor(app.deps, request.params.gameId, person.principal);
    const sight = game.bySeat[request.query.seat ?? person.principal.seats[0].side];
    if (!sight) return reply.code(404).send('');
    board = sight.board;
  } else return reply.code(401).send('');
  const svg = renderBoardSvg(board, localeOf(request, ctx?.seat.locale ?? person?.person.locale));
  return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'private, no-store').send(svg);
}

/** Runs a submission; invalid orders re-render the page with the errors inline (422), success redirects. */
async function submit(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  ctx: Ctx,
  orders: unknown,
  raw: string,
  text?: string,
) {
  try {
    await submitOrders(app.deps, { gameId: request.params.gameId, seatId: ctx.seat.id, orders, raw, source: 'web' });
  } catch (error) {
    if (error instanceof OrdersInvalidError) {
      if (text !== undefined) {
        const locale = localeOf(request, ctx.seat.locale);
        return renderPage(app, request, reply, ctx, {
          status: 422,
          text,
          textErrors: error.errors.map((e) => ({ line: 0, message: e.message[locale], rule: e.rule })),
        });
      }
      return renderPage(app, request, reply, ctx, { status: 422, formErrors: error.errors, submitted: orders });
    }
    if (error instanceof ServiceError && error.status === 409)
      return renderPage(app, request, reply, ctx, { status: 409, notice: error.code });
    throw error;
  }
  return reply.redirect(`/play/${encodeURIComponent(request.params.gameId)}?saved=1#orders`, 303);
}

/** `POST /play/:gameId/orders`: the order form of the current decision point. */
async function submitFormOrders(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params; Body: Record<string, unknown> }>,
  reply: FastifyReply,
) {
  const ctx = await seatSession(app, request);
  if (!ctx) return denied(request, reply, 'login.required');
  await checkCsrf(app, request);
  const game = await gameViewFor(app.deps, request.params.gameId, ctx.principal);
  const def = requireGame(app.deps, game.game);
  if (!game.choices) return renderPage(app, request, reply, ctx, { status: 409, notice: 'step/not-open' });
  const orders = ordersFromForm(request.body ?? {}, game.choices as ChoiceTree, def.ordersSchema);
  return submit(app, request, reply, ctx, orders, JSON.stringify(orders));
}

/** `POST /play/:gameId/orders/text`: orders in the email grammar; every error of the text and of the rules at once. */
async function submitTextOrders(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params; Body: { text?: string } }>,
  reply: FastifyReply,
) {
  const ctx = await seatSession(app, request);
  if (!ctx) return denied(request, reply, 'login.required');
  await checkCsrf(app, request);
  const text = String(request.body?.text ?? '').slice(0, 20_000);
  const [game, data] = await Promise.all([
    gameViewFor(app.deps, request.params.gameId, ctx.principal),
    componentDataOf(app.deps, request.params.gameId),
  ]);
  const choices = (game.choices ?? null) as ChoiceTree | null;
  const read = readOrders(requireGame(app.deps, game.game), { data, seat: ctx.seat.side, choices }, text);
  if (!read.ok) {
    const locale = localeOf(request, ctx.seat.locale);
    // The lines that could be read are checked by the engine too: every error at once.
    const ruleErrors =
      read.orders === undefined ? [] : await ordersErrorsNow(app.deps, request.params.gameId, ctx.seat.id, read.orders);
    const textErrors = [
      ...read.errors.map((e) => ({ line: e.line, message: e.message[locale], rule: e.rule })),
      ...ruleErrors.map((e) => ({ line: 0, message: e.message[locale], rule: e.rule })),
    ];
    return renderPage(app, request, reply, ctx, { status: 422, text, textErrors });
  }
  return submit(app, request, reply, ctx, read.orders, text, text);
}

/** `POST /play/:gameId/logout`: ends the seat's or the person's session. */
async function logOut(app: FastifyInstance, request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  const ctx = (await seatSession(app, request)) ?? (await personSession(app, request));
  if (ctx) {
    await checkCsrf(app, request);
    await endWebSession(app.deps, request.cookies[PLAY_COOKIE]);
  }
  // Encoded: a cookie path takes no raw non-ASCII (an id that is not a game's would otherwise fail here).
  reply.clearCookie(PLAY_COOKIE, { path: `/play/${encodeURIComponent(request.params.gameId)}` });
  return signInPage(request, reply, request.params.gameId, { status: 200, messageKey: 'login.required' });
}

/** Registers the player's page routes. */
export async function playRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Params; Querystring: { token?: string } }>(
    '/play/:gameId',
    { config: signInLimit(app.deps.config.SIGN_IN_LIMIT_PER_MINUTE) },
    async (request, reply) => signInOrShowPage(app, request, reply),
  );
  app.get<{ Params: Params; Querystring: { seat?: string } }>('/play/:gameId/map.svg', async (request, reply) =>
    sendBoardSvg(app, request, reply),
  );
  app.post<{ Params: Params; Body: Record<string, unknown> }>('/play/:gameId/orders', async (request, reply) =>
    submitFormOrders(app, request, reply),
  );
  app.post<{ Params: Params; Body: { text?: string } }>('/play/:gameId/orders/text', async (request, reply) =>
    submitTextOrders(app, request, reply),
  );
  await personPlayRoutes(app, (request, reply) => denied(request, reply, 'login.required'));
  app.post<{ Params: Params }>('/play/:gameId/logout', async (request, reply) => logOut(app, request, reply));
}
