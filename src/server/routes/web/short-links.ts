/**
 * Short links written into mails, notices and calendar entries: `/g/:gameId` leads to the player's page and
 * `/g/:gameId/moderate` to the game in the console. Each page then asks for a sign-in when the browser has no
 * session (the seat's magic link, or a moderator token), so a short link reveals nothing by itself.
 */
import type { FastifyInstance } from 'fastify';

const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function shortLinkRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { gameId: string } }>('/g/:gameId', { schema: { hide: true } }, async (request, reply) => {
    const { gameId } = request.params;
    if (!GAME_ID.test(gameId))
      return reply
        .code(404)
        .send({ error: { code: 'route/not-found', message: 'no such game', requestId: request.id } });
    return reply.redirect(`/play/${encodeURIComponent(gameId)}`, 303);
  });
  app.get<{ Params: { gameId: string } }>('/g/:gameId/moderate', { schema: { hide: true } }, async (request, reply) => {
    const { gameId } = request.params;
    if (!GAME_ID.test(gameId))
      return reply
        .code(404)
        .send({ error: { code: 'route/not-found', message: 'no such game', requestId: request.id } });
    return reply.redirect(`/console/games/${encodeURIComponent(gameId)}`, 303);
  });
}
