/**
 * Response movement (AW 12.0-3, mail mode): six rolls of 2d6 read as a two-digit unit number; the owner of a rolled
 * unit on the map may move it to one adjacent area or leave it. Rolls and moves happen one at a time (spec 6).
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { areaScan, setLoc } from './area-scan.ts';
import { capacityAt } from './arithmetic.ts';
import { ownTurnList, isArea, type AwState } from '../state.ts';
import { responseDieText } from './dice-purposes.ts';

/** Number of response rolls per turn (AW 12.0-3c: 6, formerly 3). */
export const RESPONSE_ROLLS = 6;

/** The data position of a unit and the area position it may make a response move from; null when it is unknown or
 * not on the map. */
function responseOrigin(s: AwState, unit: string): { i: number; from: number } | null {
  const ix = indexOf(s.data);
  const i = ix.order.get(unit);
  if (i === undefined) return null;
  const l = s.loc[i]; // = at(s, unit)
  const from = l === undefined ? undefined : ix.areaPos.get(l); // only areas have a position
  return from === undefined ? null : { i, from };
}

/** Legal destinations of a unit now: adjacent areas with room (AW-A28 R1), area id order. `stay` is always legal. */
export function responseDestinations(s: AwState, unit: string): string[] {
  const areas = indexOf(s.data).areaIds;
  return responseDestinationPos(s, unit).map((a) => areas[a]);
}

/** `responseDestinations` as area positions (ascending, which is area id order). */
export function responseDestinationPos(s: AwState, unit: string): number[] {
  const ix = indexOf(s.data);
  const i = ix.order.get(unit);
  const out: number[] = [];
  if (i === undefined) return out;
  const sc = areaScan(s);
  const from = sc.code[i]; // >= 0 exactly when the unit is in an area
  if (from < 0) return out;
  const side = ix.isGerman[i] ? 'german' : 'allied';
  // Capacity limits response moves only with responseCapacity = prohibit (AW-A28 R1).
  const counts = s.options.responseCapacity === 'prohibit' ? sc[side] : null; // shared, read at once
  const adjacent = ix.adj[from];
  for (let a = 0; a < adjacent.length; a++) {
    // Adjacent and, where capacity limits the move, with room (AW 12.0-3d; UBs: capacity reduced by E2).
    if (adjacent[a] && (!counts || counts[a] < capacityAt(s, a, side))) out.push(a);
  }
  return out;
}

/** Whether `area` is one of `responseDestinations(s, unit)`, without building the list. */
export function isResponseDestination(s: AwState, unit: string, area: string): boolean {
  const o = responseOrigin(s, unit);
  return o !== null && canMoveTo(s, o.i, o.from, area);
}

/** Whether the unit at data position `i`, in area position `from`, may move to `area` (as `isResponseDestination`). */
function canMoveTo(s: AwState, i: number, from: number, area: string): boolean {
  const ix = indexOf(s.data);
  const a = ix.areaPos.get(area);
  if (a === undefined || !ix.adj[from][a]) return false;
  if (s.options.responseCapacity !== 'prohibit') return true;
  // One area to count: cheaper than the scan of every unit that `responseDestinations` reads.
  const side = ix.isGerman[i] ? 'german' : 'allied';
  return sideCountIn(s, side, ix.areaIds[a]) < capacityAt(s, a, side);
}

/** Number of a side's units in one area. */
function sideCountIn(s: AwState, side: AwSide, area: string): number {
  const ix = indexOf(s.data);
  const pos = side === 'german' ? ix.germanPos : ix.alliedPos;
  let n = 0;
  for (let k = 0; k < pos.length; k++) if (s.loc[pos[k]] === area) n++;
  return n;
}

const purposes: string[][] = [];
/** The purpose of a response die (made once per roll number: the same text every turn). */
function purpose(roll: number, die: 0 | 1): string {
  purposes[roll] ??= [responseDieText(roll, 'tens'), responseDieText(roll, 'ones')];
  return purposes[roll][die];
}

