/**
 * The operations phase (OC 3.1②③, 6.0-6.4): a pass, or one activation: the group moves along its path, may
 * break through east (OC 7.1(5)), and may fight: the defender's counterattack first, then the attack (OC 6.3(1)),
 * the retreat from a point still held (OC 6.3(7)), face down at the end (OC 6.4), control (OC 7.2).
 */
import type { ResolveContext } from '../../../engine/types.ts';
import { attackersOf, attacks, groupOf } from '../orders/validate-activation.ts';
import { acrossFortress, addVp, fire } from './combat.ts';
import { walkPath } from './movement.ts';
import { PASS, type OcActivation } from '../orders/schema.ts';
import {
  enemyOf,
  isArea,
  isOffMap,
  controlToChange,
  unitToChange,
  type OcCombat,
  type OcSide,
  type OcState,
} from '../state.ts';
import { anyUnitAt, unitsAt } from './occupancy.ts';
import { targetsBy, DEFAULT_PREFERENCE } from './targets.ts';

/** OC 7.2[1]: a point is controlled by the side that last had a unit placed there; Bardia lost for good (OC 5.1(1)[6]). */
export function takeControl(s: OcState, point: string, side: OcSide, ctx: ResolveContext): void {
  if (!(point in s.control) || s.control[point] === side) return;
  controlToChange(s)[point] = side;
  if (!ctx.silent) ctx.emit({ type: 'control', point, side, rule: 'OC 7.2[1]' });
  if (point === s.data.bardia && side === 'british') s.bardiaLost = true;
}

/** OC 6.4: the group's units still on the map turn face down; the other side is next (OC 3.1③[a]). */
function endActivation(s: OcState, group: readonly string[], ctx: ResolveContext): void {
  for (const u of group) if (s.units[u].status === 'map') unitToChange(s, u).faceDown = true;
  if (!ctx.silent) ctx.emit({ type: 'activation-end', units: [...group], rule: 'OC 6.4' });
  s.active = enemyOf(s.active);
  s.phase = { kind: 'activate' };
}

/** OC 7.1(5): Axis units leave the map east; VP for their steps; the road is no British source any more. */
function breakThrough(s: OcState, group: readonly string[], point: string, ctx: ResolveContext): void {
  const steps = group.reduce((n, u) => n + s.units[u].steps, 0);
  for (const u of group) Object.assign(unitToChange(s, u), { status: 'broken-through', at: null, faceDown: false });
  if (!s.barredSources.includes(point)) s.barredSources = [...s.barredSources, point]; // shared: copied to change (state.ts)
  ctx.emit({ type: 'breakthrough', units: [...group], point, steps, rule: 'OC 7.1(5)' });
  addVp(s, 'axis', steps, 'OC 7.1(5)[3]', ctx);
}

/** Applies one activation (already checked legal) of the side whose turn it is. */
export function applyActivation(s: OcState, act: OcActivation, ctx: ResolveContext, queued = false): void {
  const side = s.active;
  if (act.at === PASS) {
    s.passes++;
    if (!ctx.silent) ctx.emit({ type: 'pass', side, auto: false, rule: 'OC 3.1③[a]' });
    s.active = enemyOf(side);
    return;
  }
  s.passes = 0;
  const group = groupOf(s, side, act);
  const path = act.path ?? [];
  const walked = walkPath(s, side, group, act.at, path);
  // OC 6.3(4): judged before the group's entry could change the point's control (OC-A23 R2).
  const fortress = acrossFortress(s, walked.end, walked.previous, enemyOf(side));
  // The enemy where the group ends and along its path, asked before the group moves: its move changes neither.
  const fights = attacks(s, side, act, walked.end);
  const defenders = fights ? unitsAt(s, walked.end, enemyOf(side)) : [];
  const from = fights ? retreatPlace(s, side, act.at, path) : act.at;
  for (const u of group) unitToChange(s, u).at = walked.end;
  if (!ctx.silent)
    ctx.emit({ type: 'activate', side, at: act.at, units: group, path, cost: walked.spent, queued, rule: 'OC 6.1' });
  if (s.options.control === 'entry') for (const p of path) if (!isOffMap(s, p)) takeControl(s, p, side, ctx);
  if (isOffMap(s, walked.end) && walked.end !== act.at) {
    breakThrough(s, group, walked.end, ctx);
    endActivation(s, [], ctx);
    return;
  }
  if (!fights) {
    if (!isOffMap(s, walked.end)) takeControl(s, walked.end, side, ctx);
    endActivation(s, group, ctx);
    return;
  }
  const combat: OcCombat = {
    at: walked.end,
    attacker: side,
    group,
    attackers: attackersOf(s, act, walked.end, group),
    defenders,
    from,
    acrossFortress: fortress,
    targets: { ...act.targets },
  };
  if (!ctx.silent)
    ctx.emit({
      type: 'combat',
      at: combat.at,
      attackers: combat.attackers,
      defenders,
      fortress: combat.acrossFortress,
      rule: 'OC 6.3',
    });
  beginCounterattack(s, combat, ctx);
}

