/**
 * The public page of practice games (PRACTICE_GAMES=on; off, every route here answers 404): `GET /practice` offers
 * every installed game, mode and side and asks for an address; `POST /practice` records the request and mails the
 * confirmation link to that address (src/services/practice.ts, src/mail/practice-mail.ts), limited per client
 * address (the route's rate limit, PRACTICE_LIMIT_PER_HOUR) and per address (3 an hour). The link opens
 * `GET /practice/confirm/:key`, which only asks (a link scanner opening it creates nothing); its button posts to
 * `POST /practice/confirm/:key`, which creates the game once and signs the browser in to its page. No session: there
 * is nothing to protect from a forged form (the link goes to the address typed, and only its reader can confirm).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { games as registeredGames } from '../../../games/index.ts';
import { seatText } from '../../../engine/game-package.ts';
import type { Locale } from '../../../i18n/index.ts';
import { queuePracticeLinkMail } from '../../../mail/practice-mail.ts';
import { gameDefinition } from '../../../services/deps.ts';
import { ServiceError } from '../../../services/errors.ts';
import { confirmPracticeRequest, PRACTICE_LINK_HOURS, recordPracticeRequest } from '../../../services/practice.ts';
import { hashToken } from '../../../services/tokens.ts';
import { localeOf, pageData } from '../../../web/page.ts';
import { t, wordFor } from '../../../web/strings.ts';

const KEY = /^[A-Za-z0-9_-]{20,100}$/;

/** The choices of the form: a group per game, an option per mode and side (`game|mode|side`). */
export function choicesOf(app: FastifyInstance, locale: Locale) {
  return Object.keys(registeredGames)
    .map((id) => gameDefinition(app.deps, id))
    .filter((d): d is NonNullable<typeof d> => !!d)
    .map((d) => ({
      title: d.title[locale],
      options: d.modes.flatMap((mode) =>
        d.sides(mode).map((s) => ({
          value: `${d.id}|${mode}|${s.seat}`,
          label: `${wordFor(locale, 'mode', mode)} · ${seatText(d, mode, s.seat)[locale]}`,
        })),
      ),
    }));
}

type Form = { choice?: unknown; email?: unknown; locale?: unknown };

/** The page with its form, and a notice (sent, or why not). */
function practicePage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  notice: { text: string; ok: boolean } | null,
  values: { choice?: string; email?: string } = {},
) {
  const locale = localeOf(request);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .view(
      'practice',
      pageData(request, reply, locale, {
        title: t(locale, 'practice.title'),
        groups: choicesOf(app, locale),
        notice,
        values,
      }),
    );
}

/** A confirmation page in one of its states. */
function confirmPage(request: FastifyRequest, reply: FastifyReply, status: number, page: Record<string, unknown>) {
  const locale = localeOf(request);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .view('practice-confirm', pageData(request, reply, locale, { title: t(locale, 'practice.confirmTitle'), ...page }));
}

/** `POST /practice`: records the request and queues its mail in one transaction. */
async function requestPractice(app: FastifyInstance, request: FastifyRequest<{ Body: Form }>, reply: FastifyReply) {
  const locale = localeOf(request);
  const body = request.body ?? {};
  const choice = typeof body.choice === 'string' ? body.choice.slice(0, 200) : '';
  const email = typeof body.email === 'string' ? body.email.trim().slice(0, 320) : '';
  const [game, mode, side] = choice.split('|');
  const mailLocale = body.locale === 'ja' || body.locale === 'en' ? body.locale : locale;
  const values = { choice, email };
  try {
    await app.deps.db.$transaction(async (tx) => {
      const made = await recordPracticeRequest(tx, app.deps, { game, mode, side, email, locale: mailLocale });
      const url = `${app.deps.config.PUBLIC_URL.replace(/\/$/, '')}/practice/confirm/${made.key}`;
      const mail = {
        to: made.email,
        locale: made.locale,
        url,
        gameTitle: made.gameTitle[made.locale],
        hours: PRACTICE_LINK_HOURS,
      };
      await queuePracticeLinkMail(tx, app.deps.config, mail, app.deps.clock());
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status === 429)
      return practicePage(app, request, reply, 429, { text: t(locale, 'practice.tooMany'), ok: false }, values);
    if (error.status === 400)
      return practicePage(app, request, reply, 400, { text: t(locale, 'practice.invalid'), ok: false }, values);
    throw error;
  }
  request.log.info('practice game requested');
  const sent = { text: t(locale, 'practice.sent', { hours: PRACTICE_LINK_HOURS }), ok: true };
  return practicePage(app, request, reply, 200, sent);
}

/** `GET /practice/confirm/:key`: what the link would create, and the button that does. */
async function askToConfirm(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { key: string } }>,
  reply: FastifyReply,
) {
  const locale = localeOf(request);
  const { key } = request.params;
  const row = KEY.test(key) ? await app.deps.db.practiceRequest.findUnique({ where: { id: hashToken(key) } }) : null;
  if (!row) return confirmPage(request, reply, 404, { state: 'unknown' });
  if (row.confirmedAt) return confirmPage(request, reply, 200, { state: 'done' });
  if (row.expiresAt <= app.deps.clock()) return confirmPage(request, reply, 410, { state: 'expired' });
  const def = gameDefinition(app.deps, row.game);
  const game = def ? def.title[locale] : row.game;
  return confirmPage(request, reply, 200, {
    state: 'ask',
    text: t(locale, 'practice.confirmText', { game, email: row.email }),
    action: `/practice/confirm/${encodeURIComponent(key)}`,
  });
}

/** `POST /practice/confirm/:key`: creates the game once; the first confirmation is signed in to its page. */
async function confirm(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { key: string } }>,
  reply: FastifyReply,
) {
  const { key } = request.params;
  const done = KEY.test(key) ? await confirmPracticeRequest(app.deps, key) : { kind: 'unknown' as const };
  if (done.kind === 'unknown') return confirmPage(request, reply, 404, { state: 'unknown' });
  if (done.kind === 'expired') return confirmPage(request, reply, 410, { state: 'expired' });
  if (done.kind === 'done') return confirmPage(request, reply, 200, { state: 'done' });
  const player = done.game.seats.find((s) => !s.bot && s.token);
  const target = `/play/${encodeURIComponent(done.game.id)}`;
  // The player's link signs this browser in (as the welcome mail's link would).
  return reply.redirect(player ? `${target}?token=${encodeURIComponent(player.token)}` : target, 303);
}

/** Registers the practice page (every route 404 while PRACTICE_GAMES is off). */
export async function practiceRoutes(app: FastifyInstance): Promise<void> {
  const on = app.deps.config.PRACTICE_GAMES === 'on';
  const off = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
  const perHour = { config: { rateLimit: { max: app.deps.config.PRACTICE_LIMIT_PER_HOUR, timeWindow: '1 hour' } } };
  const confirmLimit = {
    config: { rateLimit: { max: 2 * app.deps.config.SIGN_IN_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  };
  app.get('/practice', async (request, reply) =>
    on ? practicePage(app, request, reply, 200, null) : off(request, reply),
  );
  app.post<{ Body: Form }>('/practice', perHour, async (request, reply) =>
    on ? requestPractice(app, request, reply) : off(request, reply),
  );
  app.get<{ Params: { key: string } }>('/practice/confirm/:key', confirmLimit, async (request, reply) =>
    on ? askToConfirm(app, request, reply) : off(request, reply),
  );
  app.post<{ Params: { key: string } }>('/practice/confirm/:key', confirmLimit, async (request, reply) =>
    on ? confirm(app, request, reply) : off(request, reply),
  );
}
