/**
 * The moderator console: sign-in by token (`/console/login?token=`: the operator's ADMIN_TOKEN sees every game and
 * creates games; a game's moderator token sees that game), the games list, and game creation.
 */
import { seatText } from '../../../engine/game-package.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { games as registeredGames } from '../../../games/index.ts';
import { isAdminToken } from '../../../services/auth.ts';
import { gameDefinition } from '../../../services/deps.ts';
import { ServiceError } from '../../../services/errors.ts';
import { createGame } from '../../../services/games.ts';
import { type GameListRow, gameOfModeratorToken, listGames } from '../../../services/listing.ts';
import type { Locale } from '../../../i18n/index.ts';
import { parseCreateForm } from '../../../web/console-form.ts';
import { CONSOLE_COOKIE, cookieOptions, localeOf, pageData, safeBack } from '../../../web/page.ts';
import { consoleZoneOf, ZONE_COOKIE, zoneOptionsHtml, zoneOr } from '../../../web/zones.ts';
import {
  createWebSession,
  endWebSession,
  findWebSession,
  SESSION_DAYS,
  type WebSessionInfo,
} from '../../../web/sessions.ts';
import { checkCsrf } from './guards.ts';

/** The console session of the request, or null. Sets the CSRF secret for the session's forms. */
export async function consoleSession(app: FastifyInstance, request: FastifyRequest): Promise<WebSessionInfo | null> {
  const session = await findWebSession(app.deps, request.cookies[CONSOLE_COOKIE]);
  if (!session || (session.role !== 'operator' && session.role !== 'moderator')) return null;
  request.webSession = session;
  request.session = { _csrf: session.csrfSecret };
  return session;
}

/** Renders a console template with the shared page data. */
export function renderConsole(
  request: FastifyRequest,
  reply: FastifyReply,
  template: string,
  data: Record<string, unknown>,
  status = 200,
) {
  const locale = localeOf(request);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .view(
      template,
      pageData(request, reply, locale, {
        logoutUrl: '/console/logout',
        session: request.webSession,
        zone: consoleZoneOf(request),
        zoneOptions: zoneOptionsHtml,
        here: safeBack(request.url),
        ...data,
      }),
    );
}

export function consoleDenied(request: FastifyRequest, reply: FastifyReply, status = 401) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .view(
      'message',
      pageData(request, reply, localeOf(request), {
        title: '',
        messageKey: status === 403 ? 'error.forbidden' : 'login.consoleRequired',
      }),
    );
}

/** The games and their option docs the creation form offers. */
function catalogue(app: FastifyInstance) {
  return Object.keys(registeredGames)
    .map((id) => gameDefinition(app.deps, id))
    .filter((d): d is NonNullable<typeof d> => !!d)
    .map((d) => ({ id: d.id, title: d.title, modes: d.modes, sides: d.sides(d.modes[0]), optionDocs: d.optionDocs }));
}

/** A row of the games list in words: the game's title, and a side's name in the game's own words. */
function gameInWords(app: FastifyInstance, row: GameListRow, locale: Locale) {
  const def = gameDefinition(app.deps, row.game);
  const sideName = (side: string) => seatText(def, row.mode, side, row.options)[locale];
  return { ...row, title: def ? def.title[locale] : row.game, sideName };
}

/** `GET /console/login?token=`: the operator's token or a game's moderator token, exchanged for a session cookie. */
async function signIn(
  app: FastifyInstance,
  request: FastifyRequest<{ Querystring: { token?: string } }>,
  reply: FastifyReply,
) {
  const token = request.query.token;
  let session: { key: string } | null = null;
  let target = '/console';
  if (await isAdminToken(app.deps, token)) session = await createWebSession(app.deps, { role: 'operator' });
  else {
    const gameId = await gameOfModeratorToken(app.deps, token);
    if (gameId) {
      session = await createWebSession(app.deps, { role: 'moderator', gameId });
      target = `/console/games/${encodeURIComponent(gameId)}`;
    }
  }
  if (!session)
    return reply
      .code(403)
      .type('text/html; charset=utf-8')
      .view('message', pageData(request, reply, localeOf(request), { title: '', messageKey: 'login.invalid' }));
  reply.setCookie(
    CONSOLE_COOKIE,
    session.key,
    cookieOptions(app.deps.config.PUBLIC_URL, '/console', SESSION_DAYS * 86400),
  );
  return reply.redirect(target, 303);
}

