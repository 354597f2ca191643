/**
 * The state of a Grand Fleet game between steps, and the small helpers every rule module shares. Ship places are
 * short strings (cheap to copy): `pending` (on the turn table, or American before unrestricted submarine warfare),
 * `fleet` (the fleet box, GF 2-3[2]), `dd0`..`dd6` (a DDbox box, GF 2-3[3]), `sunk`, `removed` (GF 9[3], GF 12[5]).
 */
import type { GfData, HexData, ShipData, ShipType, Side } from './data/schema.ts';
import type { GfOptions } from './options.ts';

export type { Side } from './data/schema.ts';

/** The other side. */
export const enemyOf = (side: Side): Side => (side === 'british' ? 'german' : 'british');

/** The sides' names in Japanese (dice purposes). */
export const SIDE_JA: Record<Side, string> = { british: 'イギリス', german: 'ドイツ' };

/** Both sides in the engine's fixed order (British first: GF 8[4.2][2] ties go to Britain). */
export const SIDE_ORDER: readonly Side[] = ['british', 'german'];

/** GF 8[4.2]S(a)-(d): the combat situations. */
export const SITUATIONS = ['continue', 'cancelHalf', 'enemyHalf', 'long', 'short'] as const;
export type Situation = (typeof SITUATIONS)[number];

/** A fleet marker on the map (GF 8[2]). `down` indexes the side's secret shuffled order while face down. */
export interface Marker {
  /** The slot: side letter and placement number (`B3`), which says nothing of the fleet under it. */
  id: string;
  side: Side;
  hex: string;
  up: boolean;
  /** The fleet number (1..markers) of a face-up marker; 0 while face down. */
  fleet: number;
  /** Index into `Battle.hidden[side]` of a face-down marker. */
  down: number;
  moved: boolean;
  out: boolean;
}

/** One side's initiative in a bombardment round (GF 8[4.2]). */
export interface Initiative {
  half: boolean;
  excess: number;
  die: number;
  total: number;
  confused: boolean;
}

/** The bombardment round under way in one hex (GF 8[4.1]). */
export interface Round {
  hex: string;
  n: number;
  first: Side;
  init: Partial<Record<Side, Initiative>>;
  winner: Side | null;
  situations: Situation[];
  fire: Partial<Record<Side, Record<string, number>>>;
  cont: Partial<Record<Side, boolean>>;
}

/**
 * One contested hex under GF-AD1 (parallel hexes): its bombardment round and the decision point it waits at
 * (a combat phase of its own); `done` once its combat has ended.
 */
export interface HexCombat {
  hex: string;
  round: Round | null;
  phase: Phase;
  done: boolean;
}

/**
 * A decisive battle (GF 8). Its lists and records, markers included, are shared by the states of successive steps
 * (`cloneBattle`) and never changed in place: a step that changes one sets a new one.
 */
export interface Battle {
  offensive: Side;
  /** Fleet n (1-based) of a side is `fleets[side][n - 1]`: ship ids (GF 8[1]). */
  fleets: Record<Side, string[][]>;
  faceUp: Record<Side, number[]>;
  /** The face-down fleets in the server's shuffled order: secret from both players until the reveal (GF 8[2][1]). */
  hidden: Record<Side, number[]>;
  markers: Marker[];
  nextSide: Side;
  passes: number;
  finished: string[];
  revealed: boolean;
  queue: string[];
  round: Round | null;
  /** Pre-dreadnoughts of each side sunk in this battle (GF-A28 R2). */
  preSunk: Record<Side, number>;
  /** GF-AD1 (option `combatHexes: parallel`): every contested hex at once, in ascending hex order. */
  hexes?: HexCombat[];
}

/**
 * Standing orders a seat keeps for later decision points (spec 5.2). Never shown to the other seat. Shared by the
 * states of successive steps (`cloneState`): never changed in place, set anew when a step changes them.
 */
export interface Standing {
  usw?: 'occur' | 'decline';
  ifOffensive?: boolean;
  ifIntercepting?: boolean;
  placements?: { marker: 'down' | number; hex: string }[];
  intercepts?: { from: string; to: string }[];
  ifContinue?: boolean;
  ifStop?: boolean;
}

