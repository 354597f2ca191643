/**
 * What the play-out heuristic (playout-orders.ts) asks of the map and the dice: distances between areas, the first
 * land step of a unit toward an area, and the chance that a number of attack dice scores enough hits (FN 9.21[2],
 * [5]: 1-3 hits, 1-2 in the Spain area).
 */
import type { Nation } from '../data/schema.ts';
import { reachable } from '../../../engine/geometry/graph.ts';
import { areaGraph } from '../rules/movement.ts';
import { areaIds, type FnState, homeOf, isSea } from '../state.ts';

/** Area -> area -> steps, for land units (no sea area entered) and for British units (seas too). */
interface Distances {
  land: Map<string, Map<string, number>>;
  any: Map<string, Map<string, number>>;
}
const distances = new WeakMap<object, Distances>();

/** Steps from `from` to every area within reach: over land alone, or (`viaSea`) through the sea zones too. */
function stepsFrom(s: FnState, from: string, viaSea: boolean): Map<string, number> {
  return reachable(areaGraph(s), from, Number.POSITIVE_INFINITY, (edge) => viaSea || !isSea(s, edge.to));
}

/** Steps from `from` to `to` for a unit of `n` (built once per data set); a large number when out of reach. */
export function distance(s: FnState, n: Nation, from: string, to: string): number {
  let d = distances.get(s.data);
  if (!d) {
    d = { land: new Map(), any: new Map() };
    for (const a of areaIds(s)) {
      d.land.set(a, stepsFrom(s, a, false));
      d.any.set(a, stepsFrom(s, a, true));
    }
    distances.set(s.data, d);
  }
  return (n === 'britain' ? d.any : d.land).get(from)?.get(to) ?? 99;
}

/** Binomial tails: chance of at least `k` hits with `dice` dice hitting on `p` in 6, memoised. */
const tails = new Map<number, number>();
export function chanceOfHits(dice: number, k: number, hitOn: number): number {
  if (k <= 0) return 1;
  if (k > dice) return 0;
  const key = hitOn * 10_000 + dice * 100 + k;
  const known = tails.get(key);
  if (known !== undefined) return known;
  const p = hitOn / 6;
  let term = (1 - p) ** dice; // P(0 hits)
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += term;
    term = (term * (dice - i) * p) / ((i + 1) * (1 - p));
  }
  const out = Math.max(0, 1 - below);
  tails.set(key, out);
  return out;
}

/** FN 9.21[5], 9.23[8]: hits on 1-2 in the Spain area, else 1-3. */
export const hitOnIn = (s: FnState, area: string): number => (area === homeOf(s, 'spain') ? 2 : 3);
