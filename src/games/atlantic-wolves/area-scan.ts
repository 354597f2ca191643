/**
 * Where every unit is, as area positions, and how many units of each side (and convoys) stand in each area: the
 * scan that placement, response movement, combat, validation and the invariant check all need, several times a step.
 *
 * Speed: the answer for the last state asked about is kept and brought up to date by comparing each location string
 * with the one seen last (a pointer compare when unchanged) instead of a map lookup per unit. It is keyed by content,
 * not by object: a state, its copy under resolution, a state changed since, or a state of another game all get the
 * right answer, and nothing is stored on any state. The arrays returned are shared: read them at once, and never
 * keep them across a change of the state or a call for another state.
 */
import { indexOf, type DataIndex } from './data/data-index.ts';
import type { AwState } from './state.ts';

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
}

interface Kept extends AreaScan {
  ix: DataIndex;
  /** The location strings the codes were made from. */
  seen: (string | undefined)[];
}

let kept: Kept | null = null;

/**
 * What a fresh scan has "seen" for each unit: a string no location equals, so the first scan moves every unit. A
 * string rather than undefined keeps the compare in `areaScan` a string compare (a pointer compare for the interned
 * ids and keywords of real states), which is most of the cost of a scan.
 */
const UNSCANNED = '\u0000unscanned';

function fresh(ix: DataIndex): Kept {
  const n = ix.isGerman.length;
  const areas = ix.areaIds.length;
  return {
    ix,
    seen: Array.from({ length: n }, () => UNSCANNED),
    code: new Int32Array(n).fill(NOWHERE),
    allied: new Array<number>(areas).fill(0),
    german: new Array<number>(areas).fill(0),
    convoys: new Array<number>(areas).fill(0),
  };
}

/** Moves unit `i` of the kept scan to location `l`. */
function move(k: Kept, i: number, l: string | undefined): void {
  const ix = k.ix;
  const old = k.code[i];
  const side = ix.isGerman[i] ? k.german : k.allied;
  if (old >= 0) {
    side[old]--;
    if (ix.isConvoy[i]) k.convoys[old]--;
  }
  const code = l === undefined ? NOWHERE : (ix.locCode.get(l) ?? NOWHERE);
  if (code >= 0) {
    side[code]++;
    if (ix.isConvoy[i]) k.convoys[code]++;
  }
  k.code[i] = code;
  k.seen[i] = l;
}

/** The area scan of a state now (shared arrays: read at once). */
export function areaScan(s: AwState): AreaScan {
  const ix = indexOf(s.data);
  let k = kept;
  if (k === null || k.ix !== ix) k = kept = fresh(ix);
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
