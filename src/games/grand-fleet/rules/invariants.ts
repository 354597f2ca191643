/**
 * Rule invariants that hold in every state; returns the broken ones. Checked after every step of random play and
 * search, so the places are read by position (`GfState.places`), not looked up ship by ship.
 */
import type { Side } from '../data/schema.ts';
import { shipsUnderCount } from './placement.ts';
import { type Battle, fleetSlots, type GfState, indexOf, lastPlaceCheck, type Marker, SIDE_ORDER } from '../state.ts';

const D = 100; // 'd'
const ZERO = 48; // '0'

/** The DDbox box of a place (`dd3` is 3, GF 2-3[3]), or -1: read by character, with no string built. */
function boxOf(place: string): number {
  if (place.length !== 3 || place.charCodeAt(0) !== D || place.charCodeAt(1) !== D) return -1;
  const box = place.charCodeAt(2) - ZERO;
  return box >= 0 && box <= 6 ? box : -1;
}

/** GF 2-3, 6[5], 8[1][4], 8[2]: places, capacities, fleets, markers. */
export function invariants(s: GfState): string[] {
  const broken: string[] = [];
  const places = placeInvariants(s);
  if (places.length) broken.push(...places);
  if (!Number.isInteger(s.vp)) broken.push(`GF 8[5][2]: VP ${s.vp} is not whole`);
  if (s.turn < 1 || s.turn > s.data.turns.length) broken.push(`GF 4[1]: turn ${s.turn}`);
  if (s.phase.kind === 'over' && !s.result) broken.push('GF 10: over without a result');
  if (s.battle) battleInvariants(s, broken);
  return broken;
}

/** Each ship's side by position (`sideAt`), and as a number: 0 British, 1 German. */
interface ShipSides {
  sides: (Side | undefined)[];
  numbers: Uint8Array;
}

/** The side of each ship by position, per data set. */
const sidesCache = new WeakMap<GfState['data'], ShipSides>();

function shipSides(s: GfState): ShipSides {
  let known = sidesCache.get(s.data);
  if (!known) {
    known = { sides: [], numbers: new Uint8Array(s.data.ships.length) };
    const { slotsBySide } = indexOf(s.data);
    for (const side of SIDE_ORDER)
      for (const i of slotsBySide[side]) {
        known.sides[i] = side;
        known.numbers[i] = side === 'british' ? 0 : 1;
      }
    sidesCache.set(s.data, known);
  }
  return known;
}

const sideAt = (s: GfState): (Side | undefined)[] => shipSides(s).sides;

/** Ships per DDbox box while the places are counted: British boxes 0-6, then German (reused, cleared per check). */
const perBox = new Int32Array(14);

/**
 * How many place tables have been checked: a table written in place after its check (a caller's `setPlace` on a
 * state it owns) is checked again, with a new number, so a check that read the table can tell it from the old one.
 */
let placeChecks = 0;

/** GF 2-3, 6[5]: the places and the DDbox capacities, found once per place table (`lastPlaceCheck`). */
function placeInvariants(s: GfState): readonly string[] {
  if (lastPlaceCheck.places === s.places && lastPlaceCheck.data === s.data) return lastPlaceCheck.broken;
  placeChecks++;
  const broken: string[] = [];
  const sides = shipSides(s).numbers;
  const places = s.places;
  perBox.fill(0);
  for (let i = 0, n = s.data.ships.length; i < n; i++) {
    const place = places[i];
    const box = place === undefined ? -1 : boxOf(place);
    if (box >= 0) perBox[sides[i] * 7 + box]++;
    else if (place !== 'fleet' && place !== 'pending' && place !== 'sunk' && place !== 'removed')
      broken.push(`GF 2-3: ship ${s.data.ships[i].id} in an unknown place ${place}`);
  }
  for (let k = 0; k < 2; k++) {
    const side = SIDE_ORDER[k];
    for (let box = 1; box <= 6; box++)
      if (perBox[k * 7 + box] > s.data.ddCapacity[side])
        broken.push(`GF 6[5]: ${side} DDbox ${box} holds ${perBox[k * 7 + box]}`);
  }
  lastPlaceCheck.places = s.places;
  lastPlaceCheck.data = s.data;
  lastPlaceCheck.broken = broken;
  return broken;
}

// The ships seen in fleets, by position: marked with a number new at each check, so no set is made or cleared
// per check.
let marks = new Int32Array(0);
let lastMark = 0;

/** A mark no ship has yet, with room for `ships` positions. */
function nextMark(ships: number): number {
  if (marks.length < ships || lastMark === 0x7fffffff) {
    marks = new Int32Array(Math.max(ships, marks.length));
    lastMark = 0;
  }
  return ++lastMark;
}

/**
 * What the fleet check last found, with the fleet lists it checked: the lists are made anew when a side organises
 * (GF 8[1]) and never changed in place, so every later step of the battle shares them and this check.
 */
let lastFleetCheck: {
  british: readonly string[][];
  german: readonly string[][];
  data: GfState['data'];
  broken: readonly string[];
} | null = null;

