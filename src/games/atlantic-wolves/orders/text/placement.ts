/**
 * Placement in the order text, read and written: D3 (Allied placement, AW 12.0-2; STEP3 in the standard game,
 * AW 6.0-Step3), D5 (UB placement, AW 7.0) and D4 / D6 (overflow: OVERFLOW names, REPLACE re-places,
 * AW 6.0-C2, 7.0[6]).
 */
import type { AwOrders } from '../schema.ts';
import type { Namer, PlaceTarget } from './context.ts';
import { err, isErr, type Item, ok, type Parsed, unitList } from './items.ts';

type Placement = { unit: string; area: string; face?: 'up' | 'down' };

const placeForm = () =>
  err('place-form', 'write PLACE <units> -> <area>', 'PLACE <ユニット> -> <エリア> と書いてください');

/** Placement clauses: `U1 U2 [->] AREA [UP|DOWN]` repeated, or `AREA: U1 U2` repeated. */
function placements(xs: Item[]): Placement[] | Parsed {
  const out: Placement[] = [];
  const areaFirst = xs[0]?.t === 'area';
  let pending: string[] = [];
  let current: string | undefined;
  let clause = 0; // index in `out` where the latest clause starts (a facing word applies to it)
  for (const x of xs) {
    if (x.t === 'unit') {
      if (!areaFirst) pending.push(x.id);
      else if (current) out.push({ unit: x.id, area: current });
      else return placeForm();
    } else if (x.t === 'area') {
      if (areaFirst) {
        current = x.id;
        clause = out.length;
      } else {
        if (!pending.length)
          return err('place-form', 'an area without units before it', 'ユニットのないエリア指定があります');
        clause = out.length;
        for (const u of pending) out.push({ unit: u, area: x.id });
        pending = [];
      }
    } else if (x.t === 'face') {
      for (const p of out.slice(clause)) p.face = x.face;
    } else if (x.t !== 'arrow' && x.t !== 'sep') {
      return placeForm();
    }
  }
  if (pending.length) {
    return err(
      'place-area',
      `no area given for ${pending.join(', ')}`,
      `${pending.join(', ')} の配置先エリアがありません`,
    );
  }
  if (!out.length) return err('place-empty', 'no unit placed', '配置するユニットがありません');
  return out;
}

/** Sets a non-empty list of placements in the field of `target`. */
function applyPlacement(target: PlaceTarget, list: Placement[]): Parsed {
  return ok((o) => {
    if (target === 'step3') {
      o.step3 ??= {};
      for (const p of list) o.step3[p.unit] = { area: p.area, face: p.face ?? 'up' };
    } else if (target === 'replace') {
      o.replace ??= {};
      for (const p of list) o.replace[p.unit] = p.area;
    } else {
      o.placement ??= {};
      for (const p of list) o.placement[p.unit] = p.area;
    }
  });
}

/** PLACE, STEP3 and REPLACE lines, and unkeyed `unit -> area` lines: placements for `target`. */
export function placeStatement(xs: Item[], target: PlaceTarget): Parsed {
  const list = placements(xs);
  return Array.isArray(list) ? applyPlacement(target, list) : list;
}

/** `OVERFLOW C03 CG?1`: the owner's units named for re-placement. */
export function overflowStatement(xs: Item[]): Parsed {
  const units = unitList(xs, 'overflow');
  if (isErr(units)) return units;
  return ok((o) => {
    o.overflow = units;
  });
}

/** Unit -> area as [area, units] groups, units and areas sorted. */
function grouped(record: Record<string, string>): [string, string[]][] {
  const by = new Map<string, string[]>();
  for (const unit of Object.keys(record).sort()) by.set(record[unit], [...(by.get(record[unit]) ?? []), unit]);
  return [...by.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `PLACE C01 C02 -> WA` lines, one per area. */
export function writePlacement(o: AwOrders, names: Namer): string[] {
  return grouped(o.placement ?? {}).map(
    ([area, units]) => `PLACE ${units.join(' ')} -> ${area}  # ${names.list(units)} -> ${names.one(area)}`,
  );
}

/** `STEP3 C01 -> WA DOWN` lines, one per area and facing. */
export function writeStep3(o: AwOrders, names: Namer): string[] {
  if (!o.step3) return [];
  const keyed: Record<string, string> = {};
  for (const [u, p] of Object.entries(o.step3)) keyed[u] = `${p.area} ${p.face.toUpperCase()}`;
  return grouped(keyed).map(([where, units]) => {
    const [area] = where.split(' ');
    return `STEP3 ${units.join(' ')} -> ${where}  # ${names.list(units)} -> ${names.one(area)}`;
  });
}

/** The `OVERFLOW` line. */
export function writeOverflow(o: AwOrders, names: Namer): string[] {
  return o.overflow ? [`OVERFLOW ${o.overflow.join(' ')}  # ${names.list(o.overflow)}`] : [];
}

/** `REPLACE U05 -> CG` lines, one per area. */
export function writeReplace(o: AwOrders, names: Namer): string[] {
  return grouped(o.replace ?? {}).map(
    ([area, units]) => `REPLACE ${units.join(' ')} -> ${area}  # ${names.list(units)} -> ${names.one(area)}`,
  );
}
