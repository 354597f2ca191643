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
import { indexOf } from '../data/data-index.ts';
import { areaScan } from '../rules/area-scan.ts';
import { activeShips, activeUbs, hasConvoy } from '../rules/combat.ts';
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
import { responseDestinations } from '../rules/response-movement.ts';
import { at, record, type AwState } from '../state.ts';
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
function areaTargets(s: AwState): { value: number[]; escorts: number[] } {
  const ix = indexOf(s.data);
  const n = ix.areaIds.length;
  const value = new Array<number>(n).fill(0);
  const escorts = new Array<number>(n).fill(0);
  const code = areaScan(s).code;
  const units = s.data.units;
  for (const i of ix.alliedPos) {
    const a = code[i];
    if (a < 0) continue;
    const u = units[i];
    if (u.type === 'convoy') value[a] += worth(s, u) * sinkChance(2, convoyStrength(u, s.turn, s.options.convoyBonus));
    else escorts[a] += u.type === 'air' ? 2 : u.type === 'CVE' ? 1.5 : 1;
  }
  return { value, escorts };
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
  const order = Array.from({ length: n }, (_, a) => a);
  const key = order.map((a) => -capacityAt(s, a, 'allied') + rand() * 0.5);
  order.sort((x, y) => key[x] - key[y]);
  const room = Array.from({ length: n }, (_, a) => capacityAt(s, a, 'allied'));
  const convoyVpAt = new Array<number>(n).fill(0);
  const escortsAt = new Array<number>(n).fill(0);
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
  const u = ix.unit.get(unit);
  const here = ix.areaPos.get(at(s, unit));
  const dests = responseDestinations(s, unit);
  if (!u || here === undefined || !dests.length) return { response: 'stay' };
  const sc = areaScan(s);
  const { value, escorts } = areaTargets(s);
  // How much the unit's owner gains by having it in area `a` (counts as they stand, the unit itself included here).
  const gain = (a: number): number => {
    const self = a === here ? 1 : 0;
    if (u.type === 'UB') return (value[a] / (sc.german[a] + 1 - self)) * 0.8 ** escorts[a];
    if (u.type === 'convoy') return -(sc.german[a] + 0.3 * value[a]) + 0.2 * escorts[a];
    return sc.convoys[a] > 0 ? sc.german[a] / (escorts[a] + 1 - self) : 0;
  };
  let best = 'stay';
  let bestGain = gain(here) + 0.05;
  for (const d of dests) {
    const g = gain(ix.areaPos.get(d)!) + rand() * 0.1;
    if (g > bestGain) {
      bestGain = g;
      best = d;
    }
  }
  return { response: best };
}

/** D9: one attack on each UB not yet attacked (strongest first), then the rest on the strongest UB of the area. */
function escortAttacks(s: AwState, rand: Rand): AwOrders {
  const escorts = record<string[]>();
  const ix = indexOf(s.data);
  const covered = new Set(s.t.attacked);
  const byArea = new Map<string, AwUnit[]>();
  for (const i of ix.germanPos) {
    const a = s.loc[i];
    if (!ix.areaPos.has(a)) continue;
    const list = byArea.get(a);
    if (list) list.push(s.data.units[i]);
    else byArea.set(a, [s.data.units[i]]);
  }
  for (const list of byArea.values()) list.sort((x, y) => ubStrength(s, y) - ubStrength(s, x) || rand() - 0.5);
  // The strongest ships first: their hits more often add up to the 3 damage that sinks a UB (AW 8.2[11]).
  const ships = activeShips(s).sort(
    (x, y) =>
      escortStrength(y, s.turn, hasConvoy(s, at(s, y.id))) - escortStrength(x, s.turn, hasConvoy(s, at(s, x.id))),
  );
  for (const ship of ships) {
    const ubs = byArea.get(at(s, ship.id)) ?? [];
    if (!ubs.length) continue;
    const list: string[] = [];
    for (let j = shipAttacks(ship); j > 0; j--) {
      const fresh = ubs.find((u) => !covered.has(u.id));
      const target = fresh ?? ubs[0];
      covered.add(target.id);
      list.push(target.id);
    }
    escorts[ship.id] = list;
  }
  return { escorts };
}

/** D10: every attack of every UB (strongest first) on the convoy of its area where it adds the most expected VP. */
function ubAttackOrders(s: AwState, rand: Rand): AwOrders {
  const ix = indexOf(s.data);
  const ubs = record<string[]>();
  const survive = new Map<string, number>(); // chance each convoy is still afloat after the attacks allocated so far
  const attackers = activeUbs(s).sort((x, y) => ubStrength(s, y) - ubStrength(s, x));
  const convoysAt = new Map<string, AwUnit[]>();
  for (const u of attackers) {
    const area = at(s, u.id);
    let convoys = convoysAt.get(area);
    if (!convoys) {
      convoys = [];
      for (const i of ix.convoyPos) if (s.loc[i] === area) convoys.push(s.data.units[i]);
      convoysAt.set(area, convoys);
    }
    const strength = ubStrength(s, u);
    const list: string[] = [];
    for (let j = ubAttacks(s, u.id); j > 0; j--) {
      let best = convoys[0];
      let bestGain = Number.NEGATIVE_INFINITY;
      for (const c of convoys) {
        const p = sinkChance(strength, convoyStrength(c, s.turn, s.options.convoyBonus));
        const gain = worth(s, c) * (survive.get(c.id) ?? 1) * p + rand() * 0.01;
        if (gain > bestGain) {
          bestGain = gain;
          best = c;
        }
      }
      const p = sinkChance(strength, convoyStrength(best, s.turn, s.options.convoyBonus));
      survive.set(best.id, (survive.get(best.id) ?? 1) * (1 - p));
      list.push(best.id);
    }
    ubs[u.id] = list;
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
