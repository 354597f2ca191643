/**
 * Who may see the front of which unit (AW 5.0[2], 6.0-Step2/3, 8.0[1], AW-A06, AW-A31), and how a seat names units
 * it may not see in the literal overflow procedure (AW 6.0-C2, 7.0[6]) without any name telling it more:
 * - its own units drawn blind in Step 2 (AW-A06) by area, `CG?1`, `CG?2`: the first, second face-down Step-2 unit
 *   there (which unit that is stays unseen: the engine takes them in data order);
 * - the opponent's named units it re-places by `#1`, `#2`...: counted over the units it may see first, then the ones
 *   it may not, so that a key says nothing of where a face-down unit stands in data order.
 */
import type { Viewer } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { at, isArea, type AwState } from '../state.ts';

/** Whether a viewer may see the front of an Allied unit on the map or lifted from it (standard mode). */
export function seesAllied(s: AwState, viewer: Viewer, id: string): boolean {
  if (viewer.kind === 'moderator' || s.mode === 'mail' || s.t.revealed) return true;
  if (viewer.kind === 'seat' && viewer.seat === 'allied') return !s.t.step2.includes(id); // AW-A06: Step-2 units hidden
  return s.t.faceUp.includes(id); // German and public: face-up units only
}

/** Whether a seat may see the front of a unit taking part in the overflow procedure (UBs are always face up). */
export function seatSees(s: AwState, seat: AwSide, id: string): boolean {
  return indexOf(s.data).unit.get(id)?.side === 'german' || seesAllied(s, { kind: 'seat', seat }, id);
}

/** The owner's Step-2 units on the map in an area that the owner may not see (AW-A06), in data order. */
export function blindUnitsAt(s: AwState, area: string): string[] {
  if (s.mode === 'mail' || s.t.revealed || !s.t.step2.length) return [];
  return indexOf(s.data)
    .allied.filter((u) => at(s, u.id) === area && s.t.step2.includes(u.id))
    .map((u) => u.id);
}

/** Whether a unit is one its owner may not see now (a Step-2 unit before combat, AW-A06). */
export function blindToOwner(s: AwState, id: string): boolean {
  return s.mode === 'standard' && !s.t.revealed && s.t.step2.includes(id) && isArea(at(s, id));
}

/** The name of the k-th (from 1) face-down Step-2 unit of an area. */
export const blindName = (area: string, k: number): string => `${area}?${k}`;

/** The area and number of a blind name, or null for anything else. */
export function parseBlindName(name: string): { area: string; k: number } | null {
  const m = /^(.+)\?([1-9]\d{0,2})$/.exec(name);
  return m ? { area: m[1], k: Number(m[2]) } : null;
}

/** The unit a blind name stands for now, or undefined when there is none. */
export function blindUnit(s: AwState, name: string): string | undefined {
  const b = parseBlindName(name);
  return b ? blindUnitsAt(s, b.area)[b.k - 1] : undefined;
}

/** The names a seat may use for its own units of an area: the ones it sees by id, then the blind names. */
export function ownNamesAt(s: AwState, area: string, side: AwSide): string[] {
  const ix = indexOf(s.data);
  const units = side === 'allied' ? ix.allied : ix.german;
  const blind = side === 'allied' ? blindUnitsAt(s, area) : [];
  const seen = units.filter((u) => at(s, u.id) === area && !blind.includes(u.id)).map((u) => u.id);
  return [...seen, ...blind.map((_, k) => blindName(area, k + 1))];
}

/** Named units as unit ids: blind names resolved (AW-A06), ids kept; names that stand for nothing dropped. */
export function resolveNames(s: AwState, names: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of names) {
    const id = parseBlindName(n) ? blindUnit(s, n) : n;
    if (id !== undefined && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * The named units in the order their `#n` keys count them: the ones the re-placing seat may see, then the others,
 * each in data order. With nothing hidden (mail mode, UBs) this is the named list itself.
 */
export function replaceOrder(s: AwState, side: AwSide, units: readonly string[]): string[] {
  const replacer: AwSide = side === 'allied' ? 'german' : 'allied';
  const shown = units.filter((id) => seatSees(s, replacer, id));
  return shown.length === units.length ? [...units] : [...shown, ...units.filter((id) => !seatSees(s, replacer, id))];
}
