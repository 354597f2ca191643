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
}

const cache = new WeakMap<AwData, DataIndex>();

/** The lookups of a data set (built on first use). Area ids are sorted: combat runs in area id order (AW-A13). */
export function indexOf(data: AwData): DataIndex {
  let ix = cache.get(data);
  if (ix) return ix;
  const areaIds = data.areas.map((a) => a.id).sort();
  const byNumber = new Map<number, AwUnit[]>();
  for (const u of data.units) byNumber.set(u.number, [...(byNumber.get(u.number) ?? []), u]);
  ix = {
    areaIds,
    area: new Map(data.areas.map((a) => [a.id, a])),
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
  };
  cache.set(data, ix);
  return ix;
}

/** Sorts unit ids into the canonical order of the data set (AW-A12). */
export function byDataOrder(ix: DataIndex, ids: string[]): string[] {
  return ids.sort((a, b) => (ix.order.get(a) ?? 0) - (ix.order.get(b) ?? 0));
}
