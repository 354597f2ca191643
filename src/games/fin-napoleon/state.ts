/**
 * Fin-Napoleon's state between decision points, the modes and seats (FN 2.1, FN 12.0[M]), and the small questions
 * every rule asks of a position (units in an area, at war or not, units in the box). The orders are orders/schema.ts.
 */
import type { SeatId, Text } from '../../engine/types.ts';
import { ALLIES, type Ally, type FnData, type Nation } from './data/schema.ts';
import type { FnOptions } from './options.ts';
import type { Activation, Standing } from './orders/schema.ts';

/** Modes: two players (France against the five Allies), and France with 2 to 5 Allied players (FN 12.0[M]). */
export const MODES = ['two-player', 'allies-2', 'allies-3', 'allies-4', 'allies-5'] as const;
export const FRANCE_SEAT = 'france';
export const ALLIES_SEAT = 'allies';

/** FN 12.0[M][2]: the standard division of the Allied nations among 2 to 5 players (by maximum strength). */
const STANDARD_DIVISION: Record<number, string> = {
  2: 'prussia+austria/russia+spain+britain',
  3: 'prussia+austria/russia/spain+britain',
  4: 'prussia/austria/russia/spain+britain',
  5: 'prussia/austria/russia/spain/britain',
};

/** The number of Allied players of a mode. */
export const alliedPlayers = (mode: string): number => (mode === 'two-player' ? 1 : Number(mode.split('-')[1]));

/** The Allied nations' names (FN 2.1), as the shipped data names them. */
const ALLY_NAMES: Record<Ally, Text> = {
  prussia: { en: 'Prussia', ja: 'プロイセン' },
  austria: { en: 'Austria', ja: 'オーストリア' },
  russia: { en: 'Russia', ja: 'ロシア' },
  spain: { en: 'Spain', ja: 'スペイン' },
  britain: { en: 'Britain', ja: 'イギリス' },
};

/** The division option of parsed (or unparsed) options, `standard` when absent or malformed. */
function divisionOf(options: unknown): string {
  const d = (options as { division?: unknown } | null | undefined)?.division;
  return typeof d === 'string' ? d : 'standard';
}

/**
 * The seats of a mode, France first; each Allied player named by the nations it commands (FN 12.0[M][2]: "Allied
 * player 2: Russia", 「連合国プレイヤー2: ロシア」), by the division of `options` (the standard one by default).
 */
export function seatsOf(mode: string, options?: unknown): { seat: SeatId; name: Text }[] {
  const france = { seat: FRANCE_SEAT, name: { en: 'France', ja: 'フランス' } };
  if (mode === 'two-player') return [france, { seat: ALLIES_SEAT, name: { en: 'Allies', ja: '連合国' } }];
  const k = alliedPlayers(mode);
  const division = divisionOf(options);
  const groups = (division === 'standard' ? (STANDARD_DIVISION[k] ?? '') : division).split('/');
  const players = Array.from({ length: k }, (_, i) => {
    const nations = (groups[i] ?? '').split('+').filter((n): n is Ally => n in ALLY_NAMES);
    const list = (l: 'en' | 'ja') => nations.map((n) => ALLY_NAMES[n][l]).join(l === 'ja' ? '・' : ' and ');
    const en = `Allied player ${i + 1}`;
    const ja = `連合国プレイヤー${i + 1}`;
    return {
      seat: `ally-${i + 1}`,
      name: nations.length ? { en: `${en}: ${list('en')}`, ja: `${ja}: ${list('ja')}` } : { en, ja },
    };
  });
  return [france, ...players];
}