/**
 * OC 6.3(7)[3], OC-A16: the location the group was in just before the point; under OC-A13 R2 a point passed
 * through that holds enemy units is skipped (the group cannot stand there with them).
 */
function retreatPlace(s: OcState, side: OcSide, start: string, path: readonly string[]): string {
  const before = [start, ...path.slice(0, -1)];
  for (let i = before.length - 1; i > 0; i--)
    if (isArea(s, before[i]) || !anyUnitAt(s, before[i], enemyOf(side))) return before[i];
  return start;
}

/** D8: the defender's targets from its standing preference, or forced by a lone attacker; else asked. */
function beginCounterattack(s: OcState, combat: OcCombat, ctx: ResolveContext): void {
  const standing = s.standing[enemyOf(combat.attacker)];
  const pref = standing.counterattackAt?.[combat.at] ?? standing.counterattack;
  if (pref || combat.attackers.length === 1) {
    const targets = targetsBy(s, combat.defenders, combat.attackers, pref ?? DEFAULT_PREFERENCE);
    if (pref) ctx.emit({ type: 'standing-counterattack', side: enemyOf(combat.attacker), rule: 'OC 6.3(2)[3]' });
    counterattack(s, combat, targets, ctx);
    return;
  }
  s.phase = { kind: 'counterattack', combat };
}

/** OC 6.3(1)①: the counterattack, then the attacker's targets (fixed, forced, or asked: D7, OC-A09). */
export function counterattack(
  s: OcState,
  combat: OcCombat,
  targets: Record<string, string>,
  ctx: ResolveContext,
): void {
  fire(s, combat, targets, true, ctx);
  const alive = combat.attackers.filter((u) => s.units[u].status === 'map');
  const fixed = combat.targets;
  if (!alive.length) {
    endCombat(s, combat, ctx);
    return;
  }
  if (alive.every((u) => fixed[u]) || combat.defenders.length === 1) {
    const forced = targetsBy(s, alive, combat.defenders, DEFAULT_PREFERENCE);
    attack(s, combat, { ...forced, ...fixed }, ctx);
    return;
  }
  s.phase = { kind: 'targets', combat };
}

/** OC 6.3(1)②: the attack, then the end of the combat. */
export function attack(s: OcState, combat: OcCombat, targets: Record<string, string>, ctx: ResolveContext): void {
  fire(s, combat, targets, false, ctx);
  endCombat(s, combat, ctx);
}

/** OC 6.3(7): both stay in an area; from a point still held the attackers retreat; else they take it. */
function endCombat(s: OcState, combat: OcCombat, ctx: ResolveContext): void {
  const group = combat.group;
  const alive = group.filter((u) => s.units[u].status === 'map');
  const held = combat.defenders.some((u) => s.units[u].status === 'map');
  const atPoint = !isArea(s, combat.at);
  if (atPoint && held && alive.length) {
    for (const u of alive) unitToChange(s, u).at = combat.from;
    if (!ctx.silent)
      ctx.emit({ type: 'retreat', units: alive, from: combat.at, to: combat.from, rule: 'OC 6.3(7)[3]' });
    // OC-A23: the retreating units end their move at the location they came from.
    if (!isArea(s, combat.from) && !isOffMap(s, combat.from)) takeControl(s, combat.from, combat.attacker, ctx);
  } else if (atPoint && alive.length) takeControl(s, combat.at, combat.attacker, ctx);
  endActivation(s, group, ctx);
}
