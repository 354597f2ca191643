/**
 * The ways back into a player's page: `GET /in/:key`, the sign-in link in every mail (src/mail/sign-in-slot.ts),
 * and the sign-in page a browser without a session meets on `/play/:gameId` (the short link `/g/:gameId` of a
 * calendar entry or an old mail ends there), which mails a fresh link to the address the game has on file. The page
 * answers every address alike and in the same time (the mail is a job, composed off the request path), so it
 * tells nobody who plays.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { askForSignInLink, type RedeemedLink, redeemSignInLink } from '../../../services/sign-in-links.ts';
import { cookieOptions, localeOf, pageData, PLAY_COOKIE } from '../../../web/page.ts';
import type { MessageKey } from '../../../web/strings.ts';
import { createWebSession, SESSION_DAYS } from '../../../web/sessions.ts';

const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The sign-in page of a game: a message and the form asking for the player's address. */
export function signInPage(
  request: FastifyRequest,
  reply: FastifyReply,
  gameId: string,
  page: { status: number; messageKey: MessageKey; sent?: boolean },
) {
  const locale = localeOf(request);
  return reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .view(
      'sign-in',
      pageData(request, reply, locale, {
        title: '',
        messageKey: page.messageKey,
        sent: page.sent ?? false,
        action: `/play/${encodeURIComponent(gameId)}/sign-in-link`,
      }),
    );
}

/** Exchanging a link, or asking for one, is rate-limited per client address. */
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export async function signInRoutes(app: FastifyInstance): Promise<void> {
  const perMinute = app.deps.config.SIGN_IN_LIMIT_PER_MINUTE;
  app.get<{ Params: { key: string } }>('/in/:key', { config: limit(2 * perMinute) }, async (request, reply) => {
    const key = request.params.key;
    const link: RedeemedLink = /^[A-Za-z0-9_-]{20,100}$/.test(key)
      ? await redeemSignInLink(app.deps, key)
      : { kind: 'unknown' };
    if (link.kind === 'unknown') {
      const view = pageData(request, reply, localeOf(request), { title: '', messageKey: 'login.invalid' });
      return reply.code(404).type('text/html; charset=utf-8').view('message', view);
    }
    if (link.kind === 'expired')
      return signInPage(request, reply, link.gameId, { status: 410, messageKey: 'signIn.expired' });
    const { key: cookie } = await createWebSession(
      app.deps,
      link.kind === 'person'
        ? { role: 'person', gameId: link.gameId, personId: link.personId, personTokenHash: link.tokenHash }
        : { role: 'seat', gameId: link.gameId, seatId: link.seatId, seatTokenHash: link.tokenHash },
    );
    const path = `/play/${encodeURIComponent(link.gameId)}`;
    reply.setCookie(PLAY_COOKIE, cookie, cookieOptions(app.deps.config.PUBLIC_URL, path, SESSION_DAYS * 86400));
    return reply.redirect(path, 303);
  });

  app.post<{ Params: { gameId: string }; Body: { email?: unknown } }>(
    '/play/:gameId/sign-in-link',
    { config: limit(perMinute) },
    async (request, reply) => {
      const { gameId } = request.params;
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      if (!GAME_ID.test(gameId) || email.length > 320 || !/^[^\s@]+@[^\s@]+$/.test(email))
        return signInPage(request, reply, gameId, { status: 400, messageKey: 'signIn.badAddress' });
      // The same one job for every address (src/services/sign-in-links.ts): the answer and its timing tell nothing.
      await askForSignInLink(app.deps, gameId, email);
      request.log.info({ gameId }, 'sign-in link requested');
      return signInPage(request, reply, gameId, { status: 200, messageKey: 'signIn.sent', sent: true });
    },
  );
}
