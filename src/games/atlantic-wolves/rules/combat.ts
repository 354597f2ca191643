/**
 * Combat (AW 8.0): area by area in area id order (AW-A13), air attacks (8.1), escort-ship attacks (8.2), UB attacks
 * (8.3). Units resolve in data order, attacks in list order, void attacks take no die (AW-A12).
 */
import type { GameEvent, ResolveContext } from '../../../engine/types.ts';
import type { AwUnit } from '../data/schema.ts';
import { indexOf, type DataIndex } from '../data/data-index.ts';
import { areaScan, setLoc, type AreaScan } from './area-scan.ts';
import {
  convoyStrength,
  convoyVp,
  escortStrength,
  shipAttacks,
  ubAttacks,
  ubStrength,
  type AreaOccupancy,
} from './arithmetic.ts';
import { at, ownDamage, ownList, ownTurnList, type AwState } from '../state.ts';
import { attackDieText } from './dice-purposes.ts';

/** Areas holding units of both sides (AW 8.0[2], AW-A09), in area id order (`sc`: the state's scan, when at hand). */
export function contestedAreas(s: AwState, sc: AreaScan = areaScan(s)): string[] {
  const ix = indexOf(s.data);
  const out: string[] = [];
  for (let a = 0; a < ix.areaIds.length; a++) if (sc.allied[a] > 0 && sc.german[a] > 0) out.push(ix.areaIds[a]);
  return out;
}

/** AW 8.0[1]: every unit on the map is turned face up; combat groups are formed (AW-AD1 or strict sequence). */
export function startCombat(s: AwState, ctx: ResolveContext): void {
  s.t.revealed = true;
  const ix = indexOf(s.data);
  const units = s.data.units;
  const sc = areaScan(s);
  const code = sc.code;
  // The Allied seat has now seen every escort on the map (standard mode: face down until now), area by area in the
  // order of `areasByFirstUnit`, each area's escorts in data order. Mostly they all have been seen already.
  const seen = seenMarks(s, ix);
  if (anyUnseenOnMap(code, seen, ix.escortPos))
    for (const a of areasByFirstUnit(code))
      for (const i of ix.escortPos)
        if (code[i] === a && seen[i] === 0) {
          ownList(s, 'seen').push(units[i].id);
          seen[i] = 1;
        }
  if (!ctx.silent) {
    const first = areasByFirstUnit(code);
    const map: Record<string, string[]> = {}; // areas in the order of `first`, units in data order
    for (const a of first) map[ix.areaIds[a]] = [];
    for (let i = 0; i < code.length; i++) if (code[i] >= 0) map[ix.areaIds[code[i]]].push(units[i].id);
    ctx.emit({ type: 'combat-reveal', rule: 'AW 8.0[1]', turn: s.turn, areas: map });
  }
  const contested = contestedAreas(s, sc); // nothing has moved since the scan
  s.t.groups = s.options.strictAreaSequence ? contested.map((a) => [a]) : contested.length ? [contested] : [];
  s.t.group = 0;
  s.t.stage = 'air';
}

/** Per unit position, 1 for a unit listed in `s.seen` (a scratch array, overwritten by the next call). */
function seenMarks(s: AwState, ix: DataIndex): Uint8Array {
  if (marks.length !== s.data.units.length) marks = new Uint8Array(s.data.units.length);
  else marks.fill(0);
  for (const id of s.seen) {
    const i = ix.order.get(id);
    if (i !== undefined) marks[i] = 1;
  }
  return marks;
}
let marks = new Uint8Array(0);

/** Whether a unit of `pos` is on the map (`code`: area positions) and not marked in `seen`. */
function anyUnseenOnMap(code: Int32Array, seen: Uint8Array, pos: number[]): boolean {
  for (let k = 0; k < pos.length; k++) if (code[pos[k]] >= 0 && seen[pos[k]] === 0) return true;
  return false;
}

/** The area positions holding units, in the order of their first unit (data order). */
function areasByFirstUnit(code: Int32Array): number[] {
  const first: number[] = [];
  const listed: boolean[] = [];
  for (let i = 0; i < code.length; i++) {
    const a = code[i];
    if (a >= 0 && !listed[a]) {
      listed[a] = true;
      first.push(a);
    }
  }
  return first;
}