/**
 * Rolls the next response roll and returns the units it names that are on the map (AW 12.0-3a/b). The first die is
 * the tens digit (AW-A25 R1); with option responseDice = either, the swapped reading also counts (R2).
 */
export function rollResponse(s: AwState, ctx: ResolveContext): string[] {
  s.t.rolls += 1;
  const d1 = ctx.roll(6, purpose(s.t.rolls, 0));
  const d2 = ctx.roll(6, purpose(s.t.rolls, 1));
  const first = d1 * 10 + d2;
  const swapped = s.options.responseDice === 'either' && d1 !== d2 ? d2 * 10 + d1 : -1; // -1: no second reading
  const units: string[] = [];
  rolledUnits(s, first, units);
  if (swapped >= 0) rolledUnits(s, swapped, units);
  if (!ctx.silent) {
    const numbers = swapped >= 0 ? [first, swapped] : [first];
    ctx.emit({ type: 'response-roll', rule: 'AW 12.0-3b', roll: s.t.rolls, dice: [d1, d2], numbers, units });
  }
  return units;
}

/** Adds to `units` the units numbered `n` that are on the map and may still move (AW 12.0-3b), in data order. */
function rolledUnits(s: AwState, n: number, units: string[]): void {
  const ix = indexOf(s.data);
  const list = ix.byNumber.get(n);
  if (!list) return;
  for (const u of list) {
    if (!isArea(s.loc[ix.order.get(u.id)!])) continue; // AW-A30: a number matching no unit on the map still counts
    if (s.options.repeatMove === 'once' && s.t.moved.includes(u.id)) continue; // AW-A27 R2
    units.push(u.id);
  }
}

/** What a standing `responseTable` entry decides for a rolled unit: a destination, `stay`, or ask (null). */
export function standingResponse(s: AwState, unit: string): string | null {
  const i = indexOf(s.data).order.get(unit);
  if (i === undefined) return null;
  const entry = (indexOf(s.data).isGerman[i] ? s.standing.german : s.standing.allied)?.responseTable?.[unit];
  if (!entry) return null;
  const o = responseOrigin(s, unit); // the same for every preference: nothing moves while they are tried
  for (const pref of entry) {
    if (pref === 'ask') return null;
    if (pref === 'stay') return 'stay';
    // Spec 5.2: destinations that would break capacity are skipped.
    if (o !== null && canMoveTo(s, o.i, o.from, pref)) return pref;
  }
  return 'stay';
}

/** The seat of a unit (for the events). */
const ownerOf = (s: AwState, unit: string): AwSide | undefined => indexOf(s.data).unit.get(unit)?.side;

/** Moves (or keeps) a rolled unit (AW 12.0-3b: one adjacent area at most). */
export function applyResponse(
  s: AwState,
  ctx: ResolveContext,
  unit: string,
  dest: string,
  how: 'orders' | 'standing',
): void {
  const ix = indexOf(s.data);
  const i = ix.order.get(unit);
  const from = i === undefined ? (undefined as unknown as string) : s.loc[i]; // = at(s, unit)
  if (dest === 'stay' || dest === from) {
    if (!ctx.silent)
      ctx.emit({
        type: 'response-stay',
        rule: 'AW 12.0-3b',
        roll: s.t.rolls,
        unit,
        area: from,
        side: ownerOf(s, unit),
        by: how,
      });
    return;
  }
  if (i !== undefined) setLoc(s, i, dest); // = put(s, unit, dest)
  if (!s.t.moved.includes(unit)) ownTurnList(s, 'moved').push(unit);
  if (!ctx.silent)
    ctx.emit({
      type: 'response-move',
      rule: 'AW 12.0-3b',
      roll: s.t.rolls,
      unit,
      from,
      to: dest,
      side: ownerOf(s, unit),
      by: how,
    });
}
