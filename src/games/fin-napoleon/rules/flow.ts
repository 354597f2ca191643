/**
 * The sequence of play (FN 4.0): activation order (FN 5.0), each nation's activity in turn (FN 6.0-9.0), the
 * adjustment phase (FN 10.0). `resolve` applies the owed seat's answer, then runs forward to the next decision
 * point that no later activation or standing order answers (spec 5.2), or to the end.
 */
import type { ResolveContext, SeatId } from '../../../engine/types.ts';
import { ALLIES, type Ally, type Nation } from '../data/schema.ts';
import type { Activation, FnOrders } from '../orders/schema.ts';
import { activationErrors, conditionHolds } from '../orders/validate-activation.ts';
import {
  activeNation,
  type CombatRun,
  cloneState,
  dropQueued,
  FRANCE_SEAT,
  type FnPhase,
  type FnState,
  isAlly,
  queuedToChange,
  seatOf,
  standingToChange,
  warToChange,
} from '../state.ts';
import { allocationByPriority, combatAreas, fightArea, fitAllocation, needsAllocation } from './combat.ts';
import { knownPurpose, rollD6 } from './dice.ts';
import { victoryCheck } from './end.ts';
import { executeMoves } from './movement.ts';
import { adjustment, reinforce, surrenderCheck } from './surrender.ts';

/** The phase of a nation's activation: one object for every state (phases are replaced, never changed in place). */
const ACTIVATE: FnPhase = { kind: 'activate' };

const ORDER_ROLL = knownPurpose('FN 5.0[6]', { en: "France's place in the activation order", ja: 'フランスの活動順' });

/** FN 5.0: a new turn; France's slot by one die (FN-A02), the Allies in their fixed order (FN 5.0[4]). */
export function startTurn(s: FnState, ctx: ResolveContext): void {
  s.turn += 1;
  const roll = rollD6(ctx, ORDER_ROLL);
  const slot = s.data.activationSlots[roll - 1];
  s.order = [...ALLIES.slice(0, slot - 1), 'france', ...ALLIES.slice(slot - 1)];
  s.cursor = 0;
  s.frenchDeclared = false;
  s.queued = {};
  s.phase = ACTIVATE;
  if (!ctx.silent) ctx.emit({ type: 'turn', rule: 'FN 5.0', turn: s.turn, roll, order: s.order });
}

/** The activation part of a seat's orders. */
export function activationOf(o: FnOrders): Activation {
  const { activity = 'none', target, count, move, combatOrder, noJoin, allocate } = o;
  const act: Activation = { activity };
  if (o.haltAfterSea !== undefined) act.haltAfterSea = o.haltAfterSea;
  if (target !== undefined) act.target = target;
  if (count !== undefined) act.count = count;
  if (move) act.move = move;
  if (combatOrder) act.combatOrder = combatOrder;
  if (noJoin) act.noJoin = noJoin;
  if (allocate) act.allocate = allocate;
  return act;
}

const WAR_ROLL = knownPurpose('FN 7.0[4]', { en: 'declaration of war (1-2: success)', ja: '宣戦布告（1〜2で成功）' });

/** FN 7.0: a declaration of war, by a peace ally for itself or by France on one peace ally (D2). */
function declareWar(s: FnState, n: Nation, act: Activation, ctx: ResolveContext): void {
  const target: Ally = isAlly(n) ? n : act.target!;
  if (n === 'france') s.frenchDeclared = true;
  const roll = rollD6(ctx, WAR_ROLL);
  const success = roll <= 2;
  if (success) warToChange(s)[target] = true;
  if (!ctx.silent) ctx.emit({ type: 'declare', rule: 'FN 7.0[4]', by: n, target, roll, success });
}

/** FN 9.2[5], D5: the combat areas, the active player's order first, then area order. */
function combatRun(s: FnState, n: Nation, act: Activation): CombatRun {
  const areas = combatAreas(s, n);
  const first = act.combatOrder?.length ? act.combatOrder.filter((a) => areas.includes(a)) : [];
  const ordered = first.length ? [...new Set(first), ...areas.filter((a) => !first.includes(a))] : areas;
  return { nation: n, areas: ordered, noJoin: act.noJoin ?? {}, allocate: n === 'france' ? (act.allocate ?? {}) : {} };
}