/** The decision point the game waits at. */
export type Phase =
  | { kind: 'arm-1'; sides: Side[] }
  | { kind: 'arm-2' | 'arm-3' | 'arm-4'; side: Side }
  | { kind: 'usw-choice'; side: 'german' }
  | { kind: 'initiative' }
  | { kind: 'declare' | 'accept'; side: Side }
  | { kind: 'organise' | 'place' | 'intercept' | 'combat-init' | 'combat-situations' | 'combat-continue'; side: Side }
  | { kind: 'shuffle' | 'combat-fire'; sides: Side[] }
  /** GF-AD1: every contested hex waits at its own point (`Battle.hexes`); each side answers all of them at once. */
  | { kind: 'combat-hexes' }
  | { kind: 'over' };

/** The result once the game is over (GF 10, GF 11). */
export interface GfResult {
  winner: Side | null;
  draw: boolean;
  rule: string;
  why: 'turns' | 'lead' | 'maintenance' | 'both';
  turn: number;
  vp: number;
}

/** The whole state. `vp` is the British lead (negative: Germany leads), GF 2-2[7]. */
export interface GfState {
  data: GfData;
  options: GfOptions;
  turn: number;
  vp: number;
  /** The place of every ship, in the data set's order (`placeOf`, `setPlace`). */
  places: string[];
  /** Pre-dreadnoughts of each side sunk in the game (GF 11[2c], GF-A28 R1); never changed in place. */
  preSunk: Record<Side, number>;
  /** The turn unrestricted submarine warfare broke out (GF 2-1[10]). */
  usw: number | null;
  uswRolls: number;
  phase: Phase;
  /** The last initiative determination of this turn (GF 7(b)). */
  offensive: Side | null;
  difference: number;
  battle: Battle | null;
  standing: Record<Side, Standing>;
  result: GfResult | null;
}

/** Look-ups built once per data set. */
export interface DataIndex {
  ship: Map<string, ShipData>;
  type: Map<string, ShipType>;
  hex: Map<string, HexData>;
  adjacent: Map<string, string[]>;
  /** Ship ids of each side, in data order. */
  bySide: Record<Side, string[]>;
  /** Positions (in `GfState.places`) of each side's ships, in data order. */
  slotsBySide: Record<Side, number[]>;
  /** Positions of each side's ships in the order of their ids as `sort()` puts strings (UTF-16 code units). */
  sortedSlotsBySide: Record<Side, number[]>;
  /** Each ship's type by position. */
  typeAt: ShipType[];
  /** Each ship's type. */
  typeOfShip: Map<string, ShipType>;
  /** Position of each ship in the data set (and in `GfState.places`). */
  position: Map<string, number>;
  /**
   * Each ship id's place in the `localeCompare` order of all ids (ids that compare equal share one): sorting by
   * id with these numbers gives the order `localeCompare` gives, at a fraction of its cost.
   */
  idRank: Map<string, number>;
}

const indexes = new WeakMap<GfData, DataIndex>();

/** Odd-r offset neighbours of a hex (pointy hexes, odd rows shifted right), GF 8[3][4]. */
function neighbourCells(col: number, row: number): [number, number][] {
  const odd = row % 2 === 1;
  const d = odd
    ? [
        [1, 0],
        [-1, 0],
        [0, -1],
        [1, -1],
        [0, 1],
        [1, 1],
      ]
    : [
        [1, 0],
        [-1, 0],
        [-1, -1],
        [0, -1],
        [-1, 1],
        [0, 1],
      ];
  return d.map(([dc, dr]) => [col + dc, row + dr]);
}

/** Each ship id's place in the `localeCompare` order of all ids (`DataIndex.idRank`). */
function idRanks(data: GfData): Map<string, number> {
  const ids = data.ships.map((x) => x.id).sort((a, b) => a.localeCompare(b));
  const rank = new Map<string, number>();
  for (let i = 0; i < ids.length; i++)
    rank.set(ids[i], i > 0 && ids[i].localeCompare(ids[i - 1]) === 0 ? rank.get(ids[i - 1])! : i);
  return rank;
}

