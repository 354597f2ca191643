/**
 * One game in the moderator console: status, seats, the board, a step awaiting review shown as every seat will
 * see it (approve, or reject with a reason), and the moderator's actions: amend orders, move the deadline, pause
 * and resume, replace a seat's player, hand a seat to the player of another. Every action is audited by its service; the page shows the audit log.
 */
import { seatText } from '../../../engine/game-package.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GameEvent } from '../../../engine/types.ts';
import type { Principal } from '../../../services/auth.ts';
import { OrdersInvalidError, ServiceError } from '../../../services/errors.ts';
import { reviewPreviewFor } from '../../../services/listing.ts';
import {
  amendOrders,
  approveStep,
  auditLogOf,
  pauseGame,
  rejectStep,
  resumeGame,
  setDeadline,
} from '../../../services/moderation.ts';
import { renewSeatAccess } from '../../../services/seat-access.ts';
import { moveSeat } from '../../../services/seat-holders.ts';
import { handSeatToBot, handSeatToPlayer } from '../../../services/bot-seats.ts';
import { applyRulesUpgrade, previewRulesUpgrade } from '../../../services/rules-upgrade.ts';
import { gameViewFor, ordersFor, stepsFor } from '../../../services/views.ts';
import { renderBoardSvg } from '../../../board-view/map-svg.ts';
import { historyLine, localeOf } from '../../../web/page.ts';
import { historyOf, stepTitle } from '../../../web/history.ts';
import { consoleZoneOf } from '../../../web/zones.ts';
import { owedChoicesFor, stepHeadingsFor } from '../../../services/step-boards.ts';
import { ordersFromForm } from '../../../web/form.ts';
import { t } from '../../../web/strings.ts';
import { type AmendProblems, amendFormsOf } from './console-amend.ts';
import { consoleDenied, consoleSession, renderConsole } from './console.ts';
import { checkCsrf } from './guards.ts';

type Params = { gameId: string };
type Req = FastifyRequest<{ Params: Params; Body: Record<string, string> }>;

async function moderatorOf(app: FastifyInstance, request: FastifyRequest<{ Params: Params }>) {
  const session = await consoleSession(app, request);
  if (!session) return null;
  if (session.role === 'moderator' && session.gameId !== request.params.gameId) return null;
  return session;
}

async function renderGame(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  extra: { errors?: string[]; done?: string | null; newLink?: string | null; amend?: AmendProblems } = {},
  status = 200,
) {
  const { gameId } = request.params;
  const locale = localeOf(request);
  const principal: Principal = { kind: 'moderator', gameId };
  const base = `/console/games/${encodeURIComponent(gameId)}`;
  const [game, steps, headings, audit, preview, orders, owed] = await Promise.all([
    gameViewFor(app.deps, gameId, principal),
    stepsFor(app.deps, gameId, principal),
    stepHeadingsFor(app.deps, gameId, principal),
    auditLogOf(app.deps, gameId),
    reviewPreviewFor(app.deps, gameId),
    ordersFor(app.deps, gameId, principal),
    owedChoicesFor(app.deps, gameId),
  ]);
  // The game's package as the service resolved it for this page (owedChoicesFor returns it with the trees).
  const { game: def, trees: choices } = owed;
  const sideName = (side: string) => seatText(def, game.mode, side, game.options)[locale];
  const lines = (events: GameEvent[]) => events.map((e) => historyLine(def, e, locale));
  const rulesUpgrade = game.rulesUpgrade ? await rulesUpgradeView(app, gameId, locale, sideName) : null;
  return renderConsole(
    request,
    reply,
    'console-game',
    {
      title: game.name,
      game,
      sideName,
      mapSvg: renderBoardSvg(game.board, locale),
      reviewTitle: stepTitle(game.step.number, headings.get(game.step.number), locale),
      review: preview
        ? preview.seats.map((s) => ({ side: s.side, mapSvg: renderBoardSvg(s.board, locale), lines: lines(s.events) }))
        : null,
      history: historyOf(steps, def, locale, { headings, base, moderator: true }),
      audit: [...audit].reverse(),
      orders: orders.orders,
      amendForms: amendFormsOf(choices, orders.orders, locale, base, extra.amend),
      rulesUpgrade,
      errors: extra.errors ?? [],
      done: extra.done ?? (request.query as { done?: string }).done ?? null,
      newLink: extra.newLink ?? null,
      base,
      zone: consoleZoneOf(request),
    },
    status,
  );
}

