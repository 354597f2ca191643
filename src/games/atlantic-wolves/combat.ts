/**
 * Combat (AW 8.0): area by area in area id order (AW-A13), air attacks (8.1), escort-ship attacks (8.2), UB attacks
 * (8.3). Units resolve in data order, attacks in list order, void attacks take no die (AW-A12).
 */
import type { ResolveContext } from '../../engine/types.ts';
import type { AwUnit } from './data/schema.ts';
import { indexOf } from './data/data-index.ts';
import { convoyStrength, convoyVp, escortStrength, scanAreas, shipAttacks, ubAttacks, ubStrength, unitsAt, type AreaOccupancy } from './rules.ts';
import { at, ownDamage, put, type AwState } from './state.ts';

/** Areas holding units of both sides (AW 8.0[2], AW-A09), in area id order. */
export function contestedAreas(s: AwState): string[] {
  const ix = indexOf(s.data);
  const sc = scanAreas(s);
  const out: string[] = [];
  for (let a = 0; a < ix.areaIds.length; a++) if (sc.allied[a] > 0 && sc.german[a] > 0) out.push(ix.areaIds[a]);
  return out;
}

/** AW 8.0[1]: every unit on the map is turned face up; combat groups are formed (AW-AD1 or strict sequence). */
export function startCombat(s: AwState, ctx: ResolveContext): void {
  s.t.revealed = true;
  const ix = indexOf(s.data);
  const units = s.data.units;
  // Areas in order of first appearance (data order), each with its units in data order.
  const map: Record<string, string[]> = {};
  for (let i = 0; i < units.length; i++) {
    const l = s.loc[i];
    if (!ix.area.has(l)) continue;
    const list = map[l];
    if (list) list.push(units[i].id);
    else map[l] = [units[i].id];
  }
  for (const k of Object.keys(map)) {
    for (const id of map[k]) {
      const u = ix.unit.get(id);
      if (u?.type !== 'convoy' && u?.side === 'allied' && !s.seen.includes(id)) s.seen.push(id);
    }
  }
  ctx.emit({ type: 'combat-reveal', rule: 'AW 8.0[1]', turn: s.turn, areas: map });
  const contested = contestedAreas(s);
  s.t.groups = s.options.strictAreaSequence ? contested.map((a) => [a]) : contested.length ? [contested] : [];
  s.t.group = 0;
  s.t.stage = 'air';
}

/** Whether an area holds a convoy at the start of its combat (AW 10.0-D, AW-A17). */
function hasConvoy(s: AwState, area: string): boolean {
  const pos = indexOf(s.data).convoyPos;
  for (let k = 0; k < pos.length; k++) if (s.loc[pos[k]] === area) return true;
  return false;
}

/** Modified strength of an escort unit where it stands (`occ` when the caller has the occupancy at hand). */
export const strengthHere = (s: AwState, u: AwUnit, occ?: AreaOccupancy): number => escortStrength(u, s.turn, occ ? occ.convoy : hasConvoy(s, at(s, u.id)));

/** Area positions of the current group, as flags by area position. */
function groupFlags(s: AwState): boolean[] {
  const ix = indexOf(s.data);
  const flags: boolean[] = new Array(ix.areaIds.length).fill(false);
  for (const a of groupAreas(s)) {
    const p = ix.areaPos.get(a);
    if (p !== undefined) flags[p] = true;
  }
  return flags;
}

/** Escorts of a kind in the current group that can attack: strength > 0 (AW-A16) and a UB in their area. */
function activeEscorts(s: AwState, air: boolean): AwUnit[] {
  const ix = indexOf(s.data);
  const out: AwUnit[] = [];
  const groups = s.t.groups[s.t.group];
  if (!groups || groups.length === 0) return out;
  const inGroup = groupFlags(s);
  const sc = scanAreas(s);
  for (const i of ix.escortPos) {
    const u = s.data.units[i];
    if (air ? u.type !== 'air' : u.type !== 'DD' && u.type !== 'CVE') continue;
    const a = ix.areaPos.get(s.loc[i]);
    if (a === undefined || !inGroup[a]) continue;
    if (sc.german[a] > 0 && escortStrength(u, s.turn, sc.convoys[a] > 0) > 0) out.push(u);
  }
  return out;
}

