/**
 * Random legal orders (pbem simulate, property tests): a random group and a random walk along legal steps within
 * its movement allowance, attacking where it may; random targets; now and then a standing counterattack
 * preference. Pure: all chance comes from `rand`.
 */
import { pickOne as pick } from '../../../engine/shuffled.ts';
import type { SeatId } from '../../../engine/types.ts';
import { checkActivation } from './validate-activation.ts';
import { defaultOrders } from './defaults.ts';
import { connections, groupAllowance, stepAllowed, stopsAt, type OcStep } from '../rules/movement.ts';
import type { OcActivation, OcOrders } from './schema.ts';
import { pointOf } from '../rules/owed.ts';
import { enemyOf, isArea, isOffMap, type OcSide, type OcState } from '../state.ts';
import { activatableAt, groupLocations, unitsAt } from '../rules/occupancy.ts';

function randomWalk(s: OcState, side: OcSide, group: string[], from: string, rand: () => number): string[] {
  const ma = groupAllowance(s, group);
  const path: string[] = [];
  let at = from;
  let spent = 0;
  while (rand() < 0.75) {
    if (path.length && (stopsAt(s, side, at) || isOffMap(s, at))) break;
    // The legal steps within the allowance to a location not entered yet (`legalSteps`, its cheap tests first).
    const next: OcStep[] = [];
    for (const st of connections(s, at))
      if (spent + st.cost <= ma && st.to !== from && !path.includes(st.to) && stepAllowed(s, side, group, st))
        next.push(st);
    if (!next.length) break;
    const st = pick(next, rand);
    path.push(st.to);
    spent += st.cost;
    at = st.to;
  }
  return path;
}

function randomActivation(s: OcState, side: OcSide, locations: readonly string[], rand: () => number): OcActivation {
  if (!locations.length || rand() < 0.12) return { at: 'pass' };
  const at = pick(locations, rand);
  const here = [...activatableAt(s, side, at)];
  let units = here.filter(() => rand() < 0.6);
  if (!units.length) units = [pick(here, rand)];
  const path = randomWalk(s, side, units, at, rand);
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
  if (!checkActivation(s, side, act).length) return act;
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
