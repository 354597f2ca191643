/**
 * Movement (OC 6.2): the steps a group may take from a location, what each costs, and a whole path checked step by
 * step, each error naming the step that breaks. Roads join points (OC 6.2(1): coastal 0.5, rough 1); areas join
 * adjacent areas and the points they touch (OC 6.2(2): 2; point to area OC-A12); off-map points join the map by
 * their road (OC 4.2, OC-A15); the Axis leaves by the coastal road east (OC 7.1(5)).
 */
import { pathSpecOf, graphOf, type Edge } from '../../../engine/geometry/index.ts';
import type { PathSpec, RuleError } from '../../../engine/types.ts';
import type { OcRoadData } from '../data/schema.ts';
import { ocError } from '../orders/errors.ts';
import { enemyOf, indexOf, isArea, isOffMap, nameOf, type OcSide, type OcState } from '../state.ts';
import { anyUnitAt, enemyAloneAt, positionKey, unitsAt } from './occupancy.ts';

/** One step a group may take. */
export interface OcStep {
  from: string;
  to: string;
  cost: number;
  road?: OcRoadData;
}

// By data set, then options (a game's states share one options object), then location.
const connectionCache = new WeakMap<OcState['data'], WeakMap<OcState['options'], Map<string, readonly OcStep[]>>>();

/**
 * Every connection from a location, before the rules that depend on the position (OC 6.2(1), 6.2(2)). They depend
 * only on the map and two options: made once per data set, options and location, and shared (never changed).
 */
export function connections(s: OcState, from: string): readonly OcStep[] {
  if (lastConnections.data === s.data && lastConnections.options === s.options)
    return stepsFrom(s, lastConnections.byFrom!, from);
  let byOptions = connectionCache.get(s.data);
  if (!byOptions) {
    byOptions = new WeakMap();
    connectionCache.set(s.data, byOptions);
  }
  let byFrom = byOptions.get(s.options);
  if (!byFrom) {
    byFrom = new Map();
    byOptions.set(s.options, byFrom);
  }
  lastConnections = { data: s.data, options: s.options, byFrom };
  return stepsFrom(s, byFrom, from);
}

// The data set and options asked for last, and their connections: nearly every call asks of the same game.
let lastConnections: {
  data: OcState['data'] | null;
  options: OcState['options'] | null;
  byFrom: Map<string, readonly OcStep[]> | null;
} = { data: null, options: null, byFrom: null };

function stepsFrom(s: OcState, byFrom: Map<string, readonly OcStep[]>, from: string): readonly OcStep[] {
  let steps = byFrom.get(from);
  if (!steps) {
    steps = connectionsFrom(s, from);
    byFrom.set(from, steps);
  }
  return steps;
}

function connectionsFrom(s: OcState, from: string): OcStep[] {
  const ix = indexOf(s.data);
  const out: OcStep[] = [];
  for (const road of s.data.roads) {
    const to = road.from === from ? road.to : road.to === from ? road.from : null;
    if (!to) continue;
    const base = road.kind === 'coastal' ? 0.5 : 1;
    const cost = isOffMap(s, from) && s.options.offMapCost === 'free' ? 0 : base;
    out.push({ from, to, cost, road });
  }
  const area = ix.area.get(from);
  if (area) {
    for (const n of s.data.areas)
      if (n.id !== from && (area.neighbours.includes(n.id) || n.neighbours.includes(from))) {
        out.push({ from, to: n.id, cost: 2 });
      }
    for (const p of area.points) out.push({ from, to: p, cost: 2 });
  } else if (!isOffMap(s, from)) {
    for (const a of ix.areasAtPoint.get(from) ?? []) out.push({ from, to: a, cost: s.options.pointToAreaCost });
  }
  return out;
}

/** OC 6.2(1)[3], 5.1(3)①: a road next to an area holding enemy units and none of the side's (the group apart). */
export function roadBlocked(s: OcState, road: OcRoadData, side: OcSide, moving: readonly string[] = []): boolean {
  for (const a of road.areas)
    if (moving.length ? anyUnitAt(s, a, enemyOf(side)) && !anyUnitAt(s, a, side, moving) : enemyAloneAt(s, a, side))
      return true;
  return false;
}

