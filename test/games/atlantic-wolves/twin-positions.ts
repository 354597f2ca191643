/**
 * Twin positions for the hidden-information property (hidden-information.test.ts): random legal games recorded with
 * what each seat saw, the groups of units a viewer cannot tell apart, and the second state in which such units
 * trade identities (everything else, `data` included, unchanged).
 */
import type { GameEvent, ResolveContext, Viewer } from '../../../src/engine/index.ts';
import { atlanticWolves as game, randomLegalOrders } from '../../../src/games/atlantic-wolves/index.ts';
import { indexOf } from '../../../src/games/atlantic-wolves/data/data-index.ts';
import type { AwOrders, AwStandingOrders } from '../../../src/games/atlantic-wolves/orders/schema.ts';
import { awOptionsSchema } from '../../../src/games/atlantic-wolves/options.ts';
import { at, isArea, type AwState } from '../../../src/games/atlantic-wolves/state.ts';

/** A small deterministic generator (mulberry32) for rand() and dice. */
export function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A resolve context rolling from `rand` and keeping the events. */
export const ctxOf = (rand: () => number, events: GameEvent[]): ResolveContext => ({
  roll(sides, purpose, visibleTo) {
    const value = 1 + Math.floor(rand() * sides);
    events.push({ type: 'die', sides, value, purpose, ...(visibleTo ? { visibleTo: [...visibleTo] } : {}) });
    return value;
  },
  emit: (e) => void events.push(e),
});

/** The dice of step `i` of game `seed`: the same stream when the step is re-run from the second state. */
export const diceOf = (seed: number, i: number) => mulberry((seed * 7919 + i * 104729) >>> 0);

/** The German's draw of a turn (AW 5.0): the UBs drawn, the cup before it, the sunk UBs just before it. */
interface Draw {
  drawn: Set<string>;
  pool: Set<string>;
  sunkBefore: Set<string>;
}

/** A recorded game: states[i + 1] = resolve(states[i], orders[i]) with events[i]. */
export interface Played {
  seed: number;
  states: AwState[];
  events: GameEvent[][];
  orders: Record<string, AwOrders>[];
  /** Per state: the German's draw this turn (null before it). */
  draws: (Draw | null)[];
  /** Per state: Allied units the German has seen named in an event so far (known to be in use). */
  knownInUse: Set<string>[];
}

/**
 * Random orders that overfill areas (only with overflow = literal, where that is legal), so that the naming and
 * re-placement decision points (AW 6.0-C2, 7.0[6]) come up with face-down units among the named ones.
 */
function overfilling(s: AwState, seat: string, rand: () => number): AwOrders | null {
  if (s.options.overflow !== 'literal' || rand() < 0.4) return null;
  const areas = indexOf(s.data).areaIds;
  const pick = () => areas[Math.floor(rand() * areas.length)];
  const used = (side: string) => s.data.units.filter((u) => u.side === side && at(s, u.id) === 'used').map((u) => u.id);
  if (s.phase.kind === 'step3' && seat === 'allied') {
    const face = (): 'up' | 'down' => (rand() < 0.5 ? 'up' : 'down');
    return { step3: Object.fromEntries(used('allied').map((id) => [id, { area: pick(), face: face() }])) };
  }
  if (s.phase.kind === 'ub-placement' && seat === 'german') {
    return { placement: Object.fromEntries(used('german').map((id) => [id, pick()])) };
  }
  return null;
}

/** The German's draw among a step's events, if any (its cup read from the state after the step). */
function drawIn(events: GameEvent[], before: AwState, after: AwState, last: Draw | null): Draw | null {
  let draw = last;
  const sunk = new Set(before.sunkUbs);
  const cup = after.data.units.filter((u) => u.side === 'german' && at(after, u.id) === 'unused').map((u) => u.id);
  for (const e of events) {
    if (e.type === 'ub-removed') sunk.add(String(e.unit));
    if (e.type === 'turn-start') draw = null;
    if (e.type === 'reinforced-units' && e.side === 'german') {
      const drawn = new Set((e.units as string[]) ?? []);
      draw = drawn.size ? { drawn, pool: new Set([...drawn, ...cup]), sunkBefore: new Set(sunk) } : null;
    }
  }
  return draw;
}

