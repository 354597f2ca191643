/**
 * Hidden twins (the package's `hiddenTwin`, docs/contract.md): a second position that a viewer cannot tell from the
 * first, so that a test can check that the viewer is shown exactly the same in both. Units of one group of pieces
 * the viewer cannot tell apart trade identities (standard mode: face-down Allied units, AW 6.0-Step3, AW-A06; the
 * cups, AW 5.0[2], 7.0[1]); the other seats' standing orders are replaced (never shown to another seat, spec 5.2).
 * Mail mode is open information (AW 12.0, AW-A31) but for the standing orders. Pure: all chance comes from `rand`.
 */
import type { HiddenTwin } from '../../../engine/game-package.ts';
import type { Viewer } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { invariants } from '../rules/invariants.ts';
import type { AwStandingOrders } from '../orders/schema.ts';
import { at, isArea, type AwState } from '../state.ts';

/** Units of one side for which `test(id, location)` holds, in data order. */
type Ids = (test: (id: string, loc: string) => boolean, side: AwSide) => string[];

const idsOf =
  (s: AwState): Ids =>
  (test, side) =>
    s.data.units.filter((u) => u.side === side && test(u.id, at(s, u.id))).map((u) => u.id);

/** Allied units hidden from the German and the public (standard mode): in use face down, in the used group; the cup. */
function germanBlindGroups(s: AwState, ids: Ids): string[][] {
  const p = s.phase;
  const escort = (id: string) => indexOf(s.data).unit.get(id)!.type !== 'convoy';
  // A face-up unit named for re-placement waits in the used group: still seen.
  const inUse = (id: string, l: string) => ((isArea(l) && !s.t.revealed) || l === 'used') && !s.t.faceUp.includes(id);
  const groups: string[][] = [];
  // First (swapped more often): face-down units named for re-placement with those still on the map (AW 6.0-C2).
  if (p.kind === 'overflow-replace' && p.side === 'allied') {
    groups.push(ids((id, l) => inUse(id, l) && (isArea(l) || p.units.includes(id)), 'allied'));
  }
  groups.push(ids(inUse, 'allied'));
  // A face-down escort may as well still be in the cup: the German sees the cup as a count (AW 5.0[2]).
  groups.push(ids((id, l) => l === 'unused' || (escort(id) && inUse(id, l)), 'allied'));
  return groups;
}

/** The Allied seat's own blind spots (AW-A06): which Step-2 unit went where, which escorts were drawn unseen. */
function alliedBlindGroups(s: AwState, ids: Ids): string[][] {
  const step2 = (id: string, l: string) => (isArea(l) || l === 'used') && !s.t.revealed && s.t.step2.includes(id);
  const escort = (id: string) => indexOf(s.data).unit.get(id)!.type !== 'convoy';
  const offMap = (l: string) => l === 'used' || l === 'unused';
  const unseen = (id: string, l: string) => escort(id) && !s.seen.includes(id) && (offMap(l) || step2(id, l));
  return [ids(step2, 'allied'), ids(unseen, 'allied')];
}

/**
 * The German cup as others see it (AW 5.0[2], 7.0[1]): while his draw is off the map (UBs in the used group and none
 * placed yet), the UBs drawn and the cup are one pool (the sunk list is not shown then); otherwise the cup, sunk UBs
 * apart from the others (AW 11.0[4]). UBs lifted for re-placement wait in the used group face up (AW 7.0[6]).
 */
function germanCupGroups(s: AwState, ids: Ids): string[][] {
  const drawn = ids((_, l) => l === 'used', 'german');
  const placed = ids((_, l) => isArea(l), 'german');
  if (drawn.length && !placed.length) return [ids((_, l) => l === 'used' || l === 'unused', 'german')];
  const cup = (sunk: boolean) => ids((id, l) => l === 'unused' && s.sunkUbs.includes(id) === sunk, 'german');
  return [cup(true), cup(false)];
}

