/**
 * Allied placement (AW 6.0 Steps 1-3; AW 12.0-2 in mail mode), UB placement (AW 7.0), and the literal overflow
 * procedure (AW 6.0-C2, 7.0[6]) used with option overflow = literal or responseCapacity = allowThenReplace.
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { areaScan, setLoc } from './area-scan.ts';
import type { AwOrders } from '../orders/schema.ts';
import { areaCounts, capacityAt, capacityFor, placeable } from './arithmetic.ts';
import { BLIND_DRAW } from './dice-purposes.ts';
import { blindToOwner, blindUnit, parseBlindName, replaceOrder, resolveNames, seatSees } from './hidden-units.ts';
import { at, opponent, ownList, ownTurnList, put, type AwState } from '../state.ts';

/** Applies a mail-mode Allied placement or a UB placement: unit -> area (AW 12.0-2, AW 7.0[1]). */
export function applyPlacement(s: AwState, ctx: ResolveContext, side: AwSide, placement: Record<string, string>): void {
  const ix = indexOf(s.data);
  // A plain object, not a hash-table `record`: keys come in data order, so the shapes stay few (and cheap to fill).
  // Only the event reads it.
  const placed: Record<string, string> | null = ctx.silent ? null : {};
  const pos = side === 'allied' ? ix.alliedPos : ix.germanPos;
  const units = s.data.units;
  for (let k = 0; k < pos.length; k++) {
    const i = pos[k];
    // Unit ids are unique (checkData): position i is where at/put look the unit up.
    if (s.loc[i] !== 'used') continue; // checked first: a cheaper test than the record lookup
    const id = units[i].id;
    const a = placement[id];
    if (a !== undefined) {
      setLoc(s, i, a);
      if (placed) placed[id] = a;
    }
  }
  if (placed)
    ctx.emit({
      type: 'placed',
      rule: side === 'allied' ? 'AW 12.0-2' : 'AW 7.0[1]',
      side,
      turn: s.turn,
      placement: placed,
    });
}

/** The Step-1 pool (AW 6.0-Step1): convoys in use and used escorts, in data order. */
export const step1Pool = (s: AwState): string[] => placeable(s, 'allied').map((u) => u.id);

/** Area counts of a Step-2 plan (AW 6.0-Step2 in advance, spec S-A): the first `n` slots. */
export function planCounts(plan: string[], n: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of plan.slice(0, n)) out[a] = (out[a] ?? 0) + 1;
  return out;
}

/**
 * AW 6.0-Step2: draws units blind and puts them in the areas by the given counts. Areas in id order; each unit drawn
 * at random from the remaining pool. Identities are hidden from both seats until combat (AW-A06).
 */
export function applyStep2(s: AwState, ctx: ResolveContext, counts: Record<string, number>): void {
  const ix = indexOf(s.data);
  const pool = step1Pool(s);
  const placed: Record<string, string[]> = {};
  for (const area of ix.areaIds) {
    const c = counts[area] ?? 0;
    for (let i = 0; i < c && pool.length; i++) {
      const k = ctx.roll(pool.length, BLIND_DRAW, []);
      const [id] = pool.splice(k - 1, 1);
      put(s, id, area);
      ownTurnList(s, 'step2').push(id);
      placed[area] ??= [];
      placed[area].push(id);
    }
  }
  if (!ctx.silent) {
    const shown: Record<string, number> = {};
    for (const a of ix.areaIds) if (placed[a]) shown[a] = placed[a].length;
    ctx.emit({ type: 'step2-placed', rule: 'AW 6.0-Step2', turn: s.turn, counts: shown });
    ctx.emit({ type: 'step2-units', rule: 'AW-A06', turn: s.turn, units: placed, visibleTo: [] });
  }
  // AW 6.0-Step3[3a]: the Allied player may now look at the remaining units (privately).
  const rest = step1Pool(s);
  for (const id of rest) if (ix.unit.get(id)?.type !== 'convoy' && !s.seen.includes(id)) ownList(s, 'seen').push(id);
  if (!ctx.silent)
    ctx.emit({ type: 'step3-units', rule: 'AW 6.0-Step3[3a]', turn: s.turn, units: rest, visibleTo: ['allied'] });
}

/** AW 6.0-Step3: the remaining units, each with area and facing. */
export function applyStep3(s: AwState, ctx: ResolveContext, step3: NonNullable<AwOrders['step3']>): void {
  const ix = indexOf(s.data);
  const counts: Record<string, number> = {};
  const up: Record<string, string> = {};
  for (const u of ix.allied) {
    const p = step3[u.id];
    if (!p || at(s, u.id) !== 'used') continue;
    put(s, u.id, p.area);
    counts[p.area] = (counts[p.area] ?? 0) + 1;
    if (p.face === 'up') {
      ownTurnList(s, 'faceUp').push(u.id);
      up[u.id] = p.area;
    }
  }
  if (ctx.silent) return;
  ctx.emit({ type: 'step3-placed', rule: 'AW 6.0-Step3', turn: s.turn, counts, faceUp: up });
  ctx.emit({
    type: 'step3-units-placed',
    rule: 'AW 6.0-Step3[3a]',
    turn: s.turn,
    placement: Object.fromEntries(
      Object.keys(step3)
        .sort()
        .map((k) => [k, { area: step3[k].area, face: step3[k].face }]),
    ),
    visibleTo: ['allied'],
  });
}

/** Whether any area is over a side's capacity (as `overfull` being non-empty, without building it). */
export function anyOverfull(s: AwState, side: AwSide): boolean {
  const sc = areaScan(s);
  const counts = side === 'german' ? sc.german : sc.allied; // shared, read only
  for (let a = 0; a < counts.length; a++) if (counts[a] > capacityAt(s, a, side)) return true;
  return false;
}

