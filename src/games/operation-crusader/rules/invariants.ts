/**
 * Rule invariants that hold in every state. Checked after every step of random play, so the map's places are
 * numbered once per data set, each unit's location is matched to its number through the location it had at the
 * last check (a step moves few units), the sides at each place are marked in a reused array, not a map made per
 * check, and the units and control records are read in one pass each when their keys come in data order (as the
 * set-up makes them and every copy keeps them), not by a lookup per key. Every unit and every point is read on
 * every check all the same.
 */
import { enemyOf, indexOf, type OcState } from '../state.ts';

/** The violated invariants (empty when all hold). */
export function invariants(s: OcState): string[] {
  const places = placesOf(s.data);
  const broken: string[] = [];
  // The marks of this check: a place's mark is this check's number times 4, plus the sides seen there.
  const marks = places.marks;
  const stamp = nextStamp(places);
  const units = s.data.units;
  const states = places.states;
  if (!readInOrder(s.units, places.unitIds, states))
    for (let i = 0; i < units.length; i++) states[i] = s.units[units[i].id];
  const lastAt = places.lastAt;
  const lastCode = places.lastCode;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    const st = states[i];
    if (!st) {
      broken.push(`OC 2.2: unit ${u.id} has no state`);
      continue;
    }
    if (st.status === 'map') {
      const at = st.at;
      let code: number | undefined;
      if (at === lastAt[i] && at !== null) code = lastCode[i];
      else {
        code = at ? places.code.get(at) : undefined;
        if (code !== undefined) {
          lastAt[i] = at;
          lastCode[i] = code;
        }
      }
      if (code === undefined) broken.push(`OC 2.1[2]: ${u.id} stands nowhere (${st.at})`);
      if (st.steps < 1 || st.steps > u.steps) broken.push(`OC 2.3(1): ${u.id} has ${st.steps} of ${u.steps} steps`);
      if (code !== undefined) {
        const off = places.offMapSide[code];
        if (off && off !== u.side) broken.push(`OC 4.2: ${u.id} at an enemy off-map point`);
        const mark = marks[code];
        marks[code] = Math.max(mark, stamp) | (u.side === 'british' ? BRITISH : AXIS);
      }
    } else if (st.at !== null) broken.push(`OC 6.3(8): ${u.id} is ${st.status} but at ${st.at}`);
    if (st.status === 'routed' && !(st.returnTurn && st.returnTurn <= s.data.turns))
      broken.push(`OC 6.3(8)②: ${u.id} returns on turn ${st.returnTurn}`);
  }
  if (Math.abs(s.vp) > s.data.vpCap) broken.push(`OC 7.0[3]: VP ${s.vp} beyond ${s.data.vpCap}`);
  if (s.turn < 1 || s.turn > s.options.lastTurn) broken.push(`OC 3.0[1]: turn ${s.turn}`);
  const combatAt = s.phase.kind === 'counterattack' || s.phase.kind === 'targets' ? s.phase.combat.at : null;
  const onMap = places.onMap;
  const controllers = places.controllers;
  if (!readInOrder(s.control, places.onMapIds, controllers))
    for (let k = 0; k < onMap.length; k++) controllers[k] = s.control[onMap[k].id];
  for (let k = 0; k < onMap.length; k++) {
    const p = onMap[k];
    if (p.id === combatAt) continue;
    if (marks[p.code] === (stamp | BOTH)) broken.push(`OC 6.3(7): both sides at ${p.id}`);
    if (p.area) continue;
    const controller = controllers[k];
    if (controller !== 'british' && controller !== 'axis') broken.push(`OC 7.2: ${p.id} has no controller`);
  }
  return broken;
}

/**
 * Reads the values of a record into `out` when its keys are exactly `keys`, in that order (one pass over the
 * record, each value read by the key the pass is at); false, with `out` partly filled, when they are not.
 */
function readInOrder<T>(record: Readonly<Record<string, T>>, keys: readonly string[], out: T[]): boolean {
  let i = 0;
  for (const k in record) {
    if (k !== keys[i]) return false;
    out[i++] = record[k];
  }
  return i === keys.length;
}

/**
 * What the invariants ask of the map, once per data set: a number for every known place (areas, then points),
 * the side owning each off-map point by that number, the on-map points in data order, the array the sides at each
 * place are marked in (reused by every check: a check runs to its end before the next begins, and a mark older
 * than the check's number counts as none), and per unit in data order the location it stood at when last checked
 * with that location's number.
 */
interface Places {
  code: Map<string, number>;
  /** The units' ids in data order, and the array their states are read into (reused by every check). */
  unitIds: string[];
  states: OcState['units'][string][];
  /** The ids of `onMap`, and the array their controllers are read into (reused by every check). */
  onMapIds: string[];
  controllers: (string | undefined)[];
  offMapSide: (string | undefined)[];
  onMap: { id: string; code: number; area: boolean }[];
  marks: Int32Array;
  /** The number of the last check, times 4 (the low two bits of a mark are the sides). */
  stamp: number;
  lastAt: (string | null)[];
  lastCode: Int32Array;
}

/** The number of a new check, times 4; the marks are cleared when the numbers run out. */
function nextStamp(places: Places): number {
  places.stamp += 4;
  if (places.stamp > 0x3ffffff0) {
    places.marks.fill(0);
    places.stamp = 4;
  }
  return places.stamp;
}

const placesCache = new WeakMap<OcState['data'], Places>();
let lastPlaces: { data: OcState['data'] | null; places: Places | null } = { data: null, places: null };

function placesOf(data: OcState['data']): Places {
  if (lastPlaces.data === data) return lastPlaces.places!;
  const places = placesCache.get(data) ?? makePlaces(data);
  lastPlaces = { data, places };
  return places;
}

function makePlaces(data: OcState['data']): Places {
  const ix = indexOf(data);
  const code = new Map<string, number>();
  for (const id of [...ix.area.keys(), ...ix.point.keys()]) if (!code.has(id)) code.set(id, code.size);
  const offMapSide: (string | undefined)[] = new Array(code.size).fill(undefined);
  for (const p of data.points) if (p.offMap) offMapSide[code.get(p.id)!] = p.offMap.side;
  const onMap = data.points
    .filter((p) => !p.offMap)
    .map((p) => ({ id: p.id, code: code.get(p.id)!, area: ix.area.has(p.id) }));
  const places: Places = {
    code,
    unitIds: data.units.map((u) => u.id),
    states: new Array(data.units.length).fill(undefined),
    onMapIds: onMap.map((p) => p.id),
    controllers: new Array(onMap.length).fill(undefined),
    offMapSide,
    onMap,
    marks: new Int32Array(code.size),
    stamp: 0,
    lastAt: new Array(data.units.length).fill(null),
    lastCode: new Int32Array(data.units.length),
  };
  placesCache.set(data, places);
  return places;
}

const BRITISH = 1;
const AXIS = 2;
const BOTH = BRITISH | AXIS;

export { enemyOf };
