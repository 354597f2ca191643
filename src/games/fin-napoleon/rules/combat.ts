/**
 * FN 9.2 combat in one area: the French attack with France's dice allocated among the Allied nations present
 * (FN 9.21, D6), then the Allied attack of every at-war Allied unit that joins (FN 9.23, D7). Hits on 1-3, in the
 * Spain area on 1-2 (FN 9.21[5], 9.23[8]); hits beyond the units there are void (FN-A15 R1) or spill (R2).
 */
import type { ResolveContext } from '../../../engine/types.ts';
import { ALLIES, type Ally, type Nation } from '../data/schema.ts';
import { areaIds, areaRecords, areaToChange, type FnState, homeOf, unitsOf } from '../state.ts';
import { type KnownPurpose, knownPurpose, rollD6 } from './dice.ts';
import { loseFrenchUnits } from './morale.ts';

// The loops below read `s.units` directly rather than through state.ts's helpers: an odds preview runs them for
// every one of its thousands of samples, and a call into another module costs more than the lookup itself.

/** At-war Allied nations with units in an area, in the fixed order (FN 9.2[4]: nations at peace are absent). */
export function warNationsIn(s: FnState, area: string): Ally[] {
  const here = s.units[area];
  const out: Ally[] = [];
  if (!here) return out;
  for (const a of ALLIES) if (s.atWar[a] && (here[a] ?? 0) > 0) out.push(a);
  return out;
}

/** At-war Allied units in an area's unit record (FN 9.12[5]); the same count as state.ts's `enemiesOfFrance`. */
function atWarUnits(s: FnState, here: Partial<Record<Nation, number>>): number {
  let total = 0;
  for (const a of ALLIES) if (s.atWar[a]) total += here[a] ?? 0;
  return total;
}

/** FN 9.2[1]: the areas where the active nation's units meet hostile units, in area order. */
export function combatAreas(s: FnState, n: Nation): string[] {
  const out: string[] = [];
  const ids = areaIds(s);
  const records = areaRecords(s);
  for (let i = 0; i < ids.length; i++) {
    const a = ids[i];
    const here = records[i];
    if (!here || !((here.france ?? 0) > 0)) continue;
    if (n === 'france' ? atWarUnits(s, here) > 0 : (here[n] ?? 0) > 0) out.push(a);
  }
  return out;
}

/** D6 is a real decision only with French dice and two or more Allied nations to share them (FN 9.21[1]). */
export const needsAllocation = (s: FnState, area: string): boolean =>
  unitsOf(s, area, 'france') > 0 && warNationsIn(s, area).length >= 2;

/**
 * France's dice among the nations of an area by a priority: each nation in turn gets dice up to its units there,
 * the rest go to the first. Default priority: most units first, then the fixed order. Deterministic.
 */
export function allocationByPriority(
  s: FnState,
  area: string,
  priority?: readonly Ally[],
): Partial<Record<Ally, number>> {
  const present = warNationsIn(s, area);
  let dice = unitsOf(s, area, 'france');
  // One nation present (the usual case): every die on it, whatever the priority.
  if (present.length === 1) return dice > 0 ? { [present[0]]: dice } : {};
  const byUnits = [...present].sort((a, b) => unitsOf(s, area, b) - unitsOf(s, area, a));
  const order = priority
    ? [...priority.filter((a) => present.includes(a)), ...byUnits.filter((a) => !priority.includes(a))]
    : byUnits;
  const out: Partial<Record<Ally, number>> = {};
  for (const a of order) {
    const d = Math.min(dice, unitsOf(s, area, a));
    if (d > 0) out[a] = d;
    dice -= d;
  }
  if (dice > 0 && order.length) out[order[0]] = (out[order[0]] ?? 0) + dice;
  return out;
}

/** A given allocation made to fit the dice there: nations present only, then the rest by the default priority. */
export function fitAllocation(
  s: FnState,
  area: string,
  given: Partial<Record<Ally, number>>,
): Partial<Record<Ally, number>> {
  const present = warNationsIn(s, area);
  let dice = unitsOf(s, area, 'france');
  const out: Partial<Record<Ally, number>> = {};
  for (const a of present) {
    const d = Math.min(dice, given[a] ?? 0);
    if (d > 0) out[a] = d;
    dice -= d;
  }
  if (dice === 0) return out;
  const rest = allocationByPriority(s, area);
  for (const a of present) {
    const d = Math.min(dice, rest[a] ?? 0);
    if (d > 0) out[a] = (out[a] ?? 0) + d;
    dice -= d;
  }
  return out;
}

/** FN 9.21[2], [5]: the number a die must not exceed to hit in this area. */
const hitOn = (s: FnState, area: string): number => (area === homeOf(s, 'spain') ? 2 : 3);