/** The rules upgrade the installed code offers, as the console shows it: per viewer, the steps that change. */
async function rulesUpgradeView(
  app: FastifyInstance,
  gameId: string,
  locale: 'en' | 'ja',
  sideName: (side: string) => string,
) {
  const plan = await previewRulesUpgrade(app.deps, gameId);
  const label = (viewer: string) =>
    viewer === 'moderator'
      ? t(locale, 'rules.moderator')
      : t(locale, 'rules.viewer', { side: sideName(viewer.replace(/^seat:/, '')) });
  return {
    from: plan.from,
    to: plan.to,
    blocked: plan.blocked ? `${plan.blocked.message} (${plan.blocked.code})` : null,
    changes: plan.changes.map((c) => ({
      label: label(c.viewer),
      steps: c.steps.map((s) => ({ ...s, was: s.before[locale], now: s.after[locale] })),
    })),
  };
}

/**
 * Registers one action, run after the session and CSRF checks; service refusals are shown on the page. An action
 * that resolves to a string has made a new link, shown once on the page.
 */
function registerAction(app: FastifyInstance, name: string, run: (request: Req) => Promise<unknown>) {
  app.post<{ Params: Params; Body: Record<string, string> }>(
    `/console/games/:gameId/${name}`,
    async (request, reply) => {
      if (!(await moderatorOf(app, request))) return consoleDenied(request, reply);
      await checkCsrf(app, request);
      try {
        const newLink = await run(request);
        if (typeof newLink === 'string' && newLink) return renderGame(app, request, reply, { done: name, newLink });
      } catch (error) {
        const locale = localeOf(request);
        if (error instanceof OrdersInvalidError)
          return renderGame(
            app,
            request,
            reply,
            { errors: error.errors.map((e) => `${e.message[locale]} [${e.rule}]`) },
            422,
          );
        if (error instanceof ServiceError && error.status < 500)
          return renderGame(app, request, reply, { errors: [`${error.message} (${error.code})`] }, error.status);
        throw error;
      }
      return reply.redirect(`/console/games/${encodeURIComponent(request.params.gameId)}?done=${name}`, 303);
    },
  );
}

/** The step a form acts on. */
const stepOf = (r: Req) => Number(r.body?.step);

/** Rejects the step under review with the moderator's reason, reopening it until a deadline `hours` from now. */
async function rejectFromForm(app: FastifyInstance, r: Req) {
  const reason = String(r.body?.reason ?? '').trim();
  if (!reason) throw new ServiceError('request/invalid', 400, 'a reason is required to reject a step');
  // Hours until the reopened step's deadline; empty: the game's rule (or 72 hours).
  const hours = String(r.body?.hours ?? '').trim();
  if (hours && !(Number(hours) > 0)) {
    throw new ServiceError('request/invalid', 400, 'give the hours until the new deadline as a positive number');
  }
  const deadlineAt = hours ? new Date(app.deps.clock().getTime() + Number(hours) * 3_600_000) : undefined;
  await rejectStep(app.deps, r.params.gameId, stepOf(r), reason.slice(0, 2000), { deadlineAt });
}

/** Amends a seat's orders, given as JSON in the form. */
async function amendFromForm(app: FastifyInstance, r: Req) {
  let orders: unknown;
  try {
    orders = JSON.parse(String(r.body?.orders ?? ''));
  } catch (e) {
    throw new ServiceError('request/bad-json', 400, `the orders are not valid JSON (${(e as Error).message})`);
  }
  await amendOrders(
    app.deps,
    r.params.gameId,
    String(r.body?.side ?? ''),
    orders,
    String(r.body?.reason ?? '').trim() || undefined,
  );
}

/** Clears the current deadline, or moves it by `hours` (negative shortens) from itself, or from now if none. */
async function moveDeadlineFromForm(app: FastifyInstance, r: Req) {
  const game = await gameViewFor(app.deps, r.params.gameId, { kind: 'moderator', gameId: r.params.gameId });
  if (r.body?.clear === 'on') return void (await setDeadline(app.deps, r.params.gameId, null));
  const hours = Number(r.body?.hours);
  if (!Number.isFinite(hours) || hours === 0)
    throw new ServiceError('request/invalid', 400, 'give a number of hours (negative shortens)');
  const from = game.step.deadlineAt ? new Date(game.step.deadlineAt) : app.deps.clock();
  await setDeadline(app.deps, r.params.gameId, new Date(from.getTime() + hours * 3_600_000));
}

