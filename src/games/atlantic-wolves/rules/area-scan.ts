/**
 * Where every unit is, as area positions, and how many units of each side (and convoys) stand in each area: the
 * scan that placement, response movement, combat, validation and the invariant check all need, several times a step.
 * It also tallies the units the invariant check counts or names (UBs in use, units placed against invariant 1), so
 * that the check needs no pass over the units of a sound state.
 *
 * Speed: the answer for the last state asked about is kept and brought up to date by comparing each location string
 * with the one seen last (a pointer compare when unchanged) instead of a map lookup per unit. It is keyed by content,
 * not by object: a state, its copy under resolution, a state changed since, or a state of another game all get the
 * right answer, and nothing is stored on any state. The arrays returned are shared: read them at once, and never
 * keep them across a change of the state or a call for another state.
 */
import { indexOf, type DataIndex } from '../data/data-index.ts';
import type { AwUnit } from '../data/schema.ts';
import type { AwState } from '../state.ts';

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

/** Moves unit `i` of the kept scan to location `l`. */
function move(k: Kept, i: number, l: string | undefined): void {
  const ix = k.ix;
  const old = k.code[i];
  tally(k, i, k.seen[i], old, -1);
  const side = ix.isGerman[i] ? k.german : k.allied;
  if (old >= 0) {
    side[old]--;
    if (ix.isConvoy[i]) k.convoys[old]--;
  }
  // 'used' first: the commonest destination (clean-up) needs no map lookup.
  const code = l === 'used' ? OFF : l === undefined ? NOWHERE : (ix.locCode.get(l) ?? NOWHERE);
  if (code >= 0) {
    side[code]++;
    if (ix.isConvoy[i]) k.convoys[code]++;
  }
  k.code[i] = code;
  k.seen[i] = l;
  tally(k, i, l, code, 1);
}

/** The area scan of a state now (shared arrays: read at once). */
export function areaScan(s: AwState): AreaScan {
  const ix = indexOf(s.data);
  let k = kept;
  if (k === null || k.ix !== ix) k = kept = fresh(ix, s.data.units);
  const loc = s.loc;
  const seen = k.seen;
  for (let i = 0; i < seen.length; i++) {
    const l = loc[i];
    if (l !== seen[i]) move(k, i, l);
  }
  return k;
}

/** Per unit: its area position, OFF or NOWHERE (shared: read at once). */
export const areaCodes = (s: AwState): Int32Array => areaScan(s).code;