/** FN 12.0[M][2]: which seat runs each nation; throws on a division that does not fit the mode. */
export function controllers(mode: string, division: string): Record<Nation, SeatId> {
  const out = { france: FRANCE_SEAT } as Record<Nation, SeatId>;
  if (mode === 'two-player') {
    for (const a of ALLIES) out[a] = ALLIES_SEAT;
    return out;
  }
  const k = alliedPlayers(mode);
  const groups = (division === 'standard' ? STANDARD_DIVISION[k] : division).split('/');
  if (groups.length !== k)
    throw new Error(`FN 12.0[M][2]: division "${division}" has ${groups.length} groups, not ${k}`);
  groups.forEach((g, i) => {
    for (const n of g.split('+')) {
      if (!(ALLIES as readonly string[]).includes(n) || out[n as Ally])
        throw new Error(`FN 12.0[M][2]: division "${division}": "${n}" is not an Allied nation given once`);
      out[n as Ally] = `ally-${i + 1}`;
    }
  });
  const missing = ALLIES.filter((a) => !out[a]);
  if (missing.length) throw new Error(`FN 12.0[M][2]: division "${division}" leaves out ${missing.join(', ')}`);
  return out;
}

/** A combat run of one move/combat activity (FN 9.2), paused while a seat is asked (D5, D6). */
export interface CombatRun {
  nation: Nation;
  /** Combat areas still to fight, in order. */
  areas: string[];
  noJoin: Record<string, Ally[]>;
  allocate: Record<string, Partial<Record<Ally, number>>>;
}

/** Where the game stands: each kind names the decision point owed. */
export type FnPhase =
  | { kind: 'start' }
  | { kind: 'activate' }
  | { kind: 'combatOrder'; combat: CombatRun }
  /** FN-A12: moves halted after a sea roll; the active seat moves the units that have not moved yet (D4). */
  | { kind: 'moveOn'; act: Activation; arrived: Record<string, number> }
  | { kind: 'allocate'; combat: CombatRun }
  | { kind: 'surrenderReinforce' }
  | { kind: 'over' };

/** The end of the game. */
export interface FnResult {
  side: 'france' | 'allies' | 'draw';
  winners: SeatId[];
  rule: string;
  turn: number;
  reason: Text;
  /** FN 12.0[M][8]: each Allied seat's start VP plus end VP. */
  vp?: Record<SeatId, number>;
}

/** The state. `queued` and `standing` are each seat's own: no other seat sees them. */
export interface FnState {
  mode: string;
  options: FnOptions;
  data: FnData;
  seats: Record<Nation, SeatId>;
  /** FN 12.0[M][4]: each Allied seat's start VP. */
  startVp: Record<SeatId, number>;
  turn: number;
  /** This turn's activation order (FN 5.0). */
  order: Nation[];
  /** The index in `order` of the nation now active. */
  cursor: number;
  /** Units on the map: area id -> nation -> count (FN 1.31[2]: a nation's units are alike). */
  units: Record<string, Record<Nation, number>>;
  atWar: Record<Ally, boolean>;
  morale: number;
  /** FN-A06: France has made its one declaration of war this turn. */
  frenchDeclared: boolean;
  phase: FnPhase;
  queued: Record<SeatId, Partial<Record<Nation, Activation>>>;
  standing: Record<SeatId, Standing>;
  result: FnResult | null;
}

/**
 * A copy to change. Copy on write: the areas' records, the war states, the queued activations and the standing
 * orders are shared with `s` until `areaToChange`, `warToChange`, `queuedToChange` (`dropQueued`) or
 * `standingToChange` copies the part a rule changes; the combat run is copied. The parts never changed in place are
 * shared (data, options, seats, start VP, the activation order, which a new turn replaces, each seat's standing
 * orders, the result).
 */
export function cloneState(s: FnState): FnState {
  const units: FnState['units'] = { ...s.units };
  const p = s.phase;
  const phase: FnPhase =
    p.kind === 'allocate' || p.kind === 'combatOrder'
      ? { kind: p.kind, combat: { ...p.combat, areas: [...p.combat.areas] } }
      : p.kind === 'moveOn'
        ? { ...p, arrived: { ...p.arrived } }
        : p;
  const next = { ...s, units, phase };
  writing = fresh(next);
  return next;
}

