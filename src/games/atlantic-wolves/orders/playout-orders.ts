/**
 * The computer player's play-out orders (the package's `playoutOrders`): cheap, legal and purposeful, with chance
 * from `rand` so that play-outs vary. Where a decision point is not worth a heuristic (D1, D2, D4, D6, D8) it plays
 * the random legal orders.
 * - D3 Allied placement (AW 12.0-2): the convoys in as few areas as they fit in, with escorts beside them (escorts
 *   only fight in their own area, AW 8.2[1]; air attacks every UB there, AW 8.1).
 * - D5 UB placement (AW 7.0): each UB to the area whose convoys promise the most VP for one more UB, fewer where
 *   escorts wait.
 * - D7 response movement (AW 12.0-3): a convoy steps away from UBs, an escort or UB towards the fight.
 * - D9 escort attacks (AW 8.2, 8.3[2]): first one attack on every UB not yet attacked (it then makes 2 attacks, not
 *   3), the strongest first; the rest on the strongest UB.
 * - D10 UB attacks (AW 8.3[4]): each attack where it adds the most expected VP, given the attacks already allocated.
 */
import type { AwSide, AwUnit } from '../data/schema.ts';
import { indexOf, type DataIndex } from '../data/data-index.ts';
import { areaScan, type AreaScan } from '../rules/area-scan.ts';
import { activeShipPos, activeUbPos } from '../rules/combat.ts';
import {
  capacityAt,
  convoyStrength,
  convoyVp,
  escortStrength,
  placeable,
  shipAttacks,
  ubAttacks,
  ubStrength,
  ubsToPlace,
} from '../rules/arithmetic.ts';
import { owingSeat } from '../rules/owed.ts';
import { responseDestinationPos } from '../rules/response-movement.ts';
import { record, type AwState } from '../state.ts';
import { shuffled } from '../../../engine/shuffled.ts';
import { randomLegalOrders, type Rand } from './random-orders.ts';
import type { AwOrders } from './schema.ts';

/** Chance that one attack of a UB of `strength` sinks a convoy of modified strength `need` (AW 8.3[4]: d6 + s ≥ need). */
export function sinkChance(strength: number, need: number): number {
  return Math.min(1, Math.max(0, (7 - need + strength) / 6));
}

/** What a convoy is worth to the German: its VP, a little for a ☆ convoy (it still soaks attacks, AW-A18). */
const worth = (s: AwState, c: AwUnit): number => convoyVp(s, c) || 0.1;

/** Per area position: the VP one typical UB (strength 2) expects to sink there, and the Allied escorts there. */
interface AreaTargets {
  value: number[];
  escorts: number[];
}

/** The `AreaTargets` of a state: the sums of the `targetWeights` of the Allied units in each area. */
function areaTargets(s: AwState): AreaTargets {
  const ix = indexOf(s.data);
  const n = ix.areaIds.length;
  const value = new Array<number>(n).fill(0);
  const escorts = new Array<number>(n).fill(0);
  const code = areaScan(s).code;
  const weight = targetWeights(s);
  for (const i of ix.alliedPos) {
    const a = code[i];
    if (a < 0) continue;
    if (ix.isConvoy[i]) value[a] += weight[i];
    else escorts[a] += weight[i];
  }
  return { value, escorts };
}

/** Per data set: the `targetWeights` made so far, by `weightKey`. */
const weightCache = new WeakMap<DataIndex, number[][]>();

/**
 * Per unit position, what an Allied unit adds to its area's `AreaTargets`: a convoy its worth times the chance that
 * one typical UB (strength 2) sinks it, an escort its weight against UBs. They depend only on the turn and on two
 * options (☆ convoy VP, AW 10.0-E4; the E1 bonus, AW 10.0-E1), so each set is made once.
 */
function targetWeights(s: AwState): number[] {
  const ix = indexOf(s.data);
  let made = weightCache.get(ix);
  if (!made) {
    made = [];
    weightCache.set(ix, made);
  }
  const key = s.turn * 4 + (s.options.starConvoyVp === 'never' ? 2 : 0) + (s.options.convoyBonus === 'all' ? 1 : 0);
  let weight = made[key];
  if (!weight) {
    weight = [];
    for (let i = 0; i < ix.isConvoy.length; i++) {
      const u = s.data.units[i];
      if (u.side !== 'allied') weight.push(0);
      else if (u.type === 'convoy')
        weight.push(worth(s, u) * sinkChance(2, convoyStrength(u, s.turn, s.options.convoyBonus)));
      else weight.push(u.type === 'air' ? 2 : u.type === 'CVE' ? 1.5 : 1);
    }
    made[key] = weight;
  }
  return weight;
}

