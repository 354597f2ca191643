/**
 * The board as the map renderer draws it: areas with capacities and the units a viewer may see. `toMapModel` reads
 * an Atlantic Wolves view (what `game.view(state, viewer)` returned) plus the game's component data set, tolerantly:
 * anything the viewer may not see is simply absent from the view, and the map shows what is there.
 */
import type { Text } from '../engine/types.ts';

export type UnitKind = 'convoy' | 'dd' | 'cve' | 'air' | 'ub' | 'unknown';

/** One counter on the map. `faceDown` counters show only their back (identity hidden from this viewer). */
export interface MapUnit {
  id: string;
  side: 'allied' | 'german';
  kind: UnitKind;
  nation?: string;
  strength?: number | null;
  number?: string | number | null;
  damage?: number;
  vp?: number | null;
  star?: boolean;
  /** The viewer may not see the front: only the back is drawn. */
  faceDown?: boolean;
  /** Placed face down (AW 6.0-Step3[3b]) but known to this viewer: drawn with its front and a dashed edge. */
  placedDown?: boolean;
}

export interface MapArea {
  id: string;
  name: Text;
  capacity: number;
  ubCapacity: number;
  units: MapUnit[];
}

export interface MapModel {
  turn: number;
  lastTurn: number;
  vp: number;
  areas: MapArea[];
  adjacency: [string, string][];
  /** Units in play but off the map (e.g. the seat's own units still to place), shown in a tray. */
  offMap: MapUnit[];
  reconstructed: boolean;
  /** Turn Table box labels (data set), index 0 = turn 1. */
  turnLabels?: Text[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : isRec(v) ? Object.values(v) : []);

function textOf(v: unknown, fallback: string): Text {
  if (isRec(v) && typeof v.en === 'string') return { en: v.en, ja: typeof v.ja === 'string' ? v.ja : v.en };
  if (typeof v === 'string') return { en: v, ja: v };
  return { en: fallback, ja: fallback };
}

function kindOf(u: Rec): UnitKind {
  const raw = String(u.kind ?? u.type ?? u.class ?? '').toLowerCase();
  if (raw.includes('convoy')) return 'convoy';
  if (raw.includes('cve')) return 'cve';
  if (raw.includes('air')) return 'air';
  if (raw === 'dd' || raw.includes('destroyer') || raw.includes('dd')) return 'dd';
  if (raw.includes('ub') || raw.includes('u-boat') || raw.includes('uboat')) return 'ub';
  return 'unknown';
}

function sideOf(u: Rec, kind: UnitKind): 'allied' | 'german' {
  const raw = String(u.side ?? u.owner ?? '').toLowerCase();
  if (raw.startsWith('g') || raw === 'axis') return 'german';
  if (raw) return 'allied';
  return kind === 'ub' ? 'german' : 'allied';
}

/** UB capacity per AW 10.0-E2: printed capacity on turns 1-2, -1 on turns 3-4, -2 on turn 5, never below 0. */
export function ubCapacityFor(capacity: number, turn: number): number {
  const cut = turn >= 5 ? 2 : turn >= 3 ? 1 : 0;
  return Math.max(0, capacity - cut);
}

function unitFrom(raw: Rec, catalogue: Map<string, Rec>): MapUnit {
  const id = str(raw.id ?? raw.unit) ?? '?';
  const base = { ...(catalogue.get(id) ?? {}), ...raw };
  const hidden = base.faceDown === true || base.hidden === true || base.known === false;
  const kind = hidden && !base.kind && !base.type ? 'unknown' : kindOf(base);
  return {
    id,
    side: sideOf(base, kind),
    kind,
    nation: str(base.nation ?? base.nationality),
    strength: num(base.strength) ?? num(base.printedStrength) ?? null,
    number: str(base.number ?? base.unitNumber) ?? null,
    damage: num(base.damage) ?? 0,
    vp: num(base.vp) ?? null,
    star: base.star === true || base.starred === true,
    faceDown: hidden,
    ...(base.face === 'down' && !hidden ? { placedDown: true } : {}),
  };
}

/** Where a unit stands according to the view: an area id, or undefined (off the map). */
function areaOfUnit(u: Rec): string | undefined {
  return str(u.area ?? u.location ?? u.at);
}

/**
 * Builds the map model from an AW view and data set. Accepts areas as an array or a record, units either listed per
 * area (`areas[i].units`) or in one list with an `area` field; unit facts missing from the view are looked up in the
 * data set's unit catalogue.
 */
export function toMapModel(view: unknown, data: unknown): MapModel {
  const v = isRec(view) ? view : {};
  const d = isRec(data) ? data : {};
  const catalogue = new Map<string, Rec>();
  for (const u of arr(d.units)) if (isRec(u) && str(u.id)) catalogue.set(str(u.id) as string, u);

  const turn = num(v.turn) ?? (isRec(v.turn) ? num(v.turn.number) : undefined) ?? 1;
  const areaDefs = arr(d.areas).filter(isRec);
  const viewAreas = arr(v.areas).filter(isRec);
  const ids = [...new Set([...areaDefs.map((a) => str(a.id)), ...viewAreas.map((a) => str(a.id))].filter((x): x is string => !!x))];
  const areas: MapArea[] = ids.map((id) => {
    const def = areaDefs.find((a) => str(a.id) === id) ?? {};
    const va = viewAreas.find((a) => str(a.id) === id) ?? {};
    const capacity = num(va.capacity) ?? num(def.capacity) ?? 0;
    return {
      id,
      name: textOf(va.name ?? def.name, id),
      capacity,
      ubCapacity: num(va.ubCapacity) ?? ubCapacityFor(capacity, turn),
      units: [
        ...arr(va.units).filter(isRec).map((u) => unitFrom(u, catalogue)),
        ...arr(va.allied).filter(isRec).map((u) => unitFrom({ side: 'allied', ...u }, catalogue)),
        ...arr(va.german).filter(isRec).map((u) => unitFrom({ side: 'german', ...u }, catalogue)),
      ],
    };
  });
  const offMap: MapUnit[] = [];
  const byId = new Map(areas.map((a) => [a.id, a]));
  for (const u of arr(v.units).filter(isRec)) {
    const where = areaOfUnit(u);
    const unit = unitFrom(u, catalogue);
    const area = where ? byId.get(where) : undefined;
    if (area) area.units.push(unit);
    else if (u.status === 'used' || u.pool === 'used' || u.onMap === false) offMap.push(unit);
  }
  // AW view: offMap.<side>.used.units are the units in use but not on the map (to be placed) that the viewer knows.
  if (isRec(v.offMap)) {
    for (const side of ['allied', 'german'] as const) {
      const group = isRec(v.offMap[side]) ? (v.offMap[side] as Rec).used : undefined;
      if (isRec(group)) for (const u of arr(group.units).filter(isRec)) offMap.push(unitFrom({ side, ...u }, catalogue));
    }
  }
  const adjacency: [string, string][] = [];
  for (const a of [...areaDefs, ...viewAreas]) {
    for (const b of arr(a.adjacent ?? a.adjacency)) {
      const ai = str(a.id);
      const bi = str(b);
      if (ai && bi && ai < bi && !adjacency.some(([x, y]) => x === ai && y === bi)) adjacency.push([ai, bi]);
    }
  }
  for (const pair of arr(d.adjacency)) {
    const [a, b] = arr(pair).map(str);
    if (a && b && !adjacency.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) adjacency.push([a, b]);
  }
  const vp = num(v.table) ?? num(v.vp) ?? num(v.vpTable) ?? num(v.germanVp) ?? (isRec(v.vp) ? num(v.vp.table) : undefined) ?? 0;
  const lastTurn = num(v.lastTurn) ?? num(d.lastTurn) ?? 5;
  const reconstructed = d.reconstructed === true || (Array.isArray(d.reconstructed) && d.reconstructed.length > 0);
  const turnLabels = arr(d.turns).filter(isRec).map((x) => textOf(x.label, ''));
  return { turn, lastTurn, vp, areas, adjacency, offMap, reconstructed, ...(turnLabels.length ? { turnLabels } : {}) };
}
