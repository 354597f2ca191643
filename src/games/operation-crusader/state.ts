/**
 * The state of an Operation Crusader game between decision points, and the small queries every rule module shares:
 * where units stand, who is an enemy, what a location is. Immutable: rules copy before they change, and parts a
 * copy shares with the state it came from are replaced, never changed in place (`copyState`).
 */
import type { Text } from '../../engine/types.ts';
import type { OcData, OcSide, OcUnitData } from './data/schema.ts';
import type { OcOptions } from './options.ts';
import type { OcActivation, OcPreference } from './orders/schema.ts';

export type { OcSide } from './data/schema.ts';

/** Where a unit is: on the map (or at an off-map point), routed until a turn, or gone for good. */
export type OcUnitStatus = 'map' | 'routed' | 'eliminated' | 'removed' | 'broken-through';

/** One unit's state (OC 2.3, 2.4, 5.1(4), 6.3(8), 6.4). */
export interface OcUnitState {
  status: OcUnitStatus;
  /** Its location when on the map; null otherwise. */
  at: string | null;
  steps: number;
  /** Face down after its activation (OC 6.4) or out of supply (OC 5.1(4)②). */
  faceDown: boolean;
  /** Out of supply until the next reorganisation (OC 5.1(4)). */
  outOfSupply: boolean;
  /** OC 6.3(8): the turn a routed unit returns. */
  returnTurn?: number;
}

/** One combat being resolved (OC 6.3): where, who, and the targets fixed so far. */
export interface OcCombat {
  at: string;
  attacker: OcSide;
  /** The whole activated group (OC 6.4: all turn face down), of which `attackers` fire (OC-A11). */
  group: string[];
  attackers: string[];
  defenders: string[];
  /** OC 6.3(7)[3], OC-A16: where the attackers came from (they retreat there from a point). */
  from: string;
  /** OC 6.3(4): the attackers came across the point's fortress line. */
  acrossFortress: boolean;
  /** Targets the attacker fixed in its activation (OC-A09), by attacking unit. */
  targets: Record<string, string>;
}

/** The decision point the game waits at, or the end. */
export type OcPhase =
  | { kind: 'setup' } // D1, OC 4.2
  | { kind: 'reorganise'; owing: OcSide[] } // D2 (OC 5.2), D3 (OC 6.3(8)③)
  | { kind: 'activate' } // D4-D7, OC 3.1②③
  | { kind: 'counterattack'; combat: OcCombat } // D8, OC 6.3(2)
  | { kind: 'targets'; combat: OcCombat } // D7 after the counterattack, OC-A09 R2
  | { kind: 'over'; winner: OcSide | null; reason: Text; rule: string };

/** A seat's standing orders (spec 5.2): counterattack preferences and queued activations. */
export interface OcStanding {
  counterattack?: OcPreference;
  /** Per location, before the global preference. */
  counterattackAt?: Record<string, OcPreference>;
  queue?: OcActivation[];
}

/** The whole state. */
export interface OcState {
  data: OcData;
  options: OcOptions;
  turn: number;
  phase: OcPhase;
  /** Whose activation it is (OC 3.1②③). */
  active: OcSide;
  /** The side that moved first this turn. */
  first: OcSide;
  /** Passes in a row (OC 3.1③[a]: two end the operations phase). */
  passes: number;
  units: Record<string, OcUnitState>;
  /** OC 7.2: the controller of every map point. */
  control: Record<string, OcSide>;
  /** The VP marker (OC 7.0[2]): positive favours the British, negative the Axis. */
  vp: number;
  /** OC 5.1(1)[6]: Bardia has been British-controlled, so it is no Axis source any more. */
  bardiaLost: boolean;
  /** OC 7.1(5)[2]: off-map points whose road an Axis breakthrough used (no British source any more). */
  barredSources: string[];
  standing: Record<OcSide, OcStanding>;
}

/** The other side. */
export const enemyOf = (side: OcSide): OcSide => (side === 'british' ? 'axis' : 'british');

