/**
 * A past step on its own page, for the history of the player's page and of the console: its turn and phase, the
 * board as it stood after it for this reader (`/steps/:n`, and the picture alone at `/steps/:n/map.svg`, wide or
 * `?layout=column`), its dice and results. A seat sees published steps only, drawn as that seat saw them
 * (src/services/step-boards.ts); a person picks one of its seats with `?seat=`; the moderator sees every resolved
 * step.
 */
import { seatText } from '../../../engine/game-package.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../services/auth.ts';
import { pastStepFor } from '../../../services/step-boards.ts';
import { focusAttr } from '../../../board-view/map-focus.ts';
import { boardRest, focusBox, renderBoardSvg } from '../../../board-view/map-svg.ts';
import type { Locale } from '../../../i18n/index.ts';
import { stepTitle } from '../../../web/history.ts';
import { historyLine, localeOf, pageData } from '../../../web/page.ts';
import { consoleZoneOf } from '../../../web/zones.ts';
import { consoleDenied, consoleSession } from './console.ts';
import { playerSession } from './play-page.ts';

type Params = { gameId: string; n: string };
type Query = { seat?: string; layout?: string };
type Req = FastifyRequest<{ Params: Params; Querystring: Query }>;

/** Who reads a step page: the principal, the reader's language and zone, and where its game page is. */
interface Reader {
  principal: Principal;
  locale: Locale;
  zone: string;
  back: string;
  seat?: string;
  /** A person's seats: the step page links each one's view. */
  seats?: string[];
}

/** The reader of a player's step page: the seat, or the person (as its seat `?seat=`). */
async function playerReader(app: FastifyInstance, request: Req): Promise<Reader | null> {
  const back = `/play/${encodeURIComponent(request.params.gameId)}`;
  const ctx = await playerSession(app, request);
  if (!ctx) return null;
  const locale = localeOf(request, ctx.player.locale);
  const zone = ctx.player.timeZone;
  if (ctx.principal.kind === 'seat') return { principal: ctx.principal, locale, zone, back };
  const seats = ctx.seats.map((s) => s.side);
  return { principal: ctx.principal, locale, zone, back, seat: request.query.seat, seats };
}

/** The reader of a console step page: the operator, or this game's moderator. */
async function moderatorReader(app: FastifyInstance, request: Req): Promise<Reader | null> {
  const session = await consoleSession(app, request);
  const { gameId } = request.params;
  if (!session || (session.role === 'moderator' && session.gameId !== gameId)) return null;
  const back = `/console/games/${encodeURIComponent(gameId)}`;
  return { principal: { kind: 'moderator', gameId }, locale: localeOf(request), zone: consoleZoneOf(request), back };
}

/** The step page: title, the board after the step (wide and for phones), the events with their dice. */
async function stepPage(app: FastifyInstance, request: Req, reply: FastifyReply, reader: Reader) {
  const { gameId } = request.params;
  const step = await pastStepFor(app.deps, gameId, Number(request.params.n), reader.principal, reader.seat);
  const { def } = step;
  const { locale } = reader;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .view(
      'step',
      pageData(request, reply, locale, {
        title: `${stepTitle(step.number, step.heading, locale)} · ${step.gameName}`,
        heading: stepTitle(step.number, step.heading, locale),
        gameName: step.gameName,
        step,
        zone: reader.zone,
        back: reader.back,
        mapSvg: renderBoardSvg(step.after, locale, { part: 'map' }),
        mapRest: boardRest(step.after, locale),
        mapFocus: focusAttr(focusBox(step.after, locale, step.events)),
        lines: step.events.map((e) => historyLine(def, e, locale)),
        seatViews: (reader.seats ?? []).map((side) => ({
          side,
          name: seatText(def, step.mode, side, step.options)[locale],
          url: `${reader.back}/steps/${step.number}?seat=${encodeURIComponent(side)}`,
          current: side === (reader.seat ?? reader.seats?.[0]),
        })),
        logoutUrl: reader.principal.kind === 'moderator' ? '/console/logout' : `${reader.back}/logout`,
      }),
    );
}

/** The board after the step alone, as an SVG picture. */
async function stepMap(app: FastifyInstance, request: Req, reply: FastifyReply, reader: Reader) {
  const step = await pastStepFor(
    app.deps,
    request.params.gameId,
    Number(request.params.n),
    reader.principal,
    reader.seat,
  );
  const layout = request.query.layout === 'column' ? 'column' : 'map';
  const svg = renderBoardSvg(step.after, reader.locale, { layout });
  return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'private, no-store').send(svg);
}

/** No session for this page: the sign-in page of the player's page (401). */
function playDenied(request: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(request);
  return reply
    .code(401)
    .type('text/html; charset=utf-8')
    .view('message', pageData(request, reply, locale, { title: '', messageKey: 'login.required' }));
}

/** Registers the step pages of the player's page and of the console. */
export async function stepPageRoutes(app: FastifyInstance): Promise<void> {
  for (const [prefix, readerOf, denied] of [
    ['/play', playerReader, playDenied],
    ['/console/games', moderatorReader, consoleDenied],
  ] as const) {
    app.get<{ Params: Params; Querystring: Query }>(`${prefix}/:gameId/steps/:n`, async (request, reply) => {
      const reader = await readerOf(app, request);
      return reader ? stepPage(app, request, reply, reader) : denied(request, reply);
    });
    app.get<{ Params: Params; Querystring: Query }>(`${prefix}/:gameId/steps/:n/map.svg`, async (request, reply) => {
      const reader = await readerOf(app, request);
      return reader ? stepMap(app, request, reply, reader) : reply.code(401).send('');
    });
  }
}
