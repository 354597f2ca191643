/**
 * Random legal orders (pbem simulate, property tests): a random group and a random walk along legal steps within
 * its movement allowance, attacking where it may; random targets; now and then a standing counterattack
 * preference. Pure: all chance comes from `rand`.
 */
import { pickOne as pick } from '../../../engine/shuffled.ts';
import type { SeatId } from '../../../engine/types.ts';
import { checkActivation } from './validate-activation.ts';
import { defaultOrders } from './defaults.ts';
import { connections, groupAllowance, stepAllowed, stopsAt, walkOfBuiltPath, type OcStep } from '../rules/movement.ts';
import type { OcActivation, OcOrders } from './schema.ts';
import { pointOf } from '../rules/owed.ts';
import { enemyOf, isArea, isOffMap, type OcSide, type OcState } from '../state.ts';
import { activatableAt, groupLocations, unitsAt } from '../rules/occupancy.ts';

/**
 * A random walk of the group along legal steps: the path, what it cost, and whether every step taken was the first
 * connection to its location (the one `walkPath` checks: a second road between the same two points may differ).
 */
function randomWalk(
  s: OcState,
  side: OcSide,
  group: string[],
  from: string,
  rand: () => number,
): { path: string[]; spent: number; firstSteps: boolean } {
  const ma = groupAllowance(s, group);
  const path: string[] = [];
  let at = from;
  let spent = 0;
  let firstSteps = true;
  while (rand() < 0.75) {
    if (path.length && (stopsAt(s, side, at) || isOffMap(s, at))) break;
    // The legal steps within the allowance to a location not entered yet (`legalSteps`, its cheap tests first).
    const next: OcStep[] = [];
    const all = connections(s, at);
    for (const st of all)
      if (spent + st.cost <= ma && st.to !== from && !path.includes(st.to) && stepAllowed(s, side, group, st))
        next.push(st);
    if (!next.length) break;
    const st = pick(next, rand);
    if (all.find((c) => c.to === st.to) !== st) firstSteps = false;
    path.push(st.to);
    spent += st.cost;
    at = st.to;
  }
  return { path, spent, firstSteps };
}

function randomActivation(s: OcState, side: OcSide, locations: readonly string[], rand: () => number): OcActivation {
  if (!locations.length || rand() < 0.12) return { at: 'pass' };
  const at = pick(locations, rand);
  const here = activatableAt(s, side, at); // a fresh list
  let units = here.filter(() => rand() < 0.6);
  if (!units.length) units = [pick(here, rand)];
  const walk = randomWalk(s, side, units, at, rand);
  const path = walk.path;
  const end = path.at(-1) ?? at;
  const enemies = unitsAt(s, end, enemyOf(side));
  const act: OcActivation = {
    at,
    units,
    ...(path.length ? { path } : {}),
    attack: enemies.length && (!isArea(s, end) || rand() < 0.7) ? 'yes' : 'no',
  };
  if (isOffMap(s, end) && path.length) delete act.attack;
  if (s.options.attackerTargets === 'before' && enemies.length && act.attack === 'yes')
    act.targets = Object.fromEntries(units.map((u) => [u, pick(enemies, rand)]));
  // Built from the units that may be activated here (`checkGroup` holds), along legal steps, attacking as it must
  // and may with a target for every unit when targets go first (`checkAttack` holds): only the leaving of an area
  // with enemies (OC 6.2(3)) is left to check, unless a step was not the connection `walkPath` checks.
  if (here.length && walk.firstSteps) {
    if (walkOfBuiltPath(s, side, units, at, path, walk.spent)) return act;
  } else if (!checkActivation(s, side, act).length) return act;
  const still: OcActivation = { at, units, attack: 'no' };
  return checkActivation(s, side, still).length ? { at: 'pass' } : still;
}

/** Random legal orders of a seat. */
export function randomOrders(s: OcState, seat: SeatId, rand: () => number): OcOrders {
  const point = pointOf(s, seat);
  const side = seat as OcSide;
  const phase = s.phase;
  const out: OcOrders = {};
  // Now and then a standing preference is set or withdrawn, so that D8 is met both asked and answered in advance.
  if (rand() < 0.06)
    out.standing = {
      counterattack: rand() < 0.4 ? { arm: rand() < 0.5 ? 'tank' : 'infantry', order: 'most-steps' } : null,
    };
  const mine = groupLocations(s, side);
  if (mine.length && rand() < 0.03) {
    const at = pick(mine, rand);
    out.standing = { ...out.standing, counterattackAt: { [at]: rand() < 0.6 ? { order: 'fewest-steps' } : null } };
  }
  if (point === 'OC-D4') out.activation = randomActivation(s, side, mine, rand);
  else if (point === 'OC-D8' && phase.kind === 'counterattack')
    out.counterattack = Object.fromEntries(phase.combat.defenders.map((d) => [d, pick(phase.combat.attackers, rand)]));
  else if (point === 'OC-D7' && phase.kind === 'targets') {
    const alive = phase.combat.attackers.filter((u) => s.units[u].status === 'map');
    out.targets = Object.fromEntries(alive.map((a) => [a, pick(phase.combat.defenders, rand)]));
  } else if (point) {
    const d = defaultOrders(s, seat);
    if (point === 'OC-D1') {
      const places = [
        ...s.data.britishSetupAreas,
        ...s.data.points.filter((p) => p.offMap?.side === 'british').map((p) => p.id),
      ];
      d.setup = Object.fromEntries(Object.keys(d.setup ?? {}).map((u) => [u, pick(places, rand)]));
    }
    Object.assign(out, d);
  }
  return out;
}
