/**
 * The orders the computer player sends (the package's `botCandidate`): a candidate without its standing orders
 * (spec 5.2). Standing orders spare a player mail; the computer player is asked at every decision point anyway, and
 * there it knows more (the initiative dice before accepting a battle, GF 7(b)[4]; the markers placed before placing
 * the next, GF 8[2][2]). A standing order drawn with a candidate would instead ride along with whatever makes the
 * candidate good, rarely weighed on its own: a standing refusal, say, that gives the enemy 3 VP (GF 7(b)[6a]).
 */
import type { SeatId } from '../../../engine/types.ts';
import type { GfState } from '../state.ts';
import type { GfOrders } from './schema.ts';

export function botCandidate(_s: GfState, _seat: SeatId, orders: GfOrders): GfOrders {
  if (!orders || typeof orders !== 'object' || !('standing' in orders)) return orders;
  const { standing: _, ...answers } = orders;
  return answers;
}
