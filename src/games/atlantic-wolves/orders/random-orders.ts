/**
 * Random legal orders for simulations and property tests: the same choices as `choices()` (legal areas, targets,
 * attack slots) drawn with a caller-supplied `rand()` in [0, 1). Pure and allocation-light: no JSON cloning.
 */
import type { AwSide } from '../data/schema.ts';
import { indexOf, type DataIndex } from '../data/data-index.ts';
import { activeAir, activeShipPos, activeUbPos } from '../rules/combat.ts';
import type { AwOrders } from './schema.ts';
import { madeInIdOrder } from '../rules/flow.ts';
import { owingSeat } from '../rules/owed.ts';
import { ownNamesAt } from '../rules/hidden-units.ts';
import { overfull, placeholder, step1Pool } from '../rules/placement.ts';
import { turn5Count } from '../rules/reinforcement.ts';
import { responseDestinationPos } from '../rules/response-movement.ts';
import { capacityAt, scanAreas, shipAttacks, ubAttacks, ubsToPlace } from '../rules/arithmetic.ts';
import { at, record, type AwState } from '../state.ts';
import { pickOne, shuffled } from '../../../engine/shuffled.ts';

/** A source of uniform numbers in [0, 1). */
export type Rand = () => number;

/** Puts each id in a random area with room left; ids that fit nowhere are left out. */
function scatter(s: AwState, side: AwSide, ids: string[], rand: Rand): Record<string, string> {
  const areas = indexOf(s.data).areaIds;
  const counts = scanAreas(s)[side]; // shared: read at once, before anything moves
  if (room.length < areas.length) {
    room = new Int32Array(areas.length);
    open = new Int32Array(areas.length);
  }
  let total = 0; // areas with room left: their positions, ascending, are open[0] to open[total - 1]
  for (let a = 0; a < areas.length; a++) {
    room[a] = capacityAt(s, a, side) - counts[a];
    if (room[a] > 0) open[total++] = a;
  }
  const out = record<string>();
  for (const id of ids) {
    if (!total) break;
    const k = Math.floor(rand() * total);
    const a = open[k]; // the k-th area (from 0) that still has room
    out[id] = areas[a];
    if (--room[a] === 0) {
      for (let j = k + 1; j < total; j++) open[j - 1] = open[j];
      total--;
    }
  }
  return out;
}

/** Scratch lists of `scatter`, reused by every call: room left per area position, the areas with room. */
let room = new Int32Array(0);
let open = new Int32Array(0);

/** The one `stay` preference every random response table shares (orders are never changed once made). */
const STAY = ['stay'];

/** Every preference of two areas, by the areas' positions (`pairs[a * n + b]`), made once per data set. */
let pairsOf: { ix: DataIndex; pairs: string[][] } | null = null;

function areaPairs(ix: DataIndex): string[][] {
  if (pairsOf?.ix === ix) return pairsOf.pairs;
  const areas = ix.areaIds;
  const pairs: string[][] = [];
  for (const a of areas) for (const b of areas) pairs.push([a, b]);
  pairsOf = { ix, pairs };
  return pairs;
}

/** Random standing response preferences for a seat's units (about 70% of them), so most rolls need no message. */
function randomResponseTable(s: AwState, side: AwSide, rand: Rand): Record<string, string[]> {
  const ix = indexOf(s.data);
  const n = ix.areaIds.length;
  const pairs = areaPairs(ix);
  const table = record<string[]>();
  const units = side === 'allied' ? ix.allied : ix.german;
  for (let k = 0; k < units.length; k++) {
    if (rand() < 0.7) {
      if (rand() < 0.3) table[units[k].id] = STAY;
      else {
        const a = Math.floor(rand() * n); // as pickOne(areas, rand), twice
        table[units[k].id] = pairs[a * n + Math.floor(rand() * n)];
      }
    }
  }
  if (ix.idsSorted) madeInIdOrder(table); // units added in data order, which is id order here
  return table;
}

/** `shuffled` (the same draws, the same order) of a list nobody else holds, without copying it. */
function shuffleInPlace<T>(xs: T[], rand: Rand): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const x = xs[i];
    xs[i] = xs[j];
    xs[j] = x;
  }
  return xs;
}

/** Ids of a side's units at a location, in data order (as `unitsAt`). */
function idsAt(s: AwState, where: string, side: AwSide): string[] {
  const ix = indexOf(s.data);
  const units = s.data.units;
  const pos = side === 'german' ? ix.germanPos : ix.alliedPos;
  const out: string[] = [];
  for (let k = 0; k < pos.length; k++) if (s.loc[pos[k]] === where) out.push(units[pos[k]].id);
  return out;
}

/** Ids of the convoys at a location, in data order. */
function convoyIdsAt(s: AwState, where: string): string[] {
  const ix = indexOf(s.data);
  const out: string[] = [];
  for (const i of ix.convoyPos) if (s.loc[i] === where) out.push(s.data.units[i].id);
  return out;
}

/** D3 / D5: the units in use scattered over the areas (AW 6.0[1], 7.0[1]), often with a standing response table. */
function randomPlacement(s: AwState, side: AwSide, rand: Rand): AwOrders {
  let ids = shuffleInPlace(idsAt(s, 'used', side), rand);
  if (side === 'german') ids = ids.slice(0, ubsToPlace(s, ids.length));
  const o: AwOrders = { placement: scatter(s, side, ids, rand) };
  if (s.mode === 'mail' && rand() < 0.8) o.standing = { responseTable: randomResponseTable(s, side, rand) };
  return o;
}