/** Whether an area holds a convoy at the start of its combat (AW 10.0-D, AW-A17). */
export function hasConvoy(s: AwState, area: string): boolean {
  const pos = indexOf(s.data).convoyPos;
  for (let k = 0; k < pos.length; k++) if (s.loc[pos[k]] === area) return true;
  return false;
}

/** Modified strength of an escort unit where it stands (`occ` when the caller has the occupancy at hand). */
export const strengthHere = (s: AwState, u: AwUnit, occ?: AreaOccupancy): number =>
  escortStrength(u, s.turn, occ ? occ.convoy : hasConvoy(s, at(s, u.id)));

// The flags of the last group asked about: group lists are never changed once made, so identity is enough.
let flagsOf: { group: string[]; ix: unknown; flags: boolean[] } | null = null;

/** Area positions of a group of areas, as flags by area position (shared: read only). */
function groupFlags(s: AwState, group: string[]): boolean[] {
  const ix = indexOf(s.data);
  if (flagsOf && flagsOf.group === group && flagsOf.ix === ix) return flagsOf.flags;
  const flags: boolean[] = new Array(ix.areaIds.length).fill(false);
  for (const a of group) {
    const p = ix.areaPos.get(a);
    if (p !== undefined) flags[p] = true;
  }
  flagsOf = { group, ix, flags };
  return flags;
}

/** The areas of the combat group being fought, as flags by area position; null when none is. */
function currentGroup(s: AwState): boolean[] | null {
  const group = s.t.groups[s.t.group];
  if (!group || group.length === 0) return null;
  return groupFlags(s, group);
}

/**
 * Positions (data order) of the escorts of a kind in the current group that can attack: strength > 0 (AW-A16), a UB
 * in their area.
 */
function activeEscortPos(s: AwState, air: boolean): number[] {
  const out: number[] = [];
  const inGroup = currentGroup(s);
  if (!inGroup) return out;
  const sc = areaScan(s);
  const pos = indexOf(s.data).escortPos;
  for (let k = 0; k < pos.length; k++) {
    const i = pos[k];
    if (canAttack(s, sc, inGroup, i, air)) out.push(i);
  }
  return out;
}

/** Whether the escort at position `i` is of the kind asked for and can attack in the current group. */
function canAttack(s: AwState, sc: AreaScan, inGroup: boolean[], i: number, air: boolean): boolean {
  const a = sc.code[i];
  if (a < 0 || !inGroup[a] || sc.german[a] === 0) return false;
  const u = s.data.units[i];
  if (air ? u.type !== 'air' : u.type !== 'DD' && u.type !== 'CVE') return false;
  return escortStrength(u, s.turn, sc.convoys[a] > 0) > 0;
}

/** Whether any escort of a kind can attack in the current group (as `activeEscortPos(s, air, 1).length > 0`). */
function anyActiveEscort(s: AwState, air: boolean): boolean {
  const inGroup = currentGroup(s);
  if (!inGroup) return false;
  const sc = areaScan(s);
  const pos = indexOf(s.data).escortPos;
  for (let k = 0; k < pos.length; k++) if (canAttack(s, sc, inGroup, pos[k], air)) return true;
  return false;
}

const unitsOf = (s: AwState, pos: number[]): AwUnit[] => pos.map((i) => s.data.units[i]);

/** The rules of the attack dice, by their number in the text tables below. */
const ATTACK_RULES = ['AW 8.1', 'AW 8.2', 'AW 8.3'] as const;
type AttackRule = 0 | 1 | 2;

/** The text of every attack die of a data set, by rule, attacker and target position (made when first rolled). */
let attackTexts: { ix: DataIndex; texts: (string | undefined)[][] } | null = null;

/** The purpose of the attack die of unit `i` on unit `ti` under rule `r` (the same text as `attackDieText`). */
function attackText(s: AwState, r: AttackRule, i: number, ti: number): string {
  const ix = indexOf(s.data);
  const units = s.data.units;
  const n = units.length;
  // Filled tables (not sparse arrays, which V8 would keep as slow hash tables): one slot per attacker and target.
  if (attackTexts?.ix !== ix) attackTexts = { ix, texts: [0, 1, 2].map(() => new Array(n * n).fill(undefined)) };
  const texts = attackTexts.texts[r];
  const k = i * n + ti;
  const made = texts[k];
  if (made !== undefined) return made;
  const text = attackDieText(ATTACK_RULES[r], units[i].id, units[ti].id);
  texts[k] = text;
  return text;
}