/** Whether entering a location ends the move (OC 6.2(3)[4]: enemy in an area; OC-A13 R1: enemy at a point). */
export function stopsAt(s: OcState, side: OcSide, loc: string): boolean {
  if (!anyUnitAt(s, loc, enemyOf(side))) return false;
  return isArea(s, loc) || s.options.enemyPoint === 'stop';
}

/** OC 7.1(5)[1]: the Axis may leave the map only at the east edge, by the coastal road. */
export function mayEnterOffMap(s: OcState, side: OcSide, step: OcStep): boolean {
  const p = indexOf(s.data).point.get(step.to)?.offMap;
  return !!p && side === 'axis' && p.edge === 'east' && step.road?.kind === 'coastal';
}

/** Which position rule of OC 6.2 forbids the group a step, or null: the one check behind both below. */
function stepBlock(s: OcState, side: OcSide, group: readonly string[], step: OcStep): 'road' | 'off-map' | null {
  if (step.road && roadBlocked(s, step.road, side, group)) return 'road';
  if (isOffMap(s, step.to) && !mayEnterOffMap(s, side, step)) return 'off-map';
  return null;
}

/** Why a step may not be taken by the group, or null (the position rules of OC 6.2). */
function stepProblem(s: OcState, side: OcSide, group: readonly string[], step: OcStep): RuleError | null {
  const block = stepBlock(s, side, group, step);
  // The names are looked up only once there is an error to word.
  if (block === 'road') {
    const a = nameOf(s, step.from);
    const b = nameOf(s, step.to);
    return ocError('oc/move/road-blocked', 'OC 6.2(1)[3]', {
      en: `the road from ${a.en} to ${b.en} runs next to an area held only by the enemy`,
      ja: `${a.ja}から${b.ja}への道路は敵だけがいるエリアに隣接しています`,
    });
  }
  if (block === 'off-map') {
    const b = nameOf(s, step.to);
    return ocError('oc/move/off-map', 'OC 7.1(5)[1]', {
      en: `${b.en} is off the map: only the Axis may leave, east by the coastal road`,
      ja: `${b.ja}はマップ外です: 東端へ海岸道路で出られるのは枢軸軍だけです`,
    });
  }
  return null;
}

/** Whether the group may take a step in the position (`stepProblem` without wording the problem). */
export function stepAllowed(s: OcState, side: OcSide, group: readonly string[], step: OcStep): boolean {
  return stepBlock(s, side, group, step) === null;
}

/** The steps a group may take from `from` (legal in the position; budget and stops are the path's). */
export function legalSteps(s: OcState, side: OcSide, group: readonly string[], from: string): OcStep[] {
  return connections(s, from).filter((st) => stepAllowed(s, side, group, st));
}

/** The smallest movement allowance of a group (OC 6.2[2]). */
export function groupAllowance(s: OcState, group: readonly string[]): number {
  const ix = indexOf(s.data);
  let ma = Number.POSITIVE_INFINITY;
  for (const u of group) ma = Math.min(ma, ix.unit.get(u)!.ma);
  return ma;
}

/**
 * OC 6.2(3)[1]-[2], OC-A14: units leaving an area with enemies need as many friendly units left behind as there
 * are enemy units, unless their MA is greater than the greatest enemy MA there (judged per unit).
 */
function leaveProblem(s: OcState, side: OcSide, group: readonly string[], start: string): RuleError | null {
  const held = heldBack(s, side, group, start);
  if (!held) return null;
  const { bound, fastest, enemies, behind } = held;
  return ocError('oc/move/leave', 'OC 6.2(3)[1]', {
    en: `${bound.map((u) => nameOf(s, u).en).join(', ')} (MA ${fastest} or less) may leave only with ${enemies} friendly unit(s) left behind; ${behind} would stay`,
    ja: `${bound.map((u) => nameOf(s, u).ja).join('、')}(移動力${fastest}以下)は味方${enemies}ユニットを残さないと離脱できません(残るのは${behind})`,
  });
}

