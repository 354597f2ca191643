/**
 * A player's orders from its page, for each seat it holds: the order form (`.../orders`) and the text box taking
 * the email grammar (`.../orders/text`). A player holding one seat posts to `/play/:gameId/orders`; a person posts
 * each seat's to `/play/:gameId/seats/:side/orders`, refused for a side it does not hold. Either way the orders are
 * that seat's next revision (submitOrders), and a refusal re-renders the page with every problem in that seat's
 * section (422: invalid orders; 409: the step or game changed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readOrders } from '../../../orders-text/game-text.ts';
import { componentDataOf } from '../../../services/component-data.ts';
import { gameDefinition } from '../../../services/deps.ts';
import { OrdersInvalidError, ServiceError } from '../../../services/errors.ts';
import { ordersErrorsNow, submitOrders } from '../../../services/orders.ts';
import type { SeatRef } from '../../../services/persons.ts';
import { ordersFromForm } from '../../../web/form.ts';
import { localeOf } from '../../../web/page.ts';
import { checkCsrf } from './guards.ts';
import { type PlayerCtx, playerSession, playerView, renderPlayerPage } from './play-page.ts';

type Params = { gameId: string; side?: string };
type Req<B> = FastifyRequest<{ Params: Params; Body: B }>;

/** The signed-in player and its seat the route names (its only seat on the one-seat routes), or null. */
async function seatOfRoute(app: FastifyInstance, request: Req<unknown>) {
  const ctx = await playerSession(app, request);
  const { side } = request.params;
  if (!ctx) return null;
  const one = ctx.principal.kind === 'seat';
  const seat =
    side === undefined ? (one ? ctx.seats[0] : undefined) : one ? undefined : ctx.seats.find((s) => s.side === side);
  return seat ? { ctx, seat } : null;
}

/** Stores one seat's orders; refusals re-render the page with the problems in that seat's section. */
async function submit(
  app: FastifyInstance,
  request: Req<unknown>,
  reply: FastifyReply,
  found: { ctx: PlayerCtx; seat: SeatRef },
  orders: unknown,
  raw: string,
  text?: string,
) {
  const { ctx, seat } = found;
  const { side } = seat;
  const { gameId } = request.params;
  try {
    await submitOrders(app.deps, { gameId, seatId: seat.seatId, orders, raw, source: 'web' });
  } catch (error) {
    if (error instanceof OrdersInvalidError) {
      if (text === undefined)
        return renderPlayerPage(app, request, reply, ctx, {
          side,
          status: 422,
          formErrors: error.errors,
          submitted: orders,
        });
      const locale = localeOf(request, ctx.player.locale);
      const textErrors = error.errors.map((e) => ({ line: 0, message: e.message[locale], rule: e.rule }));
      return renderPlayerPage(app, request, reply, ctx, { side, status: 422, text, textErrors });
    }
    if (error instanceof ServiceError && error.status === 409)
      return renderPlayerPage(app, request, reply, ctx, { side, status: 409, notice: error.code });
    throw error;
  }
  const anchor = ctx.principal.kind === 'seat' ? 'orders' : `seat-${side}`;
  return reply.redirect(`/play/${encodeURIComponent(gameId)}?saved=1#${anchor}`, 303);
}

/** The order form of one of the player's seats. */
async function submitForm(
  app: FastifyInstance,
  request: Req<Record<string, unknown>>,
  reply: FastifyReply,
  found: { ctx: PlayerCtx; seat: SeatRef },
) {
  await checkCsrf(app, request);
  const { game, sights } = await playerView(app, request.params.gameId, found.ctx);
  const choices = sights[found.seat.side]?.choices;
  const def = gameDefinition(app.deps, game.game);
  if (!choices || !def) {
    const problems = { side: found.seat.side, status: 409, notice: 'step/not-open' };
    return renderPlayerPage(app, request, reply, found.ctx, problems);
  }
  const orders = ordersFromForm(request.body ?? {}, choices, def.ordersSchema);
  return submit(app, request, reply, found, orders, JSON.stringify(orders));
}

/** One seat's orders in the email grammar; every error of the text and of the rules at once. */
async function submitText(
  app: FastifyInstance,
  request: Req<{ text?: string }>,
  reply: FastifyReply,
  found: { ctx: PlayerCtx; seat: SeatRef },
) {
  await checkCsrf(app, request);
  const { gameId } = request.params;
  const { side, seatId } = found.seat;
  const text = String(request.body?.text ?? '').slice(0, 20_000);
  const [{ game, sights }, data] = await Promise.all([
    playerView(app, gameId, found.ctx),
    componentDataOf(app.deps, gameId),
  ]);
  const choices = sights[side]?.choices ?? null;
  const read = readOrders(gameDefinition(app.deps, game.game) ?? {}, { data, seat: side, choices }, text);
  if (!read.ok) {
    const locale = localeOf(request, found.ctx.player.locale);
    // The lines that could be read are checked by the engine too: every error at once.
    const ruleErrors = read.orders === undefined ? [] : await ordersErrorsNow(app.deps, gameId, seatId, read.orders);
    const textErrors = [
      ...read.errors.map((e) => ({ line: e.line, message: e.message[locale], rule: e.rule })),
      ...ruleErrors.map((e) => ({ line: 0, message: e.message[locale], rule: e.rule })),
    ];
    return renderPlayerPage(app, request, reply, found.ctx, { side, status: 422, text, textErrors });
  }
  return submit(app, request, reply, found, read.orders, text, text);
}

/** Registers the order routes of the player's page; `denied` answers a request without a player of that seat. */
export async function playOrderRoutes(
  app: FastifyInstance,
  denied: (r: FastifyRequest, p: FastifyReply) => unknown,
): Promise<void> {
  for (const base of ['/play/:gameId', '/play/:gameId/seats/:side']) {
    app.post<{ Params: Params; Body: Record<string, unknown> }>(`${base}/orders`, async (request, reply) => {
      const found = await seatOfRoute(app, request);
      return found ? submitForm(app, request, reply, found) : denied(request, reply);
    });
    app.post<{ Params: Params; Body: { text?: string } }>(`${base}/orders/text`, async (request, reply) => {
      const found = await seatOfRoute(app, request);
      return found ? submitText(app, request, reply, found) : denied(request, reply);
    });
  }
}
