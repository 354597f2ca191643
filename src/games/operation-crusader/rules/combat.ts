/**
 * Combat (OC 6.3): fire of one side at the targets fixed for it, dice equal to each firer's current steps, hits
 * on die + modifiers ≥ hit value (OC 6.3(2)[4], 6.3(5), 6.3(6)), hits converted to step losses by the target's
 * defence (OC 6.3(3), 6.3(4)), rout, overkill and complete elimination (OC 6.3(8)), and the VP they give at once
 * (OC 7.1(3), 7.1(4)).
 */
import { purposeText } from '../../../engine/dice-purpose.ts';
import type { DicePurpose, ResolveContext } from '../../../engine/types.ts';
import { indexOf, isArea, sideOf, unitToChange, type OcCombat, type OcSide, type OcState } from '../state.ts';

/** OC 7.0[3], OC-A22: VP move the marker (British +, Axis −), clamped at the cap on each side. */
export function addVp(s: OcState, side: OcSide, amount: number, rule: string, ctx: ResolveContext): void {
  if (amount <= 0) return;
  const cap = s.data.vpCap;
  const before = s.vp;
  s.vp = Math.max(-cap, Math.min(cap, s.vp + (side === 'british' ? amount : -amount)));
  if (!ctx.silent) ctx.emit({ type: 'vp', side, amount, before, after: s.vp, rule });
}

/**
 * The defence of a target (OC 6.3(3), 6.3(4)): hits per step (1 white; 2 black; grey 1 attacking, 2 defending; 3
 * for defending infantry across a fortress).
 */
export function defenceOf(s: OcState, target: string, defending: boolean, acrossFortress: boolean): 1 | 2 | 3 {
  const u = indexOf(s.data).unit.get(target)!;
  if (u.arm === 'tank') return u.nation === 'german' ? 2 : 1;
  if (!defending) return 1;
  return acrossFortress ? 3 : 2;
}

/** Step losses for hits on one target (OC 6.3(3)[3]-[5] "the first hit counts"; OC-A07 F1/F2 for defence 3). */
export function stepLosses(hits: number, defence: 1 | 2 | 3, fortressFirstHit: boolean): number {
  if (hits <= 0) return 0;
  if (defence === 1) return hits;
  if (defence === 2) return Math.max(1, Math.floor(hits / 2));
  return fortressFirstHit ? Math.max(1, Math.floor(hits / 3)) : Math.floor(hits / 3);
}

/** What a die needs to hit (OC 6.3(2)[4]) and what is added to it (OC 6.3(5), 6.3(6), 5.1(4)②). */
export function toHit(s: OcState, firer: string, target: string, combat: OcCombat, counter: boolean) {
  const ix = indexOf(s.data);
  const f = ix.unit.get(firer)!;
  const t = ix.unit.get(target)!;
  const value = counter && s.units[firer].outOfSupply ? 6 : t.hit;
  const tankOnInfantry = f.arm === 'tank' && t.arm === 'infantry' && isArea(s, combat.at) ? 1 : 0;
  const outOfSupply = s.units[target].outOfSupply ? 1 : 0;
  return { value, plus: tankOnInfantry + outOfSupply };
}

/** The purpose of the fire dice of a firer at a target, and its text (made once per pair, not per die). */
const firePurposes = new Map<string, Map<string, { purpose: DicePurpose; text: string }>>();

function firePurpose(firer: string, target: string): { purpose: DicePurpose; text: string } {
  let byTarget = firePurposes.get(firer);
  if (!byTarget) {
    byTarget = new Map();
    firePurposes.set(firer, byTarget);
  }
  let known = byTarget.get(target);
  if (!known) {
    const purpose = {
      rule: 'OC 6.3(2)[4]',
      what: { en: `fire of ${firer} at ${target}`, ja: `${firer}から${target}への射撃` },
    };
    known = { purpose, text: purposeText(purpose) };
    byTarget.set(target, known);
  }
  return known;
}

