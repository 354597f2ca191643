/**
 * The operator's practice game form in the console: `GET /console/practice` offers every installed game, mode and
 * side with the player's address, name and language; `POST /console/practice` creates the game for that player, the
 * computer at every other seat (src/services/practice.ts), and shows the creation page with its links.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../../services/errors.ts';
import { createPracticeGame } from '../../../services/practice.ts';
import { localeOf } from '../../../web/page.ts';
import { t } from '../../../web/strings.ts';
import { consoleDenied, consoleSession, renderConsole, renderCreated } from './console.ts';
import { checkCsrf } from './guards.ts';
import { choicesOf } from './practice.ts';

type Form = { choice?: unknown; email?: unknown; name?: unknown; locale?: unknown };
const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** The form, with what was entered and the errors of a refused creation. */
function form(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, values: Form, errors: string[]) {
  const locale = localeOf(request);
  return renderConsole(
    request,
    reply,
    'console-practice',
    { title: t(locale, 'practice.console'), groups: choicesOf(app, locale), values, errors },
    errors.length ? 422 : 200,
  );
}

/** Registers the console's practice game form. */
export async function consolePracticeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/console/practice', async (request, reply) => {
    const session = await consoleSession(app, request);
    if (!session) return consoleDenied(request, reply);
    if (session.role !== 'operator') return consoleDenied(request, reply, 403);
    return form(app, request, reply, {}, []);
  });
  app.post<{ Body: Form }>('/console/practice', async (request, reply) => {
    const session = await consoleSession(app, request);
    if (!session) return consoleDenied(request, reply);
    if (session.role !== 'operator') return consoleDenied(request, reply, 403);
    await checkCsrf(app, request);
    const body = request.body ?? {};
    const [game, mode, side] = text(body.choice, 200).split('|');
    const name = text(body.name, 100);
    const player = { email: text(body.email, 320), locale: body.locale === 'ja' ? ('ja' as const) : ('en' as const) };
    try {
      const created = await createPracticeGame(app.deps, {
        game: game ?? '',
        mode: mode ?? '',
        side: side || undefined,
        player: name ? { ...player, name } : player,
      });
      return renderCreated(app, request, reply, created);
    } catch (error) {
      if (error instanceof ServiceError && error.status < 500)
        return form(app, request, reply, body, [`${error.message} (${error.code})`]);
      throw error;
    }
  });
}
