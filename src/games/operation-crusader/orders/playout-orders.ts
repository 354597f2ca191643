/**
 * The computer player's play-out orders (the package's `playoutOrders`): cheap, legal and purposeful, with chance
 * from `rand` so that play-outs vary. At D4 a few of the side's groups are looked at, each whole group's reachable
 * ends (OC 6.2) are valued, and the best activation (noise added) is sent: taking points that matter (Tobruk and
 * Bardia, OC 7.1(1)-(2); the points of the roads between Tobruk and the British sources, OC 5.1(2)), breaking
 * through east (OC 7.1(5)), sitting in the areas whose roads the enemy needs (OC 6.2(1)[3], 5.1(3)①), and attacks
 * at good expected odds (OC 6.3). The other decision points take the default orders (easiest target, most steps
 * lost, the data's set-up). Pure: all chance comes from `rand`.
 */
import { graphOf, reachable as withinBudget } from '../../../engine/geometry/index.ts';
import type { SeatId } from '../../../engine/types.ts';
import { acrossFortress } from '../rules/combat.ts';
import { connections, groupAllowance, mayEnterOffMap } from '../rules/movement.ts';
import { pointOf } from '../rules/owed.ts';
import { suppliedPoints } from '../rules/supply.ts';
import { enemyOf, indexOf, isArea, isOffMap, type OcSide, type OcState } from '../state.ts';
import { activatableAt, groupLocations, unitsAt } from '../rules/occupancy.ts';
import { defaultOrders } from './defaults.ts';
import { randomOrders } from './random-orders.ts';
import type { OcActivation, OcOrders } from './schema.ts';
import { checkActivation } from './validate-activation.ts';

/** Groups looked at per decision (of the side's locations, drawn at random). */
const GROUPS_LOOKED_AT = 3;
/** Noise added to every option's value: play-outs vary, and near-equal options are both played. */
const NOISE = 0.8;
/** How often the play-out takes a random legal activation instead (what the heuristic never would). */
const RANDOM_SHARE = 0.08;

/** What the ranking of the map needs, made once per data set. */
interface Plan {
  /** Points on a shortest road route from Tobruk to a British supply source (OC 7.1(1), 5.1(2)). */
  relief: Set<string>;
  /** Per area, the relief roads it lies beside (units alone there block them, OC 5.1(3)①). */
  reliefRoadsBy: Map<string, number>;
}

const plans = new WeakMap<OcState['data'], Plan>();

/** Road distances from the nearest of a set of points (every road, whatever its kind, counts one). */
function distances(data: OcState['data'], from: readonly string[]): Map<string, number> {
  const roads = graphOf(
    data.roads.map((r) => ({ from: r.from, to: r.to })),
    { undirected: true },
  );
  const dist = new Map<string, number>();
  for (const start of from)
    for (const [point, d] of withinBudget(roads, start, Number.POSITIVE_INFINITY))
      if (d < (dist.get(point) ?? Number.POSITIVE_INFINITY)) dist.set(point, d);
  return dist;
}

function planOf(s: OcState): Plan {
  const known = plans.get(s.data);
  if (known) return known;
  const sources = s.data.points.filter((p) => p.offMap?.side === 'british').map((p) => p.id);
  const fromTobruk = distances(s.data, [s.data.tobruk]);
  const fromSources = distances(s.data, sources);
  const best = Math.min(...sources.map((p) => fromTobruk.get(p) ?? Number.POSITIVE_INFINITY));
  const relief = new Set<string>();
  // A point lies on a route at most one road longer than the shortest (there are two ways out of the siege).
  for (const p of s.data.points) {
    const d = (fromTobruk.get(p.id) ?? Infinity) + (fromSources.get(p.id) ?? Infinity);
    if (d <= best + 1) relief.add(p.id);
  }
  const reliefRoadsBy = new Map<string, number>();
  for (const r of s.data.roads)
    if (relief.has(r.from) && relief.has(r.to))
      for (const a of r.areas) reliefRoadsBy.set(a, (reliefRoadsBy.get(a) ?? 0) + 1);
  const plan = { relief, reliefRoadsBy };
  plans.set(s.data, plan);
  return plan;
}

