/**
 * The turn (OC 3.0, 3.1): the British set-up (D1, OC 4.2; the starting position is setup.ts), reorganisation
 * (OC 5.0: supply, face up, replacements, the return of routed units, OC-A18 R1), the alternating operations phases
 * with their end (OC 3.1③[a]), and the final phase (OC 3.1④, 7.1(1)-(2), 7.3, 3.0[1]). `resolve` applies the owed
 * orders and `advance` runs on to the next decision point no standing order answers.
 */
import type { ResolveContext, SeatId } from '../../../engine/types.ts';
import { checkActivation } from '../orders/validate-activation.ts';
import { addVp } from './combat.ts';
import { attack, applyActivation, counterattack } from './operations.ts';
import type { OcOrders } from '../orders/schema.ts';
import { replacementChoices, returnChoices, returningUnits } from './reorganise.ts';
import { supplyOf, tobrukBesieged } from './supply.ts';
import { copyState, enemyOf, unitToChange, unitToChangeBack, type OcSide, type OcState } from '../state.ts';
import { anyActivatable } from './occupancy.ts';
import { DEFAULT_PREFERENCE, targetsBy } from './targets.ts';

/** Standing orders sent by any seat: kept until replaced (spec 5.2). */
function keepStanding(s: OcState, orders: Readonly<Record<SeatId, OcOrders>>): void {
  for (const side of ['axis', 'british'] as const) {
    const st = orders[side]?.standing;
    if (!st) continue;
    const next = { ...s.standing[side] };
    if (st.counterattack !== undefined) {
      if (st.counterattack) next.counterattack = st.counterattack;
      else delete next.counterattack;
    }
    if (st.queue) next.queue = st.queue;
    if (st.counterattackAt) {
      const at = { ...next.counterattackAt };
      for (const [loc, pref] of Object.entries(st.counterattackAt)) {
        if (pref) at[loc] = pref;
        else delete at[loc];
      }
      next.counterattackAt = at;
    }
    s.standing = { ...s.standing, [side]: next };
  }
}

/** Applies the owed orders, then runs on (the step protocol of GameDefinition.resolve). */
export function resolve(state: OcState, orders: Readonly<Record<SeatId, OcOrders>>, ctx: ResolveContext): OcState {
  const s = copyState(state);
  keepStanding(s, orders);
  const phase = s.phase;
  switch (phase.kind) {
    case 'setup':
      placeBritish(s, orders.british?.setup ?? {}, ctx);
      break;
    case 'reorganise':
      finishReorganisation(s, orders, ctx);
      break;
    case 'activate':
      applyActivation(s, orders[s.active]?.activation ?? { at: 'pass' }, ctx);
      break;
    case 'counterattack': {
      const given = orders[enemyOf(phase.combat.attacker)]?.counterattack ?? {};
      const base = targetsBy(s, phase.combat.defenders, phase.combat.attackers, DEFAULT_PREFERENCE);
      counterattack(s, phase.combat, { ...base, ...given }, ctx);
      break;
    }
    case 'targets': {
      const alive = phase.combat.attackers.filter((u) => s.units[u].status === 'map');
      const base = targetsBy(s, alive, phase.combat.defenders, DEFAULT_PREFERENCE);
      attack(
        s,
        phase.combat,
        { ...base, ...phase.combat.targets, ...(orders[phase.combat.attacker]?.targets ?? {}) },
        ctx,
      );
      break;
    }
    case 'over':
      return state;
  }
  return advance(s, ctx);
}

/** D1 (OC 4.2): the British units not in Tobruk where the order (or the data's default) puts them. */
function placeBritish(s: OcState, setup: Record<string, string>, ctx: ResolveContext): void {
  for (const u of s.data.units) {
    if (u.side !== 'british' || u.tobruk) continue;
    const at = setup[u.id] ?? s.data.britishDefaultSetup[u.id] ?? s.data.britishSetupAreas[0];
    unitToChange(s, u.id).at = at;
  }
  ctx.emit({
    type: 'setup',
    placed: Object.fromEntries(s.data.units.filter((u) => u.side === 'british').map((u) => [u.id, s.units[u.id].at])),
    rule: 'OC 4.2',
  });
  // OC 4.3[3]: turn 1 has no reorganisation; the British move first.
  startOperations(s, 'british', ctx);
}

function startOperations(s: OcState, first: OcSide, ctx: ResolveContext): void {
  s.first = first;
  s.active = first;
  s.passes = 0;
  s.phase = { kind: 'activate' };
  if (!ctx.silent) ctx.emit({ type: 'operations', turn: s.turn, first, vp: s.vp, rule: 'OC 3.1②' });
}

/** Runs the game on until a decision point needs orders (queued activations and auto passes applied). */
export function advance(s: OcState, ctx: ResolveContext): OcState {
  for (let guard = 0; guard < 1000; guard++) {
    if (s.phase.kind !== 'activate') return s;
    if (s.passes >= 2) {
      finalPhase(s, ctx);
      continue;
    }
    const side = s.active;
    if (!anyActivatable(s, side)) {
      // OC 3.1③[a]: a side with no unit able to operate passes.
      s.passes++;
      if (!ctx.silent) ctx.emit({ type: 'pass', side, auto: true, rule: 'OC 3.1③[a]' });
      s.active = enemyOf(side);
      continue;
    }
    const queue = s.standing[side].queue ?? [];
    if (!queue.length) return s;
    const i = queue.findIndex((a) => a.at !== 'pass' && !checkActivation(s, side, a).length);
    if (i < 0) return s;
    s.standing = { ...s.standing, [side]: { ...s.standing[side], queue: queue.filter((_, j) => j !== i) } };
    applyActivation(s, queue[i], ctx, true);
  }
  throw new Error('OC 3.1: the operations phase did not end');
}