/**
 * What keeps the group from leaving `start` (OC 6.2(3)[1]): the units bound, the greatest enemy MA, the enemy
 * units and the friendly units that would stay; null when nothing does. No words: `leaveProblem` makes them.
 */
function heldBack(
  s: OcState,
  side: OcSide,
  group: readonly string[],
  start: string,
): { bound: string[]; fastest: number; enemies: number; behind: number } | null {
  if (!isArea(s, start) || !anyUnitAt(s, start, enemyOf(side))) return null;
  const enemies = unitsAt(s, start, enemyOf(side));
  const ix = indexOf(s.data);
  const fastest = Math.max(...enemies.map((e) => ix.unit.get(e)!.ma));
  const bound = group.filter((u) => ix.unit.get(u)!.ma <= fastest);
  const behind = unitsAt(s, start, side).filter((u) => !group.includes(u)).length;
  if (!bound.length || behind >= enemies.length) return null;
  return { bound, fastest, enemies: enemies.length, behind };
}

/** A path walked: where it ends, the location before the end, what it cost, and the first problem. */
export interface WalkedPath {
  end: string;
  previous: string;
  spent: number;
  error: RuleError | null;
}

/** Where a walk stands: the location, the one before, what it cost, what it entered. */
interface Walk {
  at: string;
  spent: number;
  seen: Set<string>;
}

/** The problem of the step `at → to` of a walk, or the step (OC 6.2, 6.2(3)[4], OC-A13, 7.1(5)). */
function nextStep(
  s: OcState,
  side: OcSide,
  group: readonly string[],
  w: Walk,
  to: string,
  first: boolean,
  ma: number,
): RuleError | OcStep {
  const { at } = w;
  if (!first && isOffMap(s, at))
    return ocError('oc/move/off-map-end', 'OC 7.1(5)[4]', {
      en: 'a unit that left the map cannot come back',
      ja: 'マップ外に出たユニットは戻れません',
    });
  if (!first && stopsAt(s, side, at))
    return ocError('oc/move/must-stop', isArea(s, at) ? 'OC 6.2(3)[4]' : 'OC-A13', {
      en: `the group had to stop in ${nameOf(s, at).en}, which holds enemy units`,
      ja: `${nameOf(s, at).ja}には敵ユニットがいるので停止しなければなりません`,
    });
  const step = connections(s, at).find((c) => c.to === to);
  if (!step)
    return ocError('oc/move/not-adjacent', 'OC 6.2(2)[3]', {
      en: `${nameOf(s, to).en} is not one step from ${nameOf(s, at).en} (no road, no shared border, or hills between)`,
      ja: `${nameOf(s, to).ja}は${nameOf(s, at).ja}の隣ではありません(道路も境界もないか、丘陵で隔てられています)`,
    });
  const problem = stepProblem(s, side, group, step);
  if (problem) return problem;
  if (w.seen.has(to))
    return ocError('oc/move/revisit', 'OC 6.2[1]', {
      en: `${nameOf(s, to).en} is entered twice`,
      ja: `${nameOf(s, to).ja}に2回入っています`,
    });
  if (w.spent + step.cost > ma)
    return ocError('oc/move/allowance', 'OC 6.2[2]', {
      en: `this step costs ${step.cost}, bringing the move to ${w.spent + step.cost}, more than the group's movement allowance ${ma}`,
      ja: `この1歩のコスト${step.cost}で合計${w.spent + step.cost}となり、グループの移動力${ma}を超えます`,
    });
  return step;
}

/** The last walk that broke no rule and what it was walked in (see `walkPath`; `position`: `positionKey`). */
let lastWalk: {
  position: number;
  options: OcState['options'] | null;
  side: OcSide;
  group: readonly string[];
  start: string;
  path: readonly string[];
  walked: WalkedPath | null;
} = { position: -1, options: null, side: 'british', group: [], start: '', path: [], walked: null };

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Checks a path step by step (OC 6.2); the error names the step that breaks and cites its rule. A legal walk is
 * remembered until the next: an activation is checked (by a player, or a queued one) and then walked again by the
 * resolve in the same position.
 */