/**
 * Resolves one air or escort attack (AW 8.2[7]-[11]) by the unit at position `i` on `target` (at position `ti`,
 * undefined for an unknown id): die ≤ strength succeeds,
 * damage = die, ≥ 3 removes the UB. `convoy`: whether its area holds a convoy (AW 10.0-D; no convoy moves while air
 * units and escorts attack, so the caller looks once per area).
 */
function escortAttack(
  s: AwState,
  ctx: ResolveContext,
  i: number,
  target: string,
  ti: number | undefined,
  r: AttackRule,
  convoy: boolean,
): void {
  const rule = ATTACK_RULES[r];
  const u = s.data.units[i];
  const area = s.loc[i]; // = at(s, u.id): unit ids are unique (checkData)
  if (ti === undefined || s.loc[ti] !== area) {
    // The UB has left the map.
    if (!ctx.silent) ctx.emit({ type: 'attack-void', rule: 'AW-A11', attacker: u.id, target, area });
    return;
  }
  const strength = escortStrength(u, s.turn, convoy);
  const die = ctx.roll(6, attackText(s, r, i, ti));
  const success = die <= strength;
  if (!s.t.attacked.includes(target)) ownTurnList(s, 'attacked').push(target); // AW 8.3[2]: attacked, hit or not
  const damage = (s.t.damage[target] ?? 0) + (success ? die : 0);
  if (success && damage < 3) ownDamage(s)[target] = damage; // a UB removed keeps no damage entry (below)
  if (!ctx.silent) ctx.emit({ type: 'attack', rule, area, attacker: u.id, target, die, strength, success, damage });
  if (damage >= 3) {
    // AW 8.2[11]: removed face down to the unused group.
    setLoc(s, ti, 'unused'); // = put(s, target, 'unused')
    delete ownDamage(s)[target];
    ownList(s, 'sunkUbs').push(target);
    if (!ctx.silent) ctx.emit({ type: 'ub-removed', rule: 'AW 8.2[11]', area, unit: target, damage });
  }
}

/** Positions of the UBs in an area, in data order (as `unitsAt(s, area, 'german')`). */
function ubPosAt(s: AwState, area: string): number[] {
  const out: number[] = [];
  const pos = indexOf(s.data).germanPos;
  const loc = s.loc;
  for (let k = 0; k < pos.length; k++) if (loc[pos[k]] === area) out.push(pos[k]);
  return out;
}

/** The current group's areas. */
export const groupAreas = (s: AwState): string[] => s.t.groups[s.t.group] ?? [];

/** Air units able to attack in the group (strength > 0, AW-A16) with UBs in their area. */
export function activeAir(s: AwState): AwUnit[] {
  return unitsOf(s, activeEscortPos(s, true));
}

/** Whether any air unit can attack in the group (as `activeAir(s).length > 0`, without the list of units). */
export const anyActiveAir = (s: AwState): boolean => anyActiveEscort(s, true);

/** Whether any escort ship can attack in the group (as `activeShips(s).length > 0`). */
export const anyActiveShips = (s: AwState): boolean => anyActiveEscort(s, false);

/** Whether any UB of the group has a convoy in its area (as `activeUbs(s).length > 0`). */
export const anyActiveUbs = (s: AwState): boolean => activeUbPos(s, 1).length > 0;

/** AW 8.1: air attacks in the group. `choice` (option airAttack = optional, D8) lists the UBs each air unit attacks. */
export function resolveAir(s: AwState, ctx: ResolveContext, choice?: Record<string, string[]>): void {
  const air = activeEscortPos(s, true);
  if (air.length === 0) return;
  const units = s.data.units;
  for (const area of groupAreas(s)) {
    const ubs = ubPosAt(s, area); // fixed before the area's first die
    const convoy = hasConvoy(s, area); // 10 convoys to look at, not a scan of all units
    for (const i of air) {
      if (s.loc[i] !== area) continue;
      const chosen = choice ? (choice[units[i].id] ?? []) : null;
      for (const ti of ubs) {
        const t = units[ti].id;
        if (chosen === null || chosen.includes(t)) escortAttack(s, ctx, i, t, ti, 0, convoy);
      }
    }
  }
}

