/**
 * A player's mail setting (src/services/mail-preferences.ts): the form of its page (`POST /play/:gameId/mail`), and
 * the one-click unsubscribe of every mail (RFC 8058): `GET /unsubscribe/:key` asks, so that a link scanner opening
 * the URL changes nothing, and `POST /unsubscribe/:key` (what a mail client sends, with the body
 * `List-Unsubscribe=One-Click`, or the page's button) moves the key's person to "only when I must move". The key is
 * the authentication: the POST needs no session and no CSRF token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../i18n/index.ts';
import {
  isMailPreference,
  MAIL_PREFERENCES,
  type MailPreference,
  mailPreferenceOf,
  personIdOfSeat,
  personOfUnsubscribeKey,
  setMailPreference,
  unsubscribeByKey,
} from '../../../services/mail-preferences.ts';
import { localeOf, pageData } from '../../../web/page.ts';
import { t } from '../../../web/strings.ts';
import { checkCsrf } from './guards.ts';
import type { Principal } from '../../../services/auth.ts';

type KeyReq = FastifyRequest<{ Params: { key: string } }>;

/** A signed-in player as the mail setting needs it (the player page's session: play-page.ts). */
interface SignedIn {
  principal: Extract<Principal, { kind: 'seat' | 'person' }>;
  player: { locale: string };
}

/** The person behind a signed-in player (a seat held alone is held by a person too). */
export async function personIdOf(app: FastifyInstance, ctx: SignedIn): Promise<string | null> {
  return ctx.principal.kind === 'person' ? ctx.principal.personId : personIdOfSeat(app.deps, ctx.principal.seatId);
}

/** What the page's mail form shows: the choices in the reader's language and the person's current one. */
export async function mailFormOf(app: FastifyInstance, gameId: string, ctx: SignedIn, locale: Locale) {
  const personId = await personIdOf(app, ctx);
  const preference: MailPreference = personId ? await mailPreferenceOf(app.deps, personId) : 'every_step';
  return {
    action: `/play/${encodeURIComponent(gameId)}/mail`,
    preference,
    choices: MAIL_PREFERENCES.map((value) => ({ value, label: t(locale, `mail.${value}`) })),
  };
}

/** The unsubscribe page in one of its states. */
async function unsubscribePage(request: KeyReq, reply: FastifyReply, state: 'ask' | 'done' | 'unknown') {
  const person = state === 'unknown' ? null : await personOfUnsubscribeKey(request.server.deps, request.params.key);
  const locale = localeOf(request, person?.locale);
  const gameName = person?.game.name ?? '';
  const title = person ? t(locale, 'unsubscribe.title', { game: gameName }) : t(locale, 'app.title');
  const action = `/unsubscribe/${encodeURIComponent(request.params.key)}`;
  return reply
    .code(state === 'unknown' ? 404 : 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .view('unsubscribe', pageData(request, reply, locale, { title, state, action, gameName }));
}

/** Registers the mail setting routes. */
export async function mailSettingRoutes(
  app: FastifyInstance,
  session: (request: FastifyRequest<{ Params: { gameId: string } }>) => Promise<SignedIn | null>,
  denied: (request: FastifyRequest, reply: FastifyReply) => unknown,
): Promise<void> {
  const limit = {
    config: { rateLimit: { max: 2 * app.deps.config.SIGN_IN_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  };
  await app.register(async (scope) => {
    // RFC 8058 allows the one-click body as multipart/form-data too: read (and ignore) it, never answer 415.
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, body),
    );
    scope.get<{ Params: { key: string } }>('/unsubscribe/:key', limit, async (request, reply) => {
      const person = await personOfUnsubscribeKey(app.deps, request.params.key);
      return unsubscribePage(request, reply, person ? 'ask' : 'unknown');
    });
    scope.post<{ Params: { key: string } }>('/unsubscribe/:key', limit, async (request, reply) => {
      const person = await unsubscribeByKey(app.deps, request.params.key);
      return unsubscribePage(request, reply, person ? 'done' : 'unknown');
    });
  });
  app.post<{ Params: { gameId: string }; Body: { preference?: string } }>(
    '/play/:gameId/mail',
    async (request, reply) => {
      const ctx = await session(request);
      if (!ctx) return denied(request, reply);
      await checkCsrf(app, request);
      const wanted = request.body?.preference;
      const personId = await personIdOf(app, ctx);
      if (!personId || !isMailPreference(wanted)) {
        const locale = localeOf(request, ctx.player.locale);
        const page = pageData(request, reply, locale, { title: t(locale, 'mail.title'), messageKey: 'mail.invalid' });
        return reply.code(422).type('text/html; charset=utf-8').view('message', page);
      }
      await setMailPreference(app.deps, personId, wanted);
      return reply.redirect(`/play/${encodeURIComponent(request.params.gameId)}?mail=saved#mail`, 303);
    },
  );
}
