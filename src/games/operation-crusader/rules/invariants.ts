/** Rule invariants that hold in every state. */
import { enemyOf, indexOf, type OcState } from '../state.ts';

/** The violated invariants (empty when all hold). */
export function invariants(s: OcState): string[] {
  const places = placesOf(s.data);
  const broken: string[] = [];
  for (const u of s.data.units) {
    const st = s.units[u.id];
    if (!st) {
      broken.push(`OC 2.2: unit ${u.id} has no state`);
      continue;
    }
    if (st.status === 'map') {
      if (!st.at || !places.known.has(st.at)) broken.push(`OC 2.1[2]: ${u.id} stands nowhere (${st.at})`);
      if (st.steps < 1 || st.steps > u.steps) broken.push(`OC 2.3(1): ${u.id} has ${st.steps} of ${u.steps} steps`);
      const off = st.at ? places.offMapSide.get(st.at) : undefined;
      if (off && off !== u.side) broken.push(`OC 4.2: ${u.id} at an enemy off-map point`);
    } else if (st.at !== null) broken.push(`OC 6.3(8): ${u.id} is ${st.status} but at ${st.at}`);
    if (st.status === 'routed' && !(st.returnTurn && st.returnTurn <= s.data.turns))
      broken.push(`OC 6.3(8)②: ${u.id} returns on turn ${st.returnTurn}`);
  }
  if (Math.abs(s.vp) > s.data.vpCap) broken.push(`OC 7.0[3]: VP ${s.vp} beyond ${s.data.vpCap}`);
  if (s.turn < 1 || s.turn > s.options.lastTurn) broken.push(`OC 3.0[1]: turn ${s.turn}`);
  const combatAt = s.phase.kind === 'counterattack' || s.phase.kind === 'targets' ? s.phase.combat.at : null;
  const sides = sidesByLocation(s);
  for (const p of places.onMap) {
    if (p.id === combatAt) continue;
    if (sides.get(p.id) === BOTH) broken.push(`OC 6.3(7): both sides at ${p.id}`);
    if (!p.area && s.control[p.id] !== 'british' && s.control[p.id] !== 'axis')
      broken.push(`OC 7.2: ${p.id} has no controller`);
  }
  return broken;
}

/** What the invariants ask of the map, once per data set: its places, off-map sides, on-map points in order. */
interface Places {
  known: Set<string>;
  offMapSide: Map<string, string>;
  onMap: { id: string; area: boolean }[];
}

const placesCache = new WeakMap<OcState['data'], Places>();

function placesOf(data: OcState['data']): Places {
  const hit = placesCache.get(data);
  if (hit) return hit;
  const ix = indexOf(data);
  const places: Places = {
    known: new Set([...ix.area.keys(), ...ix.point.keys()]),
    offMapSide: new Map(data.points.flatMap((p) => (p.offMap ? [[p.id, p.offMap.side] as const] : []))),
    onMap: data.points.filter((p) => !p.offMap).map((p) => ({ id: p.id, area: ix.area.has(p.id) })),
  };
  placesCache.set(data, places);
  return places;
}

const BRITISH = 1;
const AXIS = 2;
const BOTH = BRITISH | AXIS;

/** The sides with units on the map at each location, as bits, in one pass over the units. */
function sidesByLocation(s: OcState): Map<string, number> {
  const sides = new Map<string, number>();
  for (const u of s.data.units) {
    const st = s.units[u.id];
    if (st?.status !== 'map' || !st.at) continue;
    sides.set(st.at, (sides.get(st.at) ?? 0) | (u.side === 'british' ? BRITISH : AXIS));
  }
  return sides;
}

export { enemyOf };
