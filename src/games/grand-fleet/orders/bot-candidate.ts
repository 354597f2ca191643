/**
 * The orders the computer player sends (the package's `botCandidate`): a candidate without its standing orders
 * (spec 5.2). Standing orders spare a player mail; the computer player is asked at every decision point anyway, and
 * there it knows more (the initiative dice before accepting a battle, GF 7(b)[4]; the markers placed before placing
 * the next, GF 8[2][2]). A standing order drawn with a candidate would instead ride along with whatever makes the
 * candidate good, rarely weighed on its own: a standing refusal, say, that gives the enemy 3 VP (GF 7(b)[6a]).
 *
 * And a German in the lead declines unrestricted submarine warfare (GF 7(a)[2], [5]): it gives up the turn's battle
 * for a roll on the USW Table every turn left (GF 9[4], a spread of -2 to +2 VP a turn for a small mean), brings the
 * American battleships to the British fleet (GF 9[2]), and ends the turn at once, so the play-outs, cut off after
 * about a turn, see a safe turn and never the rolls to come. A side ahead has no use for that spread.
 */
import type { SeatId } from '../../../engine/types.ts';
import type { GfState } from '../state.ts';
import type { GfOrders } from './schema.ts';

/** The German lead (VP) from which the computer player declines unrestricted submarine warfare. */
const USW_DECLINED_FROM_LEAD = 2;

export function botCandidate(s: GfState, seat: SeatId, orders: GfOrders): GfOrders {
  if (!orders || typeof orders !== 'object') return orders;
  let answers = orders;
  if ('standing' in answers) {
    const { standing: _, ...rest } = answers;
    answers = rest;
  }
  const leading = seat === 'german' && -s.vp >= USW_DECLINED_FROM_LEAD;
  if (leading && s.phase.kind === 'usw-choice' && answers.usw === 'occur') answers = { ...answers, usw: 'decline' };
  return answers;
}