/** Side -> area -> hit number -> purpose (looked up by the strings at hand: no key string is made per roll). */
const purposes = { french: new Map<string, KnownPurpose[]>(), allied: new Map<string, KnownPurpose[]>() };

/** The purpose of an attack die (built once per side, area and hit number: a preview rolls many). */
function attackPurpose(side: 'french' | 'allied', area: string, hit: number): KnownPurpose {
  let byHit = purposes[side].get(area);
  if (!byHit) {
    byHit = [];
    purposes[side].set(area, byHit);
  }
  let p = byHit[hit];
  if (!p) {
    const what =
      side === 'french'
        ? { en: `French attack in ${area} (hit on 1-${hit})`, ja: `${area}でのフランス軍の攻撃（1〜${hit}で命中）` }
        : { en: `Allied attack in ${area} (hit on 1-${hit})`, ja: `${area}での連合軍の攻撃（1〜${hit}で命中）` };
    p = knownPurpose(side === 'french' ? 'FN 9.21[2]' : 'FN 9.23[4]', what);
    byHit[hit] = p;
  }
  return p;
}

/** The hits of `dice` attack dice (their purpose made once per side, area and hit number: rules/dice.ts). */
function rollHits(s: FnState, area: string, dice: number, ctx: ResolveContext, side: 'french' | 'allied'): number {
  const hit = hitOn(s, area);
  const purpose = attackPurpose(side, area, hit);
  let hits = 0;
  for (let i = 0; i < dice; i++) if (rollD6(ctx, purpose) <= hit) hits++;
  return hits;
}

/** FN 9.21: the French attack with an allocation (nations in the fixed order); returns the Allied units removed. */
function frenchAttack(s: FnState, area: string, alloc: Partial<Record<Ally, number>>, ctx: ResolveContext): void {
  const hits: Partial<Record<Ally, number>> = {};
  for (const a of ALLIES) if (alloc[a]) hits[a] = rollHits(s, area, alloc[a]!, ctx, 'french');
  const removed: Partial<Record<Ally, number>> = {};
  let excess = 0;
  for (const a of ALLIES) {
    if (!hits[a]) continue;
    const r = Math.min(hits[a]!, unitsOf(s, area, a));
    removed[a] = r;
    areaToChange(s, area)[a] -= r;
    excess += hits[a]! - r;
  }
  // FN-A15 R2: hits a nation cannot absorb go to the other at-war nations of the area, in the fixed order.
  if (s.options.excessHits === 'spill') {
    for (const a of warNationsIn(s, area)) {
      const r = Math.min(excess, unitsOf(s, area, a));
      if (r === 0) continue;
      removed[a] = (removed[a] ?? 0) + r;
      areaToChange(s, area)[a] -= r;
      excess -= r;
    }
  }
  if (!ctx.silent) ctx.emit({ type: 'french-attack', rule: 'FN 9.21', area, allocation: alloc, hits, removed });
}

/** D7 (multiplayer): the nation's own player keeps it out of other nations' attacks (standing HOLD BACK). */
const heldBack = (s: FnState, a: Ally): boolean => s.standing[s.seats[a]]?.holdBack?.includes(a) ?? false;

/** FN 9.23: the Allied attack of the at-war Allied units that join; French losses cost morale (FN 11.0[3a]). */
function alliedAttack(s: FnState, area: string, active: Nation, noJoin: readonly Ally[], ctx: ResolveContext): void {
  // D7, FN-A16: the active player's opt-outs, and the nations whose own player holds them back (multiplayer).
  const joining = warNationsIn(s, area).filter((a) => a === active || (!noJoin.includes(a) && !heldBack(s, a)));
  const dice = joining.reduce((t, a) => t + unitsOf(s, area, a), 0);
  if (dice === 0 || unitsOf(s, area, 'france') === 0) {
    if (!ctx.silent)
      ctx.emit({ type: 'allied-attack', rule: 'FN 9.23', area, nations: joining, dice, hits: 0, removed: 0 });
    return;
  }
  const hits = rollHits(s, area, dice, ctx, 'allied');
  const removed = Math.min(hits, unitsOf(s, area, 'france'));
  areaToChange(s, area).france -= removed;
  if (!ctx.silent) ctx.emit({ type: 'allied-attack', rule: 'FN 9.23', area, nations: joining, dice, hits, removed });
  loseFrenchUnits(s, removed, ctx);
}

/** FN 9.2[6]: one area's combat, French attack first (FN 9.2[7]). */
export function fightArea(
  s: FnState,
  area: string,
  active: Nation,
  alloc: Partial<Record<Ally, number>>,
  noJoin: readonly Ally[],
  ctx: ResolveContext,
): void {
  if (!ctx.silent) ctx.emit({ type: 'combat', rule: 'FN 9.2', area, active });
  if (unitsOf(s, area, 'france') > 0) frenchAttack(s, area, alloc, ctx);
  alliedAttack(s, area, active, noJoin, ctx);
}