/** Replaces a seat's player; resolves to the new player's link, shown once. */
async function replacePlayerFromForm(app: FastifyInstance, r: Req) {
  const b = r.body ?? {};
  // The same service as the API: new tokens, and the seat's sessions and old links end in its transaction.
  const seat = await renewSeatAccess(app.deps, r.params.gameId, String(b.side ?? ''), {
    email: String(b.email ?? '').trim(),
    name: String(b.name ?? '').trim() || null,
    ...(b.locale === 'ja' || b.locale === 'en' ? { locale: b.locale } : {}),
    ...(b.timeZone ? { timeZone: String(b.timeZone).trim() } : {}),
  });
  return `${app.deps.config.PUBLIC_URL.replace(/\/$/, '')}/play/${r.params.gameId}?token=${encodeURIComponent(seat.token)}`;
}

type SeatReq = FastifyRequest<{ Params: Params & { side: string }; Body: Record<string, unknown> }>;

/**
 * `POST /console/games/:gameId/seats/:side/orders`: the seat's own order form, sent by the moderator, amends its
 * orders (audited); refused orders come back in that seat's form with the engine's errors (422).
 */
async function amendFromSeatForm(app: FastifyInstance, request: SeatReq, reply: FastifyReply) {
  if (!(await moderatorOf(app, request))) return consoleDenied(request, reply);
  await checkCsrf(app, request);
  const { gameId, side } = request.params;
  const locale = localeOf(request);
  const owed = await owedChoicesFor(app.deps, gameId);
  const tree = owed.trees.get(side);
  if (!tree) return renderGame(app, request, reply, { errors: [t(locale, 'console.amendNothingOwed')] }, 409);
  const body = request.body ?? {};
  const orders = ordersFromForm(body, tree, owed.game.ordersSchema);
  try {
    await amendOrders(app.deps, gameId, side, orders, String(body._reason ?? '').trim() || undefined);
  } catch (error) {
    if (error instanceof OrdersInvalidError)
      return renderGame(app, request, reply, { amend: { side, errors: error.errors, submitted: orders } }, 422);
    if (error instanceof ServiceError && error.status < 500)
      return renderGame(app, request, reply, { errors: [`${error.message} (${error.code})`] }, error.status);
    throw error;
  }
  return reply.redirect(`/console/games/${encodeURIComponent(gameId)}?done=amend`, 303);
}

/** Registers the game page and the moderator's actions. */
export async function consoleActionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Params }>('/console/games/:gameId', async (request, reply) => {
    if (!(await moderatorOf(app, request))) return consoleDenied(request, reply);
    return renderGame(app, request, reply);
  });
  registerAction(app, 'approve', async (r) => void (await approveStep(app.deps, r.params.gameId, stepOf(r))));
  registerAction(app, 'reject', async (r) => rejectFromForm(app, r));
  registerAction(app, 'amend', async (r) => amendFromForm(app, r));
  app.post<{ Params: Params & { side: string }; Body: Record<string, unknown> }>(
    '/console/games/:gameId/seats/:side/orders',
    async (request, reply) => amendFromSeatForm(app, request, reply),
  );
  registerAction(app, 'deadline', async (r) => moveDeadlineFromForm(app, r));
  registerAction(
    app,
    'pause',
    async (r) => void (await pauseGame(app.deps, r.params.gameId, String(r.body?.reason ?? '').trim() || undefined)),
  );
  registerAction(app, 'resume', async (r) => void (await resumeGame(app.deps, r.params.gameId)));
  registerAction(app, 'replace', async (r) => replacePlayerFromForm(app, r));
  registerAction(app, 'rules-upgrade', async (r) => void (await applyRulesUpgrade(app.deps, r.params.gameId)));
  // A seat handed to the player of another (the same service as the API: the old holder loses it at once).
  registerAction(app, 'hand', async (r) => {
    const to = { holderOf: String(r.body?.holderOf ?? '') };
    await moveSeat(app.deps, r.params.gameId, String(r.body?.side ?? ''), to);
  });
  // A seat handed to the computer player, or given back to its player (the same service as the API).
  registerAction(app, 'bot', async (r) => {
    const side = String(r.body?.side ?? '');
    if (r.body?.to === 'player') await handSeatToPlayer(app.deps, r.params.gameId, side);
    else await handSeatToBot(app.deps, r.params.gameId, side);
  });
}
