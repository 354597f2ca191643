/**
 * Where units stand (OC 2.1) and which may be activated (OC 6.1[2]), asked many times a step by movement, supply,
 * validation and the players. What one units record holds is kept in one slot of typed arrays by unit and location
 * number: worked out in full for a record it knows nothing of, and brought up to date unit by unit for the record a
 * resolve is changing (only the units handed out for change since, `unitChanges` in state.ts, are read again). The
 * queries then read counts and short lists instead of scanning every unit's state. Nothing here is part of the state.
 */
import { indexOf, unitChanges, type OcSide, type OcState } from '../state.ts';

const BRITISH = 0;
const AXIS = 1;
const sideNumber = (side: OcSide): number => (side === 'british' ? BRITISH : AXIS);

/** What is known of one units record: the one slot. */
const known = {
  data: null as OcState['data'] | null,
  units: null as OcState['units'] | null,
  /** The units handed out for change in `units` (state.ts `unitChanges`), and how many of them were read again. */
  log: null as readonly string[] | null,
  seen: 0,
  /** A number that moves whenever where units stand may have changed (`positionKey`). */
  position: 0,
  /** Per unit, in data order: the number of its location when on the map, else -1. */
  at: new Int16Array(0),
  /** Per unit, in data order: 1 when on the map and face up (it may be activated), else 0. */
  up: new Uint8Array(0),
  /** Per unit, in data order: its side number. */
  side: new Uint8Array(0),
  /** Per location number × 2 + side number: the side's units on the map there. */
  count: new Uint8Array(0),
  /** Per side number: the units that may be activated (those marked in `up`). */
  upCount: new Int32Array(2),
  /** Per side number: the ids of the units that may be activated, in data order (null: to be listed again). */
  free: null as string[][] | null,
};

let positions = 0;

/** The slot, describing the units record of `s`. */
function occupancy(s: OcState): typeof known {
  const units = s.units;
  if (known.units === units && known.data === s.data) {
    if (known.log && known.seen < known.log.length) catchUp(s);
    return known;
  }
  const changing = unitChanges(units);
  if (changing && changing.from === known.units && known.data === s.data) {
    // The record was copied from the one described: what the copy changed is all there is to read again (with what
    // the earlier record changed since it was last asked, read from the copy, which holds it too).
    catchUp(s);
    known.units = units;
    known.log = changing.log;
    known.seen = 0;
    catchUp(s);
    return known;
  }
  describe(s, changing?.log ?? null);
  return known;
}

/** Works the slot out in full for the units record of `s` (`log`: the units handed out for change in it so far). */
function describe(s: OcState, log: readonly string[] | null): void {
  const ix = indexOf(s.data);
  const all = s.data.units;
  if (known.data !== s.data) {
    known.data = s.data;
    known.at = new Int16Array(all.length);
    known.up = new Uint8Array(all.length);
    known.side = new Uint8Array(all.length);
    known.count = new Uint8Array(ix.places.length * 2);
    for (let i = 0; i < all.length; i++) known.side[i] = sideNumber(all[i].side);
  } else known.count.fill(0);
  known.upCount.fill(0);
  for (let i = 0; i < all.length; i++) {
    const st = s.units[all[i].id];
    const code = st.status === 'map' && st.at !== null ? (ix.code.get(st.at) ?? -1) : -1;
    known.at[i] = code;
    if (code >= 0) known.count[code * 2 + known.side[i]]++;
    known.up[i] = st.status === 'map' && !st.faceDown ? 1 : 0;
    known.upCount[known.side[i]] += known.up[i];
  }
  known.units = s.units;
  known.log = log;
  known.seen = log?.length ?? 0;
  known.position = ++positions;
  known.free = null;
}

/** Reads again the units of the slot's log not read yet, from the units record of `s`. */
function catchUp(s: OcState): void {
  const log = known.log;
  if (!log) return;
  const ix = indexOf(s.data);
  for (; known.seen < log.length; known.seen++) {
    const id = log[known.seen];
    const i = ix.order.get(id)!;
    const st = s.units[id];
    const code = st.status === 'map' && st.at !== null ? (ix.code.get(st.at) ?? -1) : -1;
    const was = known.at[i];
    if (code !== was) {
      const side = known.side[i];
      if (was >= 0) known.count[was * 2 + side]--;
      if (code >= 0) known.count[code * 2 + side]++;
      known.at[i] = code;
      known.position = ++positions;
    }
    const up = st.status === 'map' && !st.faceDown ? 1 : 0;
    if (up !== known.up[i]) {
      known.up[i] = up;
      known.upCount[known.side[i]] += up ? 1 : -1;
      known.free = null;
    }
  }
}