/** D5: each UB, strongest first, to the area where one more UB adds the most; a little noise from `rand`. */
function ubPlacement(s: AwState, rand: Rand): AwOrders {
  const ix = indexOf(s.data);
  const used = placeable(s, 'german').sort((a, b) => b.strength - a.strength);
  const ubs = used.slice(0, ubsToPlace(s, used.length));
  const { value, escorts } = areaTargets(s);
  const counts = areaScan(s).german.slice();
  const placement = record<string>();
  for (const u of ubs) {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let a = 0; a < counts.length; a++) {
      if (counts[a] >= capacityAt(s, a, 'german')) continue;
      // Each further UB in an area finds fewer convoys left to sink; escorts cut its attacks and may sink it.
      const score = (value[a] / (1 + counts[a])) * 0.8 ** escorts[a] + rand() * 0.6;
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    if (best < 0) break;
    placement[u.id] = ix.areaIds[best];
    counts[best]++;
  }
  return { placement };
}

/**
 * D3 (mail): the convoys fill the areas in order of capacity, largest first (with a little noise), so that they
 * stand in as few areas as possible, each leaving a random share of its room to escorts; the escorts then join the
 * convoys, the areas with most convoy VP per escort first; what is left goes wherever there is room. Few convoy areas
 * means few UBs that meet a convoy unless the German seeks them out, and escorts beside them cut the attacks of those
 * that do (AW 8.3[2]).
 */
function alliedPlacement(s: AwState, rand: Rand): AwOrders {
  const ix = indexOf(s.data);
  const n = ix.areaIds.length;
  const units = placeable(s, 'allied');
  const convoys = shuffled(
    units.filter((u) => u.type === 'convoy'),
    rand,
  );
  const escorts = shuffled(
    units.filter((u) => u.type !== 'convoy'),
    rand,
  );
  // Plain loops rather than Array.from({ length }), which is slow in V8 (it iterates an array-like).
  const order: number[] = [];
  const key: number[] = [];
  const room: number[] = []; // Allied capacity is the printed 配置数 (AW 6.0-C1)
  const convoyVpAt: number[] = [];
  const escortsAt: number[] = [];
  for (let a = 0; a < n; a++) {
    order.push(a);
    key.push(-ix.capacity[a] + rand() * 0.5);
    room.push(ix.capacity[a]);
    convoyVpAt.push(0);
    escortsAt.push(0);
  }
  order.sort((x, y) => key[x] - key[y]);
  const placement = record<string>();
  // The escorts are fewer than the room: keep up to this many places per convoy area for them.
  const keep = Math.floor(rand() * 3);
  let k = 0;
  for (const a of order) {
    const take = Math.max(1, room[a] - keep);
    for (let j = 0; j < take && k < convoys.length; j++, k++) {
      placement[convoys[k].id] = ix.areaIds[a];
      room[a]--;
      convoyVpAt[a] += worth(s, convoys[k]);
    }
    if (k >= convoys.length) break;
  }
  // Convoys left over (every area's share taken): wherever there is room.
  for (; k < convoys.length; k++) {
    const a = order.find((x) => room[x] > 0);
    if (a === undefined) break;
    placement[convoys[k].id] = ix.areaIds[a];
    room[a]--;
    convoyVpAt[a] += worth(s, convoys[k]);
  }
  for (const e of escorts) {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let a = 0; a < n; a++) {
      if (room[a] <= 0) continue;
      const score = convoyVpAt[a] / (1 + escortsAt[a]) + rand() * 0.5;
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    if (best < 0) break;
    placement[e.id] = ix.areaIds[best];
    room[best]--;
    escortsAt[best]++;
  }
  return { placement };
}

/** D7: where the rolled unit goes (`stay` unless an adjacent area is clearly better for its owner). */
function response(s: AwState, unit: string, rand: Rand): AwOrders {
  const ix = indexOf(s.data);
  const i = ix.order.get(unit);
  const dests = responseDestinationPos(s, unit);
  const sc = areaScan(s);
  const here = i === undefined ? -1 : sc.code[i];
  if (i === undefined || here < 0 || !dests.length) return { response: 'stay' };
  const u = s.data.units[i];
  const targets = areaTargets(s);
  let best = -1; // stay
  let bestGain = responseGain(u, here, here, sc, targets) + 0.05;
  for (const d of dests) {
    const g = responseGain(u, d, here, sc, targets) + rand() * 0.1;
    if (g > bestGain) {
      bestGain = g;
      best = d;
    }
  }
  return { response: best < 0 ? 'stay' : ix.areaIds[best] };
}

/**
 * How much the owner of unit `u`, now in area `here`, gains by having it in area `a` (counts as they stand, the unit
 * itself included in `here`).
 */
function responseGain(u: AwUnit, a: number, here: number, sc: AreaScan, t: AreaTargets): number {
  const self = a === here ? 1 : 0;
  if (u.type === 'UB') return (t.value[a] / (sc.german[a] + 1 - self)) * 0.8 ** t.escorts[a];
  if (u.type === 'convoy') return -(sc.german[a] + 0.3 * t.value[a]) + 0.2 * t.escorts[a];
  return sc.convoys[a] > 0 ? sc.german[a] / (t.escorts[a] + 1 - self) : 0;
}

