/**
 * Where every unit is, as area positions, and how many units of each side (and convoys) stand in each area: the
 * scan that placement, response movement, combat, validation and the invariant check all need, several times a step.
 * It also tallies the units the invariant check counts or names (UBs in use, units placed against invariant 1), so
 * that the check needs no pass over the units of a sound state.
 *
 * Speed: the answer for the last location list asked about is kept. For that list (the state under resolution) it
 * is an index kept current write by write: every write of a location goes through `setLoc` (or `put`), which notes
 * the unit, and the next scan moves only the units noted (to where they are then), so asking again costs next to
 * nothing, and a path that writes much and asks little (an odds preview) pays little for it. Any other list (another state, a state read from storage,
 * a copy made outside `cloneState`) is compared string by string with the locations seen last (a pointer compare
 * when unchanged) and the units that differ are moved; nothing is stored on any state. A location list must therefore
 * be written through `setLoc` once it has been scanned (a fresh list may be filled freely before its first scan). The
 * arrays returned are shared: read them at once, and never keep them across a change of the state or a call for
 * another state.
 */
import { indexOf, type DataIndex } from '../data/data-index.ts';
import type { AwData, AwUnit } from '../data/schema.ts';

/**
 * What a scan reads of a state (an `AwState`): its data set and its locations. Named here rather than imported, since
 * state.ts writes locations through `setLoc`.
 */
interface Located {
  data: AwData;
  loc: string[];
}

/** Area position of a unit: >= 0 on the map; OFF for an off-map keyword; NOWHERE for no or an unknown location. */
export const OFF = -1;
export const NOWHERE = -2;

export interface AreaScan {
  /** Per unit (data order): its area position, OFF or NOWHERE. */
  code: Int32Array;
  /** Per area position: Allied units, UBs and convoys there. */
  allied: number[];
  german: number[];
  convoys: number[];
  /** UBs in use: on the map (or at an unknown location) or in the used group. */
  ubsInUse: number;
  /** Units at a location that breaks invariant 1 on any turn: none or unknown, a convoy unused, a non-convoy sunk. */
  misplaced: number;
  /** ☆ convoys not out of play (which breaks invariant 1 from turn 3, AW 10.0-E3). */
  starConvoysIn: number;
}

interface Kept extends AreaScan {
  ix: DataIndex;
  /** Per unit: 1 for a ☆ convoy. */
  starConvoy: Uint8Array;
  /** The location strings the codes were made from. */
  seen: (string | undefined)[];
  /**
   * The location list the tallies describe once the units in `written` are settled (`setLoc` notes each write; null
   * after a scan of another data set).
   */
  current: string[] | null;
  /** Data positions written through `setLoc` since the last scan of `current` (repeats allowed): its first `writes`. */
  written: Int32Array;
  writes: number;
}

let kept: Kept | null = null;

/**
 * What a fresh scan has "seen" for each unit: a string no location equals, so the first scan moves every unit. A
 * string rather than undefined keeps the compare in `areaScan` a compare of strings only.
 */
const UNSCANNED = '\u0000unscanned';

function fresh(ix: DataIndex, units: readonly AwUnit[]): Kept {
  const n = ix.isGerman.length;
  const areas = ix.areaIds.length;
  const k: Kept = {
    ix,
    starConvoy: Uint8Array.from(units, (u) => (u.type === 'convoy' && u.star ? 1 : 0)),
    seen: Array.from({ length: n }, () => UNSCANNED),
    code: new Int32Array(n).fill(NOWHERE),
    allied: new Array<number>(areas).fill(0),
    german: new Array<number>(areas).fill(0),
    convoys: new Array<number>(areas).fill(0),
    ubsInUse: 0,
    misplaced: 0,
    starConvoysIn: 0,
    current: null,
    written: new Int32Array(64),
    writes: 0,
  };
  for (let i = 0; i < n; i++) tally(k, i, UNSCANNED, NOWHERE, 1);
  return k;
}

