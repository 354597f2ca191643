/**
 * Rule invariants that hold in every state; returns the broken ones. Checked after every step of random play and
 * search, so the places are read by position (`GfState.places`), not looked up ship by ship.
 */
import type { Side } from '../data/schema.ts';
import { shipsUnderCount } from './placement.ts';
import { fleetSlots, type GfState, indexOf, lastPlaceCheck, SIDE_ORDER } from '../state.ts';

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

/** GF 2-3, 6[5]: the places and the DDbox capacities, found once per place table (`lastPlaceCheck`). */
function placeInvariants(s: GfState): readonly string[] {
  if (lastPlaceCheck.places === s.places && lastPlaceCheck.data === s.data) return lastPlaceCheck.broken;
  const broken: string[] = [];
  const sides = sideAt(s);
  const perBox = { british: [0, 0, 0, 0, 0, 0, 0], german: [0, 0, 0, 0, 0, 0, 0] };
  for (let i = 0; i < s.data.ships.length; i++) {
    const place = s.places[i];
    const box = place === undefined ? -1 : boxOf(place);
    if (box >= 0) perBox[sides[i]!][box]++;
    else if (place !== 'fleet' && place !== 'pending' && place !== 'sunk' && place !== 'removed')
      broken.push(`GF 2-3: ship ${s.data.ships[i].id} in an unknown place ${place}`);
  }
  for (const side of SIDE_ORDER)
    for (let box = 1; box <= 6; box++)
      if (perBox[side][box] > s.data.ddCapacity[side])
        broken.push(`GF 6[5]: ${side} DDbox ${box} holds ${perBox[side][box]}`);
  lastPlaceCheck.places = s.places;
  lastPlaceCheck.data = s.data;
  lastPlaceCheck.broken = broken;
  return broken;
}

/** The side of each ship by position, per data set. */
const sidesCache = new WeakMap<GfState['data'], (Side | undefined)[]>();

function sideAt(s: GfState): (Side | undefined)[] {
  let sides = sidesCache.get(s.data);
  if (!sides) {
    sides = [];
    const { slotsBySide } = indexOf(s.data);
    for (const side of SIDE_ORDER) for (const i of slotsBySide[side]) sides[i] = side;
    sidesCache.set(s.data, sides);
  }
  return sides;
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
  const b = s.battle!;
  const fleets = fleetInvariants(s);
  if (fleets.length) broken.push(...fleets);
  const idx = indexOf(s.data);
  const placed = { british: 0, german: 0 };
  const down = { british: 0, german: 0 };
  for (const m of b.markers) {
    placed[m.side]++;
    if (!m.up && !b.revealed) down[m.side]++;
    const hex = idx.hex.get(m.hex);
    if (!hex || hex.kind === 'prohibited') broken.push(`GF 8[2][2]: marker ${m.id} in ${m.hex}`);
    if (b.revealed && !m.out && shipsUnderCount(s, m) === 0) broken.push(`GF 8[4][1]: empty marker ${m.id} in play`);
  }
  for (const side of SIDE_ORDER) {
    if (down[side] > b.hidden[side].length) broken.push(`GF 8[2]: ${side} placed more face-down markers than it has`);
    if (placed[side] > s.data.markers[side]) broken.push(`GF 2-1[7]: ${side} markers`);
  }
}