/** Lookups built once per data set. */
export interface OcIndex {
  unit: Map<string, OcUnitData>;
  area: Map<string, OcData['areas'][number]>;
  point: Map<string, OcData['points'][number]>;
  /** Areas touching each point. */
  areasAtPoint: Map<string, string[]>;
  name: Map<string, Text>;
  /** Each unit's place in the data (ties are broken by it). */
  order: Map<string, number>;
  /** A number for every location (areas, then points), and the location of each number. */
  code: Map<string, number>;
  places: string[];
}

const cache = new WeakMap<OcData, OcIndex>();
// The last data set asked for: every query asks, nearly always of the same data set.
let last: { data: OcData | null; index: OcIndex | null } = { data: null, index: null };

/** The lookups of a data set. */
export function indexOf(data: OcData): OcIndex {
  if (last.data === data) return last.index!;
  const hit = cache.get(data) ?? makeIndex(data);
  last = { data, index: hit };
  return hit;
}

function makeIndex(data: OcData): OcIndex {
  const areasAtPoint = new Map<string, string[]>(data.points.map((p) => [p.id, []]));
  for (const a of data.areas) for (const p of a.points) areasAtPoint.get(p)?.push(a.id);
  const name = new Map<string, Text>();
  for (const x of [...data.areas, ...data.points]) name.set(x.id, x.name);
  for (const u of data.units) name.set(u.id, u.short);
  const ix: OcIndex = {
    unit: new Map(data.units.map((u) => [u.id, u])),
    area: new Map(data.areas.map((a) => [a.id, a])),
    point: new Map(data.points.map((p) => [p.id, p])),
    areasAtPoint,
    name,
    order: new Map(data.units.map((u, i) => [u.id, i])),
    code: new Map(),
    places: [],
  };
  for (const id of [...ix.area.keys(), ...ix.point.keys()])
    if (!ix.code.has(id)) {
      ix.code.set(id, ix.places.length);
      ix.places.push(id);
    }
  cache.set(data, ix);
  return ix;
}

/** Whether a location is an area (else a point). */
export const isArea = (s: OcState, loc: string): boolean => indexOf(s.data).area.has(loc);

/** Whether a location is an off-map point. */
export const isOffMap = (s: OcState, loc: string): boolean => !!indexOf(s.data).point.get(loc)?.offMap;

/** The side of a unit. */
export const sideOf = (s: OcState, id: string): OcSide => indexOf(s.data).unit.get(id)!.side;

/** The name of a unit or location in both languages. */
export const nameOf = (s: OcState, id: string): Text => indexOf(s.data).name.get(id) ?? { en: id, ja: id };

// The state copy a resolve is changing (the latest made: a resolve makes one and changes only it), with the units
// record and control record it has copied already, the units it has copied into that record (copy on write:
// a resolve copies the units record, each unit and the control record only when it changes one, so that the
// earlier state is never touched), the record its units record was copied from, and every unit handed out for
// change since, in order (see `unitChanges`). One slot rather than a weak map of every copy made.
let writing: UnitsWriting & { state: OcState | null; ids: string[]; control: object | null } = {
  state: null,
  units: null,
  from: null,
  log: [],
  ids: [],
  control: null,
};

/** How the units record being changed came about: the record it was copied from, then the units handed out since. */
export interface UnitsWriting {
  units: object | null;
  from: object | null;
  /** Every unit handed out for change since the copy, in order, repeats included (only ever appended to). */
  log: string[];
}

/**
 * What changed in a units record since it was copied, when it is the one being changed (else null: a record no
 * resolve is changing never changes again). Lets rules/occupancy.ts bring what it knows of the record it was copied
 * from up to date unit by unit instead of working it out again.
 */
export const unitChanges = (units: object): Readonly<UnitsWriting> | null => (units === writing.units ? writing : null);

// Units and control records handed out for change so far, and the records the resolve before the current one
// wrote with the count when it ended: what is known of a position worked out from a record (rules/occupancy.ts,
// supply.ts, the walk remembered by movement.ts) is stale once the record's version moves.
let changes = 0;
let sealed: { units: object | null; control: object | null; changes: number } = {
  units: null,
  control: null,
  changes: 0,
};

