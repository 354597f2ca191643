/**
 * Supply (OC 5.1): a supply line of any length along points and roads to a supply source of the side (OC 5.1(2)),
 * not through an enemy-controlled point nor along a road next to an area holding enemy units and none of the
 * side's (OC 5.1(3), OC-A26); from an area, it starts at a friendly-controlled point the area touches.
 */
import { indexOf, isArea, isOffMap, type OcSide, type OcState } from '../state.ts';
import { roadBlocked } from './movement.ts';

/** The supply sources of a side (OC 5.1(1)): its off-map points, Bardia for the Axis until lost, Tobruk if asked. */
export function supplySources(s: OcState, side: OcSide, withTobruk: boolean): string[] {
  const out = s.data.points.filter((p) => p.offMap?.side === side && !s.barredSources.includes(p.id)).map((p) => p.id);
  if (side === 'axis' && !s.bardiaLost) out.push(...s.data.points.filter((p) => p.source === 'axis').map((p) => p.id));
  // OC 5.1(1)[5]: only the Tobruk garrison uses Tobruk, and only while the British hold it.
  if (withTobruk && side === 'british' && s.control[s.data.tobruk] === 'british') out.push(s.data.tobruk);
  return out;
}

/** A road seen from one of its ends: the road and the point at its other end. */
type RoadEnd = { road: OcState['data']['roads'][number]; to: string };

const roadsCache = new WeakMap<OcState['data'], Map<string, RoadEnd[]>>();

/** The roads at each point, in the data's road order (made once per data set). */
function roadsAt(data: OcState['data']): Map<string, RoadEnd[]> {
  let byPoint = roadsCache.get(data);
  if (byPoint) return byPoint;
  byPoint = new Map();
  const add = (at: string, end: RoadEnd) => {
    const list = byPoint!.get(at);
    if (list) list.push(end);
    else byPoint!.set(at, [end]);
  };
  for (const road of data.roads) {
    add(road.from, { road, to: road.to });
    if (road.to !== road.from) add(road.to, { road, to: road.from });
  }
  roadsCache.set(data, byPoint);
  return byPoint;
}

/** The points connected to a source of the side (OC 5.1(2)-(3)). */
export function suppliedPoints(s: OcState, side: OcSide, withTobruk: boolean): Set<string> {
  const usablePoint = (p: string) => {
    const off = indexOf(s.data).point.get(p)?.offMap;
    return off ? off.side === side : s.control[p] !== (side === 'british' ? 'axis' : 'british');
  };
  const byPoint = roadsAt(s.data);
  const reached = new Set(supplySources(s, side, withTobruk).filter(usablePoint));
  const queue = [...reached];
  // Breadth first, each point's roads in data order: the points are reached in the order a scan of every road
  // from each point would reach them.
  for (let head = 0; head < queue.length; head++) {
    for (const { road, to } of byPoint.get(queue[head]) ?? []) {
      if (reached.has(to) || !usablePoint(to) || roadBlocked(s, road, side)) continue;
      reached.add(to);
      queue.push(to);
    }
  }
  return reached;
}

/** The points a unit at `loc` may start its supply line from (OC 5.1(2)[2], OC-A25). */
function startsOf(s: OcState, side: OcSide, loc: string): string[] {
  if (!isArea(s, loc)) return [loc];
  return indexOf(s.data)
    .area.get(loc)!
    .points.filter((p) => s.control[p] === side);
}

/** Supply of every unit of a side on the map: in supply, and whether only through Tobruk (OC 5.2[2], OC-A27). */
export function supplyOf(s: OcState, side: OcSide): Map<string, 'supplied' | 'tobruk-only' | 'out'> {
  const plain = suppliedPoints(s, side, false);
  const viaTobruk = side === 'british' ? suppliedPoints(s, side, true) : plain;
  const out = new Map<string, 'supplied' | 'tobruk-only' | 'out'>();
  for (const u of s.data.units) {
    const st = s.units[u.id];
    if (u.side !== side || st.status !== 'map' || !st.at) continue;
    const loc = st.at;
    const auto =
      (side === 'british' && s.data.britishSupplyAreas.includes(loc)) ||
      (isOffMap(s, loc) && indexOf(s.data).point.get(loc)!.offMap!.side === side);
    const starts = startsOf(s, side, loc);
    if (auto || starts.some((p) => plain.has(p))) out.set(u.id, 'supplied');
    else if (u.tobruk && starts.some((p) => viaTobruk.has(p))) out.set(u.id, 'tobruk-only');
    else out.set(u.id, 'out');
  }
  return out;
}

/** OC 7.1(1), OC-A28: Tobruk is besieged while the British cannot trace from it to a source other than Tobruk. */
export function tobrukBesieged(s: OcState): boolean {
  if (s.control[s.data.tobruk] !== 'british') return true;
  return !suppliedPoints(s, 'british', false).has(s.data.tobruk);
}