/** D2: the blind-drawn units (all of them, or any number up to that with step2Draw = upTo) scattered, as counts. */
function randomStep2(s: AwState, draw: number, rand: Rand): Record<string, number> {
  const max = s.options.step2Draw === 'exact' ? draw : Math.floor(rand() * (draw + 1));
  const slots = Array.from({ length: max }, (_, i) => `s${i}`);
  const step2: Record<string, number> = {};
  for (const a of Object.values(scatter(s, 'allied', slots, rand))) step2[a] = (step2[a] ?? 0) + 1;
  return step2;
}

/** D3 in the standard game: the remaining units scattered, each face up or down. */
function randomStep3(s: AwState, rand: Rand): NonNullable<AwOrders['step3']> {
  const placed = scatter(s, 'allied', step1Pool(s), rand);
  const step3: NonNullable<AwOrders['step3']> = {};
  for (const id of Object.keys(placed)) step3[id] = { area: placed[id], face: rand() < 0.5 ? 'up' : 'down' };
  return step3;
}

/** D4a / D6a: the excess of each overfull area, drawn from its own units (Step-2 units by area, AW-A06). */
function randomOverflow(s: AwState, side: AwSide, rand: Rand): string[] {
  const named: string[] = [];
  for (const [area, excess] of Object.entries(overfull(s, side))) {
    named.push(...shuffled(ownNamesAt(s, area, side), rand).slice(0, excess));
  }
  return named;
}

/**
 * Per area position, the ids of a side's units there (or of the convoys), made when first asked for and shared by
 * every unit of that area (scratch lists, reused by the next call).
 */
const idsByArea: (string[] | undefined)[] = [];

/** Empties `idsByArea`, one slot per area of the state's data. */
function forgetIdsByArea(s: AwState): void {
  const n = indexOf(s.data).areaIds.length;
  if (idsByArea.length !== n) idsByArea.length = n; // a call into the runtime: only when the data set changes
  idsByArea.fill(undefined);
}

/** `n` random picks from `xs` (in draw order): an array of exactly `n` (a list grown by push reserves 17 slots). */
function picks(xs: readonly string[], n: number, rand: Rand): string[] {
  if (n === 1) return [pickOne(xs, rand)];
  if (n === 2) return [pickOne(xs, rand), pickOne(xs, rand)];
  if (n === 3) return [pickOne(xs, rand), pickOne(xs, rand), pickOne(xs, rand)];
  const list: string[] = [];
  for (let k = 0; k < n; k++) list.push(pickOne(xs, rand));
  return list;
}

/** D9: each attack of each escort ship on a random UB of its area. */
function randomEscorts(s: AwState, rand: Rand): Record<string, string[]> {
  const escorts = record<string[]>(); // keys in data order, but any subset of the units
  const units = s.data.units;
  const code = scanAreas(s).code;
  forgetIdsByArea(s);
  for (const i of activeShipPos(s)) {
    const u = units[i];
    const a = code[i]; // >= 0: an active ship is on the map
    idsByArea[a] ??= idsAt(s, s.loc[i], 'german');
    escorts[u.id] = picks(idsByArea[a], shipAttacks(u), rand);
  }
  return escorts;
}

/** D10: each attack of each UB on a random convoy of its area. */
function randomUbs(s: AwState, rand: Rand): Record<string, string[]> {
  const ubs = record<string[]>(); // keys in data order, but any subset of the units
  const units = s.data.units;
  const code = scanAreas(s).code;
  forgetIdsByArea(s);
  for (const i of activeUbPos(s)) {
    const u = units[i];
    const a = code[i]; // >= 0: an active UB is on the map
    idsByArea[a] ??= convoyIdsAt(s, s.loc[i]);
    ubs[u.id] = picks(idsByArea[a], ubAttacks(s, u.id), rand);
  }
  return ubs;
}

/** Legal random orders for a seat at the current decision point ({} when it owes nothing). */
export function randomLegalOrders(s: AwState, seat: string, rand: Rand): AwOrders {
  if (owingSeat(s) !== seat) return {};
  const p = s.phase;
  switch (p.kind) {
    case 'reinforce':
      return { reinforce: shuffled(s.sunkUbs, rand).slice(0, turn5Count(s)) };
    case 'placement':
    case 'ub-placement':
      return randomPlacement(s, seat as AwSide, rand);
    case 'step2':
      return { step2: randomStep2(s, p.draw, rand) };
    case 'step3':
      return { step3: randomStep3(s, rand) };
    case 'overflow-name':
      return { overflow: randomOverflow(s, p.side, rand) };
    case 'overflow-replace':
      return {
        replace: scatter(
          s,
          p.side,
          p.units.map((_, i) => placeholder(i)),
          rand,
        ),
      };
    case 'response': {
      // One pick among 'stay' and the destinations, without building the joined list.
      const dests = responseDestinationPos(s, p.unit); // area positions, in the order of `responseDestinations`
      const k = Math.floor(rand() * (dests.length + 1));
      return { response: k === 0 ? 'stay' : indexOf(s.data).areaIds[dests[k - 1]] };
    }
    case 'air': {
      const air = record<string[]>(); // keys in data order, but any subset of the units
      for (const u of activeAir(s)) air[u.id] = idsAt(s, at(s, u.id), 'german').filter(() => rand() < 0.8);
      return { air };
    }
    case 'escorts':
      return { escorts: randomEscorts(s, rand) };
    case 'ubs':
      return { ubs: randomUbs(s, rand) };
    default:
      return {};
  }
}