export function walkPath(
  s: OcState,
  side: OcSide,
  group: readonly string[],
  start: string,
  path: readonly string[],
): WalkedPath {
  const last = lastWalk;
  if (
    last.position === positionKey(s) &&
    last.options === s.options &&
    last.side === side &&
    last.start === start &&
    sameList(last.path, path) &&
    sameList(last.group, group)
  )
    return last.walked!;
  const walked = walkUnremembered(s, side, group, start, path);
  if (!walked.error) remember(s, side, group, start, path, walked);
  return walked;
}

function remember(
  s: OcState,
  side: OcSide,
  group: readonly string[],
  start: string,
  path: readonly string[],
  walked: WalkedPath,
): void {
  lastWalk = { position: positionKey(s), options: s.options, side, group: [...group], start, path: [...path], walked };
}

/**
 * The walk of a path built step by step from `connections` (each step the first connection to its location) that
 * `stepAllowed` let the group take, within its allowance (`spent`: the costs summed in path order), entering no
 * location twice and going on from none where it must stop (`stopsAt`) or that is off the map: everything
 * `walkPath` checks but the leaving of an area with enemies (OC 6.2(3)). Null when that forbids the move; else the
 * walk `walkPath` would give, remembered as it remembers one.
 */
export function walkOfBuiltPath(
  s: OcState,
  side: OcSide,
  group: readonly string[],
  start: string,
  path: readonly string[],
  spent: number,
): WalkedPath | null {
  const n = path.length;
  if (n && heldBack(s, side, group, start)) return null;
  const walked = { end: n ? path[n - 1] : start, previous: n > 1 ? path[n - 2] : start, spent, error: null };
  remember(s, side, group, start, path, walked);
  return walked;
}

function walkUnremembered(
  s: OcState,
  side: OcSide,
  group: readonly string[],
  start: string,
  path: readonly string[],
): WalkedPath {
  const ma = groupAllowance(s, group);
  const w: Walk = { at: start, spent: 0, seen: new Set([start]) };
  let previous = start;
  const leave = path.length ? leaveProblem(s, side, group, start) : null;
  if (leave) return failedWalk(s, w, previous, path, 0, leave);
  for (let i = 0; i < path.length; i++) {
    const to = path[i];
    const step = nextStep(s, side, group, w, to, i === 0, ma);
    if ('code' in step) return failedWalk(s, w, previous, path, i, step);
    w.seen.add(to);
    w.spent += step.cost;
    previous = w.at;
    w.at = to;
  }
  return { end: w.at, previous, spent: w.spent, error: null };
}

/** The walk stopped by the error of step `i`, the error naming that step. */
function failedWalk(
  s: OcState,
  w: Walk,
  previous: string,
  path: readonly string[],
  i: number,
  e: RuleError,
): WalkedPath {
  const where = {
    en: `step ${i + 1} (${nameOf(s, w.at).en} → ${nameOf(s, path[i]).en})`,
    ja: `${i + 1}歩目(${nameOf(s, w.at).ja}→${nameOf(s, path[i]).ja})`,
  };
  const message = { en: `${where.en}: ${e.message.en}`, ja: `${where.ja}: ${e.message.ja}` };
  return { end: w.at, previous, spent: w.spent, error: { ...e, message, path: `activation.path.${i}` } };
}

/** The `path` choice of a group at `from` (the most generous group there: the validation checks the one chosen). */
export function movePathSpec(s: OcState, side: OcSide, from: string, units: readonly string[]): PathSpec {
  const ma = Math.max(...units.map((u) => indexOf(s.data).unit.get(u)!.ma));
  const edges: Edge[] = [];
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    if (seen.has(at)) continue;
    seen.add(at);
    if (isOffMap(s, at) && at !== from) continue;
    for (const st of legalSteps(s, side, units, at)) {
      edges.push({ from: st.from, to: st.to, cost: st.cost, via: st.road?.kind ?? 'area' });
      queue.push(st.to);
    }
  }
  const stops = [...seen].filter((l) => l !== from && stopsAt(s, side, l));
  const offMap = [...seen].filter((l) => l !== from && isOffMap(s, l));
  return pathSpecOf(graphOf(edges), from, ma, { stopAt: [...stops, ...offMap].sort() });
}
