/**
 * Default orders for a seat that missed its deadline: legal and deterministic (documented per decision point in
 * docs/atlantic-wolves.md). Placement fills areas in area id order up to capacity, units in id order; response: stay;
 * allocations: escorts on the strongest UB in their area, UBs spread over the weakest convoys.
 */
import type { AwSide, AwUnit } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { activeAir, activeShips, activeUbs } from '../rules/combat.ts';
import type { AwOrders } from './schema.ts';
import { owingSeat } from '../rules/owed.ts';
import { ownNamesAt } from '../rules/hidden-units.ts';
import { overfull, placeholder, step1Pool } from '../rules/placement.ts';
import { turn5Count } from '../rules/reinforcement.ts';
import {
  capacityAt,
  convoyStrength,
  sideCounts,
  placeable,
  shipAttacks,
  ubAttacks,
  ubStrength,
  ubsToPlace,
  unitsAt,
} from '../rules/arithmetic.ts';
import { at, type AwState } from '../state.ts';

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Ids sorted (in place); the common case, ids already in order (data sets listed by id), costs one pass. */
function sortIds(ids: string[]): string[] {
  for (let i = 1; i < ids.length; i++) if (ids[i - 1] > ids[i]) return ids.sort(byId);
  return ids;
}

/** Fills areas in area id order up to their remaining capacity; returns unit -> area for the first units that fit. */
function fill(s: AwState, side: AwSide, ids: string[]): Record<string, string> {
  const counts = sideCounts(s, side);
  // A plain object, not a hash-table `record`: keys always come in sorted order here, so the shapes stay few.
  const out: Record<string, string> = {};
  const areas = indexOf(s.data).areaIds;
  let ai = 0;
  for (const id of ids) {
    while (ai < areas.length && counts[ai] >= capacityAt(s, ai, side)) ai++;
    if (ai >= areas.length) break;
    out[id] = areas[ai];
    counts[ai]++;
  }
  return out;
}

/** The strongest UB in an area now (strength − damage, then data order). */
function strongestUb(s: AwState, area: string): string | undefined {
  let best: AwUnit | undefined;
  for (const u of unitsAt(s, area, 'german')) if (!best || ubStrength(s, u) > ubStrength(s, best)) best = u;
  return best?.id;
}

/** D1: the strongest sunk UBs return (then data order). */
function reinforceDefaults(s: AwState): string[] {
  const ix = indexOf(s.data);
  const sunk = s.sunkUbs
    .map((id) => ix.unit.get(id)!)
    .sort((a, b) => b.strength - a.strength || ix.order.get(a.id)! - ix.order.get(b.id)!);
  return sunk.slice(0, turn5Count(s)).map((u) => u.id);
}

/** D2: the blind-drawn units fill the areas in order, as counts per area. */
function step2Defaults(s: AwState, draw: number): Record<string, number> {
  const slots = Array.from({ length: draw }, (_, i) => `s${i}`);
  const counts: Record<string, number> = {};
  for (const a of Object.values(fill(s, 'allied', slots))) counts[a] = (counts[a] ?? 0) + 1;
  return counts;
}

/** D4a / D6a: the last units of each overfull area, face-down Step-2 units by area (AW-A06). */
function overflowDefaults(s: AwState, side: AwSide): string[] {
  const named: string[] = [];
  for (const [area, excess] of Object.entries(overfull(s, side)).sort()) {
    named.push(...ownNamesAt(s, area, side).slice(-excess));
  }
  return named;
}

/** D9: every attack of each escort ship on the strongest UB in its area. */
function escortDefaults(s: AwState): Record<string, string[]> {
  const escorts: Record<string, string[]> = {}; // keys in data order: a plain object keeps few shapes
  for (const u of activeShips(s)) {
    const t = strongestUb(s, at(s, u.id));
    if (t) {
      const list: string[] = [];
      for (let j = shipAttacks(u); j > 0; j--) list.push(t);
      escorts[u.id] = list;
    }
  }
  return escorts;
}

/** D10: the UBs of an area spread their attacks over its convoys, weakest first, each going on where the last left. */
function ubDefaults(s: AwState): Record<string, string[]> {
  const ix = indexOf(s.data);
  const ubs: Record<string, string[]> = {}; // keys in data order
  const next = new Map<string, number>();
  const sortedConvoys = new Map<string, AwUnit[]>(); // per area: the state does not change while allocating
  for (const u of activeUbs(s)) {
    const area = at(s, u.id);
    let convoys = sortedConvoys.get(area);
    if (!convoys) {
      convoys = unitsAt(s, area)
        .filter((c) => c.type === 'convoy')
        .sort(
          (a, b) =>
            convoyStrength(a, s.turn, s.options.convoyBonus) - convoyStrength(b, s.turn, s.options.convoyBonus) ||
            ix.order.get(a.id)! - ix.order.get(b.id)!,
        );
      sortedConvoys.set(area, convoys);
    }
    let k = next.get(area) ?? 0;
    const list: string[] = [];
    for (let j = ubAttacks(s, u.id); j > 0; j--) list.push(convoys[k++ % convoys.length].id);
    ubs[u.id] = list;
    next.set(area, k);
  }
  return ubs;
}

/** The default orders of a seat now ({} when it owes nothing). */
export function defaultOrders(s: AwState, seat: string): AwOrders {
  if (owingSeat(s) !== seat) return {}; // = currentPoint(s)?.seat, without building its prompt
  const p = s.phase;
  switch (p.kind) {
    case 'reinforce':
      return { reinforce: reinforceDefaults(s) };
    case 'placement':
      return { placement: fill(s, 'allied', sortIds(placeable(s, 'allied').map((u) => u.id))) };
    case 'ub-placement': {
      const ids = sortIds(placeable(s, 'german').map((u) => u.id));
      return { placement: fill(s, 'german', ids.slice(0, ubsToPlace(s, ids.length))) };
    }
    case 'step2':
      return { step2: step2Defaults(s, p.draw) };
    case 'step3': {
      const placed = fill(s, 'allied', sortIds(step1Pool(s)));
      return {
        step3: Object.fromEntries(Object.entries(placed).map(([id, area]) => [id, { area, face: 'down' as const }])),
      };
    }
    case 'overflow-name':
      return { overflow: overflowDefaults(s, p.side) };
    case 'overflow-replace':
      return {
        replace: fill(
          s,
          p.side,
          p.units.map((_, i) => placeholder(i)),
        ),
      };
    case 'response':
      return { response: 'stay' };
    case 'air':
      return {
        air: Object.fromEntries(activeAir(s).map((u) => [u.id, unitsAt(s, at(s, u.id), 'german').map((g) => g.id)])),
      };
    case 'escorts':
      return { escorts: escortDefaults(s) };
    case 'ubs':
      return { ubs: ubDefaults(s) };
    default:
      return {};
  }
}