/**
 * The version of a units or control record: it moves whenever the record changes. Only the records of the state
 * copy a resolve is changing ever change (the count of changes so far); those of the resolve before keep the
 * count they ended with, and every other record stays as it is (-1).
 */
export function versionOf(record: object): number {
  if (record === writing.units || record === writing.control) return changes;
  if (record === sealed.units || record === sealed.control) return sealed.changes;
  return -1;
}

/**
 * A unit's state to change in place: copied first, once per state copy. What is known of where units stand is
 * dropped (rules/occupancy.ts), so the change is made before the state is asked again.
 */
export function unitToChange(s: OcState, id: string): OcUnitState {
  if (writing.state !== s) throw new Error('unitToChange: the state is not a copy');
  if (writing.units !== s.units) {
    writing.from = s.units;
    s.units = { ...s.units };
    writing.units = s.units;
  }
  changes++;
  writing.log.push(id);
  if (!writing.ids.includes(id)) {
    s.units[id] = copyUnit(s.units[id], true);
    writing.ids.push(id);
  }
  return s.units[id];
}

/**
 * `unitToChange` for a unit coming back to the map (OC 6.3(8)③): its state without `returnTurn`, the other keys in
 * their order. The copy is made without the key rather than the key deleted, which would leave an object slow to
 * read and to copy.
 */
export function unitToChangeBack(s: OcState, id: string): OcUnitState {
  const st = unitToChange(s, id);
  if (!('returnTurn' in st)) return st;
  s.units[id] = copyUnit(st, false);
  return s.units[id];
}

/** The keys of a unit's state as the set-up makes them, in order (`returnTurn` may follow). */
const UNIT_KEYS = ['status', 'at', 'steps', 'faceDown', 'outOfSupply'];

/**
 * A copy of a unit's state, its keys in the same order, `returnTurn` left out unless `withReturn`. A state with the
 * set-up's keys is copied as one literal, so that every copy has the same shape (fast to read); any other is copied
 * key by key.
 */
function copyUnit(u: OcUnitState, withReturn: boolean): OcUnitState {
  let n = 0;
  let plain = true;
  for (const k in u) {
    if (n < UNIT_KEYS.length ? k !== UNIT_KEYS[n] : n > UNIT_KEYS.length || k !== 'returnTurn') {
      plain = false;
      break;
    }
    n++;
  }
  if (plain && n >= UNIT_KEYS.length) {
    const c: OcUnitState = {
      status: u.status,
      at: u.at,
      steps: u.steps,
      faceDown: u.faceDown,
      outOfSupply: u.outOfSupply,
    };
    if (n > UNIT_KEYS.length && withReturn) c.returnTurn = u.returnTurn;
    return c;
  }
  if (withReturn) return { ...u };
  const { returnTurn: _, ...rest } = u;
  return rest;
}

/**
 * The control record of the state copy being changed, copied first (once per state copy); the change is made
 * before the state is asked again (see `unitToChange`).
 */
export function controlToChange(s: OcState): Record<string, OcSide> {
  if (writing.state !== s) throw new Error('controlToChange: the state is not a copy');
  changes++;
  if (writing.control !== s.control) {
    s.control = { ...s.control };
    writing.control = s.control;
  }
  return s.control;
}

/**
 * A fresh copy of a state for a resolve to change. Only the top level is copied: the units record, each unit and the
 * control record are copied on write (`unitToChange`, `controlToChange`), and every other part (the phase, the
 * standing orders, the barred sources) is shared with the earlier state, so a rule never changes one in place but
 * sets a new value (`s.standing = { ...s.standing, ... }`).
 */
export function copyState(s: OcState): OcState {
  const next: OcState = { ...s };
  sealed = { units: writing.units, control: writing.control, changes };
  writing = { state: next, units: null, from: null, log: [], ids: [], control: null };
  return next;
}
