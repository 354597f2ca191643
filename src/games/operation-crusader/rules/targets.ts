/**
 * Choosing targets by a preference (spec 5.2 standing counterattack orders, and the legal deterministic default of
 * D7 and D8): named units first, then an arm, then an order, then data order.
 */
import type { OcPreference } from '../orders/schema.ts';
import { indexOf, type OcState } from '../state.ts';

/** The default preference: the easiest target to hit first, then the one with the most steps. */
export const DEFAULT_PREFERENCE: OcPreference = { order: 'lowest-hit' };

/** The candidates ranked by a preference, best first. */
export function rankTargets(s: OcState, candidates: readonly string[], pref: OcPreference): string[] {
  return [...candidates].sort(comparison(s, pref));
}

/** The order of `rankTargets`: a total order (data order breaks every tie). */
function comparison(s: OcState, pref: OcPreference): (a: string, b: string) => number {
  const ix = indexOf(s.data);
  const order = ix.order;
  const named = (id: string) => {
    const i = pref.prefer?.indexOf(id) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const arm = (id: string) => (pref.arm && ix.unit.get(id)!.arm !== pref.arm ? 1 : 0);
  const key = (id: string): number => {
    const u = ix.unit.get(id)!;
    const steps = s.units[id].steps;
    switch (pref.order ?? 'lowest-hit') {
      case 'lowest-hit':
        return u.hit * 10 - steps;
      case 'highest-hit':
        return -u.hit * 10 - steps;
      case 'most-steps':
        return -steps * 10 + u.hit;
      case 'fewest-steps':
        return steps * 10 + u.hit;
    }
  };
  return (a, b) => named(a) - named(b) || arm(a) - arm(b) || key(a) - key(b) || order.get(a)! - order.get(b)!;
}

/**
 * Every firer aimed at the best-ranked candidate (OC 6.3(2)[3]): the first of `rankTargets`, found in one pass
 * (the order is total, so the least candidate is the first of the sorted list).
 */
export function targetsBy(s: OcState, firers: readonly string[], candidates: readonly string[], pref: OcPreference) {
  let best = candidates[0];
  if (candidates.length > 1) {
    const compare = comparison(s, pref);
    for (let i = 1; i < candidates.length; i++) if (compare(candidates[i], best) < 0) best = candidates[i];
  }
  const out: Record<string, string> = {};
  for (const f of firers) out[f] = best;
  return out;
}