/** Plays one random legal game; records what the test needs to build second states consistent with each seat's past. */
export function play(mode: string, options: unknown, seed: number): Played {
  const rand = mulberry(seed);
  let s = game.setup({ mode, options: awOptionsSchema.parse(options), data: game.defaultData });
  const out: Played = { seed, states: [s], events: [], orders: [], draws: [null], knownInUse: [new Set()] };
  const known = new Set<string>();
  for (let i = 0; i < 400 && !s.result; i++) {
    const orders: Record<string, AwOrders> = {};
    for (const o of game.owed(s)) {
      const bold = overfilling(s, o.seat, rand);
      orders[o.seat] = bold && game.validate(s, o.seat, bold).length === 0 ? bold : randomLegalOrders(s, o.seat, rand);
    }
    const events: GameEvent[] = [];
    const next = game.resolve(s, orders, ctxOf(diceOf(seed, i), events));
    const text = JSON.stringify(game.visibleEvents(events, { kind: 'seat', seat: 'german' }));
    for (const u of s.data.units) if (u.side === 'allied' && text.includes(`"${u.id}"`)) known.add(u.id);
    out.draws.push(drawIn(events, s, next, out.draws[i]));
    s = next;
    out.states.push(s);
    out.events.push(events);
    out.orders.push(orders);
    out.knownInUse.push(new Set(known));
  }
  return out;
}

export const seatOf = (v: Viewer): string | null => (v.kind === 'seat' ? v.seat : null);

/** Allied units hidden from the German (and the public): in use face down or in the used group; the cup. */
function germanBlindGroups(g: Played, i: number, ids: Ids): string[][] {
  const s = g.states[i];
  const p = s.phase;
  const escort = (id: string) => indexOf(s.data).unit.get(id)!.type !== 'convoy';
  // A face-up unit named for re-placement waits in the used group: still seen.
  const inUse = (id: string, l: string) => ((isArea(l) && !s.t.revealed) || l === 'used') && !s.t.faceUp.includes(id);
  const groups: string[][] = [];
  // First (swapped more often): face-down units named for re-placement with those still on the map.
  if (p.kind === 'overflow-replace' && p.side === 'allied') {
    groups.push(ids((id, l) => inUse(id, l) && (isArea(l) || p.units.includes(id)), 'allied'));
  }
  groups.push(ids(inUse, 'allied'));
  // An escort never shown to the German may as well still be in the cup.
  const known = g.knownInUse[i];
  groups.push(ids((id, l) => l === 'unused' || (escort(id) && !known.has(id) && inUse(id, l)), 'allied'));
  return groups;
}

/** Units of either side at a location, by a test on id and location. */
type Ids = (f: (id: string, loc: string) => boolean, side: 'allied' | 'german') => string[];

/**
 * Groups of units the viewer cannot tell apart now, consistently with everything it saw before: any swap of two
 * units of one group gives a position the viewer could equally be in.
 */
export function hiddenGroups(g: Played, i: number, viewer: Viewer): string[][] {
  const s = g.states[i];
  if (s.mode === 'mail') return []; // open information (AW 12.0, AW-A31)
  const seat = seatOf(viewer);
  const groups: string[][] = [];
  const ids: Ids = (f, side) => s.data.units.filter((u) => u.side === side && f(u.id, at(s, u.id))).map((u) => u.id);
  if (seat !== 'allied') groups.push(...germanBlindGroups(g, i, ids));
  if (seat === 'allied') {
    // AW-A06: the Allied player does not know which of his Step-2 units went where, nor which escorts were drawn.
    const step2 = (id: string, l: string) => (isArea(l) || l === 'used') && !s.t.revealed && s.t.step2.includes(id);
    const escort = (id: string) => indexOf(s.data).unit.get(id)!.type !== 'convoy';
    const offMap = (l: string) => l === 'used' || l === 'unused';
    const unseen = (id: string, l: string) => escort(id) && !s.seen.includes(id) && (offMap(l) || step2(id, l));
    groups.push(ids(step2, 'allied'));
    groups.push(ids(unseen, 'allied'));
  }
  if (seat !== 'german') {
    // The German cup: which UBs were drawn this turn (until placed); sunk ones are known as sunk before the draw.
    const d = g.draws[i];
    const placed = s.data.units.some((u) => u.side === 'german' && isArea(at(s, u.id)));
    for (const sunk of [true, false]) {
      if (d && !placed) groups.push([...d.pool].filter((id) => d.sunkBefore.has(id) === sunk));
      else groups.push(ids((id, l) => l === 'unused' && s.sunkUbs.includes(id) === sunk, 'german'));
    }
  }
  return groups.filter((x) => x.length >= 2);
}