/** The data set whose look-ups were asked for last, with them: nearly every call is for the same data set. */
let lastIndexed: { data: GfData; index: DataIndex } | null = null;

/** The data set's look-ups (cached per data object: the data is never changed). */
export function indexOf(data: GfData): DataIndex {
  if (lastIndexed?.data === data) return lastIndexed.index;
  const known = indexes.get(data);
  if (known) {
    lastIndexed = { data, index: known };
    return known;
  }
  const byCell = new Map(data.hexes.map((h) => [`${h.col},${h.row}`, h.id]));
  const adjacent = new Map<string, string[]>();
  for (const h of data.hexes) {
    const ids = neighbourCells(h.col, h.row)
      .map(([c, r]) => byCell.get(`${c},${r}`))
      .filter((id): id is string => id !== undefined);
    adjacent.set(h.id, ids.sort());
  }
  const index: DataIndex = {
    ship: new Map(data.ships.map((s) => [s.id, s])),
    type: new Map(data.shipTypes.map((t) => [t.id, t])),
    hex: new Map(data.hexes.map((h) => [h.id, h])),
    adjacent,
    position: new Map(data.ships.map((x, i) => [x.id, i])),
    typeOfShip: new Map(data.ships.map((x) => [x.id, data.shipTypes.find((t) => t.id === x.type)!])),
    bySide: {
      british: data.ships.filter((x) => x.nation !== 'german').map((x) => x.id),
      german: data.ships.filter((x) => x.nation === 'german').map((x) => x.id),
    },
    slotsBySide: { british: [], german: [] },
    sortedSlotsBySide: { british: [], german: [] },
    typeAt: [],
    idRank: idRanks(data),
  };
  for (const x of data.ships) index.typeAt.push(index.typeOfShip.get(x.id)!);
  for (const [i, x] of data.ships.entries()) index.slotsBySide[sideOfShip(x)].push(i);
  const ids = data.ships.map((x) => x.id);
  const byId = (a: number, b: number) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0);
  for (const side of SIDE_ORDER) index.sortedSlotsBySide[side] = [...index.slotsBySide[side]].sort(byId);
  indexes.set(data, index);
  lastIndexed = { data, index };
  return index;
}

/** The fleet positions last worked out for each side (`fleetSlots`), with the fleet list they are of. */
const lastFleetSlots: Partial<Record<Side, { fleets: readonly string[][]; data: GfData; slots: number[][] }>> = {};

/**
 * The positions (in `GfState.places`) of the ships of fleet `n` (1-based) of a side, or undefined for no such
 * fleet. Kept for the side's fleet list (`Battle.fleets[side]`): it is made anew when the side organises and never
 * changed in place, so every copy of the state shares it. One per side rather than a weak map of every list
 * (setting one cost more than working the positions out again now and then).
 */
export function fleetSlots(s: GfState, side: Side, n: number): readonly number[] | undefined {
  const fleets = s.battle!.fleets[side];
  let known = lastFleetSlots[side];
  if (known?.fleets !== fleets || known.data !== s.data) {
    const { position } = indexOf(s.data);
    known = { fleets, data: s.data, slots: fleets.map((fleet) => fleet.map((id) => position.get(id)!)) };
    lastFleetSlots[side] = known;
  }
  return known.slots[n - 1];
}

/** The side a ship fights for: American ships are British (GF 9[2a]). */
export const sideOfShip = (ship: ShipData): Side => (ship.nation === 'german' ? 'german' : 'british');

/** The side's ship ids, in data order, whose place passes `test`. */
export function shipsOf(s: GfState, side: Side, test: (place: string) => boolean): string[] {
  const idx = indexOf(s.data);
  const ids = idx.bySide[side];
  const slots = idx.slotsBySide[side];
  const out: string[] = [];
  for (let k = 0; k < ids.length; k++) if (test(s.places[slots[k]])) out.push(ids[k]);
  return out;
}

