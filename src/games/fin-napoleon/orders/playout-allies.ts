/**
 * An Allied nation's activation in the computer player's play-outs: the Allies win when French morale reaches 0,
 * one point per French unit removed and three for a French surrender (FN 10.3[5], FN 11.0[3]), and lose when the
 * nations at peace are worth the victory VP (FN 10.3[4]). So a nation at peace declares war (FN 7.0), a nation at
 * war attacks French stacks it outnumbers (the French fire first, FN 9.2[7]) and France itself when it can take it
 * (FN 9.33), keeps its home guarded against a surrender (FN 9.31), and otherwise reinforces or closes on France,
 * keeping out of Russian territory unless Russian (FN 10.2).
 */
import type { Ally } from '../data/schema.ts';
import { adjacentAreas, pathIsLegal } from '../rules/movement.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import { areaIds, enemiesOfFrance, type FnState, homeOf, unitsOf } from '../state.ts';
import { distance, hitOnIn } from './playout-odds.ts';
import type { Activation } from './schema.ts';

type Rand = () => number;

/** French units that could reach `home` at France's next move (FN 9.12[1]: two areas, over land). */
function frenchReach(s: FnState, home: string): number {
  let units = 0;
  for (const area of areaIds(s)) if (distance(s, 'france', area, home) <= 2) units += unitsOf(s, area, 'france');
  return units;
}

/** The units of `n` that may leave each area this activation, the home guard held back. */
function spareUnits(s: FnState, n: Ally, guard: number): Map<string, number> {
  const home = homeOf(s, n);
  const spare = new Map<string, number>();
  for (const area of areaIds(s)) {
    const units = unitsOf(s, area, n) - (area === home ? guard : 0);
    if (units > 0) spare.set(area, units);
  }
  return spare;
}

/** An attack on a French stack: the units of `n` sent in from each area, and the expected French losses. */
interface Attack {
  score: number;
  move: Record<string, string[]>;
}

/** The best attack on a French stack `n` can make now, or null. */
function bestAttack(s: FnState, n: Ally, spare: Map<string, number>, rand: Rand): Attack | null {
  const france = homeOf(s, 'france');
  let best: Attack | null = null;
  for (const target of areaIds(s)) {
    const french = unitsOf(s, target, 'france');
    if (french === 0) continue;
    const move: Record<string, string[]> = {};
    // At-war units there already fight: the active nation's own and, joining, the other nations' (FN 9.23[3]).
    let allied = enemiesOfFrance(s, target);
    for (const [area, count] of spare) {
      if (area === target || !pathIsLegal(s, n, area, [target])) continue;
      for (let k = 1; k <= count; k++) move[`${area}${k}`] = [target];
      allied += count;
    }
    if (!Object.keys(move).length && unitsOf(s, target, n) === 0) continue;
    const p = hitOnIn(s, target) / 6;
    const survivors = allied - french * p;
    if (survivors < french * 0.6) continue; // the French first fire would leave too few to hurt them
    const kills = Math.min(french, survivors * p);
    // Taking France itself makes it surrender: 3 morale and every unit home (FN 9.33).
    const score = (kills + (target === france && survivors * p >= french ? 3 : 0)) * (0.7 + 0.6 * rand());
    if (!best || score > best.score) best = { score, move };
  }
  return best && (best as Attack).score >= 0.6 ? best : null;
}

/** Units of `n` step toward France, about half of them, never into French-held or (not Russian) Russian areas. */
function advance(s: FnState, n: Ally, spare: Map<string, number>, rand: Rand): Record<string, string[]> {
  const france = homeOf(s, 'france');
  const move: Record<string, string[]> = {};
  for (const [area, count] of spare) {
    const here = distance(s, n, area, france);
    let step: string | null = null;
    for (const to of adjacentAreas(s, area)) {
      if (unitsOf(s, to, 'france') > 0 || distance(s, n, to, france) >= here) continue;
      if (n !== 'russia' && s.data.russianTerritory.includes(to)) continue;
      if (pathIsLegal(s, n, area, [to])) step = to;
    }
    if (!step) continue;
    let slot = 0;
    for (let k = 1; k <= count; k++) if (rand() < 0.5) move[`${area}${++slot}`] = [step];
  }
  return move;
}

/** Allied nation `n`'s activation in a play-out (FN 6.0[3]). */
export function alliedActivation(s: FnState, n: Ally, rand: Rand): Activation {
  const box = reinforceLimit(s, n);
  const reinforce: Activation = box > 0 ? { activity: 'reinforce', count: box } : { activity: 'none' };
  if (!s.atWar[n]) return rand() < 0.95 ? { activity: 'declare' } : reinforce;
  const home = homeOf(s, n);
  if (n === 'spain') {
    // FN 9.11[3]: Spain cannot move; it fights French units in its home (FN-A14) or builds up.
    return unitsOf(s, home, 'france') > 0 && unitsOf(s, home, n) > 0 ? { activity: 'move' } : reinforce;
  }
  const near = frenchReach(s, home);
  const guard = near > 0 ? Math.ceil(near * (0.3 + 0.4 * rand())) : 0;
  const spare = spareUnits(s, n, guard);
  const attack = bestAttack(s, n, spare, rand);
  if (attack) return { activity: 'move', move: attack.move };
  if (box > 0 && (near > enemiesOfFrance(s, home) || rand() < 0.6)) return reinforce;
  const move = advance(s, n, spare, rand);
  return Object.keys(move).length ? { activity: 'move', move } : reinforce;
}