/** OC 3.1④, 7.1(1)-(2), 7.3, 3.0[1]: VP of the turn, sudden death, the end of the game or the next turn. */
function finalPhase(s: OcState, ctx: ResolveContext): void {
  ctx.emit({ type: 'operations-end', turn: s.turn, rule: 'OC 3.1③[a]' });
  if (tobrukBesieged(s)) addVp(s, 'axis', 1, 'OC 7.1(1)', ctx);
  else addVp(s, 'british', 2, 'OC 7.1(1)', ctx);
  if (s.control[s.data.bardia] === 'british') addVp(s, 'british', 1, 'OC 7.1(2)', ctx);
  const cap = s.data.vpCap;
  if (Math.abs(s.vp) >= cap) {
    const winner: OcSide = s.vp > 0 ? 'british' : 'axis';
    const reason = {
      en: `sudden death: ${cap} VP at the end of turn ${s.turn}`,
      ja: `サドンデス: ターン${s.turn}終了時に${cap}VP`,
    };
    s.phase = { kind: 'over', winner, reason, rule: 'OC 7.3' };
  } else if (s.turn >= s.options.lastTurn) {
    const winner: OcSide | null = s.vp > 0 ? 'british' : s.vp < 0 ? 'axis' : null;
    const reason = {
      en: `VP ${s.vp > 0 ? '+' : ''}${s.vp} after turn ${s.turn}`,
      ja: `ターン${s.turn}終了時のVP ${s.vp}`,
    };
    s.phase = { kind: 'over', winner, reason, rule: 'OC 3.0[1]' };
  }
  ctx.emit({ type: 'turn-end', turn: s.turn, vp: s.vp, rule: 'OC 3.1④' });
  // Queued activations expire with the turn (spec 5.2: they are conditional on the position of this turn).
  s.standing = { british: { ...s.standing.british, queue: [] }, axis: { ...s.standing.axis, queue: [] } };
  if (s.phase.kind === 'over') return;
  s.turn++;
  startReorganisation(s, ctx);
}

/** OC 3.1①, 5.1: the supply check, face up in supply, face down out of it; then D2/D3 if there is a choice. */
function startReorganisation(s: OcState, ctx: ResolveContext): void {
  const out: string[] = [];
  const british = supplyOf(s, 'british');
  for (const side of ['british', 'axis'] as const) {
    for (const [id, supply] of side === 'british' ? british : supplyOf(s, side)) {
      const outOfSupply = supply === 'out';
      // Only a unit that turns (or changes its supply) is copied.
      if (s.units[id].outOfSupply !== outOfSupply || s.units[id].faceDown !== outOfSupply) {
        const st = unitToChange(s, id);
        st.outOfSupply = outOfSupply;
        st.faceDown = outOfSupply;
      }
      if (outOfSupply) out.push(id);
    }
  }
  ctx.emit({ type: 'reorganisation', turn: s.turn, outOfSupply: out, rule: 'OC 5.1' });
  const owing = (['british', 'axis'] as const).filter((side) => {
    const returns = returnChoices(s, side);
    // Where units stand has not changed since the supply check, so neither has their supply.
    const towns = side === 'british' ? replacementChoices(s, british) : [];
    return returns.some((r) => r.points.length > 1) || towns.some((t) => t.units.length > 1);
  });
  if (owing.length) s.phase = { kind: 'reorganise', owing };
  else finishReorganisation(s, {}, ctx, british);
}

/**
 * OC 6.3(8)③ and OC 5.2: returns and replacements as ordered (D3, D2) or by default; then the first player.
 * `supply` is the British supply of the supply check just made, when it is.
 */
function finishReorganisation(
  s: OcState,
  orders: Readonly<Record<SeatId, OcOrders>>,
  ctx: ResolveContext,
  supply?: ReturnType<typeof supplyOf>,
): void {
  let returned = false;
  for (const side of ['british', 'axis'] as const) {
    for (const r of returnChoices(s, side)) {
      const point = orders[side]?.returns?.[r.unit] ?? r.points[0];
      Object.assign(unitToChangeBack(s, r.unit), {
        status: 'map',
        at: point,
        steps: 1,
        faceDown: false,
        outOfSupply: false,
      });
      returned = true;
      ctx.emit({ type: 'return', unit: r.unit, point, rule: 'OC 6.3(8)③' });
    }
  }
  // Units face up or down since the supply check have not moved: its answer stands unless a unit came back.
  for (const t of replacementChoices(s, returned ? undefined : supply)) {
    const unit = orders.british?.replacements?.[t.town] ?? t.units[0];
    unitToChange(s, unit).steps++;
    ctx.emit({ type: 'replacement', unit, town: t.town, steps: s.units[unit].steps, rule: 'OC 5.2' });
  }
  // OC 3.1②, OC-A30: more VP moves first; equal VP, the British.
  startOperations(s, s.vp < 0 ? 'axis' : 'british', ctx);
}

export { returningUnits };