/** Whether any of the side's ships has a place that passes `test` (`shipsOf(...).length > 0`, without the list). */
export function someShip(s: GfState, side: Side, test: (place: string) => boolean): boolean {
  for (const slot of indexOf(s.data).slotsBySide[side]) if (test(s.places[slot])) return true;
  return false;
}

/** How many of the side's ships are in `place` (`shipsOf(...).length`, without the list). */
export function countAt(s: GfState, side: Side, place: string): number {
  let n = 0;
  for (const slot of indexOf(s.data).slotsBySide[side]) if (s.places[slot] === place) n++;
  return n;
}

/** Where a ship is. */
export const placeOf = (s: GfState, id: string): string => s.places[indexOf(s.data).position.get(id)!];

/** Every ship's place by id (views and tests). */
export const placesById = (s: GfState): Record<string, string> =>
  Object.fromEntries(s.data.ships.map((x, i) => [x.id, s.places[i]]));

/** The ship's type. */
export const typeOf = (s: GfState, id: string): ShipType => indexOf(s.data).typeOfShip.get(id)!;

/** The DDbox box of a place (`dd3` is 3), or -1. The usual `dd0`-`dd9` read by character, with no string made. */
export function ddBox(place: string): number {
  if (place.length === 3 && place.charCodeAt(0) === 100 && place.charCodeAt(1) === 100) {
    const box = place.charCodeAt(2) - 48;
    if (box >= 0 && box <= 9) return box;
  }
  return place.startsWith('dd') ? Number(place.slice(2)) : -1;
}

/** The places of DDbox boxes 0-6: one string each, shared by every table that holds it. */
const DD_PLACES = ['dd0', 'dd1', 'dd2', 'dd3', 'dd4', 'dd5', 'dd6'];

/**
 * The place of DDbox box `box` (`dd3` for 3): the shared string of boxes 0-6 rather than one made per ship, so a
 * place table holds a few strings only (the invariants read every place of a changed table).
 */
export const ddPlace = (box: number): string => DD_PLACES[box] ?? `dd${box}`;

/** Ships of a side in one DDbox box. */
export function inBox(s: GfState, side: Side, box: number): string[] {
  const place = ddPlace(box);
  return shipsOf(s, side, (p) => p === place);
}

/** GF 6[5]: room left in a numbered DDbox box (box 0: unlimited). */
export function roomIn(s: GfState, side: Side, box: number): number {
  return box === 0 ? Number.POSITIVE_INFINITY : s.data.ddCapacity[side] - inBox(s, side, box).length;
}

/** Ships of a side per DDbox box 0-6, in one pass over the roster. */
export function boxCounts(s: GfState, side: Side): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const places = s.places;
  for (const slot of indexOf(s.data).slotsBySide[side]) {
    const place = places[slot];
    if (place?.length === 3 && place.charCodeAt(0) === 100) counts[place.charCodeAt(2) - 48]++;
  }
  return counts;
}

/**
 * GF-A07 R1 with the engine's choice for the owner: the numbered box with the most room (lowest number on a tie),
 * else box 0. The owner may redistribute before any commitment roll (GF 6[8]), so the box is a starting place only.
 */
export function autoBox(s: GfState, side: Side): number {
  return boxWithMostRoom(s, side, boxCounts(s, side));
}

/** `autoBox` from the side's box counts (`boxCounts`), for a caller that keeps them up to date itself. */
export function boxWithMostRoom(s: GfState, side: Side, counts: readonly number[]): number {
  let best = 0;
  let room = 0;
  for (let b = 1; b <= 6; b++) {
    const r = s.data.ddCapacity[side] - counts[b];
    if (r > room) [best, room] = [b, r];
  }
  return best;
}

/** The hex's data. */
export const hexOf = (s: GfState, id: string): HexData | undefined => indexOf(s.data).hex.get(id);

/** A copy of a round deep enough for one step to change it. */
const cloneRound = (r: Round | null): Round | null =>
  r ? { ...r, init: { ...r.init }, situations: [...r.situations], fire: { ...r.fire }, cont: { ...r.cont } } : null;

