/**
 * Precomputed lookups over a data set, built once per data object (cached in a WeakMap) so hot paths (random games,
 * resolution) never scan the unit list.
 */
import type { AwArea, AwData, AwUnit } from './schema.ts';

/** Lookups for one data set. Unit order is the data set's order, which is the canonical allocation order (AW-A12). */
export interface DataIndex {
  areaIds: string[];
  area: Map<string, AwArea>;
  adjacent: Map<string, Set<string>>;
  unit: Map<string, AwUnit>;
  /** Unit position in the data list (the canonical resolution order, AW-A12). */
  order: Map<string, number>;
  byNumber: Map<number, AwUnit[]>;
  allied: AwUnit[];
  german: AwUnit[];
  convoys: AwUnit[];
  escorts: AwUnit[];
  /** Positions (in data order) of the escorts and of the UBs, for index loops over `state.loc`. */
  escortPos: number[];
  germanPos: number[];
  /** Positions (in data order) of the Allied units (convoys and escorts) and of the convoys. */
  alliedPos: number[];
  convoyPos: number[];
  /** Area id -> position in `areaIds` (the sorted order); off-map keywords are absent. */
  areaPos: Map<string, number>;
  /** Per area position: the data area, its 配置数, and adjacency as a matrix (`adj[a][b]`). */
  areaList: AwArea[];
  capacity: number[];
  adj: boolean[][];
  /** Location -> code: an area's position in `areaIds` (>= 0), or -1 for an off-map keyword; unknown strings absent. */
  locCode: Map<string, number>;
  /** Per unit position: the unit's side, 1 for German; 1 for a convoy. */
  isGerman: Uint8Array;
  isConvoy: Uint8Array;
  /** Whether the unit ids are in ascending (default sort) order in data order. */
  idsSorted: boolean;
}

/** The off-map keywords (state.ts OFF_MAP; repeated here so that the index has no dependency on the state module). */
const OFF_MAP_KEYS = ['unused', 'used', 'aside', 'track', 'out', 'sunk'];

const cache = new WeakMap<AwData, DataIndex>();
// The last data set asked for: nearly every call is for the same one, so this skips the WeakMap.
let lastData: AwData | null = null;
let lastIx: DataIndex | null = null;

/** The lookups of a data set (built on first use). Area ids are sorted: combat runs in area id order (AW-A13). */
export function indexOf(data: AwData): DataIndex {
  // Kept this small so that V8 inlines it into its many callers; everything else is in `lookUp`.
  return data === lastData ? (lastIx as DataIndex) : lookUp(data);
}

function lookUp(data: AwData): DataIndex {
  let ix = cache.get(data);
  if (ix) {
    lastData = data;
    lastIx = ix;
    return ix;
  }
  const areaIds = data.areas.map((a) => a.id).sort();
  const area = new Map(data.areas.map((a) => [a.id, a]));
  const byNumber = new Map<number, AwUnit[]>();
  for (const u of data.units) byNumber.set(u.number, [...(byNumber.get(u.number) ?? []), u]);
  ix = {
    areaIds,
    area,
    adjacent: new Map(data.areas.map((a) => [a.id, new Set(a.adjacent)])),
    unit: new Map(data.units.map((u) => [u.id, u])),
    order: new Map(data.units.map((u, i) => [u.id, i])),
    byNumber,
    allied: data.units.filter((u) => u.side === 'allied'),
    german: data.units.filter((u) => u.side === 'german'),
    convoys: data.units.filter((u) => u.type === 'convoy'),
    escorts: data.units.filter((u) => u.side === 'allied' && u.type !== 'convoy'),
    escortPos: data.units.flatMap((u, i) => (u.side === 'allied' && u.type !== 'convoy' ? [i] : [])),
    germanPos: data.units.flatMap((u, i) => (u.side === 'german' ? [i] : [])),
    alliedPos: data.units.flatMap((u, i) => (u.side === 'allied' ? [i] : [])),
    convoyPos: data.units.flatMap((u, i) => (u.type === 'convoy' ? [i] : [])),
    areaPos: new Map(areaIds.map((a, i) => [a, i])),
    areaList: areaIds.map((a) => area.get(a)!),
    capacity: areaIds.map((a) => area.get(a)!.capacity),
    adj: areaIds.map((a) => {
      const adjacent = new Set(area.get(a)!.adjacent);
      return areaIds.map((b) => adjacent.has(b));
    }),
    locCode: new Map<string, number>([
      ...areaIds.map((a, i) => [a, i] as [string, number]),
      ...OFF_MAP_KEYS.map((k) => [k, -1] as [string, number]),
    ]),
    isGerman: Uint8Array.from(data.units, (u) => (u.side === 'german' ? 1 : 0)),
    isConvoy: Uint8Array.from(data.units, (u) => (u.type === 'convoy' ? 1 : 0)),
    idsSorted: data.units.every((u, i) => i === 0 || data.units[i - 1].id <= u.id),
  };
  cache.set(data, ix);
  lastData = data;
  lastIx = ix;
  return ix;
}

/** Sorts unit ids into the canonical order of the data set (AW-A12). */
export function byDataOrder(ix: DataIndex, ids: string[]): string[] {
  return ids.sort((a, b) => (ix.order.get(a) ?? 0) - (ix.order.get(b) ?? 0));
}