/** Areas over a side's capacity, with the excess of each (AW 6.0-C2, 7.0[6]). */
export function overfull(s: AwState, side: AwSide): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [a, n] of areaCounts(s, side)) {
    const cap = capacityFor(s, a, side);
    if (n > cap) out[a] = n - cap;
  }
  return out;
}

/**
 * Units named in advance with a placement order (`overflow` priority list) that settle every overfull area: the
 * first listed units of each overfull area, exactly its excess (AW-A07(a)). Null when the list does not cover it.
 */
export function designationFromPreference(s: AwState, side: AwSide): string[] | null {
  const pref = s.t.overflowPref[side];
  if (!pref) return null;
  const out: string[] = [];
  for (const [area, excess] of Object.entries(overfull(s, side))) {
    // Names: unit ids, or blind names of the owner's face-down Step-2 units there (AW-A06, `CG?1`).
    const blindHere = (name: string) => parseBlindName(name)?.area === area && blindUnit(s, name) !== undefined;
    const here = (name: string) => at(s, name) === area || blindHere(name);
    const named = pref.filter(here).slice(0, excess);
    if (named.length < excess) return null;
    out.push(...named);
  }
  return out;
}

/**
 * AW 6.0-C2 / 7.0[6] first half: the named units leave the map to be re-placed by the opponent (facing kept, A07b).
 * Names are unit ids or blind names of face-down Step-2 units (hidden-units.ts); the owner is told which units he
 * named, and for the blind ones only how many from each area (AW-A06).
 */
export function liftNamed(s: AwState, ctx: ResolveContext, side: AwSide, names: string[]): string[] {
  const ix = indexOf(s.data);
  const sorted = resolveNames(s, names).sort((a, b) => (ix.order.get(a) ?? 0) - (ix.order.get(b) ?? 0));
  const from: Record<string, string> = {};
  const blind: Record<string, number> = {};
  for (const id of sorted) {
    if (side === 'allied' && blindToOwner(s, id)) blind[at(s, id)] = (blind[at(s, id)] ?? 0) + 1;
    else from[id] = at(s, id);
  }
  for (const id of sorted) put(s, id, 'used');
  const hidden = s.mode === 'standard' && side === 'allied' && !s.t.revealed;
  if (!ctx.silent) {
    ctx.emit({
      type: 'overflow-named',
      rule: side === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]',
      side,
      count: sorted.length,
      ...(hidden ? {} : { units: from }),
    });
    const blindCounts = Object.keys(blind).length ? { blind: inAreaOrder(s, blind) } : {};
    const units = { units: from, ...blindCounts };
    if (hidden) ctx.emit({ type: 'overflow-named-units', rule: 'AW 6.0-C2', side, ...units, visibleTo: ['allied'] });
  }
  return sorted;
}

/** Per-area counts with the areas in id order (key order says nothing but which areas). */
function inAreaOrder(s: AwState, counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of indexOf(s.data).areaIds) if (counts[a]) out[a] = counts[a];
  return out;
}

/** Placeholder keys for units the opponent re-places when he may not see their fronts (standard, face down). */
export const placeholder = (i: number): string => `#${i + 1}`;

/**
 * AW 6.0-C2 / 7.0[6] second half: the opponent re-places the named units. Keys are `#n` placeholders counted in
 * `replaceOrder`, or the ids of units the re-placing seat may see. When some are face down, the public event gives
 * counts per area, and each seat gets the placement in its own terms (the owner's Step-2 units as counts, AW-A06).
 */
export function applyReplace(
  s: AwState,
  ctx: ResolveContext,
  side: AwSide,
  units: string[],
  replace: Record<string, string>,
): void {
  const replacer = opponent(side);
  const order = replaceOrder(s, side, units);
  const placed: Record<string, string> = {};
  const left: string[] = [];
  order.forEach((id, i) => {
    const a = (seatSees(s, replacer, id) ? replace[id] : undefined) ?? replace[placeholder(i)];
    if (a && at(s, id) === 'used') {
      put(s, id, a);
      placed[placeholder(i)] = a;
    } else left.push(id);
  });
  const rule = side === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]';
  if (ctx.silent) return;
  if (order.every((id) => seatSees(s, replacer, id))) ctx.emit({ type: 'replaced', rule, side, placement: placed });
  else {
    const counts: Record<string, number> = {};
    const owners: Record<string, string> = {};
    const blind: Record<string, number> = {};
    order.forEach((id, i) => {
      const a = placed[placeholder(i)];
      if (!a) return;
      counts[a] = (counts[a] ?? 0) + 1;
      if (seatSees(s, side, id)) owners[id] = a;
      else blind[a] = (blind[a] ?? 0) + 1;
    });
    ctx.emit({ type: 'replaced', rule, side, counts: inAreaOrder(s, counts) });
    ctx.emit({ type: 'replaced-units', rule, side, placement: placed, visibleTo: [replacer] });
    const blindCounts = Object.keys(blind).length ? { blind: inAreaOrder(s, blind) } : {};
    ctx.emit({ type: 'replaced-units', rule, side, placement: owners, ...blindCounts, visibleTo: [side] });
  }
  // AW-A07(c): no room left anywhere: the units stay off the map this turn; the moderator is told.
  if (left.length) {
    ctx.emit({ type: 'moderator-flag', rule: 'AW-A07(c)', side, count: left.length, units: left, visibleTo: [] });
  }
}