/**
 * A copy of a battle deep enough for one step to change it: its round and its GF-AD1 hexes. Its other lists and
 * records (fleets, face-up and hidden fleets, markers, finished hexes, queue, pre-dreadnoughts sunk) are shared with
 * the battle it was copied from and never changed in place: a step that changes one sets a new one (`withSide`,
 * `changeMarkers`), so most steps copy none of them.
 */
function cloneBattle(b: Battle): Battle {
  const copy = { ...b, round: cloneRound(b.round) };
  if (b.hexes) copy.hexes = b.hexes.map((h) => ({ ...h, round: cloneRound(h.round), phase: { ...h.phase } }));
  return copy;
}

/** A copy of a per-side record with one side's value set (records of a state are shared: never set in place). */
export const withSide = <T>(record: Record<Side, T>, side: Side, value: T): Record<Side, T> =>
  side === 'british' ? { british: value, german: record.german } : { british: record.british, german: value };

/**
 * Sets the battle's markers to a new list in which each marker is what `change` makes of it: itself when it does
 * not change, else a changed copy (markers are shared with earlier states, `cloneBattle`).
 */
export function changeMarkers(b: Battle, change: (m: Marker) => Marker): void {
  b.markers = b.markers.map(change);
}

/**
 * The last place table copied for a state, with that state: the one table known to be that state's own (a clone
 * shares its parent's table until its first change). One slot rather than a weak map of every state: a step writes
 * the places of one state only, and a state whose table is not in the slot has it copied again, which is safe.
 */
let owned: { state: GfState | null; places: string[] | null } = { state: null, places: null };

/**
 * What the invariants last found of a place table (rules/invariants.ts), with that table: a table is shared by the
 * states of every step that moves no ship, so the next check mostly finds it here. One slot rather than a weak map
 * of every table (setting a weak map cost more than the check it saved); a table about to be written again
 * (`writablePlaces`) is forgotten first.
 */
export const lastPlaceCheck: { places: readonly string[] | null; data: GfData | null; broken: readonly string[] } = {
  places: null,
  data: null,
  broken: [],
};

/** Sets a ship's place, copying the shared place table first (copy on write: most steps move no ship). */
export function setPlace(s: GfState, id: string, place: string): void {
  writablePlaces(s)[indexOf(s.data).position.get(id)!] = place;
}

/** The state's own place table, copied from the shared one first if need be (for a caller setting many places). */
export function writablePlaces(s: GfState): string[] {
  if (owned.state !== s || owned.places !== s.places) {
    s.places = s.places.slice();
    owned = { state: s, places: s.places };
  } else if (lastPlaceCheck.places === s.places) lastPlaceCheck.places = null; // about to change: forgotten
  return s.places;
}

/** A copy of standing orders with their own lists (orders given to a step are kept only as copies). */
export function cloneStanding(x: Standing): Standing {
  const copy = { ...x };
  if (x.placements) copy.placements = [...x.placements];
  if (x.intercepts) copy.intercepts = [...x.intercepts];
  return copy;
}

/**
 * A copy of the state deep enough for one step to change it (ship places: through `setPlace`). The standing
 * orders of each side and the pre-dreadnoughts sunk are shared with the state copied: a step that changes them
 * sets new ones, never changing them in place.
 */
export function cloneState(s: GfState): GfState {
  return {
    ...s,
    standing: { british: s.standing.british, german: s.standing.german },
    battle: s.battle ? cloneBattle(s.battle) : null,
  };
}

/**
 * An empty record keyed by ship id, for orders that add their ships in a random order (random and play-out orders).
 * V8 gives an object literal a new hidden class for every key added in an order it has not seen before, which took
 * most of such orders' time; an object without a prototype is a plain dictionary from the start. Its keys keep the
 * order they were added in all the same (the computer player's grafts pick parts of orders by that order).
 */
export const shipRecord = <T>(): Record<string, T> => Object.create(null);

/** Adds VP to a side (the track holds the British lead). */
export const addVp = (s: GfState, side: Side, n: number): void => {
  s.vp += side === 'british' ? n : -n;
};
