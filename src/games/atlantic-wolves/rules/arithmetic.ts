/**
 * Rule arithmetic shared by every phase: capacities (AW 6.0-C1, 7.0[3], 10.0-E2), modified strengths (AW 8.2[6],
 * 10.0-C, D, E1), attack counts (AW 8.2[2], 8.3[2]) and who is where.
 */
import type { AwUnit } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { areaScan, type AreaScan } from './area-scan.ts';

export type { AreaScan };
import type { AwState } from '../state.ts';

/** UB placement capacity of an area on a turn: 配置数, −1 on turns 3-4, −2 on turn 5, floored at 0 (10.0-E2, AW-A19). */
export function ubCapacity(capacity: number, turn: number): number {
  return Math.max(0, capacity - (turn >= 5 ? 2 : turn >= 3 ? 1 : 0));
}

/** The E1 bonus of a turn: +1 on turns 3-4, +2 on turn 5 (AW 10.0-E1). */
export const eBonus = (turn: number): number => (turn >= 5 ? 2 : turn >= 3 ? 1 : 0);

/** Modified strength of an air unit or escort ship in an area (AW 8.2[6]: every applicable modifier applies). */
export function escortStrength(u: AwUnit, turn: number, areaHasConvoy: boolean): number {
  let s = u.strength;
  // AW 10.0-C: turn 1 only, US escort ships (DD and CVE, AW-A15) −1; the air force and British ships unaffected.
  if (turn === 1 && u.nationality === 'US' && (u.type === 'DD' || u.type === 'CVE')) s -= 1;
  // AW 10.0-D: +1 in an area with no convoy (judged at the start of the area's combat, AW-A17).
  if (!areaHasConvoy) s += 1;
  // AW 10.0-E1: every Allied unit +1 on turns 3-4, +2 on turn 5.
  return s + eBonus(turn);
}

/** Modified convoy strength (AW 10.0-E1; AW-A14 R1 includes convoys, option convoyBonus = escortsOnly excludes). */
export function convoyStrength(u: AwUnit, turn: number, convoyBonus: 'all' | 'escortsOnly'): number {
  return u.strength + (convoyBonus === 'all' ? eBonus(turn) : 0);
}

/** Attacks an escort ship makes (AW 8.2[2]): a DD 1, a CVE 2 (its doubled number, 8.2[4]). */
export const shipAttacks = (u: AwUnit): number => (u.type === 'CVE' ? 2 : 1);

/** VP a sunk convoy gives (AW 9.0[2]); ☆ convoys never (10.0-E4, AW-A18 R1) unless option starConvoyVp = fromTurn3. */
export function convoyVp(s: AwState, u: AwUnit): number {
  if (u.star && (s.options.starConvoyVp === 'never' || s.turn >= 3)) return 0;
  return u.vp;
}

/** UB attacks (AW 8.3[2]): 2 if attacked at least once by air or escorts this turn, otherwise 3. */
export const ubAttacks = (s: AwState, ub: string): number => (s.t.attacked.includes(ub) ? 2 : 3);

/** UB strength for its attacks: printed strength reduced by damage, may be negative (AW 8.2[10], AW-X4). */
export const ubStrength = (s: AwState, u: AwUnit): number => u.strength - (s.t.damage[u.id] ?? 0);

/** Capacity of an area position (in `areaIds` order) for a side on the current turn (as `capacityFor`). */
export function capacityAt(s: AwState, ap: number, side: 'allied' | 'german'): number {
  const c = indexOf(s.data).capacity[ap];
  return side === 'allied' ? c : ubCapacity(c, s.turn);
}

/** Number of a side's units in each area, indexed by area position (`areaIds` order); a fresh array. */
export function sideCounts(s: AwState, side: 'allied' | 'german'): number[] {
  const sc = areaScan(s);
  return (side === 'german' ? sc.german : sc.allied).slice();
}

/** Counts of who is in each area (area positions): shared arrays, read at once (area-scan.ts). */
export const scanAreas = (s: AwState): AreaScan => areaScan(s);