/** GF 8[1], 8[1][4]: fleet sizes, and every ship in one fleet at most, of its own side. */
function fleetInvariants(s: GfState): readonly string[] {
  const { british, german } = s.battle!.fleets;
  const known = lastFleetCheck;
  if (known?.british === british && known.german === german && known.data === s.data) return known.broken;
  const broken: string[] = [];
  const sides = sideAt(s);
  const mark = nextMark(s.data.ships.length); // a ship in a fleet already (fleets of both sides) has this mark
  for (const side of SIDE_ORDER) {
    const fleets = s.battle!.fleets[side];
    for (let i = 0; i < fleets.length; i++) {
      const fleet = fleets[i];
      if (fleet.length > s.data.fleetMax[side]) broken.push(`GF 8[1][4]: ${side} fleet ${i + 1} has ${fleet.length}`);
      const slots = fleetSlots(s, side, i + 1)!;
      for (let k = 0; k < fleet.length; k++) {
        const slot = slots[k];
        if (slot === undefined || marks[slot] === mark || sides[slot] !== side)
          broken.push(`GF 8[1]: ${fleet[k]} misplaced in fleets`);
        if (slot !== undefined) marks[slot] = mark;
      }
    }
  }
  lastFleetCheck = { british, german, data: s.data, broken };
  return broken;
}

/** GF 8[1], 8[2], 8[4][1]: the battle's fleets and markers; what is broken is added to `broken`. */
function battleInvariants(s: GfState, broken: string[]): void {
  const fleets = fleetInvariants(s);
  if (fleets.length) broken.push(...fleets);
  const markers = markerInvariants(s);
  if (markers.length) broken.push(...markers);
}

/**
 * What the marker check last found, with what it read: the markers, the hidden fleets and the fleet lists are
 * shared by the states of successive steps until one changes them (`cloneBattle`), and the places matter once the
 * markers are revealed only (checked just before, `placeInvariants`); so a step that moves no marker and, after the
 * reveal, no ship mostly finds its check here, and a placement (a list with one marker more) checks that one only.
 */
let lastMarkerCheck: {
  markers: readonly Marker[];
  hidden: Battle['hidden'];
  fleets: Battle['fleets'];
  revealed: boolean;
  /** The place check read (`placeChecks`), once the markers are revealed; else -1. */
  placeCheck: number;
  data: GfState['data'];
  /** Markers placed and face down of each side: British, German. */
  placed: [number, number];
  down: [number, number];
  /** What the markers broke, marker by marker (the part of `broken` before the counts). */
  perMarker: string[];
  broken: readonly string[];
} | null = null;

/** Whether `list` starts with every marker of `head`, in order (the same objects). */
function startsWith(list: readonly Marker[], head: readonly Marker[]): boolean {
  if (list.length < head.length) return false;
  for (let i = 0; i < head.length; i++) if (list[i] !== head[i]) return false;
  return true;
}

/** GF 8[2], 8[4][1]: the markers' hexes and numbers, and no empty marker in play after the reveal. */
function markerInvariants(s: GfState): readonly string[] {
  const b = s.battle!;
  const placeCheck = b.revealed ? placeChecks : -1;
  const known = lastMarkerCheck;
  const sameReads =
    known !== null &&
    known.hidden === b.hidden &&
    known.fleets === b.fleets &&
    known.revealed === b.revealed &&
    known.placeCheck === placeCheck &&
    known.data === s.data;
  if (sameReads && known.markers === b.markers) return known.broken;
  // Markers already checked with the same reads keep their findings; the others are checked here.
  const from = sameReads && startsWith(b.markers, known.markers) ? known.markers.length : 0;
  const placed: [number, number] = from ? [known!.placed[0], known!.placed[1]] : [0, 0];
  const down: [number, number] = from ? [known!.down[0], known!.down[1]] : [0, 0];
  const perMarker = from ? known!.perMarker.slice() : [];
  const idx = indexOf(s.data);
  for (let i = from; i < b.markers.length; i++) {
    const m = b.markers[i];
    const k = m.side === 'british' ? 0 : 1;
    placed[k]++;
    if (!m.up && !b.revealed) down[k]++;
    const hex = idx.hex.get(m.hex);
    if (!hex || hex.kind === 'prohibited') perMarker.push(`GF 8[2][2]: marker ${m.id} in ${m.hex}`);
    if (b.revealed && !m.out && shipsUnderCount(s, m) === 0) perMarker.push(`GF 8[4][1]: empty marker ${m.id} in play`);
  }
  const broken = perMarker.slice();
  for (let k = 0; k < 2; k++) {
    const side = SIDE_ORDER[k];
    if (down[k] > b.hidden[side].length) broken.push(`GF 8[2]: ${side} placed more face-down markers than it has`);
    if (placed[k] > s.data.markers[side]) broken.push(`GF 2-1[7]: ${side} markers`);
  }
  const { markers, hidden, fleets, revealed } = b;
  lastMarkerCheck = { markers, hidden, fleets, revealed, placeCheck, data: s.data, placed, down, perMarker, broken };
  return broken;
}
