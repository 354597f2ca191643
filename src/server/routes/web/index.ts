/**
 * The web pages: the player's page (/play/:gameId), the moderator console (/console), the language switch and the
 * static assets (/static). One encapsulated plugin: its security headers (helmet, strict CSP), CSRF checks, rate
 * limits and HTML error pages apply to these routes only, leaving the JSON API as it is.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import view from '@fastify/view';
import { Eta } from 'eta';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../../db/faults.ts';
import { DATABASE_RETRY_AFTER_SECONDS, OrdersInvalidError, ServiceError } from '../../../services/errors.ts';
import { LANG_COOKIE, localeOf, pageData, safeBack } from '../../../web/page.ts';
import { t } from '../../../web/strings.ts';
import { registerSecurityHeaders } from '../../plugins/security-headers.ts';
import { consoleRoutes } from './console.ts';
import { consoleActionRoutes } from './console-actions.ts';
import { playRoutes } from './play.ts';
import { practiceRoutes } from './practice.ts';
import { consolePracticeRoutes } from './console-practice.ts';
import { shortLinkRoutes } from './short-links.ts';
import { signInRoutes } from './sign-in.ts';
import { stepPageRoutes } from './step-pages.ts';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '../../../web');

/**
 * A failed page as a page in the reader's language: a stale form (CSRF), a database that is down (503, retry
 * later), refused orders, a service refusal, or an internal error (logged, and told by its request id only).
 */
function renderWebError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(request);
  let status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  let message: string;
  if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET')
    message = t(locale, 'error.csrf');
  else if (!(error instanceof ServiceError) && isDatabaseUnavailable(error)) {
    status = 503;
    message = t(locale, 'error.databaseUnavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    request.log.warn('database unavailable: answered 503');
  } else if (error instanceof OrdersInvalidError) message = error.errors.map((e) => e.message[locale]).join('; ');
  else if (error instanceof ServiceError) {
    status = error.status;
    message = error.status >= 500 ? t(locale, 'error.title') : `${error.message} (${error.code})`;
  } else if (status === 429) message = error.message;
  else if (status < 500) message = error.message;
  else {
    request.log.error({ err: error }, 'web page error');
    message = t(locale, 'error.title');
  }
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .view(
      'message',
      pageData(request, reply, locale, { title: t(locale, 'error.title'), message, requestId: request.id }),
    );
}

/** Registers every web page route. `app.deps` must be decorated (src/server/plugins/context.ts). */
export default async function webRoutes(app: FastifyInstance): Promise<void> {
  // Pages are not API operations: none of them appears in the OpenAPI document (/docs).
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  if (!app.hasDecorator('parseCookie')) await app.register(cookie);
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  await registerSecurityHeaders(app, app.deps.config.PUBLIC_URL);
  await app.register(rateLimit, { global: false });
  app.decorateRequest('webSession', null);
  app.decorateRequest('session', null);
  await app.register(csrf, { sessionPlugin: '@fastify/session' });
  await app.register(view, {
    engine: {
      eta: new Eta({
        views: join(webDir, 'views'),
        cache: app.deps.config.NODE_ENV === 'production',
        autoEscape: true,
      }),
    },
    root: join(webDir, 'views'),
    viewExt: 'eta',
  });
  await app.register(fastifyStatic, {
    root: join(webDir, 'public'),
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1h',
  });

  app.setErrorHandler(renderWebError);

  // The language switch: a plain link (works without JavaScript), remembered for a year.
  app.get('/lang', async (request, reply) => {
    const { to, back } = request.query as { to?: string; back?: string };
    if (to === 'en' || to === 'ja')
      reply.setCookie(LANG_COOKIE, to, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 365 * 86400 });
    return reply.redirect(safeBack(back), 303);
  });

  await app.register(playRoutes);
  await app.register(shortLinkRoutes);
  await app.register(signInRoutes);
  await app.register(consoleRoutes);
  await app.register(consoleActionRoutes);
  await app.register(stepPageRoutes);
  await app.register(practiceRoutes);
  await app.register(consolePracticeRoutes);
}