/** What holding a point is worth to a side that does not control it yet. */
function pointValue(s: OcState, side: OcSide, p: string, plan: Plan): number {
  if (s.control[p] === side) return 0;
  let v = 0.6;
  if (p === s.data.tobruk) v += side === 'axis' ? 4 : 3;
  if (p === s.data.bardia) v += side === 'british' ? 2.5 : 1.5;
  if (plan.relief.has(p)) v += side === 'british' ? 1.5 : 1;
  return v;
}

/** The units of each side at each location on the map, counted once per decision. */
type Occupancy = Map<string, { british: number; axis: number }>;

function occupancyOf(s: OcState): Occupancy {
  const out: Occupancy = new Map();
  for (const u of s.data.units) {
    const st = s.units[u.id];
    if (st.status !== 'map' || !st.at) continue;
    let here = out.get(st.at);
    if (!here) {
      here = { british: 0, axis: 0 };
      out.set(st.at, here);
    }
    here[u.side]++;
  }
  return out;
}

/**
 * What standing in an area is worth: blocking (or unblocking) the relief roads beside it (OC 6.2(1)[3]); `leaving`
 * friendly units are counted out.
 */
function areaValue(side: OcSide, area: string, plan: Plan, occupancy: Occupancy, leaving = 0): number {
  const roads = plan.reliefRoadsBy.get(area) ?? 0;
  if (!roads) return 0;
  const here = occupancy.get(area);
  const mine = (here?.[side] ?? 0) - leaving > 0;
  const theirs = (here?.[enemyOf(side)] ?? 0) > 0;
  if (mine) return 0;
  // The British unblock a road by joining the enemy in an area; the Axis block it by standing alone there.
  if (side === 'british') return theirs ? 0.8 * roads : 0.2 * roads;
  return theirs ? 0.1 * roads : 0.6 * roads;
}

/** The chance that one die hits (OC 6.3(2)[4]): die + plus ≥ value. */
const hitChance = (value: number, plus: number) => Math.min(1, Math.max(0, (7 - (value - plus)) / 6));

/** The unit of a list easiest to hit (OC 6.3(2)[4]: the lowest hit value), the first of equals. */
function easiest(s: OcState, ids: readonly string[]): string {
  const ix = indexOf(s.data);
  let best = ids[0];
  for (let i = 1; i < ids.length; i++) if (ix.unit.get(ids[i])!.hit < ix.unit.get(best)!.hit) best = ids[i];
  return best;
}

/**
 * The expected combat of a group attacking the enemy at `end` from `previous` (OC 6.3(1)-(6)): the counterattack
 * on the group's easiest target first, then the group's surviving dice on the enemy's easiest target. What it is
 * worth in VP-like units to the attacker, and whether the defenders are likely all gone (a point is then taken).
 */
function combatValue(s: OcState, side: OcSide, group: readonly string[], end: string, previous: string) {
  const ix = indexOf(s.data);
  const enemy = enemyOf(side);
  const defenders = unitsAt(s, end, enemy).map((id) => ix.unit.get(id)!);
  const area = isArea(s, end);
  const fortress = !area && acrossFortress(s, end, previous, enemy);
  const target = ix.unit.get(easiest(s, group))!;
  let ownHits = 0;
  for (const d of defenders) {
    const st = s.units[d.id];
    const value = st.outOfSupply ? 6 : target.hit;
    const plus =
      (d.arm === 'tank' && target.arm === 'infantry' && area ? 1 : 0) + (s.units[target.id].outOfSupply ? 1 : 0);
    ownHits += st.steps * hitChance(value, plus);
  }
  const ownLoss =
    target.arm === 'tank' && target.nation === 'german' ? Math.max(ownHits > 0.5 ? 1 : 0, ownHits / 2) : ownHits;
  let dice = 0;
  for (const g of group) dice += s.units[g].steps;
  dice = Math.max(0, dice - ownLoss);
  const aim = ix.unit.get(easiest(s, unitsAt(s, end, enemy)))!;
  const firstArm = ix.unit.get(group[0])!.arm;
  const plus = (firstArm === 'tank' && aim.arm === 'infantry' && area ? 1 : 0) + (s.units[aim.id].outOfSupply ? 1 : 0);
  const hits = dice * hitChance(aim.hit, plus);
  const perStep = aim.arm === 'tank' ? (aim.nation === 'german' ? 2 : 1) : fortress ? 3 : 2;
  const enemyLoss = Math.min(
    hits / perStep,
    defenders.reduce((n, d) => n + s.units[d.id].steps, 0),
  );
  const enemySteps = defenders.reduce((n, d) => n + s.units[d.id].steps, 0);
  const germanTank = aim.arm === 'tank' && aim.nation === 'german';
  const worth = enemyLoss * (side === 'british' && germanTank ? 1.6 : 1) - ownLoss;
  return { worth, cleared: enemyLoss >= enemySteps * 0.9 };
}