/** A permutation of unit ids: one to three swaps, each inside one group (the first group half of the time). */
export function swapsIn(groups: string[][], rand: () => number): Map<string, string> {
  const tau = new Map<string, string>();
  for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) {
    const grp = groups[rand() < 0.5 ? 0 : Math.floor(rand() * groups.length)];
    const a = grp[Math.floor(rand() * grp.length)];
    const b = grp[Math.floor(rand() * grp.length)];
    if (a === b) continue;
    const ta = tau.get(a) ?? a;
    const tb = tau.get(b) ?? b;
    tau.set(a, tb);
    tau.set(b, ta);
  }
  for (const [k, v] of [...tau]) if (k === v) tau.delete(k);
  return tau;
}

/** Renames units everywhere in a value (strings and record keys). */
export function rename<T>(v: T, tau: Map<string, string>): T {
  if (typeof v === 'string') return (tau.get(v) ?? v) as T;
  if (Array.isArray(v)) return v.map((x) => rename(x, tau)) as T;
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [tau.get(k) ?? k, rename(x, tau)])) as T;
}

/** Standing orders per seat, to replace the other seat's. */
export type StandingBySeat = Partial<Record<'allied' | 'german', AwStandingOrders | null>>;

/** The same position with the units of `tau` trading identities (and the other seat's standing orders replaced). */
export function secondState(s: AwState, tau: Map<string, string>, otherStanding: StandingBySeat): AwState {
  const { data, options, loc, ...rest } = s;
  const out = { ...rename(rest, tau), data, options, loc: loc.slice() } as AwState;
  const ix = indexOf(data);
  for (const [a, b] of tau) out.loc[ix.order.get(b)!] = loc[ix.order.get(a)!];
  // The engine keeps the named units of a re-placement in data order (liftNamed).
  if (out.phase.kind === 'overflow-replace') out.phase.units.sort((x, y) => ix.order.get(x)! - ix.order.get(y)!);
  out.standing = { ...out.standing, ...otherStanding };
  return out;
}

/** Some other standing orders for a seat (the opponent may not see any of them). */
export function otherStandingFor(s: AwState, seat: 'allied' | 'german', rand: () => number): AwStandingOrders | null {
  if (rand() < 0.3) return null;
  const own = s.data.units.filter((u) => u.side === seat).map((u) => u.id);
  const areas = indexOf(s.data).areaIds;
  const area = () => areas[Math.floor(rand() * areas.length)];
  const table = Object.fromEntries(own.filter(() => rand() < 0.5).map((id) => [id, [area(), 'stay']]));
  if (seat === 'allied') return { responseTable: table, step2Plan: areas.filter(() => rand() < 0.6) };
  return { responseTable: table, reinforce: own.filter(() => rand() < 0.3) };
}

/** JSON with record keys sorted and lists of names sorted: content without order. */
export function settled(v: unknown): string {
  const norm = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.every((y) => typeof y === 'string') ? [...x].sort() : x.map(norm);
    if (!x || typeof x !== 'object') return x;
    return Object.fromEntries(
      Object.keys(x)
        .sort()
        .map((k) => [k, norm((x as Record<string, unknown>)[k])]),
    );
  };
  return JSON.stringify(norm(v));
}