// The state whose parts are being changed and the parts it has copied (the others it may share with the state it
// was copied from): area records by area, the war states, the queued activations by seat, the standing orders. One
// slot rather than a weak map of every copy: a step changes one state. A state not in the slot has each part copied
// before its first change from now on, which is always safe.
interface Writing {
  state: FnState | null;
  areas: string[];
  atWar: boolean;
  queued: boolean;
  standing: boolean;
}
const fresh = (state: FnState | null): Writing => ({
  state,
  areas: [],
  atWar: false,
  queued: false,
  standing: false,
});
let writing: Writing = fresh(null);
// Area records replaced by copies so far (what `areaRecords` knows of a units record is stale once it moves).
let replaced = 0;

/** The slot, for state `s`. */
function writingOf(s: FnState): Writing {
  if (writing.state !== s) writing = fresh(s);
  return writing;
}

/** An area's unit counts to change in place: copied first, once per state (copy on write). */
export function areaToChange(s: FnState, area: string): Record<Nation, number> {
  const w = writingOf(s);
  if (!w.areas.includes(area)) {
    s.units[area] = { ...s.units[area] };
    w.areas.push(area);
    replaced++;
  }
  return s.units[area];
}

/** The records of a state shared with the state before until a step changes them. */
type SharedRecord = 'atWar' | 'standing' | 'queued';

/** A shared record of `s` to change in place: copied first, once per state (the state before keeps the original). */
function recordToChange<K extends SharedRecord>(s: FnState, key: K): FnState[K] {
  const w = writingOf(s);
  if (!w[key]) {
    s[key] = { ...s[key] };
    w[key] = true;
  }
  return s[key];
}

/** The war states to change in place. */
export const warToChange = (s: FnState): FnState['atWar'] => recordToChange(s, 'atWar');

/** The standing orders by seat, to give a seat new ones. */
export const standingToChange = (s: FnState): FnState['standing'] => recordToChange(s, 'standing');

/** The queued activations by seat, to give or drop a seat's record. */
export const queuedToChange = (s: FnState): FnState['queued'] => recordToChange(s, 'queued');

/**
 * Drops the activation a seat queued for nation `n`, if any: the seat gets a new record without it (in the same
 * order), what copying the record and deleting `n` from the copy would leave, without a delete (which leaves an
 * object slow to read and to copy).
 */
export function dropQueued(s: FnState, seat: SeatId, n: Nation): void {
  const record = s.queued[seat];
  if (!record || !Object.hasOwn(record, n)) return;
  const rest: FnState['queued'][SeatId] = {};
  for (const k in record) if (k !== n) rest[k as Nation] = record[k as Nation];
  queuedToChange(s)[seat] = rest;
}

export const isAlly = (n: Nation): n is Ally => n !== 'france';
/** What the rules look up again and again in a data set, built once per data set (data sets are never changed). */
interface DataIndex {
  ids: string[];
  order: Map<string, number>;
  home: Record<string, string>;
  /** Area id -> the nation whose home it is. */
  homeNation: Map<string, Nation>;
  sea: Set<string>;
  /** Whether each area, in data order, is a sea area. */
  seaAt: boolean[];
}
const indexes = new WeakMap<object, DataIndex>();
// The index last asked for: nearly every call asks of the one data set in play, and a weak map look-up costs more
// than the question it answers.
let last: { data: FnData | null; index: DataIndex | null } = { data: null, index: null };
function indexOf(data: FnData): DataIndex {
  if (last.data === data) return last.index!;
  let ix = indexes.get(data);
  if (!ix) {
    const ids = data.areas.map((a) => a.id);
    const home: Record<string, string> = {};
    const homeNation = new Map<string, Nation>();
    for (const a of data.areas) if (a.home) home[a.home] = a.id;
    for (const a of data.areas) if (a.home) homeNation.set(a.id, a.home);
    const sea = new Set(data.areas.filter((a) => a.kind === 'sea').map((a) => a.id));
    const seaAt = ids.map((id) => sea.has(id));
    ix = { ids, order: new Map(ids.map((id, i) => [id, i])), home, homeNation, sea, seaAt };
    indexes.set(data, ix);
  }
  last = { data, index: ix };
  return ix;
}