/** What a group pays per unit for ending where it will be out of supply (OC 5.1(4): face down, easier to hit). */
const UNSUPPLIED = 0.6;

/**
 * The points where a group will likely be in supply at the next reorganisation (OC 5.1(2)): the supplied points
 * and those one road from one (a point the group takes becomes the side's). A proxy: the position will change.
 */
function nearSupply(s: OcState, side: OcSide): Set<string> {
  const supplied = suppliedPoints(s, side, false);
  const near = new Set(supplied);
  for (const r of s.data.roads) {
    if (supplied.has(r.from)) near.add(r.to);
    if (supplied.has(r.to)) near.add(r.from);
  }
  return near;
}

/** Whether a group ending at `end` is likely in supply: see `nearSupply`; an area needs a held point (OC 5.1(2)[2]). */
function likelySupplied(s: OcState, side: OcSide, end: string, near: Set<string>): boolean {
  const area = indexOf(s.data).area.get(end);
  if (!area) return near.has(end);
  if (side === 'british' && s.data.britishSupplyAreas.includes(end)) return true;
  for (const p of area.points) if (near.has(p) && s.control[p] === side) return true;
  return false;
}

/**
 * One option for a group: the activation's parts (made into an activation only for the few tried, see
 * `activationOf`) and what it is worth.
 */
interface Option {
  at: string;
  group: string[];
  way: Reached;
  /** Null when the group breaks through (it does not fight, OC 7.1(5)[4]). */
  attack: 'yes' | 'no' | null;
  /** The target of every unit when targets are named before the combat (OC-A09 R1), else null. */
  aim: string | null;
  value: number;
}

/** The activation of an option. */
function activationOfOption(o: Option): OcActivation {
  const act: OcActivation = { at: o.at, units: o.group, ...(o.way.steps ? { path: pathTo(o.way) } : {}) };
  if (o.attack) act.attack = o.attack;
  const aim = o.aim;
  if (aim !== null) act.targets = Object.fromEntries(o.group.map((u) => [u, aim]));
  return act;
}

/** Options best first (the sort is stable: equal values keep the order they were found in). */
const byValue = (a: Option, b: Option): number => b.value - a.value;

/**
 * One reachable end: what it cost, the location before it, and the way there (the steps taken and the end they
 * were taken from; the start has none). The path is spelled out only for an option tried (`pathTo`).
 */
interface Reached {
  at: string;
  spent: number;
  previous: string;
  steps: number;
  from: Reached | null;
}

/** The path of a reachable end, without its start. */
function pathTo(way: Reached): string[] {
  const path: string[] = new Array(way.steps);
  for (let w: Reached | null = way; w?.from; w = w.from) path[w.steps - 1] = w.at;
  return path;
}

/** Whether a road beside `areas` is closed to the side (OC 6.2(1)[3]), the group of `size` leaving `from` apart. */
function closedRoad(areas: readonly string[], occupancy: Occupancy, side: OcSide, from: string, size: number) {
  for (const a of areas) {
    const here = occupancy.get(a);
    if (here && here[enemyOf(side)] > 0 && here[side] - (a === from ? size : 0) <= 0) return true;
  }
  return false;
}

/**
 * The reachable ends of a group from `from` (OC 6.2), by the cheapest path found. The position rules of
 * `legalSteps` read from the occupancy counted once (a road beside an area held by the enemy alone, the group
 * leaving `from` apart, OC 6.2(1)[3]; off the map only east by the coastal road, OC 7.1(5)[1]); the whole
 * activation is checked by `checkActivation` before it is sent.
 */