/** France's allocation for an area without asking: given ahead, or by the standing priority; null: ask (D6). */
function knownAllocation(s: FnState, run: CombatRun, area: string): Partial<Record<Ally, number>> | null {
  if (!needsAllocation(s, area)) return allocationByPriority(s, area);
  if (run.allocate[area]) return fitAllocation(s, area, run.allocate[area]);
  const standing = s.standing[FRANCE_SEAT];
  if (standing?.perArea?.[area]) return fitAllocation(s, area, standing.perArea[area]);
  return standing?.priority ? allocationByPriority(s, area, standing.priority) : null;
}

/** Fights the combats left, pausing for D6; then the surrender check (FN 9.3) and the end of the activation. */
export function continueCombat(
  s: FnState,
  run: CombatRun,
  ctx: ResolveContext,
  answer?: Partial<Record<Ally, number>>,
): void {
  while (run.areas.length > 0) {
    const area = run.areas[0];
    const alloc = answer ? fitAllocation(s, area, answer) : knownAllocation(s, run, area);
    if (!alloc) {
      s.phase = { kind: 'allocate', combat: run };
      return;
    }
    answer = undefined;
    fightArea(s, area, run.nation, alloc, run.noJoin[area] ?? [], ctx);
    run.areas.shift();
  }
  s.phase = ACTIVATE;
  if (!surrenderCheck(s, ctx)) {
    s.cursor += 1;
    return;
  }
  if (s.result) return;
  frenchSurrenderReinforcement(s, ctx);
}

/** FN 9.33[1]: the one French reinforcement after a surrender: the standing count, else France is asked (D3). */
function frenchSurrenderReinforcement(s: FnState, ctx: ResolveContext): void {
  const standing = s.standing[FRANCE_SEAT]?.surrenderCount;
  if (standing === undefined) {
    s.phase = { kind: 'surrenderReinforce' };
    return;
  }
  finishFrenchSurrender(s, standing, ctx);
}

/** FN 9.33[1]: the reinforcement, then a new turn (FN-A21: after the adjustment phase with option R2). */
export function finishFrenchSurrender(s: FnState, count: number, ctx: ResolveContext): void {
  reinforce(s, 'france', count, ctx, 'FN 9.33[1]');
  s.phase = ACTIVATE;
  if (s.options.afterFrenchSurrender === 'adjustFirst' && endOfTurn(s, ctx)) return;
  startTurn(s, ctx);
}

/** FN 6.0[3]: one nation's activity. */
export function runActivation(s: FnState, n: Nation, act: Activation, ctx: ResolveContext): void {
  if (!ctx.silent) ctx.emit({ type: 'activity', rule: 'FN 6.0[3]', nation: n, activity: act.activity });
  if (act.activity === 'declare') declareWar(s, n, act, ctx);
  if (act.activity === 'reinforce') reinforce(s, n, act.count ?? 0, ctx);
  if (act.activity !== 'move') {
    s.cursor += 1;
    return;
  }
  if (executeMoves(s, n, act, ctx)) startCombat(s, n, act, ctx);
}

/** FN 9.2 after all movement: the combats, asking for their order when it can matter (D5). */
function startCombat(s: FnState, n: Nation, act: Activation, ctx: ResolveContext): void {
  const run = combatRun(s, n, act);
  // Spec 5.2: the order matters only when France decides two allocations in an Allied activation (FN-AD1: never ask).
  const mayAsk = !s.options.areaOrderCombat && isAlly(n) && !act.combatOrder && run.areas.length >= 2;
  if (mayAsk && run.areas.filter((a) => knownAllocation(s, run, a) === null).length >= 2) {
    s.phase = { kind: 'combatOrder', combat: run };
    return;
  }
  continueCombat(s, run, ctx);
}

/** FN 10.0: adjustment and victory check; true when the game is over. */
function endOfTurn(s: FnState, ctx: ResolveContext): boolean {
  adjustment(s, ctx);
  const result = victoryCheck(s);
  if (!result) return false;
  s.result = result;
  s.phase = { kind: 'over' };
  if (!ctx.silent)
    ctx.emit({
      type: 'game-over',
      rule: result.rule,
      side: result.side,
      winners: result.winners,
      reason: result.reason,
    });
  return true;
}