export const homeOf = (s: FnState, n: Nation): string => indexOf(s.data).home[n];
/** The nation whose home an area is, if any. */
export const homeNationOf = (s: FnState, areaId: string): Nation | undefined => indexOf(s.data).homeNation.get(areaId);
export const isSea = (s: FnState, areaId: string): boolean => indexOf(s.data).sea.has(areaId);
/** Whether each area, in data order, is a sea area (shared: do not change). */
export const seaAreas = (s: FnState): readonly boolean[] => indexOf(s.data).seaAt;
/** Area ids in data order (shared: do not change). */
export const areaIds = (s: FnState): readonly string[] => indexOf(s.data).ids;
/** An area's place in data order (FN 9.1[4]: moves and combats in area order). */
export const areaRank = (s: FnState, id: string): number => indexOf(s.data).order.get(id) ?? -1;
export const unitsOf = (s: FnState, areaId: string, n: Nation): number => countIn(s.units[areaId], n);

/** The units of `n` in an area's record (0 without a record). */
export function countIn(here: Partial<Record<Nation, number>> | undefined, n: Nation): number {
  if (!here) return 0;
  // Each nation read by its own name: a look-up by a varying name is slow once it has met several.
  switch (n) {
    case 'france':
      return here.france ?? 0;
    case 'prussia':
      return here.prussia ?? 0;
    case 'austria':
      return here.austria ?? 0;
    case 'russia':
      return here.russia ?? 0;
    case 'spain':
      return here.spain ?? 0;
    case 'britain':
      return here.britain ?? 0;
    default:
      return here[n] ?? 0;
  }
}
export function onMap(s: FnState, n: Nation): number {
  const records = areaRecords(s);
  let total = 0;
  for (let i = 0; i < records.length; i++) total += countIn(records[i], n);
  return total;
}

/**
 * The areas' records of a state's units, in data order (undefined for an area without one). The rules scan every
 * area several times a step, and a look-up by area id costs more than the count it finds: the list is made once
 * for the units record asked about last, and made again when another is asked about or a record of it has been
 * replaced since (`areaToChange` copies one; counts changed in place need nothing). Shared: do not change.
 */
export function areaRecords(s: FnState): readonly (Record<Nation, number> | undefined)[] {
  if (listed.units === s.units && listed.replaced === replaced) return listed.records;
  const ids = areaIds(s);
  const records: (Record<Nation, number> | undefined)[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) records[i] = s.units[ids[i]];
  listed = { units: s.units, replaced, records };
  return records;
}
let listed: {
  units: FnState['units'] | null;
  replaced: number;
  records: readonly (Record<Nation, number> | undefined)[];
} = { units: null, replaced: -1, records: [] };
/** FN 3.2[4]: units left in the nation's box on the War Status Chart. */
export const inBox = (s: FnState, n: Nation): number => s.data.chart[n].maximum - onMap(s, n);
/** FN 9.0[3]: an Allied nation at peace is treated as not on the map in move/combat. */
export const activeAlly = (s: FnState, n: Nation): boolean => isAlly(n) && s.atWar[n];
/** At-war Allied units in an area (FN 9.12[5]). */
export function enemiesOfFrance(s: FnState, areaId: string): number {
  const here = s.units[areaId];
  if (!here) return 0;
  const w = s.atWar;
  // Each nation by its own name, as in `unitsOf`.
  return (
    (w.prussia ? (here.prussia ?? 0) : 0) +
    (w.austria ? (here.austria ?? 0) : 0) +
    (w.russia ? (here.russia ?? 0) : 0) +
    (w.spain ? (here.spain ?? 0) : 0) +
    (w.britain ? (here.britain ?? 0) : 0)
  );
}
/** The seat that runs a nation. */
export const seatOf = (s: FnState, n: Nation): SeatId => s.seats[n];
/** The nation now active, if any. */
export const activeNation = (s: FnState): Nation | undefined => s.order[s.cursor];
/** Names of a nation and an area. */
export const nationName = (s: FnState, n: Nation): Text => s.data.chart[n].name;
export const areaName = (s: FnState, id: string): Text =>
  s.data.areas.find((a) => a.id === id)?.name ?? { en: id, ja: id };
