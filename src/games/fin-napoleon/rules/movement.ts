/**
 * FN 9.1 movement: the area graph (land and sea adjacency, FN 1.1[8]), the legality of one unit's path with errors
 * that name the broken link, the path choice a form offers, and the execution of the moves with sea attrition
 * (FN 9.13[3]).
 */
import { graphOf, type Graph, neighbours } from '../../../engine/geometry/graph.ts';
import { pathSpecOf } from '../../../engine/geometry/path-spec.ts';
import type { PathSpec, ResolveContext, RuleError } from '../../../engine/types.ts';
import type { Nation } from '../data/schema.ts';
import type { Activation } from '../orders/schema.ts';
import {
  areaIds,
  areaName,
  areaRank,
  areaToChange,
  enemiesOfFrance,
  type FnState,
  isSea,
  nationName,
  unitsOf,
} from '../state.ts';
import { knownPurpose, rollD6 } from './dice.ts';
import { loseFrenchUnits } from './morale.ts';
import { err } from './error.ts';

const graphs = new WeakMap<object, Graph>();
const adjacency = new WeakMap<object, Map<string, string[]>>();

/** The areas next to each area, in id order (built once per data set). */
export function adjacentAreas(s: FnState, area: string): readonly string[] {
  let adj = adjacency.get(s.data);
  if (!adj) {
    const g = areaGraph(s);
    adj = new Map(g.nodes.map((n) => [n, neighbours(g, n)]));
    adjacency.set(s.data, adj);
  }
  return adj.get(area) ?? [];
}

/** The area graph of a data set, both ways (built once per data set: data sets are never changed). */
export function areaGraph(s: FnState): Graph {
  const known = graphs.get(s.data);
  if (known) return known;
  const edges = [...s.data.land, ...s.data.sea].map(([from, to]) => ({ from, to }));
  const g = graphOf(edges, { undirected: true, nodes: areaIds(s) });
  graphs.set(s.data, g);
  return g;
}

/** FN 9.11[1], 9.12[1]: areas a unit may move. */
export const moveAllowance = (n: Nation): number => (n === 'france' ? 2 : 1);

/** FN 9.11[2]: an Allied unit starting with French units may not move straight into an area with French units. */
const blockedByFrench = (s: FnState, n: Nation, from: string, to: string): boolean =>
  n !== 'france' && unitsOf(s, from, 'france') > 0 && unitsOf(s, to, 'france') > 0;

/** FN 9.12[3], [4]: a French unit entering a land area with 2 or more at-war Allied units stops there. */
const stopsFrance = (s: FnState, areaId: string): boolean => !isSea(s, areaId) && enemiesOfFrance(s, areaId) >= 2;

/**
 * Whether one unit's path is legal, without building errors (the random player tries many): the same rules as
 * `checkPath`, which a test holds it to.
 */
export function pathIsLegal(s: FnState, n: Nation, from: string, path: readonly string[]): boolean {
  if (path.length === 0) return true;
  if (n === 'spain' || path.length > moveAllowance(n)) return false;
  let at = from;
  for (let i = 0; i < path.length; i++) {
    const to = path[i];
    if (to === from || (i > 0 && path[i - 1] === to) || !adjacentAreas(s, at).includes(to)) return false;
    at = to;
  }
  return graphPathIsLegal(s, n, from, path);
}

/**
 * `pathIsLegal` for a path already known to follow the area graph within the unit's allowance, without entering an
 * area twice (the random player's precomputed paths): where it ends, stops and starts (FN 9.13[3], 9.12[3], 9.11[2]).
 */
export function graphPathIsLegal(s: FnState, n: Nation, from: string, path: readonly string[]): boolean {
  if (n !== 'britain' && isSea(s, path[path.length - 1])) return false;
  if (n === 'france' && path.length > 1 && stopsFrance(s, path[0])) return false;
  return !blockedByFrench(s, n, from, path[0]);
}

/** FN 9.1[2]: each step to an adjacent area, naming the broken link; no area entered twice. */
function linkErrors(s: FnState, from: string, path: string[], key: string): RuleError[] {
  const errors: RuleError[] = [];
  let at = from;
  for (const [i, to] of path.entries()) {
    if (!adjacentAreas(s, at).includes(to)) {
      const [a, b] = [areaName(s, at), areaName(s, to)];
      const en = `${a.en} to ${b.en}: the areas are not adjacent`;
      errors.push(err('not-adjacent', 'FN 9.1[2]', `${key}.${i}`, en, `${a.ja}から${b.ja}へ: 隣接していません`));
    }
    at = to;
  }
  if (errors.length === 0 && new Set([from, ...path]).size !== path.length + 1) {
    errors.push(err('revisit', 'FN 9.1[2]', key, 'a path enters an area twice', '同じエリアに2回入っています'));
  }
  return errors;
}

