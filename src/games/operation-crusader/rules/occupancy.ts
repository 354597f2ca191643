/**
 * Where units stand (OC 2.1) and which may be activated (OC 6.1[2]), asked many times a step by movement, supply,
 * validation and the players. What one units record holds is worked out once, into arrays by location number that
 * are reused, and kept until another record is asked about or the record's version moves (`versionOf`: a unit of
 * it was handed out for change): the queries then read counts and short lists instead of scanning every unit.
 * Nothing here is part of the state.
 */
import { indexOf, versionOf, type OcSide, type OcState } from '../state.ts';

const BRITISH = 0;
const AXIS = 1;
const sideNumber = (side: OcSide): number => (side === 'british' ? BRITISH : AXIS);

/** What is known of one units record: the one slot, its arrays reused from record to record. */
const known = {
  units: null as OcState['units'] | null,
  version: -2,
  /** Per unit, in data order: the number of its location when on the map, else -1. */
  at: [] as number[],
  /** Per location number × 2 + side number: the side's units on the map there. */
  count: [] as number[],
  /** Per side number: the ids of the units that may be activated, in data order. */
  free: [[], []] as string[][],
  /** Per side number: the data places of those units. */
  freeIndex: [[], []] as number[][],
};

/** The slot, describing the units record of `s` (worked out again when it describes another, or a stale one). */
function occupancy(s: OcState): typeof known {
  if (known.units === s.units && known.version === versionOf(s.units)) return known;
  const ix = indexOf(s.data);
  const all = s.data.units;
  if (known.count.length === ix.places.length * 2) known.count.fill(0);
  else known.count = new Array(ix.places.length * 2).fill(0);
  known.at.length = all.length;
  // Fresh lists: a list handed out earlier stays as it was.
  known.free = [[], []];
  known.freeIndex = [[], []];
  for (let i = 0; i < all.length; i++) {
    const u = all[i];
    const st = s.units[u.id];
    const side = sideNumber(u.side);
    const code = st.status === 'map' && st.at !== null ? (ix.code.get(st.at) ?? -1) : -1;
    known.at[i] = code;
    if (code >= 0) known.count[code * 2 + side]++;
    if (st.status === 'map' && !st.faceDown) {
      known.free[side].push(u.id);
      known.freeIndex[side].push(i);
    }
  }
  known.units = s.units;
  known.version = versionOf(s.units);
  return known;
}

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
    if (o.at[i] === code && (wanted < 0 || sideNumber(all[i].side) === wanted)) out.push(all[i].id);
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
    if (o.at[i] === code && sideNumber(all[i].side) === n && !except.includes(all[i].id)) return true;
  return false;
}

/**
 * Whether a location holds units of the enemy of `side` and none of the side's (OC 6.2(1)[3], 5.1(3)①: the roads
 * beside such an area are closed to the side).
 */
export function enemyAloneAt(s: OcState, loc: string, side: OcSide): boolean {
  const o = occupancy(s);
  const code = codeOf(s, loc);
  const n = sideNumber(side);
  return code >= 0 && o.count[code * 2 + 1 - n] > 0 && o.count[code * 2 + n] === 0;
}

/** Units of a side that may be activated (OC 6.1[2], OC-A24: on the map and face up), in data order. */
export function activatable(s: OcState, side: OcSide): readonly string[] {
  return occupancy(s).free[sideNumber(side)];
}

/** Whether a side has a unit that may be activated (`activatable(...).length > 0`, without the list). */
export const anyActivatable = (s: OcState, side: OcSide): boolean => activatable(s, side).length > 0;

/** The units of a side that may be activated at a location (`activatable` there), in data order. */
export function activatableAt(s: OcState, side: OcSide, loc: string): string[] {
  const o = occupancy(s);
  const n = sideNumber(side);
  const code = codeOf(s, loc);
  const out: string[] = [];
  if (code < 0) return out;
  const places = o.freeIndex[n];
  for (let k = 0; k < places.length; k++) if (o.at[places[k]] === code) out.push(o.free[n][k]);
  return out;
}

/** Locations with activatable units of a side, in data order of their first unit. */
export function groupLocations(s: OcState, side: OcSide): string[] {
  const o = occupancy(s);
  const n = sideNumber(side);
  const out: string[] = [];
  for (const i of o.freeIndex[n]) {
    const st = s.units[s.data.units[i].id];
    if (!out.includes(st.at!)) out.push(st.at!);
  }
  return out;
}