/** Resolves one air or escort attack (AW 8.2[7]-[11]): die ≤ strength succeeds, damage = die, ≥ 3 removes the UB. */
function escortAttack(s: AwState, ctx: ResolveContext, u: AwUnit, target: string, rule: string): void {
  const area = at(s, u.id);
  if (at(s, target) !== area) {
    ctx.emit({ type: 'attack-void', rule: 'AW-A11', attacker: u.id, target, area }); // the UB has left the map
    return;
  }
  const strength = strengthHere(s, u);
  const die = ctx.roll(6, `${rule} ${u.id} attacks ${target}`);
  const success = die <= strength;
  if (!s.t.attacked.includes(target)) s.t.attacked.push(target); // AW 8.3[2]: attacked, hit or not
  const damage = (s.t.damage[target] ?? 0) + (success ? die : 0);
  if (success) ownDamage(s)[target] = damage;
  ctx.emit({ type: 'attack', rule, area, attacker: u.id, target, die, strength, success, damage });
  if (damage >= 3) {
    // AW 8.2[11]: removed face down to the unused group.
    put(s, target, 'unused');
    delete ownDamage(s)[target];
    s.sunkUbs.push(target);
    ctx.emit({ type: 'ub-removed', rule: 'AW 8.2[11]', area, unit: target, damage });
  }
}

/** The current group's areas. */
export const groupAreas = (s: AwState): string[] => s.t.groups[s.t.group] ?? [];

/** Air units able to attack in the group (strength > 0, AW-A16) with UBs in their area. */
export function activeAir(s: AwState): AwUnit[] {
  return activeEscorts(s, true);
}

/** AW 8.1: air attacks in the group. `choice` (option airAttack = optional, D8) lists the UBs each air unit attacks. */
export function resolveAir(s: AwState, ctx: ResolveContext, choice?: Record<string, string[]>): void {
  const air = activeAir(s);
  for (const area of groupAreas(s)) {
    const ubs = unitsAt(s, area, 'german').map((u) => u.id);
    for (const u of air) {
      if (at(s, u.id) !== area) continue;
      const targets = choice ? ubs.filter((id) => (choice[u.id] ?? []).includes(id)) : ubs;
      for (const t of targets) escortAttack(s, ctx, u, t, 'AW 8.1');
    }
  }
}

/** Escort ships able to attack in the group (strength > 0, AW 10.0-C, AW-A16) with UBs in their area. */
export function activeShips(s: AwState): AwUnit[] {
  return activeEscorts(s, false);
}

/** AW 8.2: escort-ship attacks as allocated (D9), units in data order, targets in list order. */
export function resolveEscorts(s: AwState, ctx: ResolveContext, alloc: Record<string, string[]>): void {
  const ships = activeShips(s); // fixed before any die (AW 8.2[5])
  for (const area of groupAreas(s)) {
    for (const u of ships) {
      if (at(s, u.id) !== area) continue;
      for (const t of (alloc[u.id] ?? []).slice(0, shipAttacks(u))) escortAttack(s, ctx, u, t, 'AW 8.2');
    }
  }
}

/** UBs in the group with a convoy in their area (they have a D10 allocation to make). */
export function activeUbs(s: AwState): AwUnit[] {
  const ix = indexOf(s.data);
  const out: AwUnit[] = [];
  const groups = s.t.groups[s.t.group];
  if (!groups || groups.length === 0) return out;
  const inGroup = groupFlags(s);
  const sc = scanAreas(s);
  // Every UB of the group's areas holding a convoy, in data order.
  for (const i of ix.germanPos) {
    const a = ix.areaPos.get(s.loc[i]);
    if (a !== undefined && inGroup[a] && sc.convoys[a] > 0) out.push(s.data.units[i]);
  }
  return out;
}

/** AW 8.3: UB attacks as allocated (D10). Sunk if die + (strength − damage) ≥ convoy strength; later ones void. */
export function resolveUbs(s: AwState, ctx: ResolveContext, alloc: Record<string, string[]>): void {
  const ix = indexOf(s.data);
  const ubs = activeUbs(s); // fixed before any die (AW 8.3[3])
  for (const area of groupAreas(s)) {
    for (const u of ubs) {
      if (at(s, u.id) !== area) continue;
      const strength = ubStrength(s, u);
      for (const t of (alloc[u.id] ?? []).slice(0, ubAttacks(s, u.id))) {
        const c = ix.unit.get(t);
        if (!c || at(s, t) !== area) {
          ctx.emit({ type: 'attack-void', rule: 'AW 8.3[5]', area, attacker: u.id, target: t });
          continue;
        }
        const need = convoyStrength(c, s.turn, s.options.convoyBonus);
        const die = ctx.roll(6, `AW 8.3 ${u.id} attacks ${t}`);
        const success = die + strength >= need;
        ctx.emit({ type: 'attack', rule: 'AW 8.3[4]', area, attacker: u.id, target: t, die, strength, need, success });
        if (success) {
          put(s, t, 'sunk');
          s.t.sunk.push(t);
          const vp = convoyVp(s, c);
          s.t.vp += vp;
          ctx.emit({ type: 'convoy-sunk', rule: 'AW 8.3[4]', area, unit: t, vp, ...(vp === 0 && c.star ? { note: 'AW 10.0-E4' } : {}) });
        }
      }
    }
  }
}