/** FN 9.13[3], 9.12[3], 9.11[2]: where a path may end, stop, and start from. */
function endErrors(s: FnState, n: Nation, from: string, path: string[], key: string): RuleError[] {
  const errors: RuleError[] = [];
  const last = areaName(s, path[path.length - 1]);
  const first = areaName(s, path[0]);
  if (n !== 'britain' && isSea(s, path[path.length - 1])) {
    const en = `only British units may stay at sea (${last.en})`;
    errors.push(err('sea-end', 'FN 9.13[3]', key, en, `海エリア（${last.ja}）に留まれるのはイギリス軍だけです`));
  }
  if (n === 'france' && path.length > 1 && stopsFrance(s, path[0])) {
    const en = `${first.en} holds 2 or more enemy units: the move stops there`;
    errors.push(err('must-stop', 'FN 9.12[3]', key, en, `${first.ja}には敵ユニットが2以上あるため、そこで停止します`));
  }
  if (blockedByFrench(s, n, from, path[0])) {
    const start = areaName(s, from);
    const en = `from ${start.en}, which holds French units, a unit cannot move into ${first.en}, which also holds French units`;
    const ja = `フランス軍のいる${start.ja}から、フランス軍のいる${first.ja}へは移動できません`;
    errors.push(err('french-to-french', 'FN 9.11[2]', key, en, ja));
  }
  return errors;
}

/**
 * Every problem with one unit's path from `from` (the areas entered, in order); `key` is its path in the orders.
 * Every fault is reported at once: the allowance, each broken link, and where the path ends, stops and starts.
 */
export function checkPath(s: FnState, n: Nation, from: string, path: string[], key: string): RuleError[] {
  if (path.length === 0) return [];
  if (n === 'spain') {
    return [err('spain-fixed', 'FN 9.11[3]', key, 'Spanish units cannot move', 'スペイン軍ユニットは移動できません')];
  }
  const errors: RuleError[] = [];
  const a = moveAllowance(n);
  if (path.length > a) {
    const who = nationName(s, n);
    const rule = n === 'france' ? 'FN 9.12[1]' : 'FN 9.11[1]';
    errors.push(
      err(
        'too-far',
        rule,
        key,
        `${who.en} units move at most ${a} area(s)`,
        `${who.ja}軍は${a}エリアまでしか移動できません`,
      ),
    );
  }
  return [...errors, ...linkErrors(s, from, path, key), ...endErrors(s, n, from, path, key)];
}

/** The path choice of one unit of nation `n` in `from` (FN 9.1): budget, stops, seas it may not end in. */
export function pathChoice(s: FnState, n: Nation, from: string): PathSpec {
  const g = areaGraph(s);
  if (n === 'spain') return { from, edges: [], budget: 0 };
  const seas = areaIds(s).filter((a) => isSea(s, a));
  if (n === 'france') {
    const stopAt = areaIds(s).filter((a) => a !== from && stopsFrance(s, a));
    return pathSpecOf(g, from, 2, { stopAt, noEndAt: seas });
  }
  const legal = (e: { to: string }) => (n === 'britain' || !isSea(s, e.to)) && !blockedByFrench(s, n, from, e.to);
  return pathSpecOf(g, from, 1, { legal });
}

/** A slot key's start area and number: `RH2` -> ['RH', 2]. */
export function slotOf(key: string): [string, number] {
  const known = slots.get(key);
  if (known) return known;
  const m = /^([A-Z]{2,3})(\d+)$/.exec(key)!;
  const slot: [string, number] = [m[1], Number(m[2])];
  if (slots.size < 10_000) slots.set(key, slot);
  return slot;
}
const slots = new Map<string, [string, number]>();

/** One slot of a move order, ready to execute: its key, start and end areas, and whether it crosses a sea area. */
interface PlannedMove {
  key: string;
  from: string;
  to: string;
  /** A sea area before the last one (FN 9.13[3]: the sea attrition roll, for a non-British unit). */
  crossesSea: boolean;
}

/**
 * The slots of a move order in execution order, area order of the data set, then number (FN 9.1[4]), each with what
 * its execution needs. The last few are kept by move order and data set (orders are never changed once given): an
 * odds preview executes the same order thousands of times. Shared: do not change.
 */
function movePlan(s: FnState, move: Readonly<Record<string, string[]>>): readonly PlannedMove[] {
  for (let i = 0; i < recent.length; i++) {
    const known = recent[i];
    if (known.move === move && known.data === s.data) return known.plan;
  }
  // One pass over the slots, then a stable sort by rank (ties keep the keys' order), unless the keys came in that
  // order already (as the random player gives them).
  const ranked: (PlannedMove & { rank: number })[] = [];
  let ordered = true;
  const keys = Object.keys(move);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const path = move[key];
    if (path.length === 0) continue;
    const [from, n] = slotOf(key);
    let crossesSea = false;
    for (let j = 0; j < path.length - 1; j++) if (isSea(s, path[j])) crossesSea = true;
    const rank = areaRank(s, from) * 100 + n;
    if (ranked.length > 0 && rank < ranked[ranked.length - 1].rank) ordered = false;
    ranked.push({ key, from, to: path[path.length - 1], crossesSea, rank });
  }
  const plan = ordered ? ranked : ranked.sort((a, b) => a.rank - b.rank);
  recent[next] = { move, data: s.data, plan };
  next = (next + 1) % RECENT;
  return plan;
}
// The plans of the last few move orders, by identity: an odds preview executes the same orders over and over, and a
// ring (unlike a weak map with an entry for every order ever executed) costs the collector nothing.
const RECENT = 8;
const recent: { move: object; data: object; plan: readonly PlannedMove[] }[] = [];
let next = 0;