/** Groups of units the viewer cannot tell apart: any swap of two units of one group gives a position alike to it. */
export function hiddenGroups(s: AwState, viewer: Viewer): string[][] {
  if (s.mode === 'mail' || viewer.kind === 'moderator') return [];
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const ids = idsOf(s);
  const groups: string[][] = [];
  if (seat !== 'allied') groups.push(...germanBlindGroups(s, ids));
  if (seat === 'allied') groups.push(...alliedBlindGroups(s, ids));
  if (seat !== 'german') groups.push(...germanCupGroups(s, ids));
  return groups.filter((g) => g.length >= 2);
}

/** A permutation of unit ids: one to three swaps, each inside one group (the first group half of the time). */
function swapsIn(groups: string[][], rand: () => number): Map<string, string> {
  const tau = new Map<string, string>();
  for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) {
    const group = groups[rand() < 0.5 ? 0 : Math.floor(rand() * groups.length)];
    const a = group[Math.floor(rand() * group.length)];
    const b = group[Math.floor(rand() * group.length)];
    if (a === b) continue;
    const ta = tau.get(a) ?? a;
    const tb = tau.get(b) ?? b;
    tau.set(a, tb);
    tau.set(b, ta);
  }
  for (const [k, v] of [...tau]) if (k === v) tau.delete(k);
  return tau;
}

/** Renames units everywhere in a value (strings and record keys); also the computer player's sampler's. */
export function rename<T>(v: T, tau: Map<string, string>): T {
  if (typeof v === 'string') return (tau.get(v) ?? v) as T;
  if (Array.isArray(v)) return v.map((x) => rename(x, tau)) as T;
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [tau.get(k) ?? k, rename(x, tau)])) as T;
}

/** The same position with the units of `tau` trading identities and some seats' standing orders replaced. */
export function secondState(s: AwState, tau: Map<string, string>, standing: Partial<AwState['standing']>): AwState {
  const { data, options, loc, ...rest } = s;
  const out = { ...rename(rest, tau), data, options, loc: loc.slice() } as AwState;
  const ix = indexOf(data);
  for (const [a, b] of tau) out.loc[ix.order.get(b)!] = loc[ix.order.get(a)!];
  // The engine keeps the named units of a re-placement in data order (liftNamed).
  if (out.phase.kind === 'overflow-replace') out.phase.units.sort((x, y) => ix.order.get(x)! - ix.order.get(y)!);
  out.standing = { ...out.standing, ...standing };
  return out;
}

/** Some other standing orders for a seat: a response table, a Step-2 plan, a turn-5 choice (spec 5.2), or none. */
function otherStanding(s: AwState, seat: AwSide, rand: () => number): AwStandingOrders | null {
  if (rand() < 0.3) return null;
  const own = s.data.units.filter((u) => u.side === seat).map((u) => u.id);
  const areas = indexOf(s.data).areaIds;
  const area = () => areas[Math.floor(rand() * areas.length)];
  const table = Object.fromEntries(own.filter(() => rand() < 0.5).map((id) => [id, [area(), 'stay']]));
  if (seat === 'allied') return { responseTable: table, step2Plan: areas.filter(() => rand() < 0.6) };
  return { responseTable: table, reinforce: own.filter(() => rand() < 0.3) };
}

/**
 * A position the viewer cannot tell from `s`: up to three swaps of units it cannot tell apart, and the other
 * seats' standing orders replaced. Null for the moderator, or when the twin would break an invariant.
 */
export function hiddenTwin(s: AwState, viewer: Viewer, rand: () => number): HiddenTwin<AwState> | null {
  if (viewer.kind === 'moderator') return null;
  const groups = hiddenGroups(s, viewer);
  const tau = groups.length ? swapsIn(groups, rand) : new Map<string, string>();
  const others = (['allied', 'german'] as const).filter((o) => viewer.kind !== 'seat' || o !== viewer.seat);
  const twin = secondState(s, tau, Object.fromEntries(others.map((o) => [o, otherStanding(s, o, rand)])));
  if (invariants(twin).length) return null;
  return { state: twin, renamed: Object.fromEntries(tau) };
}
