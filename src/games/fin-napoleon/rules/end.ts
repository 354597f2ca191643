/**
 * The end of the game: FN 10.3 victory check (French VP of Allied nations at peace, Allied morale 0, both: a draw),
 * FN 12.0[P] Road to Paris, FN-A05 turn limit, and FN 12.0[M][7]-[8] the Allied players' VP and joint winners.
 */
import type { SeatId } from '../../../engine/types.ts';
import { ALLIES } from '../data/schema.ts';
import { FRANCE_SEAT, type FnResult, type FnState, homeOf, unitsOf } from '../state.ts';
import { adjacentAreas } from './movement.ts';

/** FN 10.3[4]: VP of the Allied nations at peace now (not accumulated). */
export const peaceVp = (s: FnState): number => ALLIES.reduce((t, a) => t + (s.atWar[a] ? 0 : s.data.chart[a].vp), 0);

/** FN 12.0[M][3]-[4]: each Allied seat's start VP, the difference to the largest total of maximum strengths. */
export function startVpOf(seats: FnState['seats'], chart: FnState['data']['chart']): Record<SeatId, number> {
  const totals: Record<SeatId, number> = {};
  for (const a of ALLIES) totals[seats[a]] = (totals[seats[a]] ?? 0) + chart[a].maximum;
  const top = Math.max(...Object.values(totals));
  return Object.fromEntries(
    Object.keys(totals)
      .sort()
      .map((seat) => [seat, top - totals[seat]]),
  );
}

/** FN 12.0[M][7]: what one unit scores where it stands (FN-A26: exclusive or cumulative categories). */
function unitVp(s: FnState, area: string): number {
  const france = homeOf(s, 'france');
  const south = s.data.southFrance;
  const nextTo = adjacentAreas(s, france).includes(area) || adjacentAreas(s, south).includes(area);
  if (s.options.endVp === 'cumulative') return (area === france ? 2 : 0) + (area === south ? 1 : 0) + (nextTo ? 1 : 0);
  if (area === france) return 2;
  if (area === south) return 1;
  return nextTo ? 1 : 0;
}

/** FN 12.0[M][8]: each Allied seat's start VP plus end VP. */
export function alliedVp(s: FnState): Record<SeatId, number> {
  const vp = { ...s.startVp };
  for (const a of ALLIES) {
    for (const area of s.data.areas) vp[s.seats[a]] += unitsOf(s, area.id, a) * unitVp(s, area.id);
  }
  return vp;
}

/** An Allied victory: the Allies in two-player play, the seats with the most VP in multiplayer (joint on a tie). */
export function alliedWin(s: FnState, rule: string, en: string, ja: string): FnResult {
  const multi = s.mode !== 'two-player';
  const vp = multi ? alliedVp(s) : {};
  const top = Math.max(...Object.values(vp));
  const winners = multi
    ? Object.keys(vp)
        .filter((seat) => vp[seat] === top)
        .sort()
    : [s.seats.prussia];
  const vpText = multi
    ? Object.keys(vp)
        .sort()
        .map((seat) => `${seat} ${vp[seat]}`)
        .join(', ')
    : '';
  return {
    side: 'allies',
    winners,
    rule: multi ? `${rule}, FN 12.0[M][8]` : rule,
    turn: s.turn,
    reason: multi ? { en: `${en}; Allied VP: ${vpText}`, ja: `${ja}。連合国VP: ${vpText}` } : { en, ja },
    ...(multi ? { vp } : {}),
  };
}

/** FN 10.3: the victory check at the end of the adjustment phase; null when the game goes on. */
export function victoryCheck(s: FnState): FnResult | null {
  const vp = peaceVp(s);
  const french = vp >= s.data.frenchVictoryVp;
  const allied = !s.options.roadToParis && s.morale <= 0;
  if (french && allied) {
    return {
      side: 'draw',
      winners: [],
      rule: 'FN 10.3[2]',
      turn: s.turn,
      reason: {
        en: `Both sides win at once (peace VP ${vp}, morale ${s.morale}): a draw`,
        ja: `両軍が同時に勝利条件を満たした（和平VP ${vp}、士気 ${s.morale}）: 引き分け`,
      },
    };
  }
  if (french) {
    return {
      side: 'france',
      winners: [FRANCE_SEAT],
      rule: 'FN 10.3[4]',
      turn: s.turn,
      reason: {
        en: `French victory: the Allied nations at peace are worth ${vp} VP`,
        ja: `フランスの勝利: 和平中の連合国のVPが${vp}`,
      },
    };
  }
  if (allied) return alliedWin(s, 'FN 10.3[5]', 'Allied victory: French morale is 0', '連合軍の勝利: フランス士気が0');
  if (s.options.turnLimit > 0 && s.turn >= s.options.turnLimit) {
    return {
      side: 'draw',
      winners: [],
      rule: 'FN-A05',
      turn: s.turn,
      reason: {
        en: `No victory by the last turn (${s.turn}): a draw`,
        ja: `最終ターン（${s.turn}）までに決着せず: 引き分け`,
      },
    };
  }
  return null;
}
