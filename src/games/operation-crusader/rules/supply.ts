/**
 * Supply (OC 5.1): a supply line of any length along points and roads to a supply source of the side (OC 5.1(2)),
 * not through an enemy-controlled point nor along a road next to an area holding enemy units and none of the
 * side's (OC 5.1(3), OC-A26); from an area, it starts at a friendly-controlled point the area touches.
 */
import { versionOf, enemyOf, indexOf, type OcSide, type OcState } from '../state.ts';
import { enemyAloneAtPlace, positionKey } from './occupancy.ts';

/** The supply sources of a side (OC 5.1(1)): its off-map points, Bardia for the Axis until lost, Tobruk if asked. */
export function supplySources(s: OcState, side: OcSide, withTobruk: boolean): string[] {
  const out = s.data.points.filter((p) => p.offMap?.side === side && !s.barredSources.includes(p.id)).map((p) => p.id);
  if (side === 'axis' && !s.bardiaLost) out.push(...s.data.points.filter((p) => p.source === 'axis').map((p) => p.id));
  // OC 5.1(1)[5]: only the Tobruk garrison uses Tobruk, and only while the British hold it.
  if (withTobruk && side === 'british' && s.control[s.data.tobruk] === 'british') out.push(s.data.tobruk);
  return out;
}

/**
 * A road seen from one of its ends: the point at its other end, the side whose off-map point that is (else null),
 * and the numbers of the areas beside the road (`OcIndex.code`).
 */
type RoadEnd = { to: string; offMap: OcSide | null; areas: number[] };

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
  const ix = indexOf(data);
  const end = (to: string, road: OcState['data']['roads'][number]): RoadEnd => ({
    to,
    offMap: ix.point.get(to)?.offMap?.side ?? null,
    areas: road.areas.map((a) => ix.code.get(a) ?? -1),
  });
  for (const road of data.roads) {
    add(road.from, end(road.to, road));
    if (road.to !== road.from) add(road.to, end(road.from, road));
  }
  roadsCache.set(data, byPoint);
  return byPoint;
}

/** Whether a supply line may pass a point (OC 5.1(3)②): an off-map point of the side, or not enemy-controlled. */
function usablePoint(s: OcState, side: OcSide, p: string): boolean {
  const off = indexOf(s.data).point.get(p)?.offMap;
  return off ? off.side === side : s.control[p] !== enemyOf(side);
}

/** A position's supplied points, by side and whether through Tobruk, and what they were worked out from. */
interface KnownSupply {
  /** Where the units stood (`positionKey`): supply depends on nothing else of theirs. */
  position: number;
  control: OcState['control'];
  barred: readonly string[];
  barredCount: number;
  bardiaLost: boolean;
  controlVersion: number;
  points: ReadonlySet<string>;
}

// The last answer for each side and Tobruk: a turn's reorganisation and the players ask several times of one position.
const knownSupply = new Map<string, KnownSupply>();

/** The points connected to a source of the side (OC 5.1(2)-(3)); a shared set, not to be changed. */
export function suppliedPoints(s: OcState, side: OcSide, withTobruk: boolean): ReadonlySet<string> {
  const key = withTobruk ? `${side}+tobruk` : side;
  const known = knownSupply.get(key);
  if (
    known &&
    known.position === positionKey(s) &&
    known.control === s.control &&
    known.barred === s.barredSources &&
    known.barredCount === s.barredSources.length &&
    known.bardiaLost === s.bardiaLost &&
    known.controlVersion === versionOf(s.control)
  )
    return known.points;
  const points = tracedPoints(s, side, withTobruk);
  knownSupply.set(key, {
    position: positionKey(s),
    control: s.control,
    barred: s.barredSources,
    barredCount: s.barredSources.length,
    bardiaLost: s.bardiaLost,
    controlVersion: versionOf(s.control),
    points,
  });
  return points;
}

function tracedPoints(s: OcState, side: OcSide, withTobruk: boolean): Set<string> {
  const byPoint = roadsAt(s.data);
  const reached = new Set<string>();
  for (const p of supplySources(s, side, withTobruk)) if (usablePoint(s, side, p)) reached.add(p);
  const queue = [...reached];
  // Breadth first, each point's roads in data order: the points are reached in the order a scan of every road
  // from each point would reach them.
  const enemy = enemyOf(side);
  for (let head = 0; head < queue.length; head++) {
    for (const { to, offMap, areas } of byPoint.get(queue[head]) ?? []) {
      // `usablePoint` (OC 5.1(3)②) and `roadBlocked` (OC 5.1(3)①), by the numbers made once per data set.
      if (reached.has(to) || (offMap ? offMap !== side : s.control[to] === enemy) || blockedBeside(s, areas, side))
        continue;
      reached.add(to);
      queue.push(to);
    }
  }
  return reached;
}

/** Whether one of the areas beside a road holds the enemy of `side` and none of its units (OC 5.1(3)①). */
function blockedBeside(s: OcState, areas: readonly number[], side: OcSide): boolean {
  for (const a of areas) if (enemyAloneAtPlace(s, a, side)) return true;
  return false;
}

/**
 * Whether a unit at `loc` can start a supply line at one of `points` (OC 5.1(2)[2], OC-A25): from a point, that
 * point; from an area, a point it touches that the side controls.
 */
function startsIn(s: OcState, side: OcSide, loc: string, points: ReadonlySet<string>): boolean {
  const area = indexOf(s.data).area.get(loc);
  if (!area) return points.has(loc);
  for (const p of area.points) if (s.control[p] === side && points.has(p)) return true;
  return false;
}

/** Supply of every unit of a side on the map: in supply, and whether only through Tobruk (OC 5.2[2], OC-A27). */
export function supplyOf(s: OcState, side: OcSide): Map<string, 'supplied' | 'tobruk-only' | 'out'> {
  const plain = suppliedPoints(s, side, false);
  const ix = indexOf(s.data);
  // Through Tobruk only asked for when a Tobruk unit is not supplied otherwise.
  let viaTobruk: ReadonlySet<string> | null = null;
  const out = new Map<string, 'supplied' | 'tobruk-only' | 'out'>();
  for (const u of s.data.units) {
    if (u.side !== side) continue;
    const st = s.units[u.id];
    if (st.status !== 'map' || !st.at) continue;
    const loc = st.at;
    const auto =
      (side === 'british' && s.data.britishSupplyAreas.includes(loc)) || ix.point.get(loc)?.offMap?.side === side;
    if (auto || startsIn(s, side, loc, plain)) out.set(u.id, 'supplied');
    else if (!u.tobruk) out.set(u.id, 'out');
    else {
      viaTobruk ??= tobrukLines(s, side, plain);
      out.set(u.id, startsIn(s, side, loc, viaTobruk) ? 'tobruk-only' : 'out');
    }
  }
  return out;
}

/** The points connected to a source of the side, Tobruk counted as a British source (OC 5.1(1)[5]). */
const tobrukLines = (s: OcState, side: OcSide, plain: ReadonlySet<string>): ReadonlySet<string> =>
  side === 'british' ? suppliedPoints(s, side, true) : plain;

/** OC 7.1(1), OC-A28: Tobruk is besieged while the British cannot trace from it to a source other than Tobruk. */
export function tobrukBesieged(s: OcState): boolean {
  if (s.control[s.data.tobruk] !== 'british') return true;
  return !suppliedPoints(s, 'british', false).has(s.data.tobruk);
}
