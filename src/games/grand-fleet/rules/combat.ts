/**
 * GF 8[4]-8[5]: combat hex by hex (strict play, ascending hex numbers: GF-AD1), bombardment rounds with initiative
 * (D15), situations (D16), fire allocation (D17), damage, continuation (D18), and the control VP of the battle.
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { Stage } from './armament.ts';
import type { GfData, ShipType, Side } from '../data/schema.ts';
import { fleetSpeed } from './organise.ts';
import { fleetOf, shipsUnderCount } from './placement.ts';
import { type KnownPurpose, knownPurpose, rollKnown } from './purposes.ts';
import {
  addVp,
  boxCounts,
  boxWithMostRoom,
  enemyOf,
  fleetSlots,
  type GfState,
  hexOf,
  indexOf,
  type Initiative,
  type Marker,
  type Round,
  SIDE_ORDER,
  type Situation,
  writablePlaces,
  SIDE_JA,
  withSide,
  changeMarkers,
  ddPlace,
} from '../state.ts';

/** Live markers of a side in a hex (or of both sides). */
export function markersIn(s: GfState, hex: string, side?: Side): Marker[] {
  return s.battle!.markers.filter((m) => !m.out && m.hex === hex && (!side || m.side === side));
}

// The positions of the ships `targetsOf` found, marked with a number new at each call (no set made per call).
let targetMarks = new Int32Array(0);
let lastTargetMark = 0;

/**
 * Enemy ships a side may allocate fire to in the round's hex (GF 8[4.3][2]), by id: the ships with the enemy's
 * live markers in the hex are marked, then read in id order (`DataIndex.sortedSlotsBySide`) rather than sorted.
 */
export function targetsOf(s: GfState, side: Side, hex: string): string[] {
  const enemy = enemyOf(side);
  const { ships } = s.data;
  if (targetMarks.length < ships.length || lastTargetMark === 0x7fffffff) {
    targetMarks = new Int32Array(Math.max(ships.length, targetMarks.length));
    lastTargetMark = 0;
  }
  const mark = ++lastTargetMark;
  let found = false;
  for (const m of s.battle!.markers) {
    if (m.out || m.hex !== hex || m.side !== enemy) continue;
    for (const slot of fleetSlots(s, enemy, fleetOf(s, m)) ?? [])
      if (s.places[slot] === 'fleet') {
        targetMarks[slot] = mark;
        found = true;
      }
  }
  const targets: string[] = [];
  if (found)
    for (const slot of indexOf(s.data).sortedSlotsBySide[enemy])
      if (targetMarks[slot] === mark) targets.push(ships[slot].id);
  return targets;
}

/** The next round, or the next hex, or the end of the battle (GF-AD1: the round of the given hex). */
export function enterRound(s: GfState, hex: string | undefined = s.battle!.queue[0]): Stage | null {
  const b = s.battle!;
  if (hex === undefined) return 'battle-end';
  const n = b.round?.hex === hex ? b.round.n + 1 : 1;
  // GF 8[4.2][2], GF-A17: more fleets decides first; ties: Britain.
  const count = (side: Side) =>
    s.options.initiativeOrder === 'markers' ? markersIn(s, hex, side).length : countedAsInterception(s, side, hex);
  const first: Side = count('german') > count('british') ? 'german' : 'british';
  b.round = { hex, n, first, init: {}, winner: null, situations: [], fire: {}, cont: {} };
  s.phase = { kind: 'combat-init', side: first };
  return null;
}

/**
 * GF-A17 R2: fleets counted as for interception (GF 8[3][3a-b]) once every marker is face up: a fast fleet 2, an
 * other fleet 1, doubled in the side's home hex (GF-A14).
 */
function countedAsInterception(s: GfState, side: Side, hex: string): number {
  const h = hexOf(s, hex)!;
  const home = h.kind === 'home' && (s.options.homeDoubling === 'any' || h.flag === side) ? 2 : 1;
  const fast = (m: Marker) => fleetSpeed(s, side, m.fleet) === 'fast';
  return markersIn(s, hex, side).reduce((n, m) => n + (fast(m) ? 2 : 1) * home, 0);
}