/** A later activation a seat sent for this nation, used unless the seat asked to be consulted or it no longer fits. */
function queuedFor(s: FnState, seat: SeatId, n: Nation, ctx: ResolveContext): Activation | null {
  const act = s.queued[seat]?.[n];
  if (!act || s.standing[seat]?.askBetween) return null;
  dropQueued(s, seat, n);
  if (!conditionHolds(s, n, act.when)) {
    const reason = { en: 'its condition is not met', ja: '条件を満たしていません' };
    if (!ctx.silent) ctx.emit({ type: 'later-dropped', rule: 'FN 6.0', nation: n, visibleTo: [seat], reason });
    return null;
  }
  const errors = activationErrors(s, n, act, `later.${n}`);
  if (errors.length === 0) return act;
  if (!ctx.silent)
    ctx.emit({ type: 'later-dropped', rule: 'FN 6.0', nation: n, visibleTo: [seat], reason: errors[0].message });
  return null;
}

/** Runs to the next decision point no later activation answers, or to the end. */
export function runForward(s: FnState, ctx: ResolveContext): void {
  for (let guard = 0; guard < 10_000 && s.phase.kind === 'activate'; guard++) {
    const n = activeNation(s);
    if (n === undefined) {
      if (!endOfTurn(s, ctx)) startTurn(s, ctx);
      continue;
    }
    const act = queuedFor(s, seatOf(s, n), n, ctx);
    if (!act) return;
    runActivation(s, n, act, ctx);
  }
}

/** Keeps every seat's standing orders and later activations (spec 5.2), in seat order. */
function absorbStanding(s: FnState, orders: Readonly<Record<SeatId, FnOrders>>): void {
  const seats = Object.keys(orders);
  if (seats.length > 1) seats.sort();
  for (const seat of seats) {
    const o = orders[seat];
    if (o.standing) standingToChange(s)[seat] = { ...s.standing[seat], ...o.standing };
    if (o.later) queuedToChange(s)[seat] = { ...s.queued[seat], ...o.later };
  }
}

/** Applies the owed seat's answer at the current decision point. */
function applyAnswer(s: FnState, orders: Readonly<Record<SeatId, FnOrders>>, ctx: ResolveContext): void {
  const phase = s.phase;
  const france = orders[FRANCE_SEAT] ?? {};
  if (phase.kind === 'start') startTurn(s, ctx);
  else if (phase.kind === 'surrenderReinforce') finishFrenchSurrender(s, france.count ?? 0, ctx);
  else if (phase.kind === 'allocate') continueCombat(s, phase.combat, ctx, france.allocation ?? {});
  if (phase.kind !== 'combatOrder' && phase.kind !== 'activate' && phase.kind !== 'moveOn') return;
  const n = activeNation(s)!;
  const o = orders[seatOf(s, n)] ?? {};
  if (phase.kind === 'moveOn') {
    // FN-A12: the remaining moves; the answer's combat order, opt-outs and halt replace the first order's.
    const act: Activation = { ...phase.act, ...activationOf({ ...o, activity: 'move' }) };
    s.phase = ACTIVATE;
    if (executeMoves(s, n, act, ctx, phase.arrived)) startCombat(s, n, act, ctx);
    return;
  }
  if (phase.kind === 'combatOrder') {
    const run = phase.combat;
    const first = (o.combatOrder ?? []).filter((a) => run.areas.includes(a));
    run.areas = [...new Set(first), ...run.areas.filter((a) => !first.includes(a))];
    continueCombat(s, run, ctx);
    return;
  }
  if (phase.kind === 'activate') {
    dropQueued(s, seatOf(s, n), n);
    runActivation(s, n, activationOf(o), ctx);
  }
}

/** One step (the package's `resolve`): standing orders kept, the answer applied, then on to the next point. */
export function resolve(state: FnState, orders: Readonly<Record<SeatId, FnOrders>>, ctx: ResolveContext): FnState {
  if (state.phase.kind === 'over') return state;
  const s = cloneState(state);
  absorbStanding(s, orders);
  applyAnswer(s, orders, ctx);
  runForward(s, ctx);
  return s;
}
