/**
 * The generic answers for the optional members of GameDefinition, and the guarantees the service keeps whatever a
 * game answers: a seat sees its own orders, the moderator sees everything, and a sealed step shows nobody anybody
 * else's orders before it is resolved.
 */
import type { AnyGame, NotifyPolicy, OrdersVisibility, Owed } from './types.ts';

/** The default of `visibleOrders`: another seat's orders may carry hidden information, so none until the end. */
export function ordersVisibleAtTheEnd(q: Pick<OrdersVisibility, 'orders' | 'gameOver'>): unknown {
  return q.gameOver ? q.orders : undefined;
}

/** Whether a step's orders are sealed: one of its owed points is a sealed simultaneous choice. */
export function isSealed(owed: readonly Pick<Owed, 'sealed'>[]): boolean {
  return owed.some((o) => o.sealed === true);
}

/**
 * What `q.viewer` may see of `q.seat`'s orders of one step (undefined: nothing). The moderator and the seat itself
 * see them whole; before resolution a sealed step (`owed` of that step) shows them to nobody else; otherwise the
 * game decides (`visibleOrders`, default: once the game is over).
 */
export function ordersShownTo(
  game: Pick<AnyGame, 'visibleOrders'>,
  q: OrdersVisibility,
  owed: readonly Pick<Owed, 'sealed'>[],
): unknown {
  if (q.viewer.kind === 'moderator') return q.orders;
  if (q.viewer.kind === 'seat' && q.viewer.seat === q.seat) return q.orders;
  if (!q.resolved && isSealed(owed)) return undefined;
  return game.visibleOrders ? game.visibleOrders(q) : ordersVisibleAtTheEnd(q);
}

/** Today's mail policy: every seat hears about every step. */
export const NOTIFY_ALL: NotifyPolicy = Object.freeze({ results: 'all' });

/** The mail policy of a step: the game's (`notify`), except that everyone hears about the end of the game. */
export function notifyPolicyOf(
  game: Pick<AnyGame, 'notify'>,
  prev: unknown,
  next: unknown,
  gameOver: boolean,
): NotifyPolicy {
  if (gameOver || !game.notify) return NOTIFY_ALL;
  return game.notify(prev, next);
}