/** GF 8[4.2][3] M(a)-(c): the fixed modifiers of a side in the hex. */
export function fixedModifier(s: GfState, side: Side, hex: string): number {
  const h = hexOf(s, hex)!;
  let mod = h.kind === 'home' && h.flag === side ? 1 : 0;
  for (const m of markersIn(s, hex, side)) {
    const speed = fleetSpeed(s, side, m.fleet);
    if (speed === 'fast') mod++;
    if (speed === 'slow') mod--;
  }
  return mod;
}

const combatInitiativeDie = (side: Side) =>
  knownPurpose('GF 8[4.2][3]', `combat initiative die (${side})`, `戦闘主導権ダイス（${SIDE_JA[side]}）`);
const COMBAT_INITIATIVE_DIE = { british: combatInitiativeDie('british'), german: combatInitiativeDie('german') };

/** D15 applied: the die, the total and confusion (GF 8[4.2][3-5]); then situations, or fire. */
export function applyInitiativeNumber(
  s: GfState,
  side: Side,
  order: { half: boolean; excess: number },
  ctx: ResolveContext,
): Stage | null {
  const r = s.battle!.round!;
  const die = rollKnown(ctx, 6, COMBAT_INITIATIVE_DIE[side]);
  const confused = order.excess > 0 && die <= order.excess;
  const total = die + fixedModifier(s, side, r.hex) + (order.half ? 2 : 0) + order.excess;
  const init: Initiative = { half: order.half, excess: order.excess, die, total, confused };
  r.init[side] = init;
  if (!ctx.silent) ctx.emit({ type: 'combat-initiative', hex: r.hex, round: r.n, side, ...init, rule: 'GF 8[4.2][5]' });
  const other = enemyOf(side);
  if (!r.init[other]) {
    s.phase = { kind: 'combat-init', side: other };
    return null;
  }
  const a = r.init.british!;
  const g = r.init.german!;
  r.winner = a.total === g.total ? null : a.total > g.total ? 'british' : 'german';
  if (r.winner && situationCount(r) > 0) {
    s.phase = { kind: 'combat-situations', side: r.winner };
    return null;
  }
  return 'fire';
}

/** GF 8[4.2][9], [9d]: how many situations the winner may choose (none if confused or on a tie). */
export function situationCount(r: Round): number {
  if (!r.winner || r.init[r.winner]!.confused) return 0;
  return Math.floor(Math.abs(r.init.british!.total - r.init.german!.total) / 2);
}

/** D16 applied. */
export function applySituations(s: GfState, side: Side, situations: Situation[], ctx: ResolveContext): Stage {
  const r = s.battle!.round!;
  r.situations = [...situations];
  ctx.emit({ type: 'situations', hex: r.hex, side, situations, rule: 'GF 8[4.2][9]' });
  return 'fire';
}

/** Whether a side fires at half strength this round (GF 8[4.2] M(d), S(b), S(c); GF 8[4.3][1d]: once at most). */
export function halved(r: Round, side: Side): boolean {
  const own = r.init[side]!.half && !(r.winner === side && r.situations.includes('cancelHalf'));
  const imposed = r.winner === enemyOf(side) && r.situations.includes('enemyHalf');
  return own || imposed;
}

/** GF 8[4.3][1]: a side's total bombardment points this round (GF-A21: no ship below 0). */
export function firePoints(s: GfState, side: Side): number {
  const r = s.battle!.round!;
  if (r.init[side]!.confused) return 0;
  let range = 0;
  for (const x of r.situations) range += x === 'short' ? 0.5 : x === 'long' ? -0.5 : 0;
  // One pass over the side's markers and their ships (no lists: odds previews call this per sample).
  const { typeAt } = indexOf(s.data);
  let total = 0;
  for (const m of s.battle!.markers) {
    if (m.out || m.hex !== r.hex || m.side !== side) continue;
    for (const slot of fleetSlots(s, side, fleetOf(s, m)) ?? []) {
      if (s.places[slot] === 'fleet') total += Math.max(0, typeAt[slot].bombardment + range);
    }
  }
  return Math.floor(halved(r, side) ? total / 2 : total);
}

/** Whether `targetsOf(s, side, hex)` is not empty, without building it. */
function hasTargets(s: GfState, side: Side, hex: string): boolean {
  const enemy = enemyOf(side);
  return s.battle!.markers.some((m) => !m.out && m.hex === hex && m.side === enemy && shipsUnderCount(s, m) > 0);
}