/** Adds (`d` = 1) or takes away (-1) unit `i` at location `l` (area position `code`) in the unit tallies. */
function tally(k: Kept, i: number, l: string | undefined, code: number, d: number): void {
  const ix = k.ix;
  if (ix.isGerman[i] && (code !== OFF ? l !== undefined : l === 'used')) k.ubsInUse += d;
  if (code === NOWHERE || (ix.isConvoy[i] ? l === 'unused' : l === 'sunk')) k.misplaced += d;
  if (k.starConvoy[i] && l !== 'out') k.starConvoysIn += d;
}

/** Areas up to which a location is looked for among the area ids one by one (cheaper than a map lookup). */
const FEW_AREAS = 8;

/** The area position of a location, OFF or NOWHERE. */
function codeOf(ix: DataIndex, l: string | undefined): number {
  // 'used' first: the commonest destination (clean-up) needs no lookup.
  if (l === 'used') return OFF;
  if (l === undefined) return NOWHERE;
  const ids = ix.areaIds;
  if (ids.length <= FEW_AREAS) {
    for (let a = 0; a < ids.length; a++) if (ids[a] === l) return a;
  }
  return ix.locCode.get(l) ?? NOWHERE;
}

/** Moves unit `i` of the kept scan to location `l`. */
function move(k: Kept, i: number, l: string | undefined): void {
  const ix = k.ix;
  const old = k.code[i];
  const was = k.seen[i];
  const code = codeOf(ix, l);
  // An area and the used group count alike in every tally (a UB in use, nobody misplaced, a ☆ convoy in play): a
  // move between them, as placement and clean-up make, leaves the tallies as they are.
  const same = (old >= 0 || was === 'used') && (code >= 0 || l === 'used');
  if (!same) tally(k, i, was, old, -1);
  const side = ix.isGerman[i] ? k.german : k.allied;
  if (old >= 0) {
    side[old]--;
    if (ix.isConvoy[i]) k.convoys[old]--;
  }
  if (code >= 0) {
    side[code]++;
    if (ix.isConvoy[i]) k.convoys[code]++;
  }
  k.code[i] = code;
  k.seen[i] = l;
  if (!same) tally(k, i, l, code, 1);
}

/** The area scan of a state now (shared arrays: read at once). */
export function areaScan(s: Located): AreaScan {
  const ix = indexOf(s.data);
  let k = kept;
  const loc = s.loc;
  if (k === null || k.ix !== ix) k = kept = fresh(ix, s.data.units);
  else if (k.current === loc) return settle(k, loc); // every write since the last scan went through setLoc
  const seen = k.seen;
  for (let i = 0; i < seen.length; i++) {
    const l = loc[i];
    if (l !== seen[i]) move(k, i, l);
  }
  k.current = loc;
  k.writes = 0;
  return k;
}

/**
 * Brings the kept scan of `loc` up to date with the units written since: only those are looked at, and a unit moved
 * several times (placement, then clean-up) is moved in the tallies once, to where it is now.
 */
function settle(k: Kept, loc: string[]): Kept {
  const seen = k.seen;
  const written = k.written;
  for (let w = 0; w < k.writes; w++) {
    const i = written[w];
    const l = loc[i];
    if (l !== seen[i]) move(k, i, l);
  }
  k.writes = 0;
  return k;
}

/** Moves the unit at data position `i` of a state to `where`, noting the write for the kept scan (as `put`). */
export function setLoc(s: Located, i: number, where: string): void {
  const loc = s.loc;
  loc[i] = where;
  const k = kept;
  if (k === null || k.current !== loc) return;
  if (k.writes === k.written.length) {
    // More writes than the list holds before a scan (a whole turn without one): settle them now.
    settle(k, loc);
  }
  k.written[k.writes++] = i;
}

/**
 * Hands the kept scan of a location list over to its copy (`cloneState`): the copy has the same content, and is the
 * list written next. The original, if asked about again, is compared string by string like any other.
 */
export function carryScan(from: string[], to: string[]): void {
  const k = kept;
  if (k !== null && k.current === from) k.current = to;
}

/** Per unit: its area position, OFF or NOWHERE (shared: read at once). */
export const areaCodes = (s: Located): Int32Array => areaScan(s).code;
