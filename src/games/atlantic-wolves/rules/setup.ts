/**
 * Game set-up (AW 2.2) and a builder of positioned states for adjudication fixtures.
 */
import type { ResolveContext, SetupArgs } from '../../../engine/types.ts';
import type { AwData } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { runForward } from './flow.ts';
import type { AwOptions } from '../options.ts';
import { put, emptyTurn, type AwMode, type AwState, type RunStep } from '../state.ts';
import { START_TABLE } from './vp.ts';

/** A context for deterministic set-up steps: no die may be rolled and events are dropped. */
const noDice: ResolveContext = {
  roll() {
    throw new Error('no dice at set-up');
  },
  emit() {},
};

/**
 * AW 2.2: VP marker on 3, convoys in use, escorts and UBs unused. Standard: the ☆ UBs set aside (10.0-A, AW-A04) and
 * the ☆ US CVE on the Turn Table (10.0-B). Mail mode runs straight to the turn-1 Allied placement (D3, no dice);
 * standard mode waits at the turn-1 reinforcement draw: nobody owes anything and the first resolve runs it.
 */
export function setup(args: SetupArgs<AwOptions, AwData>): AwState {
  const mode = args.mode as AwMode;
  const loc = args.data.units.map((u) => {
    if (u.type === 'convoy') return 'used';
    if (mode === 'standard' && u.star) return u.type === 'UB' ? 'aside' : 'track';
    return 'unused';
  });
  const s: AwState = {
    game: 'atlantic-wolves',
    mode,
    options: args.options,
    data: args.data,
    turn: 1,
    table: START_TABLE,
    table0: START_TABLE,
    phase: { kind: 'go', step: 'turn' },
    loc,
    sunkUbs: [],
    seen: [],
    t: emptyTurn(),
    standing: { allied: null, german: null },
    history: [],
    result: null,
  };
  if (mode === 'mail') runForward(s, noDice);
  return s;
}

/** Where a fixture position starts: the cursor the next resolve runs from. */
export type FixtureStart = 'turn' | 'allied-placement' | 'ub-placement' | 'response' | 'combat';

/** A fixture position: a turn, a table value and where units stand; everything else as at set-up. */
export interface FixturePosition {
  mode: AwMode;
  options: AwOptions;
  data: AwData;
  turn: number;
  table?: number;
  start: FixtureStart;
  /** Area id -> units on the map there. */
  map?: Record<string, string[]>;
  /** Units in the used group off the map. Unlisted escorts and UBs stay where set-up put them. */
  used?: string[];
  unused?: string[];
  /** UBs sunk earlier (in the unused group, AW 11.0[4]). */
  sunkUbs?: string[];
}

/**
 * Builds a real state positioned at a cursor from a fixture (turn, table, unit locations). The normal `resolve` path
 * then advances it; `resolve(state, {}, ctx)` runs from the cursor to the first decision point.
 */
export function positionFromFixture(f: FixturePosition): AwState {
  const s = setup({ mode: 'standard', options: f.options, data: f.data });
  s.mode = f.mode;
  s.turn = f.turn;
  s.table = f.table ?? START_TABLE;
  s.table0 = s.table;
  const ix = indexOf(f.data);
  for (const u of f.data.units) {
    if (u.type === 'convoy') put(s, u.id, u.star && f.turn >= 3 ? 'out' : 'used');
    else if (f.mode === 'mail' || f.turn > 1) {
      // The ☆ US CVE waits on the Turn Table until the start of turn 3 (10.0-B).
      const onTrack =
        f.mode === 'standard' && u.star && u.type !== 'UB' && (f.turn < 3 || (f.turn === 3 && f.start === 'turn'));
      put(s, u.id, onTrack ? 'track' : 'unused');
    }
  }
  for (const id of f.used ?? []) put(s, id, 'used');
  for (const id of f.unused ?? []) put(s, id, 'unused');
  for (const [area, ids] of Object.entries(f.map ?? {})) for (const id of ids) put(s, id, area);
  s.sunkUbs = (f.sunkUbs ?? []).filter((id) => ix.unit.has(id));
  for (const id of s.sunkUbs) put(s, id, 'unused');
  const step: RunStep = f.start;
  s.phase = { kind: 'go', step };
  return s;
}