/** D17: both firing sides at once, sealed (GF-A19 R1); or the first-deciding side first (R2). */
export function enterFire(s: GfState, ctx: ResolveContext): Stage | null {
  const r = s.battle!.round!;
  // Sides that allocated already are not asked again (their points are not recomputed either).
  const due = SIDE_ORDER.filter((side) => !r.fire[side] && firePoints(s, side) > 0 && hasTargets(s, side, r.hex));
  if (!due.length) return damage(s, ctx);
  if (s.options.fireAllocation === 'sequential') {
    s.phase = { kind: 'combat-fire', sides: [due.includes(r.first) ? r.first : due[0]] };
  } else s.phase = { kind: 'combat-fire', sides: due };
  return null;
}

/** D17 applied for one side. */
export function applyFire(s: GfState, side: Side, fire: Record<string, number>): void {
  s.battle!.round!.fire[side] = fire; // kept, not copied: orders are never changed once given, nor this record
}

/** The purpose of each ship's damage dice, made once per ship id: odds previews roll these by the hundred thousand. */
const damagePurposes = new Map<string, KnownPurpose>();

/** The purpose of a ship's damage dice, and its text (made once per ship id). */
function damagePurpose(id: string): KnownPurpose {
  let known = damagePurposes.get(id);
  if (!known) {
    known = knownPurpose('GF 8[4.3][4]', `damage dice for ${id}`, `${id} の損害ダイス`);
    damagePurposes.set(id, known);
  }
  return known;
}

/** One ship's damage roll as the bombardment event reports it. */
interface DamageResult {
  ship: string;
  side: Side;
  dice: number[];
  total: number;
  result: string;
}

/** The damage table last read, with its result for each total 0-12 (every total 2d6 - 1 gives). */
let lastTable: { table: GfData['damageTable']; results: string[] } | null = null;

/** The damage table's result for a total: the first row whose `max` is at least the total, else sunk. */
function damageResult(table: GfData['damageTable'], total: number): string {
  if (lastTable?.table !== table) {
    const results = Array.from({ length: 13 }, (_, t) => table.find((row) => t <= row.max)?.result ?? 'sunk');
    lastTable = { table, results };
  }
  return lastTable.results[total] ?? table.find((row) => total <= row.max)?.result ?? 'sunk';
}

/** GF 8[4.3][4]: 2d6 on the damage table, German ships -1 (`known`: the purpose of the ship's dice). */
function damageRoll(s: GfState, id: string, side: Side, known: KnownPurpose, ctx: ResolveContext): DamageResult {
  const dice = [rollKnown(ctx, 6, known), rollKnown(ctx, 6, known)];
  const total = dice[0] + dice[1] - (side === 'german' ? 1 : 0);
  return { ship: id, side, dice, total, result: damageResult(s.data.damageTable, total) };
}

/** GF 11[2c], GF-A28: VP for a sunk ship; pre-dreadnoughts count in threes (German) and twos (British). */
function scoreSinking(s: GfState, type: ShipType, side: Side): void {
  const enemy = enemyOf(side);
  if (type.colour !== 'blue') addVp(s, enemy, 1);
  else if (s.options.preDreadnoughtVp === 'perBattle') {
    const b = s.battle!;
    b.preSunk = withSide(b.preSunk, side, b.preSunk[side] + 1);
  } else {
    s.preSunk = withSide(s.preSunk, side, s.preSunk[side] + 1);
    if (s.preSunk[side] % (side === 'german' ? 3 : 2) === 0) addVp(s, enemy, 1);
  }
}

/**
 * An allocation (D17) as damage reads it: its ship ids in sorted order, their positions, whether each drew at
 * least the ship's defence in points (GF 8[4.3][3]), and the purpose of each ship's damage dice. The record is
 * never changed once given (`applyFire`), so all of these hold for as long as it is read.
 */
interface Allocation {
  fire: Record<string, number>;
  data: GfState['data'];
  ids: string[];
  slots: number[];
  hit: boolean[];
  purposes: KnownPurpose[];
}

/**
 * The allocation each side had read last, with its record: an odds preview resolves the same two thousands of
 * times. One per side rather than a weak map of every record (setting one cost more than reading a record again).
 */
const lastRead: Partial<Record<Side, Allocation>> = {};

