/**
 * Choosing targets by a preference (spec 5.2 standing counterattack orders, and the legal deterministic default of
 * D7 and D8): named units first, then an arm, then an order, then data order.
 */
import type { OcPreference } from '../orders/schema.ts';
import { indexOf, type OcIndex, type OcState } from '../state.ts';

/** The default preference: the easiest target to hit first, then the one with the most steps. */
export const DEFAULT_PREFERENCE: OcPreference = { order: 'lowest-hit' };

/** The candidates ranked by a preference, best first. */
export function rankTargets(s: OcState, candidates: readonly string[], pref: OcPreference): string[] {
  return [...candidates].sort(comparison(s, pref));
}

/** The order of `rankTargets`: a total order (data order breaks every tie). */
function comparison(s: OcState, pref: OcPreference): (a: string, b: string) => number {
  return (a, b) => compareTargets(s, pref, a, b);
}

/** `comparison` of two candidates (plain functions, no closures made per ranking). */
function compareTargets(s: OcState, pref: OcPreference, a: string, b: string): number {
  const ix = indexOf(s.data);
  return (
    named(pref, a) - named(pref, b) ||
    arm(ix, pref, a) - arm(ix, pref, b) ||
    key(s, ix, pref, a) - key(s, ix, pref, b) ||
    ix.order.get(a)! - ix.order.get(b)!
  );
}

/** A unit named in the preference ranks by its place there, before every unit not named. */
function named(pref: OcPreference, id: string): number {
  const i = pref.prefer?.indexOf(id) ?? -1;
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

/** 1 for a unit not of the preferred arm. */
const arm = (ix: OcIndex, pref: OcPreference, id: string): number =>
  pref.arm && ix.unit.get(id)!.arm !== pref.arm ? 1 : 0;

/** The preference's order as a number, smaller first. */
function key(s: OcState, ix: OcIndex, pref: OcPreference, id: string): number {
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
}

/**
 * Every firer aimed at the best-ranked candidate (OC 6.3(2)[3]): the first of `rankTargets`, found in one pass
 * (the order is total, so the least candidate is the first of the sorted list).
 */
export function targetsBy(s: OcState, firers: readonly string[], candidates: readonly string[], pref: OcPreference) {
  let best = candidates[0];
  for (let i = 1; i < candidates.length; i++)
    if (compareTargets(s, pref, candidates[i], best) < 0) best = candidates[i];
  const out: Record<string, string> = {};
  for (const f of firers) out[f] = best;
  return out;
}
