/**
 * GF 8[2] fleet marker placement (D13, alternating, no passing) and GF 8[3] interception (D14, alternating until
 * two passes in succession), then the reveal of GF 8[4][1].
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { Stage } from './armament.ts';
import type { Side } from '../data/schema.ts';
import { changeMarkers, enemyOf, fleetSlots, type GfState, hexOf, indexOf, type Marker } from '../state.ts';

/** Markers a side has not placed: face-down count and face-up fast fleets (GF 8[2][5]). */
export function unplaced(s: GfState, side: Side): { down: number; up: number[] } {
  const b = s.battle!;
  let downPlaced = 0;
  const upPlaced: number[] = [];
  for (const m of b.markers) {
    if (m.side !== side) continue;
    if (m.up) upPlaced.push(m.fleet);
    else downPlaced++;
  }
  return { down: b.hidden[side].length - downPlaced, up: b.faceUp[side].filter((n) => !upPlaced.includes(n)) };
}

/** How many markers a side has left to place; counted without `unplaced`'s lists when it has no face-up fleet. */
function left(s: GfState, side: Side): number {
  const b = s.battle!;
  if (b.faceUp[side].length) {
    const u = unplaced(s, side);
    return u.down + u.up.length;
  }
  let downPlaced = 0;
  for (const m of b.markers) if (m.side === side && !m.up) downPlaced++;
  return b.hidden[side].length - downPlaced;
}

const placeable = new WeakMap<GfState['data'], readonly string[]>();

/** Hexes a marker may be placed in: any but prohibited ones (GF 8[2][2]). One list per data set, shared. */
export function placeableHexes(s: GfState): readonly string[] {
  let hexes = placeable.get(s.data);
  if (!hexes) {
    hexes = s.data.hexes.filter((h) => h.kind !== 'prohibited').map((h) => h.id);
    placeable.set(s.data, hexes);
  }
  return hexes;
}

/** D13: whose placement is next (alternating, offensive first; GF-A37 the other places the rest). */
export function enterPlace(s: GfState, ctx: ResolveContext): Stage | null {
  const b = s.battle!;
  const side = left(s, b.nextSide) ? b.nextSide : enemyOf(b.nextSide);
  if (!left(s, side)) {
    b.nextSide = b.offensive;
    return 'intercept';
  }
  const planned = standingPlacement(s, side);
  if (planned) return applyPlacement(s, side, planned, ctx);
  s.phase = { kind: 'place', side };
  return null;
}

/** The next usable entry of the side's standing placement sequence (entries that cannot be placed are dropped). */
function standingPlacement(s: GfState, side: Side): { marker: 'down' | number; hex: string } | null {
  const list = s.standing[side].placements;
  if (!list?.length) return null;
  const u = unplaced(s, side);
  // Entries are taken from the front, the usable one too; the rest stays (a new list: standing orders are shared).
  let taken = 0;
  let found: { marker: 'down' | number; hex: string } | null = null;
  while (!found && taken < list.length) {
    const next = list[taken++];
    const marker = next.marker === 'down' ? u.down > 0 : u.up.includes(next.marker);
    if (marker && placeableHexes(s).includes(next.hex)) found = next;
  }
  s.standing[side] = { ...s.standing[side], placements: list.slice(taken) };
  return found;
}

/** The first legal candidate of the side's standing interceptions, 'pass' when none is, null without the order. */
function standingInterception(s: GfState, side: Side): 'pass' | { from: string; to: string } | null {
  const list = s.standing[side].intercepts;
  if (!list) return null;
  const from = interceptableHexes(s, side);
  const k = list.findIndex((c) => from.includes(c.from) && interceptionTargets(s, c.from).includes(c.to));
  if (k < 0) return 'pass';
  // The candidate taken leaves the list (a new list: standing orders are shared).
  s.standing[side] = { ...s.standing[side], intercepts: list.filter((_, i) => i !== k) };
  return list[k];
}

/** D13 applied: a face-down marker (the next of the secret order) or a chosen face-up fast fleet, into a hex. */
export function applyPlacement(
  s: GfState,
  side: Side,
  order: { marker: 'down' | number; hex: string },
  ctx: ResolveContext,
): Stage | null {
  const b = s.battle!;
  let mine = 0; // the side's markers placed, and those face down
  let mineDown = 0;
  for (const m of b.markers)
    if (m.side === side) {
      mine++;
      if (!m.up) mineDown++;
    }
  const id = `${side === 'british' ? 'B' : 'G'}${mine + 1}`;
  const up = order.marker !== 'down';
  const down = up ? -1 : mineDown;
  const fleet = up ? (order.marker as number) : 0;
  b.markers = [...b.markers, { id, side, hex: order.hex, up, fleet, down, moved: false, out: false }];
  if (!ctx.silent)
    ctx.emit({ type: 'placed', side, marker: id, hex: order.hex, fleet: up ? fleet : null, rule: 'GF 8[2][2]' });
  b.nextSide = enemyOf(side);
  return enterPlace(s, ctx);
}

/** GF 8[3][3a-b]: a side's count in a hex: face-down 1, face-up fast 2; doubled in its home hex (GF-A14). */
export function interceptionCount(s: GfState, side: Side, hex: string): number {
  const h = hexOf(s, hex)!;
  const home = h.kind === 'home' && (s.options.homeDoubling === 'any' || h.flag === side);
  let n = 0;
  for (const m of s.battle!.markers)
    if (m.side === side && m.hex === hex && !m.out) n += (m.up ? 2 : 1) * (home ? 2 : 1);
  return n;
}