/** A side's allocation `fire` as damage reads it (ids sorted only when they are not already: orders usually are). */
function allocationOf(s: GfState, side: Side, fire: Record<string, number>): Allocation {
  const known = lastRead[side];
  if (known?.fire === fire && known.data === s.data) return known;
  const ids = Object.keys(fire);
  for (let i = 1; i < ids.length; i++)
    if (ids[i - 1] > ids[i]) {
      ids.sort();
      break;
    }
  const { position, typeAt } = indexOf(s.data);
  const slots = ids.map((id) => position.get(id)!);
  const hit = ids.map((id, k) => !((fire[id] ?? 0) < typeAt[slots[k]].defence));
  const allocation = { fire, data: s.data, ids, slots, hit, purposes: ids.map(damagePurpose) };
  lastRead[side] = allocation;
  return allocation;
}

/** Whether a side has a live marker in the hex (`markersIn(s, hex, side).length > 0`, without the list). */
export const hasMarker = (s: GfState, hex: string, side: Side): boolean =>
  s.battle!.markers.some((m) => !m.out && m.hex === hex && m.side === side);

/**
 * The DDbox box counts (`boxCounts`) of each side last worked out from a frozen place table, with that table. A
 * table is frozen once `writablePlaces` has copied it (only the copy is written from then on); an odds preview
 * damages the same position thousands of times, each time from the same frozen table.
 */
const frozenCounts: Partial<Record<Side, { places: readonly string[]; data: GfData; counts: number[] }>> = {};

/**
 * A side's box counts, which are those of `frozen` (when given) for the damage applied so far: ships leave the fleet
 * box only, and a side's counts are taken before its first ship enters a DDbox box.
 */
function sideBoxCounts(s: GfState, side: Side, frozen: readonly string[] | null): number[] {
  const known = frozenCounts[side];
  if (frozen && known?.places === frozen && known.data === s.data) return known.counts.slice();
  const counts = boxCounts(s, side);
  if (frozen) frozenCounts[side] = { places: frozen, data: s.data, counts: counts.slice() };
  return counts;
}

/**
 * GF 8[4.3][4]: the results applied at once, ships to the DDbox box with the most room (GF-A07) or sunk; `slots`
 * holds each result's ship position. Box counts are kept up to date here rather than recounted per ship (a damaged
 * ship comes from the fleet box), and the place table is taken once, at the first ship that moves.
 */
function applyDamage(s: GfState, results: DamageResult[], slots: number[]): void {
  const { typeAt } = indexOf(s.data);
  const before = s.places;
  let places: string[] | undefined;
  let british: number[] | undefined;
  let german: number[] | undefined;
  for (let k = 0; k < results.length; k++) {
    const x = results[k];
    if (x.result === 'none') continue;
    places ??= writablePlaces(s);
    if (x.result === 'sunk') {
      places[slots[k]] = 'sunk';
      scoreSinking(s, typeAt[slots[k]], x.side);
      continue;
    }
    const frozen = before !== places ? before : null;
    if (x.side === 'british') british ??= sideBoxCounts(s, 'british', frozen);
    else german ??= sideBoxCounts(s, 'german', frozen);
    const sideCounts = x.side === 'british' ? british! : german!;
    const box = boxWithMostRoom(s, x.side, sideCounts);
    sideCounts[box]++;
    places[slots[k]] = ddPlace(box);
  }
}

/** GF 8[4.3][5]: the live markers in the hex whose fleets are down to 2 ships or fewer, in marker order. */
function markersToRemove(s: GfState, hex: string): Marker[] {
  const removed: Marker[] = [];
  for (const m of s.battle!.markers) if (!m.out && m.hex === hex && shipsUnderCount(s, m) <= 2) removed.push(m);
  return removed;
}

