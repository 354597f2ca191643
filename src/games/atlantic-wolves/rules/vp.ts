/**
 * VP check, victory and clean-up (AW 9.0): Table += German turn VP − 6; a minus table ends the game with an Allied
 * victory at once; after turn 5 plus is a German victory, 0 or minus an Allied one.
 */
import type { ResolveContext } from '../../../engine/types.ts';
import { areaCodes, NOWHERE, setLoc } from './area-scan.ts';
import { emptyTurn, ownList, ownStanding, type AwState } from '../state.ts';
import { placeable } from './arithmetic.ts';

/** Allied VP per turn, unconditional (AW 9.0[3]). */
export const ALLIED_VP = 6;
/** The German VP Table's starting box (AW 2.2-1). */
export const START_TABLE = 3;

/** The next table value (AW 9.0[4]-[5]); option vpTable = clamp stops at the data set's ends (AW-A03 R2). */
export function nextTable(table: number, germanVp: number, clamp: { min: number; max: number } | null): number {
  const t = table + germanVp - ALLIED_VP;
  return clamp ? Math.min(clamp.max, Math.max(clamp.min, t)) : t;
}

/** The outcome after a check, or null to go on (AW 9.0[8], AW-A22 R1). */
export function verdict(table: number, turn: number): { winner: 'allied' | 'german'; rule: string } | null {
  if (table < 0) return { winner: 'allied', rule: 'AW 9.0[8] (minus table: immediate Allied victory)' };
  if (turn >= 5)
    return table > 0
      ? { winner: 'german', rule: 'AW 9.0[8] (plus at the end of turn 5)' }
      : { winner: 'allied', rule: 'AW 9.0[8] (0 or minus at the end of turn 5)' };
  return null;
}

/** AW 9.0[6]: UBs back to used with damage cleared; sunk convoys and Allied units on the map back to used. */
function cleanUp(s: AwState, ctx: ResolveContext): void {
  const code = areaCodes(s);
  // Unit ids are unique (checkData): position i is where at/put look each unit up. isArea(l) is: on the map, or
  // at a location that is neither an area nor an off-map keyword (NOWHERE with a location).
  for (let i = 0; i < code.length; i++) {
    const l = s.loc[i];
    if (code[i] >= 0 || (code[i] === NOWHERE && l !== undefined) || l === 'sunk') setLoc(s, i, 'used');
  }
  s.t = emptyTurn();
  // Turn-scoped standing orders lapse (spec 5.2: response tables and Step-2 plans hold for one turn).
  for (const side of ['allied', 'german'] as const) {
    const st = s.standing[side];
    if (st && (st.responseTable || st.step2Plan)) {
      const { responseTable: _r, step2Plan: _p, ...rest } = st;
      ownStanding(s)[side] = Object.keys(rest).length ? rest : null;
    }
  }
  if (!ctx.silent)
    ctx.emit({ type: 'clean-up', rule: 'AW 9.0[6]', turn: s.turn, unitsInUse: placeable(s, 'allied').length });
  s.turn += 1;
}

/** Runs the VP check; returns true when the game is over. */
export function vpCheck(s: AwState, ctx: ResolveContext): boolean {
  const clamp = s.options.vpTable === 'clamp' ? s.data.vpTrack : null;
  const before = s.table;
  s.table = nextTable(before, s.t.vp, clamp);
  ownList(s, 'history').push({ turn: s.turn, vp: s.t.vp, table: s.table });
  if (!ctx.silent)
    ctx.emit({
      type: 'vp-check',
      rule: 'AW 9.0',
      turn: s.turn,
      germanVp: s.t.vp,
      alliedVp: ALLIED_VP,
      difference: s.t.vp - ALLIED_VP,
      tableBefore: before,
      table: s.table,
      sunk: [...s.t.sunk],
    });
  const v = verdict(s.table, s.turn);
  if (v) {
    s.result = { winner: v.winner, rule: v.rule, table: s.table, turn: s.turn };
    s.phase = { kind: 'over' };
    if (!ctx.silent) ctx.emit({ type: 'game-end', rule: v.rule, winner: v.winner, table: s.table, turn: s.turn });
    return true;
  }
  cleanUp(s, ctx);
  return false;
}