/** D9: one attack on each UB not yet attacked (strongest first), then the rest on the strongest UB of the area. */
function escortAttacks(s: AwState, rand: Rand): AwOrders {
  const escorts = record<string[]>();
  const ix = indexOf(s.data);
  const units = s.data.units;
  const code = areaScan(s).code;
  const covered = new Uint8Array(units.length); // by unit position
  for (const id of s.t.attacked) {
    const k = ix.order.get(id);
    if (k !== undefined) covered[k] = 1;
  }
  // The UBs (positions) of each area, areas in order of their first UB in data order.
  const ubsAt: number[][] = [];
  const areas: number[] = [];
  const strength: number[] = [];
  for (const i of ix.germanPos) {
    const a = code[i];
    if (a < 0) continue;
    strength[i] = ubStrength(s, units[i]);
    if (ubsAt[a]) ubsAt[a].push(i);
    else {
      ubsAt[a] = [i];
      areas.push(a);
    }
  }
  for (const a of areas) ubsAt[a].sort((x, y) => strength[y] - strength[x] || rand() - 0.5);
  // The strongest ships first: their hits more often add up to the 3 damage that sinks a UB (AW 8.2[11]).
  const ships = activeShipPos(s);
  const sc = areaScan(s);
  for (const i of ships) strength[i] = escortStrength(units[i], s.turn, sc.convoys[code[i]] > 0);
  ships.sort((x, y) => strength[y] - strength[x]);
  for (const i of ships) {
    const ubs = ubsAt[code[i]];
    if (!ubs) continue;
    const list: string[] = [];
    for (let j = shipAttacks(units[i]); j > 0; j--) {
      let target = ubs[0]; // the strongest, unless one is not yet attacked
      for (const k of ubs) {
        if (!covered[k]) {
          target = k;
          break;
        }
      }
      covered[target] = 1;
      list.push(units[target].id);
    }
    escorts[units[i].id] = list;
  }
  return { escorts };
}

/** D10: every attack of every UB (strongest first) on the convoy of its area where it adds the most expected VP. */
function ubAttackOrders(s: AwState, rand: Rand): AwOrders {
  const ix = indexOf(s.data);
  const ubs = record<string[]>();
  const units = s.data.units;
  const code = areaScan(s).code;
  // Per convoy position: its worth, its modified strength, and the chance it is still afloat after the attacks
  // allocated so far.
  const worthOf: number[] = [];
  const need: number[] = [];
  const survive: number[] = [];
  const convoysAt: number[][] = []; // by area position, data order
  for (const i of ix.convoyPos) {
    const a = code[i];
    if (a < 0) continue;
    worthOf[i] = worth(s, units[i]);
    need[i] = convoyStrength(units[i], s.turn, s.options.convoyBonus);
    survive[i] = 1;
    if (convoysAt[a]) convoysAt[a].push(i);
    else convoysAt[a] = [i];
  }
  const attackers = activeUbPos(s);
  const strength: number[] = [];
  for (const i of attackers) strength[i] = ubStrength(s, units[i]);
  attackers.sort((x, y) => strength[y] - strength[x]);
  const sink: number[] = []; // per convoy position: the chance that one attack of the current UB sinks it
  for (const i of attackers) {
    const convoys = convoysAt[code[i]];
    for (const c of convoys) sink[c] = sinkChance(strength[i], need[c]);
    const list: string[] = [];
    for (let j = ubAttacks(s, units[i].id); j > 0; j--) {
      let best = convoys[0];
      let bestGain = Number.NEGATIVE_INFINITY;
      for (const c of convoys) {
        const gain = worthOf[c] * survive[c] * sink[c] + rand() * 0.01;
        if (gain > bestGain) {
          bestGain = gain;
          best = c;
        }
      }
      survive[best] *= 1 - sink[best];
      list.push(units[best].id);
    }
    ubs[units[i].id] = list;
  }
  return { ubs };
}

/**
 * How often a play-out's German places the UBs at random instead of by `ubPlacement`. With the reconstructed data a
 * German who always finds the convoys wins nearly every game (AW 7.0: UBs are placed after the Allies, face up), so
 * Allied orders would all score alike against him; a German who is careless half the time lets the search tell the
 * Allied placements apart, and still punishes the bad ones.
 */
const CARELESS_UB_PLACEMENT = 0.5;

/** Play-out orders of a seat at the current decision point ({} when it owes nothing). */
export function playoutOrders(s: AwState, seat: string, rand: Rand): AwOrders {
  if (owingSeat(s) !== seat) return {};
  const p = s.phase;
  switch (p.kind) {
    case 'placement':
      return alliedPlacement(s, rand);
    case 'ub-placement':
      return rand() < CARELESS_UB_PLACEMENT ? randomLegalOrders(s, 'german', rand) : ubPlacement(s, rand);
    case 'response':
      return response(s, p.unit, rand);
    case 'escorts':
      return escortAttacks(s, rand);
    case 'ubs':
      return ubAttackOrders(s, rand);
    default:
      return randomLegalOrders(s, seat as AwSide, rand);
  }
}