/** The lists of the units that may be activated (fresh lists: a list handed out earlier stays as it was). */
function freeLists(s: OcState): string[][] {
  const o = occupancy(s);
  if (o.free) return o.free;
  const free: string[][] = [[], []];
  const all = s.data.units;
  for (let i = 0; i < all.length; i++) if (o.up[i]) free[o.side[i]].push(all[i].id);
  o.free = free;
  return free;
}

/**
 * A number for where the units of `s` stand: two states with the same number have the same units at the same
 * locations (what supply and movement depend on), whatever else differs. Caches of those keep it.
 */
export const positionKey = (s: OcState): number => occupancy(s).position;

/** The number of a location, or -1 for a place the map does not have. */
const codeOf = (s: OcState, loc: string): number => indexOf(s.data).code.get(loc) ?? -1;

/** Units on the map at a location, in data order, optionally of one side. */
export function unitsAt(s: OcState, loc: string, side?: OcSide): string[] {
  const o = occupancy(s);
  const code = codeOf(s, loc);
  const out: string[] = [];
  if (code < 0) return out;
  const wanted = side === undefined ? -1 : sideNumber(side);
  if (wanted >= 0 ? o.count[code * 2 + wanted] === 0 : o.count[code * 2] + o.count[code * 2 + 1] === 0) return out;
  const all = s.data.units;
  for (let i = 0; i < all.length; i++)
    if (o.at[i] === code && (wanted < 0 || o.side[i] === wanted)) out.push(all[i].id);
  return out;
}

/** Whether a side has a unit on the map at a location, apart from `except` (`unitsAt(...).length`, without a list). */
export function anyUnitAt(s: OcState, loc: string, side: OcSide, except: readonly string[] = []): boolean {
  const o = occupancy(s);
  const code = codeOf(s, loc);
  const n = sideNumber(side);
  if (code < 0 || o.count[code * 2 + n] === 0) return false;
  if (except.length === 0) return true;
  const all = s.data.units;
  for (let i = 0; i < all.length; i++)
    if (o.at[i] === code && o.side[i] === n && !except.includes(all[i].id)) return true;
  return false;
}

/**
 * Whether a location holds units of the enemy of `side` and none of the side's (OC 6.2(1)[3], 5.1(3)①: the roads
 * beside such an area are closed to the side).
 */
export const enemyAloneAt = (s: OcState, loc: string, side: OcSide): boolean =>
  enemyAloneAtPlace(s, codeOf(s, loc), side);

/** `enemyAloneAt` of a location given by its number (`OcIndex.code`). */
export function enemyAloneAtPlace(s: OcState, code: number, side: OcSide): boolean {
  const o = occupancy(s);
  const n = sideNumber(side);
  return code >= 0 && o.count[code * 2 + 1 - n] > 0 && o.count[code * 2 + n] === 0;
}

/** Units of a side that may be activated (OC 6.1[2], OC-A24: on the map and face up), in data order. */
export function activatable(s: OcState, side: OcSide): readonly string[] {
  return freeLists(s)[sideNumber(side)];
}

/** Whether a side has a unit that may be activated (`activatable(...).length > 0`, by the count kept). */
export const anyActivatable = (s: OcState, side: OcSide): boolean => occupancy(s).upCount[sideNumber(side)] > 0;

/** The units of a side that may be activated at a location (`activatable` there), in data order. */
export function activatableAt(s: OcState, side: OcSide, loc: string): string[] {
  const o = occupancy(s);
  const n = sideNumber(side);
  const code = codeOf(s, loc);
  const out: string[] = [];
  if (code < 0) return out;
  const all = s.data.units;
  for (let i = 0; i < all.length; i++) if (o.at[i] === code && o.up[i] && o.side[i] === n) out.push(all[i].id);
  return out;
}

/** Locations with activatable units of a side, in data order of their first unit. */
export function groupLocations(s: OcState, side: OcSide): string[] {
  const o = occupancy(s);
  const n = sideNumber(side);
  const places = indexOf(s.data).places;
  const all = s.data.units;
  const out: string[] = [];
  for (let i = 0; i < all.length; i++) {
    if (!o.up[i] || o.side[i] !== n) continue;
    const at = o.at[i] >= 0 ? places[o.at[i]] : s.units[all[i].id].at!;
    if (!out.includes(at)) out.push(at);
  }
  return out;
}
