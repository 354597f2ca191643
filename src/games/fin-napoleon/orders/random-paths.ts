/**
 * The random player's paths (FN 9.1): every path a unit may take from an area, from lists built once per data set.
 * Only what the position decides is checked per call (FN 9.12[3], 9.11[2]); where the sea ends (FN 9.13[3]) never
 * changes, so those paths are left out of the lists once.
 */
import type { Nation } from '../data/schema.ts';
import { adjacentAreas, moveAllowance } from '../rules/movement.ts';
import { enemiesOfFrance, type FnState, isSea, unitsOf } from '../state.ts';

/** The candidate paths from one start that begin with the same area, in depth-first order. */
interface FirstStep {
  first: string;
  /** Whether `first` is a land area (FN 9.12[3] stops France only on land). */
  land: boolean;
  /** The paths of the group that may end where they end, the one-area path (if any) first. */
  paths: readonly string[][];
}

/** A start area's candidates for one kind of mover: all of them, and the same split by the first area entered. */
interface Candidates {
  all: readonly string[][];
  groups: readonly FirstStep[];
}

/** Movers whose candidates differ: France (two areas), Britain (may end at sea), the other Allies, Spain (none). */
type Mover = 'france' | 'britain' | 'ally' | 'spain';
const moverOf = (n: Nation): Mover => (n === 'france' || n === 'britain' || n === 'spain' ? n : 'ally');

const NONE: Candidates = { all: Object.freeze([]) as readonly string[][], groups: [] };

/**
 * Every path of at most the mover's allowance from `from` on the area graph, no area entered twice, that may end
 * where it ends (FN 9.13[3]), in depth-first order (each path before its extensions). Frozen: orders share them.
 */
function candidatesOf(s: FnState, n: Nation, from: string): Candidates {
  const mover = moverOf(n);
  if (mover === 'spain') return NONE;
  if (last.data !== s.data) {
    let forData = known.get(s.data);
    if (!forData) {
      forData = { france: new Map(), britain: new Map(), ally: new Map() };
      known.set(s.data, forData);
    }
    last = { data: s.data, byMover: forData };
  }
  const byStart = last.byMover![mover];
  let out = byStart.get(from);
  if (!out) {
    out = buildCandidates(s, n, from);
    byStart.set(from, out);
  }
  return out;
}
/** Per data set, mover and start area. */
type CandidatesByMover = Record<Exclude<Mover, 'spain'>, Map<string, Candidates>>;
const known = new WeakMap<object, CandidatesByMover>();
// The data set asked about last, and its lists (one data set is in play at a time).
let last: { data: object | null; byMover: CandidatesByMover | null } = { data: null, byMover: null };

function buildCandidates(s: FnState, n: Nation, from: string): Candidates {
  const budget = moveAllowance(n);
  const groups: FirstStep[] = [];
  const all: string[][] = [];
  const endsWell = (path: readonly string[]) => n === 'britain' || !isSea(s, path[path.length - 1]);
  const walk = (at: string, path: string[], group: string[][]) => {
    if (endsWell(path)) group.push(Object.freeze(path) as string[]);
    if (path.length >= budget) return;
    for (const to of adjacentAreas(s, at)) if (to !== from && !path.includes(to)) walk(to, [...path, to], group);
  };
  for (const first of adjacentAreas(s, from)) {
    if (first === from) continue;
    const paths: string[][] = [];
    walk(first, [first], paths);
    all.push(...paths);
    groups.push({ first, land: !isSea(s, first), paths });
  }
  return { all: Object.freeze(all), groups };
}

/**
 * Every legal path of a unit of `n` in `from`, in depth-first order: the rules of `graphPathIsLegal`
 * (rules/movement.ts) over the candidates, asked once per first area. Shared: do not change.
 */
export function legalPaths(s: FnState, n: Nation, from: string): readonly string[][] {
  const c = candidatesOf(s, n, from);
  if (n === 'france') {
    // FN 9.12[3], [4]: entering a land area with 2 or more at-war Allied units stops France there.
    let out: string[][] | null = null;
    for (let g = 0; g < c.groups.length; g++) {
      const { first, land, paths } = c.groups[g];
      const stops = land && enemiesOfFrance(s, first) >= 2;
      if (stops && !out) {
        out = [];
        for (let h = 0; h < g; h++) out.push(...c.groups[h].paths);
      }
      if (!out) continue;
      for (let i = 0; i < paths.length; i++) if (!stops || paths[i].length === 1) out.push(paths[i]);
    }
    return out ?? c.all;
  }
  // FN 9.11[2]: from an area with French units, not straight into another with French units.
  if (unitsOf(s, from, 'france') === 0) return c.all;
  const out: string[][] = [];
  for (const { first, paths } of c.groups) if (unitsOf(s, first, 'france') === 0) out.push(...paths);
  return out;
}