function reachable(s: OcState, side: OcSide, group: readonly string[], from: string, occupancy: Occupancy) {
  const ma = groupAllowance(s, group);
  const enemy = enemyOf(side);
  const best = new Map<string, Reached>([[from, { at: from, spent: 0, previous: from, steps: 0, from: null }]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head];
    const here = best.get(at)!;
    if (at !== from && ((occupancy.get(at)?.[enemy] ?? 0) > 0 || isOffMap(s, at))) continue;
    for (const st of connections(s, at)) {
      const spent = here.spent + st.cost;
      if (spent > ma || st.to === from) continue;
      const known = best.get(st.to);
      if (known && known.spent <= spent) continue;
      if (st.road && closedRoad(st.road.areas, occupancy, side, from, group.length)) continue;
      if (isOffMap(s, st.to) && !mayEnterOffMap(s, side, st)) continue;
      best.set(st.to, { at: st.to, spent, previous: at, steps: here.steps + 1, from: here });
      queue.push(st.to);
    }
  }
  return best;
}

/** The options of the whole group at `at`, valued. */
function optionsAt(
  s: OcState,
  side: OcSide,
  at: string,
  plan: Plan,
  occupancy: Occupancy,
  near: Set<string>,
): Option[] {
  const group = [...activatableAt(s, side, at)];
  const cut = UNSUPPLIED * group.length;
  const out: Option[] = [];
  const enemy = enemyOf(side);
  const leaving = isArea(s, at) ? areaValue(side, at, plan, occupancy, group.length) : 0;
  for (const [end, way] of reachable(s, side, group, at, occupancy)) {
    const enemies = (occupancy.get(end)?.[enemy] ?? 0) > 0;
    const moved = way.steps ? -leaving - (likelySupplied(s, side, end, near) ? 0 : cut) : 0;
    const offMap = isOffMap(s, end) && end !== at;
    if (offMap) {
      // OC 7.1(5)[3]: the Axis scores the steps that break through at once.
      let steps = 0;
      for (const u of group) steps += s.units[u].steps;
      out.push({ at, group, way, attack: null, aim: null, value: 1.2 * steps + moved });
      continue;
    }
    if (!enemies) {
      const v = isArea(s, end) ? areaValue(side, end, plan, occupancy) : pointValue(s, side, end, plan);
      out.push({ at, group, way, attack: 'no', aim: null, value: (end === at ? 0 : v) + moved });
      continue;
    }
    const fight = combatValue(s, side, group, end, way.previous);
    const take = !isArea(s, end) && fight.cleared ? pointValue(s, side, end, plan) : 0;
    // OC-A09 R1: every unit aims at the enemy easiest to hit (the first of equals in data order).
    const aim = s.options.attackerTargets === 'before' ? easiest(s, unitsAt(s, end, enemy)) : null;
    out.push({ at, group, way, attack: 'yes', aim, value: fight.worth + take + moved });
    if (isArea(s, end))
      out.push({
        at,
        group,
        way,
        attack: 'no',
        aim: null,
        value: areaValue(side, end, plan, occupancy) + moved - 0.3,
      });
  }
  return out;
}

function activationOf(s: OcState, side: OcSide, rand: () => number): OcActivation {
  const locations = groupLocations(s, side);
  if (!locations.length) return { at: 'pass' };
  const plan = planOf(s);
  const occupancy = occupancyOf(s);
  const near = nearSupply(s, side);
  const looked = locations.length <= GROUPS_LOOKED_AT ? [...locations] : [];
  while (looked.length < Math.min(GROUPS_LOOKED_AT, locations.length)) {
    const at = locations[Math.floor(rand() * locations.length)];
    if (!looked.includes(at)) looked.push(at);
  }
  const options: Option[] = [];
  for (const at of looked) for (const o of optionsAt(s, side, at, plan, occupancy, near)) options.push(o);
  for (const o of options) o.value += NOISE * rand();
  options.sort(byValue);
  // The best few in turn until one is legal (leaving an area with enemies may be refused, OC 6.2(3)).
  for (const o of options.slice(0, 4)) {
    const act = activationOfOption(o);
    if (!checkActivation(s, side, act).length) return act;
  }
  return { at: 'pass' };
}

/** Play-out orders of a seat: purposeful at D4, the default orders elsewhere. */
export function playoutOrders(s: OcState, seat: SeatId, rand: () => number): OcOrders {
  const point = pointOf(s, seat);
  if (point !== 'OC-D4') return defaultOrders(s, seat);
  if (rand() < RANDOM_SHARE) return randomOrders(s, seat, rand);
  return { activation: activationOf(s, seat as OcSide, rand) };
}