/** Escort ships able to attack in the group (strength > 0, AW 10.0-C, AW-A16) with UBs in their area. */
export function activeShips(s: AwState): AwUnit[] {
  return unitsOf(s, activeEscortPos(s, false));
}

/** Positions (data order) of the escort ships of `activeShips`. */
export const activeShipPos = (s: AwState): number[] => activeEscortPos(s, false);

/** AW 8.2: escort-ship attacks as allocated (D9), units in data order, targets in list order. */
export function resolveEscorts(s: AwState, ctx: ResolveContext, alloc: Record<string, string[]>): void {
  const ships = activeEscortPos(s, false); // fixed before any die (AW 8.2[5])
  const units = s.data.units;
  const ix = indexOf(s.data);
  // Area by area of the group, each allocated ship with at most its number of attacks (AW 8.2[2]), in list order.
  for (const area of groupAreas(s)) {
    const convoy = hasConvoy(s, area);
    for (const i of ships) {
      if (s.loc[i] !== area) continue;
      const u = units[i];
      const list = alloc[u.id];
      if (!list) continue;
      const n = Math.min(list.length, shipAttacks(u));
      for (let k = 0; k < n; k++) escortAttack(s, ctx, i, list[k], ix.order.get(list[k]), 1, convoy);
    }
  }
}

/** UBs in the group with a convoy in their area (they have a D10 allocation to make). */
export function activeUbs(s: AwState): AwUnit[] {
  return unitsOf(s, activeUbPos(s));
}

/** Positions (data order) of every UB of the group's areas holding a convoy (the UBs of `activeUbs`); the first `most`. */
export function activeUbPos(s: AwState, most = Number.POSITIVE_INFINITY): number[] {
  const out: number[] = [];
  const inGroup = currentGroup(s);
  if (!inGroup) return out;
  const sc = areaScan(s);
  for (const i of indexOf(s.data).germanPos) {
    const a = sc.code[i];
    if (a < 0 || !inGroup[a] || sc.convoys[a] === 0) continue;
    out.push(i);
    if (out.length >= most) break;
  }
  return out;
}

/** AW 8.3: UB attacks as allocated (D10). Sunk if die + (strength − damage) ≥ convoy strength; later ones void. */
export function resolveUbs(s: AwState, ctx: ResolveContext, alloc: Record<string, string[]>): void {
  const ubs = activeUbPos(s); // fixed before any die (AW 8.3[3])
  const units = s.data.units;
  // Area by area of the group, each allocated UB with at most its number of attacks (read when its turn comes).
  for (const area of groupAreas(s)) {
    for (const i of ubs) {
      if (s.loc[i] !== area) continue;
      const u = units[i];
      const list = alloc[u.id];
      if (!list) continue;
      const n = Math.min(list.length, ubAttacks(s, u.id));
      const strength = ubStrength(s, u);
      for (let k = 0; k < n; k++) ubAttack(s, ctx, i, list[k], strength, area);
    }
  }
}

/** One UB attack (AW 8.3[4]) by the UB at position `i` with its strength on a convoy of its area. */
function ubAttack(s: AwState, ctx: ResolveContext, i: number, t: string, strength: number, area: string): void {
  const u = s.data.units[i];
  const ti = indexOf(s.data).order.get(t);
  const c = ti === undefined ? undefined : s.data.units[ti];
  if (ti === undefined || !c || s.loc[ti] !== area) {
    if (!ctx.silent) ctx.emit({ type: 'attack-void', rule: 'AW 8.3[5]', area, attacker: u.id, target: t });
    return;
  }
  const need = convoyStrength(c, s.turn, s.options.convoyBonus);
  const die = ctx.roll(6, attackText(s, 2, i, ti));
  const success = die + strength >= need;
  if (!ctx.silent)
    ctx.emit({ type: 'attack', rule: 'AW 8.3[4]', area, attacker: u.id, target: t, die, strength, need, success });
  if (!success) return;
  setLoc(s, ti, 'sunk'); // = put(s, t, 'sunk')
  ownTurnList(s, 'sunk').push(t);
  const vp = convoyVp(s, c);
  s.t.vp += vp;
  if (!ctx.silent) {
    const sunk: GameEvent = { type: 'convoy-sunk', rule: 'AW 8.3[4]', area, unit: t, vp };
    if (vp === 0 && c.star) sunk.note = 'AW 10.0-E4'; // a ☆ convoy scores no VP
    ctx.emit(sunk);
  }
}