/** The page of a game just created: its seats' links, the persons' links and the moderator's, each shown once. */
export function renderCreated(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  created: Awaited<ReturnType<typeof createGame>>,
) {
  const base = app.deps.config.PUBLIC_URL.replace(/\/$/, '');
  return renderConsole(request, reply, 'console-created', {
    title: created.name,
    created,
    // A bot seat has no link: it never signs in.
    links: created.seats
      .filter((s) => !s.bot)
      .map((s) => ({
        side: s.side,
        email: s.email,
        url: `${base}/play/${created.id}?token=${encodeURIComponent(s.token)}`,
      })),
    // Seats given one address: that person's link signs in for all of them (the one its welcome mail carries).
    personLinks: created.persons.map((p) => ({
      sides: p.sides.join(', '),
      email: p.email,
      url: `${base}/play/${created.id}?token=${encodeURIComponent(p.token)}`,
    })),
    moderatorUrl: `${base}/console/login?token=${encodeURIComponent(created.moderatorToken)}`,
  });
}

/** The lines of a refused creation (422): the error, then each of its details. */
function creationErrorLines(error: ServiceError): string[] {
  const details = Array.isArray(error.details)
    ? error.details.map((d) =>
        typeof d === 'string'
          ? d
          : `${(d as { path?: string }).path ?? ''}: ${(d as { message?: string }).message ?? JSON.stringify(d)}`,
      )
    : error.details
      ? [JSON.stringify(error.details)]
      : [];
  return [`${error.message} (${error.code})`, ...details];
}

/** `POST /console/games`: the operator's creation form; errors show the form again with what was entered (422). */
async function createGameFromForm(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: Record<string, unknown> }>,
  reply: FastifyReply,
) {
  const session = await consoleSession(app, request);
  if (!session) return consoleDenied(request, reply);
  if (session.role !== 'operator') return consoleDenied(request, reply, 403);
  await checkCsrf(app, request);
  const body = request.body ?? {};
  const parsed = parseCreateForm(body, (id) => gameDefinition(app.deps, id));
  const again = (errors: string[]) =>
    renderConsole(
      request,
      reply,
      'console-new',
      { title: 'New game', catalogue: catalogue(app), values: body, errors },
      422,
    );
  if (!parsed.ok) return again(parsed.errors);
  try {
    const created = await createGame(app.deps, parsed.input);
    return renderCreated(app, request, reply, created);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 422) return again(creationErrorLines(error));
    throw error;
  }
}

/** Registers the console's sign-in, list and creation routes. */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { token?: string } }>(
    '/console/login',
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => signIn(app, request, reply),
  );

  app.get('/console', async (request, reply) => {
    const session = await consoleSession(app, request);
    if (!session) return consoleDenied(request, reply);
    const rows = await listGames(app.deps, session.role === 'operator' ? {} : { ids: [session.gameId as string] });
    const locale = localeOf(request);
    return renderConsole(request, reply, 'console-list', {
      title: 'Console',
      rows: rows.map((row) => gameInWords(app, row, locale)),
      now: app.deps.clock(),
    });
  });

  app.get('/console/new', async (request, reply) => {
    const session = await consoleSession(app, request);
    if (!session) return consoleDenied(request, reply);
    if (session.role !== 'operator') return consoleDenied(request, reply, 403);
    return renderConsole(request, reply, 'console-new', {
      title: 'New game',
      catalogue: catalogue(app),
      values: {},
      errors: [],
    });
  });

  app.post<{ Body: Record<string, unknown> }>('/console/games', async (request, reply) =>
    createGameFromForm(app, request, reply),
  );

  // The reader's time zone for every time the console shows, kept a year (a preference, like the language link).
  app.get<{ Querystring: { zone?: string; back?: string } }>('/console/zone', async (request, reply) => {
    const zone = zoneOr(request.query.zone);
    reply.setCookie(ZONE_COOKIE, zone, cookieOptions(app.deps.config.PUBLIC_URL, '/console', 365 * 86400));
    return reply.redirect(safeBack(request.query.back ?? '/console'), 303);
  });

  app.post('/console/logout', async (request, reply) => {
    const session = await consoleSession(app, request);
    if (session) {
      await checkCsrf(app, request);
      await endWebSession(app.deps, request.cookies[CONSOLE_COOKIE]);
    }
    reply.clearCookie(CONSOLE_COOKIE, { path: '/console' });
    return reply.redirect('/console', 303);
  });
}