/** GF 8[4.3][4-6]: damage applied simultaneously, then fleets of 2 or fewer ships lose their markers. */
function damage(s: GfState, ctx: ResolveContext): Stage | null {
  const r = s.battle!.round!;
  // The points fired, for the event (before the damage lowers them); not worked out when events are not read.
  const points = ctx.silent ? undefined : { british: firePoints(s, 'british'), german: firePoints(s, 'german') };
  const results: DamageResult[] = [];
  const hitSlots: number[] = []; // the position of each result's ship
  for (const side of SIDE_ORDER) {
    const fire = r.fire[side];
    if (!fire) continue;
    const { ids, slots, hit, purposes } = allocationOf(s, side, fire);
    const target = enemyOf(side);
    for (let k = 0; k < ids.length; k++) {
      const at = slots[k];
      if (!hit[k] || s.places[at] !== 'fleet') continue;
      results.push(damageRoll(s, ids[k], target, purposes[k], ctx));
      hitSlots.push(at);
    }
  }
  applyDamage(s, results, hitSlots);
  const removed = markersToRemove(s, r.hex);
  if (removed.length) changeMarkers(s.battle!, (m) => (removed.includes(m) ? { ...m, out: true } : m));
  if (!ctx.silent)
    ctx.emit({
      type: 'bombardment',
      hex: r.hex,
      round: r.n,
      points,
      results,
      removed: removed.map((m) => m.id),
      rule: 'GF 8[4.3][5]',
    });
  if (SIDE_ORDER.some((side) => !hasMarker(s, r.hex, side))) {
    ctx.emit({ type: 'combat-end', hex: r.hex, how: 'wiped-out', rule: 'GF 8[4.4][4]' });
    return 'hex-end';
  }
  const bothConfused = r.init.british!.confused && r.init.german!.confused;
  if (r.situations.includes('continue') || bothConfused) {
    const rule = bothConfused ? 'GF 8[4.4][3]' : 'GF 8[4.2]S(a)';
    ctx.emit({ type: 'combat-continues', hex: r.hex, forced: true, rule });
    return 'round';
  }
  s.phase = { kind: 'combat-continue', side: s.battle!.offensive };
  return null;
}

/** D18 applied: offensive first, then intercepting (GF 8[4.4][2], [2a], GF-A23). */
export function applyContinue(s: GfState, side: Side, wish: boolean, ctx: ResolveContext): Stage | null {
  const b = s.battle!;
  const r = b.round!;
  r.cont[side] = wish;
  if (side === b.offensive) {
    // Spec 5.2: the intercepting side's answer may be conditional on the offensive side's.
    const standing = s.standing[enemyOf(side)];
    const planned = wish ? standing.ifContinue : standing.ifStop;
    if (planned !== undefined) return applyContinue(s, enemyOf(side), planned, ctx);
    s.phase = { kind: 'combat-continue', side: enemyOf(side) };
    return null;
  }
  const off = r.cont[b.offensive]!;
  if (off && wish) {
    ctx.emit({ type: 'combat-continues', hex: r.hex, forced: false, rule: 'GF 8[4.4][2]' });
    return 'round';
  }
  const out = SIDE_ORDER.filter((x) => !r.cont[x]);
  changeMarkers(b, (m) => (!m.out && m.hex === r.hex && out.includes(m.side) ? { ...m, out: true } : m));
  ctx.emit({
    type: 'combat-end',
    hex: r.hex,
    how: 'declined',
    removedSides: out,
    rule: out.length === 2 ? 'GF 8[4.4][1]' : 'GF 8[4.4][2a]',
  });
  return 'hex-end';
}

/** GF 8[5], GF-A26, GF-A27: control VP for the offensive side, rounded down; every marker then leaves the map. */
export function endBattle(s: GfState, ctx: ResolveContext): Stage {
  const b = s.battle!;
  const off = b.offensive;
  const held = [...new Set(b.markers.filter((m) => !m.out).map((m) => m.hex))].sort();
  const controlled = held.filter((hex) => {
    const h = hexOf(s, hex)!;
    const enemyFlag = (h.kind === 'proximity' || h.kind === 'home') && h.flag === enemyOf(off);
    return enemyFlag && markersIn(s, hex).every((m) => m.side === off);
  });
  const vp = Math.floor(controlled.reduce((n, hex) => n + hexOf(s, hex)!.vp, 0));
  addVp(s, off, vp);
  if (s.options.preDreadnoughtVp === 'perBattle') {
    addVp(s, 'british', Math.floor(b.preSunk.german / 3));
    addVp(s, 'german', Math.floor(b.preSunk.british / 2));
  }
  ctx.emit({ type: 'battle-end', offensive: off, controlled, vp, rule: 'GF 8[5]' });
  s.battle = null;
  return 'turn-end';
}