/** Hexes holding live markers of both sides. */
export function contestedHexes(s: GfState): string[] {
  const hexes: string[] = []; // every hex with a live marker
  const present: number[] = []; // for each: 1 British, 2 German, 3 both
  for (const m of s.battle!.markers) {
    if (m.out) continue;
    let k = hexes.indexOf(m.hex);
    if (k < 0) {
      k = hexes.push(m.hex) - 1;
      present.push(0);
    }
    present[k] |= m.side === 'british' ? 1 : 2;
  }
  const contested: string[] = [];
  for (let k = 0; k < hexes.length; k++) if (present[k] === 3) contested.push(hexes[k]);
  return contested.sort();
}

/**
 * GF 8[3][3], [6], [7], GF-A15 R1, GF-A16: hexes the side may intercept from now: both sides present, the side's
 * count higher, the hex's interception not finished, no fleet in it moved yet.
 */
export function interceptableHexes(s: GfState, side: Side): string[] {
  const b = s.battle!;
  return contestedHexes(s).filter(
    (hex) =>
      !b.finished.includes(hex) &&
      !b.markers.some((m) => m.hex === hex && m.moved) &&
      interceptionCount(s, side, hex) > interceptionCount(s, enemyOf(side), hex),
  );
}

/** GF 8[3][4]: the hexes next to `hex` that fleets may move into (not prohibited). */
export function interceptionTargets(s: GfState, hex: string): string[] {
  return (indexOf(s.data).adjacent.get(hex) ?? []).filter((h) => hexOf(s, h)!.kind !== 'prohibited');
}

/** D14: the side to move, or an automatic pass for a side with no hex to intercept from (GF 8[3][2]). */
export function enterIntercept(s: GfState, ctx: ResolveContext): Stage | null {
  const b = s.battle!;
  while (b.passes < 2) {
    const side = b.nextSide;
    if (interceptableHexes(s, side).length) {
      const planned = standingInterception(s, side);
      if (planned) return applyInterception(s, side, planned, ctx);
      s.phase = { kind: 'intercept', side };
      return null;
    }
    ctx.emit({ type: 'passed', side, automatic: true, rule: 'GF 8[3][2]' });
    b.passes++;
    b.nextSide = enemyOf(side);
  }
  return 'reveal';
}

/** D14 applied: every fleet in the hex moves one hex together (GF 8[3][4]), or a pass. */
export function applyInterception(
  s: GfState,
  side: Side,
  order: 'pass' | { from: string; to: string },
  ctx: ResolveContext,
): Stage | null {
  const b = s.battle!;
  b.nextSide = enemyOf(side);
  if (order === 'pass') {
    b.passes++;
    ctx.emit({ type: 'passed', side, automatic: false, rule: 'GF 8[3][2]' });
    return enterIntercept(s, ctx);
  }
  b.passes = 0;
  const moving = b.markers.filter((m) => !m.out && m.hex === order.from);
  changeMarkers(b, (m) => (moving.includes(m) ? { ...m, hex: order.to, moved: true } : m));
  for (const hex of [order.from, order.to]) if (!b.finished.includes(hex)) b.finished = [...b.finished, hex];
  ctx.emit({
    type: 'intercepted',
    side,
    from: order.from,
    to: order.to,
    markers: moving.map((m) => m.id),
    rule: 'GF 8[3][4]',
  });
  return enterIntercept(s, ctx);
}

/** The fleet under a marker (face-down: from the secret order). */
export const fleetOf = (s: GfState, m: Marker): number => (m.up ? m.fleet : s.battle!.hidden[m.side][m.down]);

/** Ships of the fleet under a marker that are still with it (not sunk, not sent to the DDbox). */
export function shipsUnder(s: GfState, m: Marker): string[] {
  const fleet = s.battle!.fleets[m.side][fleetOf(s, m) - 1];
  const with_: string[] = [];
  if (!fleet) return with_;
  const { position } = indexOf(s.data);
  for (const id of fleet) if (s.places[position.get(id)!] === 'fleet') with_.push(id);
  return with_;
}

/** How many ships of the fleet under a marker are still with it (`shipsUnder(s, m).length`, without the list). */
export function shipsUnderCount(s: GfState, m: Marker): number {
  let n = 0;
  for (const slot of fleetSlots(s, m.side, fleetOf(s, m)) ?? []) if (s.places[slot] === 'fleet') n++;
  return n;
}

/** GF 8[4][1]: every marker face up, unorganised fleets removed; the combat hexes in ascending order (GF-AD1). */
export function reveal(s: GfState, ctx: ResolveContext): Stage {
  const b = s.battle!;
  changeMarkers(b, (m) => {
    const shown = { ...m, fleet: fleetOf(s, m), up: true };
    if (!shipsUnder(s, shown).length) shown.out = true;
    return shown;
  });
  b.revealed = true;
  const shown = b.markers.map((m) => ({ marker: m.id, hex: m.hex, fleet: m.fleet, empty: m.out }));
  b.queue = contestedHexes(s);
  ctx.emit({ type: 'revealed', markers: shown, combats: b.queue, rule: 'GF 8[4][1]' });
  return 'round';
}