/** Units at a location, in data order (the canonical order, AW-A12). */
export function unitsAt(s: AwState, where: string, side?: 'allied' | 'german'): AwUnit[] {
  const out: AwUnit[] = [];
  const units = s.data.units;
  const loc = s.loc;
  if (side) {
    const ix = indexOf(s.data);
    const pos = side === 'german' ? ix.germanPos : ix.alliedPos;
    for (let k = 0; k < pos.length; k++) if (loc[pos[k]] === where) out.push(units[pos[k]]);
    return out;
  }
  for (let i = 0; i < units.length; i++) if (loc[i] === where) out.push(units[i]);
  return out;
}

/** Who is in one area: units of each side in data order, and whether a convoy is there. */
export interface AreaOccupancy {
  allied: AwUnit[];
  german: AwUnit[];
  convoy: boolean;
}

/** Occupancy of every area in one pass over the units (hot paths use this instead of repeated scans). */
export function occupancy(s: AwState): Map<string, AreaOccupancy> {
  const ix = indexOf(s.data);
  const m = new Map<string, AreaOccupancy>();
  for (const a of ix.areaIds) m.set(a, { allied: [], german: [], convoy: false });
  const units = s.data.units;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    const o = m.get(s.loc[i]);
    if (!o) continue;
    if (u.side === 'german') o.german.push(u);
    else {
      o.allied.push(u);
      if (u.type === 'convoy') o.convoy = true;
    }
  }
  return m;
}

/** Number of a side's units in each area. */
export function areaCounts(s: AwState, side: 'allied' | 'german'): Map<string, number> {
  const ix = indexOf(s.data);
  const counts = sideCounts(s, side);
  const m = new Map<string, number>();
  for (let a = 0; a < ix.areaIds.length; a++) m.set(ix.areaIds[a], counts[a]);
  return m;
}

/** Capacity of an area for a side on the current turn (Allied 配置数 always; UBs reduced by E2). */
export function capacityFor(s: AwState, area: string, side: 'allied' | 'german'): number {
  const a = indexOf(s.data).area.get(area);
  if (!a) return 0;
  return side === 'allied' ? a.capacity : ubCapacity(a.capacity, s.turn);
}

/** Units of a side that must be placed now: the whole used group (AW 6.0[1], 7.0[1]). */
export function placeable(s: AwState, side: 'allied' | 'german'): AwUnit[] {
  const ix = indexOf(s.data);
  const out: AwUnit[] = [];
  const units = s.data.units;
  const pos = side === 'german' ? ix.germanPos : ix.alliedPos;
  for (let k = 0; k < pos.length; k++) if (s.loc[pos[k]] === 'used') out.push(units[pos[k]]);
  return out;
}

/** Whether a side has a unit to place now (as `placeable(s, side).length > 0`, without the list). */
export function anyPlaceable(s: AwState, side: 'allied' | 'german'): boolean {
  const ix = indexOf(s.data);
  const pos = side === 'german' ? ix.germanPos : ix.alliedPos;
  for (let k = 0; k < pos.length; k++) if (s.loc[pos[k]] === 'used') return true;
  return false;
}

/** Total UB capacity of the map on the current turn. */
export function totalUbCapacity(s: AwState): number {
  let n = 0;
  for (const a of s.data.areas) n += ubCapacity(a.capacity, s.turn);
  return n;
}

/** How many UBs must be placed (AW-A08 R1 offMap: the excess over total UB capacity stays off the map). */
export function ubsToPlace(s: AwState, used: number): number {
  return s.options.ubExcess === 'offMap' ? Math.min(used, totalUbCapacity(s)) : used;
}

/** Allowed overflow of UBs beyond per-area capacity (AW-A08 R2 ignoreCapacity: only the excess). */
export function ubSlack(s: AwState, used: number): number {
  return s.options.ubExcess === 'ignoreCapacity' ? Math.max(0, used - totalUbCapacity(s)) : 0;
}
