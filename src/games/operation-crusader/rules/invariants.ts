/**
 * Rule invariants that hold in every state. Checked after every step of random play, so the map's places are
 * numbered once per data set and the sides at each place counted in a reused array, not a map made per check.
 */
import { enemyOf, indexOf, type OcState } from '../state.ts';

/** The violated invariants (empty when all hold). */
export function invariants(s: OcState): string[] {
  const places = placesOf(s.data);
  const broken: string[] = [];
  const sides = places.sides;
  sides.fill(0);
  const units = s.data.units;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    const st = s.units[u.id];
    if (!st) {
      broken.push(`OC 2.2: unit ${u.id} has no state`);
      continue;
    }
    if (st.status === 'map') {
      const code = st.at ? places.code.get(st.at) : undefined;
      if (code === undefined) broken.push(`OC 2.1[2]: ${u.id} stands nowhere (${st.at})`);
      if (st.steps < 1 || st.steps > u.steps) broken.push(`OC 2.3(1): ${u.id} has ${st.steps} of ${u.steps} steps`);
      if (code !== undefined) {
        const off = places.offMapSide[code];
        if (off && off !== u.side) broken.push(`OC 4.2: ${u.id} at an enemy off-map point`);
        sides[code] |= u.side === 'british' ? BRITISH : AXIS;
      }
    } else if (st.at !== null) broken.push(`OC 6.3(8): ${u.id} is ${st.status} but at ${st.at}`);
    if (st.status === 'routed' && !(st.returnTurn && st.returnTurn <= s.data.turns))
      broken.push(`OC 6.3(8)②: ${u.id} returns on turn ${st.returnTurn}`);
  }
  if (Math.abs(s.vp) > s.data.vpCap) broken.push(`OC 7.0[3]: VP ${s.vp} beyond ${s.data.vpCap}`);
  if (s.turn < 1 || s.turn > s.options.lastTurn) broken.push(`OC 3.0[1]: turn ${s.turn}`);
  const combatAt = s.phase.kind === 'counterattack' || s.phase.kind === 'targets' ? s.phase.combat.at : null;
  for (const p of places.onMap) {
    if (p.id === combatAt) continue;
    if (sides[p.code] === BOTH) broken.push(`OC 6.3(7): both sides at ${p.id}`);
    if (p.area) continue;
    const controller = s.control[p.id];
    if (controller !== 'british' && controller !== 'axis') broken.push(`OC 7.2: ${p.id} has no controller`);
  }
  return broken;
}

/**
 * What the invariants ask of the map, once per data set: a number for every known place (areas, then points),
 * the side owning each off-map point by that number, the on-map points in data order, and the array the sides at
 * each place are counted in (reused by every check: a check runs to its end before the next begins).
 */
interface Places {
  code: Map<string, number>;
  offMapSide: (string | undefined)[];
  onMap: { id: string; code: number; area: boolean }[];
  sides: Uint8Array;
}

const placesCache = new WeakMap<OcState['data'], Places>();

function placesOf(data: OcState['data']): Places {
  const hit = placesCache.get(data);
  if (hit) return hit;
  const ix = indexOf(data);
  const code = new Map<string, number>();
  for (const id of [...ix.area.keys(), ...ix.point.keys()]) if (!code.has(id)) code.set(id, code.size);
  const offMapSide: (string | undefined)[] = new Array(code.size).fill(undefined);
  for (const p of data.points) if (p.offMap) offMapSide[code.get(p.id)!] = p.offMap.side;
  const places: Places = {
    code,
    offMapSide,
    onMap: data.points
      .filter((p) => !p.offMap)
      .map((p) => ({ id: p.id, code: code.get(p.id)!, area: ix.area.has(p.id) })),
    sides: new Uint8Array(code.size),
  };
  placesCache.set(data, places);
  return places;
}

const BRITISH = 1;
const AXIS = 2;
const BOTH = BRITISH | AXIS;

export { enemyOf };
