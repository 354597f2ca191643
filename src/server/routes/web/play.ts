/**
 * The player's page. `GET /play/:gameId?token=` exchanges the token of the magic link (a seat's, a person's, or the
 * moderator's for the console) for a session cookie and redirects to the clean URL; the page
 * (src/server/routes/web/play-page.ts) shows the board of each seat the player holds, its order form when it owes
 * orders (or a text box taking the email grammar: src/server/routes/web/play-orders.ts), and the history. Orders may
 * be revised until the step resolves. When mail to the player bounces, the page asks it to confirm or change its
 * address (`POST /play/:gameId/address`). A vacation is declared once for every game of the player's address
 * (`POST /play/:gameId/vacation`: src/server/routes/web/vacation.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../../../services/auth.ts';
import { RECLAIM_REFUSAL_TEXT, reclaimSeats } from '../../../services/bot-seats.ts';
import { gameDefinition } from '../../../services/deps.ts';
import { seatText } from '../../../engine/game-package.ts';
import { t } from '../../../web/strings.ts';
import { ServiceError } from '../../../services/errors.ts';
import { confirmOrChangeAddress } from '../../../services/player-address.ts';
import { hashToken } from '../../../services/tokens.ts';
import { renderBoardSvg } from '../../../board-view/map-svg.ts';
import { CONSOLE_COOKIE, cookieOptions, localeOf, pageData, PLAY_COOKIE } from '../../../web/page.ts';
import { checkCsrf } from './guards.ts';
import { createWebSession, endWebSession, SESSION_DAYS } from '../../../web/sessions.ts';
import { mailSettingRoutes } from './mail-settings.ts';
import { playOrderRoutes } from './play-orders.ts';
import { playerSession, playerView, renderPlayerPage } from './play-page.ts';
import { signInPage } from './sign-in.ts';
import { vacationRoutes } from './vacation.ts';

type Params = { gameId: string };

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
  const ctx = await playerSession(app, request);
  if (ctx) return renderPlayerPage(app, request, reply, ctx);
  return signInPage(request, reply, gameId, { status: 401, messageKey: 'login.required' });
}

/**
 * The board of one of the player's seats (`?seat=`, its first by default) as the mail pictures it: the region its
 * decision is about; `?whole=1`, the whole board.
 */
async function sendBoardSvg(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params; Querystring: { seat?: string; whole?: string } }>,
  reply: FastifyReply,
) {
  const ctx = await playerSession(app, request);
  if (!ctx) return reply.code(401).send('');
  const { sights } = await playerView(app, request.params.gameId, ctx);
  // A one-seat player's board is its seat's, whatever the query asks.
  const one = ctx.principal.kind === 'seat';
  const sight = sights[(!one && request.query.seat) || ctx.seats[0].side];
  if (!sight) return reply.code(404).send('');
  // The mail's picture: the region of the seat's decision, readable on a phone; `?whole=1`: the whole board.
  const whole = !!request.query.whole;
  const locale = localeOf(request, ctx.player.locale);
  const svg = renderBoardSvg(sight.board, locale, { crop: !whole, focus: sight.choices });
  return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'private, no-store').send(svg);
}

/** `POST /play/:gameId/logout`: ends the seat's or the person's session. */
async function logOut(app: FastifyInstance, request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  const ctx = await playerSession(app, request);
  if (ctx) {
    await checkCsrf(app, request);
    await endWebSession(app.deps, request.cookies[PLAY_COOKIE]);
  }
  // Encoded: a cookie path takes no raw non-ASCII (an id that is not a game's would otherwise fail here).
  reply.clearCookie(PLAY_COOKIE, { path: `/play/${encodeURIComponent(request.params.gameId)}` });
  return signInPage(request, reply, request.params.gameId, { status: 200, messageKey: 'login.required' });
}

/**
 * `POST /play/:gameId/reclaim`: the player takes back its seats the computer plays (src/services/bot-seats.ts);
 * refused with the reason in the player's language.
 */
async function reclaim(app: FastifyInstance, request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  const ctx = await playerSession(app, request);
  if (!ctx) return denied(request, reply, 'login.required');
  await checkCsrf(app, request);
  const { gameId } = request.params;
  const p = ctx.principal;
  const done = await reclaimSeats(
    app.deps,
    gameId,
    p.kind === 'seat' ? { seatId: p.seatId } : { personId: p.personId },
  );
  if (done.ok) return reply.redirect(`/play/${encodeURIComponent(gameId)}?reclaim=done`, 303);
  const locale = localeOf(request, ctx.player.locale);
  const game = await app.deps.db.game.findUnique({
    where: { id: gameId },
    select: { game: true, mode: true, options: true },
  });
  const def = game ? gameDefinition(app.deps, game.game) : undefined;
  const seat = done.sides.map((side) => seatText(def, game?.mode ?? '', side, game?.options)[locale]).join(', ');
  const page = pageData(request, reply, locale, {
    title: t(locale, 'play.reclaim'),
    message: t(locale, RECLAIM_REFUSAL_TEXT[done.reason], { seat }),
  });
  return reply.code(409).type('text/html; charset=utf-8').view('message', page);
}

/**
 * `POST /play/:gameId/address`: the player confirms its address (`action=confirm`) or gives another
 * (`action=change`, `email`), which resets a bouncing or suppressed address (docs/email.md, "Bounces").
 */
async function confirmAddress(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params; Body: { action?: string; email?: string } }>,
  reply: FastifyReply,
) {
  const ctx = await playerSession(app, request);
  if (!ctx) return denied(request, reply, 'login.required');
  await checkCsrf(app, request);
  const { gameId } = request.params;
  const p = ctx.principal;
  const holder = p.kind === 'seat' ? { seatId: p.seatId } : { personId: p.personId };
  const change = request.body?.action === 'change';
  const page = `/play/${encodeURIComponent(gameId)}`;
  try {
    await confirmOrChangeAddress(app.deps, gameId, holder, change ? String(request.body?.email ?? '') : undefined);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 400) return reply.redirect(`${page}?address=invalid`, 303);
    throw error;
  }
  return reply.redirect(`${page}?address=confirmed`, 303);
}

/** Registers the player's page routes. */
export async function playRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Params; Querystring: { token?: string } }>(
    '/play/:gameId',
    { config: signInLimit(app.deps.config.SIGN_IN_LIMIT_PER_MINUTE) },
    async (request, reply) => signInOrShowPage(app, request, reply),
  );
  app.get<{ Params: Params; Querystring: { seat?: string; whole?: string } }>(
    '/play/:gameId/map.svg',
    async (request, reply) => sendBoardSvg(app, request, reply),
  );
  await playOrderRoutes(app, (request, reply) => denied(request, reply, 'login.required'));
  app.post<{ Params: Params; Body: { action?: string; email?: string } }>('/play/:gameId/address', (request, reply) =>
    confirmAddress(app, request, reply),
  );
  await mailSettingRoutes(
    app,
    (request) => playerSession(app, request),
    (request, reply) => denied(request, reply, 'login.required'),
  );
  app.post<{ Params: Params }>('/play/:gameId/reclaim', async (request, reply) => reclaim(app, request, reply));
  await vacationRoutes(
    app,
    (request) => playerSession(app, request),
    (request, reply) => denied(request, reply, 'login.required'),
  );
  app.post<{ Params: Params }>('/play/:gameId/logout', async (request, reply) => logOut(app, request, reply));
}