/** One side's fire (OC 6.3(2)): rolls, hits per target, then losses applied at once (OC 6.3(2)[5]). */
export function fire(
  s: OcState,
  combat: OcCombat,
  targets: Record<string, string>,
  counter: boolean,
  ctx: ResolveContext,
) {
  const firers = counter ? combat.defenders : combat.attackers;
  const batches: { target: string; hits: number }[] = [];
  const rule = counter ? 'OC 6.3(1)①' : 'OC 6.3(1)②';
  for (const firer of firers) {
    const target = targets[firer];
    const st = s.units[firer];
    if (!target || st.status !== 'map' || st.steps <= 0) continue;
    const { value, plus } = toHit(s, firer, target, combat, counter);
    const dice: number[] | null = ctx.silent ? null : [];
    const known = firePurpose(firer, target);
    let hits = 0;
    for (let i = 0; i < st.steps; i++) {
      const d = ctx.rollFor ? ctx.rollFor(6, known.purpose) : ctx.roll(6, known.text); // as rollDie
      dice?.push(d);
      if (d + plus >= value) hits++;
    }
    if (dice) ctx.emit({ type: 'fire', firer, target, counter, dice, need: value, plus, hits, rule });
    batches.push({ target, hits });
  }
  // OC-A06 R1: hits summed per target over the fire step; R2: converted per firing unit.
  const perTarget = new Map<string, number[]>();
  for (const b of batches) {
    const list = perTarget.get(b.target) ?? [];
    if (s.options.hitCounting === 'summed' && list.length) list[0] += b.hits;
    else list.push(b.hits);
    perTarget.set(b.target, list);
  }
  for (const target of [...perTarget.keys()].sort()) {
    const defence = defenceOf(s, target, counter === false, combat.acrossFortress);
    const losses = perTarget.get(target)!.reduce((n, h) => n + stepLosses(h, defence, s.options.fortressFirstHit), 0);
    const hits = perTarget.get(target)!.reduce((n, h) => n + h, 0);
    applyLosses(s, target, hits, losses, defence, ctx);
  }
}

/** Applies step losses to a unit (OC 2.3(1)); the VP for German tank steps (OC 7.1(3), OC-A20); rout at 0. */
export function applyLosses(
  s: OcState,
  id: string,
  hits: number,
  losses: number,
  defence: number,
  ctx: ResolveContext,
) {
  const st = unitToChange(s, id);
  if (st.status !== 'map') return;
  const before = st.steps;
  const lost = Math.min(before, losses);
  st.steps = before - lost;
  if (!ctx.silent) ctx.emit({ type: 'loss', unit: id, hits, defence, losses, lost, left: st.steps, rule: 'OC 6.3(3)' });
  const u = indexOf(s.data).unit.get(id)!;
  if (u.arm === 'tank' && u.nation === 'german') {
    addVp(s, 'british', s.options.germanTankVp === 'lost' ? lost : losses, 'OC 7.1(3)', ctx);
  }
  if (st.steps === 0 && lost > 0) rout(s, id, losses, before, ctx);
}

/** OC 6.3(8): removal from the game, or rout with its return turn (overkill), or complete elimination. */
function rout(s: OcState, id: string, losses: number, before: number, ctx: ResolveContext): void {
  const u = indexOf(s.data).unit.get(id)!;
  const st = unitToChange(s, id);
  st.at = null;
  st.faceDown = false;
  st.outOfSupply = false;
  const oneStep = s.options.permanentRemoval === 'kinds' ? u.oneStep : before === 1;
  if (oneStep) {
    st.status = 'removed';
    ctx.emit({ type: 'removed', unit: id, rule: 'OC 6.3(8)[1]' });
  } else {
    // OC 6.3(8)① overkill: the excess of the step losses over the steps the unit had, plus 2 turns.
    const returnTurn = s.turn + 2 + (losses - before);
    if (returnTurn <= s.data.turns) {
      st.status = 'routed';
      st.returnTurn = returnTurn;
      ctx.emit({ type: 'rout', unit: id, excess: losses - before, returnTurn, rule: 'OC 6.3(8)[2]' });
      return;
    }
    st.status = 'eliminated';
    ctx.emit({ type: 'eliminated', unit: id, returnTurn, rule: 'OC 6.3(8)②' });
  }
  if (u.side === 'british' && u.arm === 'tank') addVp(s, 'axis', 1, 'OC 7.1(4)', ctx);
}

/** Whether a combat at a point is across its fortress line, for the defenders (OC 6.3(4), OC-A08). */
export function acrossFortress(s: OcState, at: string, from: string, defender: OcSide): boolean {
  const f = indexOf(s.data).point.get(at)?.fortress;
  if (!f?.approaches.includes(from)) return false;
  if (s.control[at] !== defender) return false; // OC 6.3(4): a point held by the enemy loses its fortress
  return s.options.fortressOwner === 'defender' || f.side === defender;
}

/** The side of the units in a combat that a unit belongs to. */
export const isAttacker = (s: OcState, c: OcCombat, id: string): boolean => sideOf(s, id) === c.attacker;
