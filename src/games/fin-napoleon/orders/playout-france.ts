/**
 * France's activation in the computer player's play-outs: France wins by making Allied nations surrender until the
 * nations at peace are worth the victory VP (FN 9.31, FN 10.3[4]), and loses on morale, one point per unit lost
 * (FN 11.0[3]). So it strikes at an at-war Allied home it can clear in the first fire (the French fire first, FN
 * 9.2[7]), keeps France guarded against a surrender (FN 9.33), never crosses a sea (5 in 6 lost, FN 9.13[3]) and
 * never declares war (a nation at war is worth no VP). Otherwise it reinforces or gathers next to its next target.
 */
import { ALLIES } from '../data/schema.ts';
import { peaceVp } from '../rules/end.ts';
import { adjacentAreas, pathIsLegal } from '../rules/movement.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import { areaIds, enemiesOfFrance, type FnState, homeOf, isSea, unitsOf } from '../state.ts';
import { chanceOfHits, distance, hitOnIn } from './playout-odds.ts';
import type { Activation } from './schema.ts';

type Rand = () => number;

/** A land path of at most two areas for a French unit from `from` to `to`, or null (FN 9.12). */
function landPath(s: FnState, from: string, to: string): string[] | null {
  if (from === to) return null;
  const next = adjacentAreas(s, from);
  if (next.includes(to)) return pathIsLegal(s, 'france', from, [to]) ? [to] : null;
  for (const mid of next) {
    if (isSea(s, mid) || !adjacentAreas(s, mid).includes(to)) continue;
    if (pathIsLegal(s, 'france', from, [mid, to])) return [mid, to];
  }
  return null;
}

/** At-war Allied units that could enter France at their next move (FN 9.11[1]; British units from the seas too). */
function threatToFrance(s: FnState, france: string): number {
  let threat = enemiesOfFrance(s, france);
  for (const a of adjacentAreas(s, france)) {
    for (const n of ALLIES) if (s.atWar[n] && n !== 'spain') threat += unitsOf(s, a, n);
  }
  return threat;
}

/** One French move: units sent from each area along a path, and where they go. */
interface Strike {
  target: string;
  score: number;
  from: { area: string; count: number; path: string[] }[];
}

/** The units that can reach `target` now, and the chance they clear it of at-war Allied units in the first fire. */
function strikeOn(s: FnState, target: string, spare: Map<string, number>): { units: number; from: Strike['from'] } {
  const from: Strike['from'] = [];
  let units = unitsOf(s, target, 'france');
  for (const [area, count] of spare) {
    if (count <= 0 || area === target) continue;
    const path = landPath(s, area, target);
    if (!path) continue;
    from.push({ area, count, path });
    units += count;
  }
  return { units, from };
}

/** The best strike France can make now, scored; null when nothing is worth a move. */
function bestStrike(s: FnState, spare: Map<string, number>, rand: Rand): Strike | null {
  const france = homeOf(s, 'france');
  const vp = peaceVp(s);
  let best: Strike | null = null;
  const consider = (target: string, value: number, enemies: number) => {
    const { units, from } = strikeOn(s, target, spare);
    if (units === 0 || from.length === 0) return;
    const clear = chanceOfHits(units, enemies, hitOnIn(s, target));
    const score = clear * value * (0.7 + 0.6 * rand());
    if (!best || score > best.score) best = { target, score, from };
  };
  for (const a of ALLIES) {
    if (!s.atWar[a]) continue;
    const home = homeOf(s, a);
    // FN 10.3[4]: a surrender that brings the VP of the nations at peace to the victory VP wins the game.
    const wins = vp + s.data.chart[a].vp >= s.data.frenchVictoryVp;
    consider(home, s.data.chart[a].vp + (wins ? 12 : 0), enemiesOfFrance(s, home));
  }
  // Allied stacks in and next to France: cleared, they cannot make France surrender (FN 9.33).
  for (const area of [france, ...adjacentAreas(s, france)]) {
    const enemies = isSea(s, area) ? 0 : enemiesOfFrance(s, area);
    if (enemies > 0) consider(area, enemies * (area === france ? 2 : 0.8), enemies);
  }
  return best && (best as Strike).score >= 1.2 ? best : null;
}

/** The area next to the most valuable at-war Allied home where French units may gather, or null. */
function gatheringArea(s: FnState): string | null {
  let best: string | null = null;
  let bestValue = 0;
  for (const a of ALLIES) {
    if (!s.atWar[a] || a === 'russia') continue; // FN 10.2: the road to Russia wears armies down
    const home = homeOf(s, a);
    for (const area of adjacentAreas(s, home)) {
      if (isSea(s, area) || s.data.russianTerritory.includes(area) || enemiesOfFrance(s, area) > 0) continue;
      const value =
        s.data.chart[a].vp / (1 + enemiesOfFrance(s, home)) - distance(s, 'france', homeOf(s, 'france'), area) * 0.1;
      if (value > bestValue) {
        best = area;
        bestValue = value;
      }
    }
  }
  return best;
}

/** Moves `count` units of each source along its path (slots `AREA1`, `AREA2` ...). */
function movesOf(from: Strike['from']): Record<string, string[]> {
  const move: Record<string, string[]> = {};
  for (const f of from) for (let k = 1; k <= f.count; k++) move[`${f.area}${k}`] = f.path;
  return move;
}

/** France's activation in a play-out (FN 6.0[3]). */
export function frenchActivation(s: FnState, rand: Rand): Activation {
  const france = homeOf(s, 'france');
  const threat = threatToFrance(s, france);
  const guard = threat > 0 ? Math.min(unitsOf(s, france, 'france'), Math.ceil(threat * (0.4 + 0.5 * rand()))) : 0;
  const spare = new Map<string, number>();
  for (const area of areaIds(s)) {
    const units = unitsOf(s, area, 'france') - (area === france ? guard : 0);
    if (units > 0) spare.set(area, units);
  }
  const strike = bestStrike(s, spare, rand);
  if (strike) return { activity: 'move', move: movesOf(strike.from) };
  const box = reinforceLimit(s, 'france');
  if (box > 0 && rand() < 0.85) return { activity: 'reinforce', count: box };
  const camp = gatheringArea(s);
  const stay: Activation = box > 0 ? { activity: 'reinforce', count: box } : { activity: 'none' };
  if (!camp) return stay;
  const from: Strike['from'] = [];
  for (const [area, count] of spare) {
    if (area === camp) continue;
    const path = landPath(s, area, camp);
    if (path) from.push({ area, count, path });
  }
  return from.length ? { activity: 'move', move: movesOf(from) } : { activity: 'none' };
}
