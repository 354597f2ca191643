/**
 * The vacation card of a player's page (src/services/deadlines/vacations.ts): `POST /play/:gameId/vacation` declares
 * one (fields `from` and `to`, the first and last day away in the player's zone) for every game of the signed-in
 * player's address, `POST /play/:gameId/vacation/cancel` (field `id`) withdraws one. Only the signed-in player of
 * this game may: its session is its identity, and its address picks the games. Both answer by a redirect to the
 * page, whose card then says what was done or why not.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../i18n/index.ts';
import { mailText } from '../../../i18n/strings-mail.ts';
import { vacationLines } from '../../../mail/vacation-command.ts';
import { ServiceError } from '../../../services/errors.ts';
import {
  cancelVacation,
  declareVacation,
  listVacations,
  MAX_VACATION_DAYS,
  vacationInputSchema,
} from '../../../services/deadlines/vacations.ts';
import { t } from '../../../web/strings.ts';
import { checkCsrf } from './guards.ts';
import { personIdOf } from './mail-settings.ts';
import type { Principal } from '../../../services/auth.ts';

type Params = { gameId: string };

/** A signed-in player as the card needs it (the player page's session: play-page.ts). */
interface PlayerCtx {
  principal: Extract<Principal, { kind: 'seat' | 'person' }>;
  player: { locale: string; timeZone: string };
}

/** What the card may report after a redirect (`?vacation=`), and its words. */
const NOTICES: Record<string, (locale: Locale) => string> = {
  declared: (l) => t(l, 'vacation.saved'),
  cancelled: (l) => t(l, 'vacation.cancelledNotice'),
  'vacation/order': (l) => mailText(l, 'vacation.error.order'),
  'vacation/past': (l) => mailText(l, 'vacation.error.past'),
  'vacation/date': (l) => mailText(l, 'vacation.error.date'),
  'vacation/too-long': (l) => mailText(l, 'vacation.error.tooLong', { days: MAX_VACATION_DAYS }),
  'vacation/over': (l) => mailText(l, 'vacation.noneToCancel'),
};

/** What the page's vacation card shows: the form, the address's vacations game by game, and a notice. */
export async function vacationCardOf(
  app: FastifyInstance,
  gameId: string,
  ctx: PlayerCtx,
  locale: Locale,
  notice?: string,
) {
  const personId = await personIdOf(app, ctx);
  const now = app.deps.clock();
  const list = personId ? await listVacations(app.deps, { gameId, personId }) : [];
  const zone = ctx.player.timeZone;
  const base = `/play/${encodeURIComponent(gameId)}/vacation`;
  return {
    action: base,
    cancelAction: `${base}/cancel`,
    zone,
    notice:
      notice && NOTICES[notice]
        ? { text: NOTICES[notice](locale), ok: notice === 'declared' || notice === 'cancelled' }
        : null,
    list: list.map((v) => ({
      id: v.id,
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      withdrawn: !!v.cancelledAt,
      open: !v.cancelledAt && new Date(v.endsAt) > now,
      lines: vacationLines(v, locale, zone),
    })),
  };
}

/** The service's code of a refused declaration, when the card has words for it. */
const codeOf = (error: unknown): string | null =>
  error instanceof ServiceError && error.code in NOTICES ? error.code : null;

/** Registers the vacation routes of the player's page. */
export async function vacationRoutes(
  app: FastifyInstance,
  session: (request: FastifyRequest<{ Params: Params }>) => Promise<PlayerCtx | null>,
  denied: (request: FastifyRequest, reply: FastifyReply) => unknown,
): Promise<void> {
  const back = (gameId: string, what: string) =>
    `/play/${encodeURIComponent(gameId)}?vacation=${encodeURIComponent(what)}#vacation`;
  app.post<{ Params: Params; Body: { from?: string; to?: string } }>(
    '/play/:gameId/vacation',
    async (request, reply) => {
      const ctx = await session(request);
      if (!ctx) return denied(request, reply);
      await checkCsrf(app, request);
      const { gameId } = request.params;
      const personId = await personIdOf(app, ctx);
      const body = vacationInputSchema.safeParse({ from: request.body?.from, to: request.body?.to });
      if (!personId || !body.success) return reply.redirect(back(gameId, 'vacation/date'), 303);
      try {
        await declareVacation(app.deps, { gameId, personId, ...body.data });
      } catch (error) {
        const code = codeOf(error);
        if (code) return reply.redirect(back(gameId, code), 303);
        throw error;
      }
      return reply.redirect(back(gameId, 'declared'), 303);
    },
  );
  app.post<{ Params: Params; Body: { id?: string } }>('/play/:gameId/vacation/cancel', async (request, reply) => {
    const ctx = await session(request);
    if (!ctx) return denied(request, reply);
    await checkCsrf(app, request);
    const { gameId } = request.params;
    const personId = await personIdOf(app, ctx);
    const id = String(request.body?.id ?? '').slice(0, 60);
    if (!personId || !id) return reply.redirect(back(gameId, 'vacation/over'), 303);
    try {
      await cancelVacation(app.deps, { gameId, personId, vacationId: id });
    } catch (error) {
      // Not this address's (or unknown): the same answer as one already over, nothing said about others' vacations.
      if (error instanceof ServiceError && (error.status === 404 || error.status === 409))
        return reply.redirect(back(gameId, 'vacation/over'), 303);
      throw error;
    }
    return reply.redirect(back(gameId, 'cancelled'), 303);
  });
}
