/**
 * FN 9.3 surrender check and processing, and FN 10.0 the adjustment phase (French adjustment, attrition in Russian
 * territory). The flow (flow.ts) calls them; the victory check is end.ts.
 */
import type { ResolveContext } from '../../../engine/types.ts';
import { ALLIES, type Ally, NATIONS, type Nation } from '../data/schema.ts';
import { areaIds, areaToChange, enemiesOfFrance, type FnState, homeOf, inBox, unitsOf, warToChange } from '../state.ts';
import { type KnownPurpose, knownPurpose, rollD6 } from './dice.ts';
import { alliedWin } from './end.ts';
import { loseFrenchUnits, lowerMorale } from './morale.ts';

/** Moves every unit of `n` outside its home area home (FN 9.32[2], 9.33[1]); returns how many went. */
function sendHome(s: FnState, n: Nation): number {
  const home = homeOf(s, n);
  let moved = 0;
  for (const a of areaIds(s)) {
    if (a === home || unitsOf(s, a, n) === 0) continue;
    moved += s.units[a][n];
    areaToChange(s, home)[n] += s.units[a][n];
    areaToChange(s, a)[n] = 0;
  }
  return moved;
}

/** FN 9.31[1], FN-A18: an at-war Allied home holds French units and none that protect it. */
function alliedSurrenders(s: FnState, a: Ally): boolean {
  if (!s.atWar[a]) return false;
  const home = homeOf(s, a);
  if (unitsOf(s, home, 'france') === 0) return false;
  return s.options.surrender === 'ownerOnly' ? unitsOf(s, home, a) === 0 : enemiesOfFrance(s, home) === 0;
}

/** FN 9.31[1], FN-A19: France's home holds at-war Allied units and no French unit. */
const franceSurrenders = (s: FnState): boolean => {
  const home = homeOf(s, 'france');
  return unitsOf(s, home, 'france') === 0 && enemiesOfFrance(s, home) > 0;
};

/**
 * FN 9.3: every at-war nation and France (FN-A20); Allied processing first (FN 9.31[3]). Returns true when France
 * surrendered (the caller then runs FN 9.33's reinforcement and new turn), unless Road to Paris ended the game.
 */
export function surrenderCheck(s: FnState, ctx: ResolveContext): boolean {
  for (const a of ALLIES) {
    if (!alliedSurrenders(s, a)) continue;
    warToChange(s)[a] = false;
    const returned = sendHome(s, a);
    if (!ctx.silent) ctx.emit({ type: 'surrender', rule: 'FN 9.32', nation: a, returned });
  }
  if (!franceSurrenders(s)) return false;
  const moraleBefore = s.morale;
  if (!ctx.silent) ctx.emit({ type: 'surrender', rule: 'FN 9.33', nation: 'france', returned: 0 });
  if (s.options.roadToParis && moraleBefore <= 0) {
    s.result = alliedWin(
      s,
      'FN 12.0[P][2]',
      'Allied victory on the Road to Paris: France surrenders with morale 0',
      '連合軍の勝利（パリへの道）: 士気0のフランスが降伏',
    );
    s.phase = { kind: 'over' };
    return true;
  }
  lowerMorale(s, 3, ctx, 'FN 9.33[1]', 'surrender');
  let returned = 0;
  for (const n of NATIONS) returned += sendHome(s, n);
  if (!ctx.silent) ctx.emit({ type: 'return-home', rule: 'FN 9.33[1]', count: returned });
  return true;
}

/** The most units France may place now: its reinforcement value, within its box (FN 8.0[4], [6]). */
export const reinforceLimit = (s: FnState, n: Nation): number => Math.min(s.data.chart[n].reinforcement, inBox(s, n));

/** FN 8.0: places `count` units (cut to the limit) in the home area. */
export function reinforce(s: FnState, n: Nation, count: number, ctx: ResolveContext, rule = 'FN 8.0'): void {
  const placed = Math.max(0, Math.min(count, reinforceLimit(s, n)));
  const home = homeOf(s, n);
  areaToChange(s, home)[n] += placed;
  if (!ctx.silent) ctx.emit({ type: 'reinforce', rule, nation: n, area: home, count: placed });
}

const ADJUSTMENT_ROLL = knownPurpose('FN 10.1', {
  en: 'French adjustment (1-3: morale -1)',
  ja: 'フランス軍の調整（1〜3で士気-1）',
});

/** FN 10.1: no French unit outside France and South France (FN-A24: none at all counts): 1-3 costs 1 morale. */
function frenchAdjustment(s: FnState, ctx: ResolveContext): void {
  const france = homeOf(s, 'france');
  const south = s.data.southFrance;
  const ids = areaIds(s);
  for (let i = 0; i < ids.length; i++) {
    const a = ids[i];
    if (a !== france && a !== south && unitsOf(s, a, 'france') > 0) return; // French units abroad
  }
  const roll = rollD6(ctx, ADJUSTMENT_ROLL);
  if (!ctx.silent) ctx.emit({ type: 'french-adjustment', rule: 'FN 10.1', roll, lost: roll <= 3 });
  if (roll <= 3) lowerMorale(s, 1, ctx, 'FN 10.1', 'adjustment');
}

/** The purpose of an attrition die in a Russian area (made once per area). */
function attritionPurpose(area: string): KnownPurpose {
  let p = attritionPurposes.get(area);
  if (!p) {
    p = knownPurpose('FN 10.2', {
      en: `attrition in Russian territory (${area}, 1-2: lost)`,
      ja: `ロシア領土内の消耗（${area}、1〜2で除去）`,
    });
    attritionPurposes.set(area, p);
  }
  return p;
}
const attritionPurposes = new Map<string, KnownPurpose>();

/** FN 10.2: every non-Russian unit in Russian territory (FN-A23: peace allies too) is lost on 1-2. */
function russianAttrition(s: FnState, ctx: ResolveContext): void {
  for (const area of s.data.russianTerritory) {
    for (const n of NATIONS) {
      if (n === 'russia') continue;
      const units = unitsOf(s, area, n);
      let lost = 0;
      for (let i = 0; i < units; i++) if (rollD6(ctx, attritionPurpose(area)) <= 2) lost++;
      if (units === 0) continue;
      areaToChange(s, area)[n] -= lost;
      if (!ctx.silent) ctx.emit({ type: 'attrition', rule: 'FN 10.2', area, nation: n, units, lost });
      if (n === 'france') loseFrenchUnits(s, lost, ctx);
    }
  }
}

/** FN 10.0-1, 10.0-2: the adjustment phase before the victory check. */
export function adjustment(s: FnState, ctx: ResolveContext): void {
  if (!ctx.silent) ctx.emit({ type: 'adjustment', rule: 'FN 10.0', turn: s.turn });
  frenchAdjustment(s, ctx);
  russianAttrition(s, ctx);
}