/** The slots of a move order in execution order: area order of the data set, then number (FN 9.1[4]). */
export const slotsInOrder = (s: FnState, move: Readonly<Record<string, string[]>>): string[] =>
  movePlan(s, move).map((m) => m.key);

/** Units of `n` in an area that may still move: those that did not arrive by a move this activation (FN 9.1[4]). */
export const movable = (s: FnState, n: Nation, area: string, arrived?: Record<string, number>): number =>
  unitsOf(s, area, n) - (arrived?.[area] ?? 0);

/**
 * Every problem with the move orders of nation `n`: units that exist, legal paths (FN 9.1). One error per fault:
 * the slots beyond the units an area holds share one error, and units of one area given the same path share the
 * errors of that path (each error's path in the orders is the first such slot).
 */
export function checkMoves(
  s: FnState,
  n: Nation,
  move: Record<string, string[]>,
  base: string,
  arrived: Record<string, number> = {},
): RuleError[] {
  const errors: RuleError[] = [];
  const missing = new Map<string, string[]>();
  const checked = new Set<string>();
  for (const key of slotsInOrder(s, move)) {
    const [from, k] = slotOf(key);
    const have = areaIds(s).includes(from) ? movable(s, n, from, arrived) : 0;
    if (k < 1 || k > have) {
      missing.set(from, [...(missing.get(from) ?? []), key]);
      continue;
    }
    const same = `${from} ${move[key].join(' ')}`;
    if (checked.has(same)) continue;
    checked.add(same);
    errors.push(...checkPath(s, n, from, move[key], `${base}.${key}`));
  }
  for (const [from, keys] of missing) {
    const have = areaIds(s).includes(from) ? movable(s, n, from, arrived) : 0;
    const [who, where] = [nationName(s, n), areaName(s, from)];
    // The slots (FR2, FR3 ...) are the order's keys, not names: the message counts them instead.
    const en = `${keys.length} move(s) too many from ${where.en}: ${who.en} has ${have} unit(s) there that may move`;
    const ja = `${where.ja}からの移動が${keys.length}ユニット多すぎます: ${who.ja}軍が${where.ja}で移動できるのは${have}ユニットまで`;
    errors.push(err('no-unit', 'FN 9.1[1]', `${base}.${keys[0]}`, en, ja));
  }
  return errors;
}

/** A unit reaches its area; counted in `arrived` when the moves may halt (FN-A12: those units may not move on). */
function arrive(s: FnState, n: Nation, to: string, arrived: Record<string, number> | null): void {
  areaToChange(s, to)[n] += 1;
  if (arrived) arrived[to] = (arrived[to] ?? 0) + 1;
}

const SEA_ROLL = knownPurpose('FN 9.13[3]', { en: 'sea attrition (2-6: lost)', ja: '海上消耗（2〜6で除去）' });

/**
 * Executes the moves of the active nation, unit by unit, with the sea attrition roll (FN 9.13[3], FN-A10). With
 * `haltAfterSea` (FN-A12) it stops after a sea roll while moves remain: returns false, the phase asking for them.
 */
export function executeMoves(
  s: FnState,
  n: Nation,
  act: Activation,
  ctx: ResolveContext,
  given?: Record<string, number>,
): boolean {
  // Who arrived matters only to a halt (FN-A12): without one the count would be thrown away.
  const arrived = given ?? (act.haltAfterSea ? {} : null);
  const move = act.move ?? {};
  const plan = movePlan(s, move);
  for (let i = 0; i < plan.length; i++) {
    const { key, from, to } = plan[i];
    areaToChange(s, from)[n] -= 1;
    if (!ctx.silent) ctx.emit({ type: 'move', rule: 'FN 9.1', nation: n, from, path: move[key] });
    if (n === 'britain' || !plan[i].crossesSea) {
      arrive(s, n, to, arrived);
      continue;
    }
    const roll = rollD6(ctx, SEA_ROLL);
    const lost = roll >= 2;
    if (!ctx.silent) ctx.emit({ type: 'sea-attrition', rule: 'FN 9.13[3]', nation: n, area: to, roll, lost });
    if (lost && n === 'france') loseFrenchUnits(s, 1, ctx, 'FN 11.0[3a]');
    if (!lost) arrive(s, n, to, arrived);
    if (act.haltAfterSea && i < plan.length - 1) {
      const { move: _done, ...rest } = act;
      s.phase = { kind: 'moveOn', act: rest, arrived: arrived ?? {} };
      return false;
    }
  }
  return true;
}
