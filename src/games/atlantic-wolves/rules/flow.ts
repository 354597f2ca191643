/**
 * The turn pipeline (AW 4.0[2]): runs the game from a cursor to the next decision point that no standing order
 * answers, and applies the owed seat's answer to the decision point it stands at (`resolve`: one step).
 *   1 reinforcement (5.0 / 11.0) · 2 Allied placement (6.0 / 12.0-2) · overflow (6.0-C2) · 3 UB placement (7.0) ·
 *   overflow (7.0[6]) · response movement (12.0-3, mail) · 4 combat (8.0) · 5 VP check and clean-up (9.0)
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import type { AwOrders, AwStandingOrders } from '../orders/schema.ts';
import {
  anyActiveAir,
  anyActiveShips,
  anyActiveUbs,
  resolveAir,
  resolveEscorts,
  resolveUbs,
  startCombat,
} from './combat.ts';
import {
  anyOverfull,
  applyPlacement,
  applyReplace,
  applyStep2,
  applyStep3,
  designationFromPreference,
  liftNamed,
  planCounts,
  step1Pool,
} from './placement.ts';
import { returnSunk, startTurn } from './reinforcement.ts';
import { applyResponse, RESPONSE_ROLLS, rollResponse, standingResponse } from './response-movement.ts';
import { anyPlaceable, capacityFor } from './arithmetic.ts';
import {
  type AwPhase,
  cloneState,
  type CombatStage,
  opponent,
  ownStanding,
  record,
  type AwState,
  type RunStep,
} from '../state.ts';
import { vpCheck } from './vp.ts';
import { STEP2_DICE } from './dice-purposes.ts';

const goPhase = (step: RunStep): AwPhase => Object.freeze({ kind: 'go' as const, step });
/** The cursor phases, one frozen object per step shared by every state (a phase is replaced, never changed). */
const GO_PHASES: Readonly<Record<RunStep, AwPhase>> = {
  turn: goPhase('turn'),
  'allied-placement': goPhase('allied-placement'),
  'after-allied-placement': goPhase('after-allied-placement'),
  'ub-placement': goPhase('ub-placement'),
  'after-ub-placement': goPhase('after-ub-placement'),
  response: goPhase('response'),
  'after-response': goPhase('after-response'),
  combat: goPhase('combat'),
  'combat-group': goPhase('combat-group'),
  vp: goPhase('vp'),
};
const go = (step: RunStep): AwPhase => GO_PHASES[step];

/** Starts the literal overflow procedure for a side if an area is over capacity; returns true if it did. */
function checkOverflow(s: AwState, ctx: ResolveContext, side: AwSide, then: RunStep): boolean {
  if (!anyOverfull(s, side)) return false;
  const named = designationFromPreference(s, side);
  if (named) s.phase = { kind: 'overflow-replace', side, units: liftNamed(s, ctx, side, named), then };
  else s.phase = { kind: 'overflow-name', side, then };
  return true;
}

/** Offers the rolled units to their owners one at a time; returns true when a seat must be asked (D7). */
function responseQueue(s: AwState, ctx: ResolveContext, units: string[]): boolean {
  for (let i = 0; i < units.length; i++) {
    const d = standingResponse(s, units[i]);
    if (d === null) {
      s.phase = { kind: 'response', roll: s.t.rolls, unit: units[i], rest: units.slice(i + 1) };
      return true;
    }
    applyResponse(s, ctx, units[i], d, 'standing');
  }
  return false;
}

/** The Step-2 plan (standing order) if it answers D2 for a draw of `n` (spec S-A), else null. */
function planAnswer(s: AwState, n: number): Record<string, number> | null {
  const plan = s.standing.allied?.step2Plan;
  if (!plan || (s.options.step2Draw === 'exact' && plan.length < n)) return null;
  const counts = planCounts(plan, n);
  if (s.options.overflow === 'reject')
    for (const [a, c] of Object.entries(counts)) if (c > capacityFor(s, a, 'allied')) return null;
  return counts;
}

/** After Step 2: Step 3 if units remain (AW 6.0-Step3), else placement is over. */
function afterStep2(s: AwState): void {
  s.phase = anyPlaceable(s, 'allied') ? { kind: 'step3' } : go('after-allied-placement');
}

/** Standard Allied placement up to D2 (AW 6.0-Step1/2): 2d6, then the plan or a question. */
function standardPlacement(s: AwState, ctx: ResolveContext): void {
  const d1 = ctx.roll(6, STEP2_DICE[0]);
  const d2 = ctx.roll(6, STEP2_DICE[1]);
  const pool = step1Pool(s).length;
  const n = Math.min(d1 + d2, pool); // AW-A05 R1: exactly min(sum, pool)
  s.t.step2Roll = d1 + d2;
  if (!ctx.silent)
    ctx.emit({ type: 'step2-roll', rule: 'AW 6.0-Step2', turn: s.turn, dice: [d1, d2], sum: d1 + d2, draw: n });
  const counts = planAnswer(s, n);
  if (counts) {
    applyStep2(s, ctx, counts);
    afterStep2(s);
  } else s.phase = { kind: 'step2', draw: n };
}

/** One step of the cursor; the loop in `runForward` repeats until a decision point or the end. */
function step(s: AwState, ctx: ResolveContext, cursor: RunStep): void {
  switch (cursor) {
    case 'turn':
      s.phase = startTurn(s, ctx) === 'needs-choice' ? { kind: 'reinforce' } : go('allied-placement');
      return;
    case 'allied-placement':
      if (s.mode === 'mail') s.phase = anyPlaceable(s, 'allied') ? { kind: 'placement' } : go('after-allied-placement');
      else standardPlacement(s, ctx);
      return;
    case 'after-allied-placement':
      if (!checkOverflow(s, ctx, 'allied', 'after-allied-placement')) s.phase = go('ub-placement');
      return;
    case 'ub-placement':
      s.phase = anyPlaceable(s, 'german') ? { kind: 'ub-placement' } : go('after-ub-placement');
      return;
    case 'after-ub-placement':
      if (!checkOverflow(s, ctx, 'german', 'after-ub-placement'))
        s.phase = go(s.mode === 'mail' ? 'response' : 'combat');
      return;
    case 'response':
      if (s.t.rolls >= RESPONSE_ROLLS) s.phase = go('after-response');
      else responseQueue(s, ctx, rollResponse(s, ctx));
      return;
    case 'after-response':
      if (!checkOverflow(s, ctx, 'allied', 'after-response') && !checkOverflow(s, ctx, 'german', 'after-response'))
        s.phase = go('combat');
      return;
    case 'combat':
      startCombat(s, ctx);
      s.phase = go('combat-group');
      return;
    case 'combat-group':
      combatGroup(s, ctx);
      return;
    case 'vp':
      if (!vpCheck(s, ctx)) s.phase = go('turn');
      return;
  }
}

/** Combat in the current group of areas: air (D8 if optional), escorts (D9), UBs (D10), then the next group. */
function combatGroup(s: AwState, ctx: ResolveContext): void {
  if (s.t.group >= s.t.groups.length) {
    s.phase = go('vp');
    return;
  }
  if (s.t.stage === 'air') {
    if (s.options.airAttack === 'optional' && anyActiveAir(s)) {
      s.phase = { kind: 'air' };
      return;
    }
    resolveAir(s, ctx);
    s.t.stage = 'escorts';
  }
  if (s.t.stage === 'escorts') {
    if (anyActiveShips(s)) {
      s.phase = { kind: 'escorts' };
      return;
    }
    s.t.stage = 'ubs';
  }
  if (anyActiveUbs(s)) {
    s.phase = { kind: 'ubs' };
    return;
  }
  s.t.group += 1;
  s.t.stage = 'air';
}

/** Runs forward from a cursor until a decision point or the end of the game. */
export function runForward(s: AwState, ctx: ResolveContext): void {
  while (s.phase.kind === 'go') step(s, ctx, s.phase.step);
}

/** Whether keys are in ascending (default sort) order. */
function sortedKeys(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return false;
  return true;
}

/** Stores standing orders of every seat that sent some (seats in sorted order; later keys replace earlier ones). */
export function absorbStanding(s: AwState, orders: Readonly<Record<string, AwOrders>>): void {
  // Each seat by its name (a cheaper load than by a variable key), in sorted order.
  const allied = orders.allied?.standing;
  const german = orders.german?.standing;
  if (allied) absorbSeat(s, 'allied', allied);
  if (german) absorbSeat(s, 'german', german);
}

/** Stores one seat's standing orders (later keys replace earlier ones). */
function absorbSeat(s: AwState, seat: AwSide, st: AwStandingOrders): void {
  // The state keeps the orders' lists and table as they are: orders are immutable values once submitted, as states
  // are (GameDefinition.resolve), so sharing them is safe and saves copying a table of every unit each placement.
  const merged = { ...(s.standing[seat] ?? {}) };
  if (st.reinforce) merged.reinforce = st.reinforce;
  if (st.step2Plan) merged.step2Plan = st.step2Plan;
  if (st.responseTable) merged.responseTable = inIdOrder(st.responseTable);
  ownStanding(s)[seat] = merged;
}

/**
 * The last response table made in id order by its maker (`madeInIdOrder`): listing the keys of a hash-table record to
 * check their order costs more than making it. One slot: the table of a step's orders is absorbed right after.
 */
let knownInIdOrder: object | null = null;

/** Notes that a response table was made with its units in id order (the random player's, on sorted data). */
export function madeInIdOrder(table: Record<string, string[]>): void {
  knownInIdOrder = table;
}

/** A response table with its units in id order: the table itself when they already are (the usual case). */
function inIdOrder(table: Record<string, string[]>): Record<string, string[]> {
  if (table === knownInIdOrder) return table;
  const keys = Object.keys(table);
  if (sortedKeys(keys)) return table;
  const out = record<string[]>();
  for (const k of keys.sort()) out[k] = table[k];
  return out;
}

/** The orders of a seat that sent none (read only). */
const NO_ORDERS: AwOrders = Object.freeze({});

/** Applies the answer of the seat owed at the current decision point, then leaves a cursor or the next point. */
export function applyAnswer(s: AwState, orders: Readonly<Record<string, AwOrders>>, ctx: ResolveContext): void {
  const p = s.phase;
  const a = orders.allied ?? NO_ORDERS;
  const g = orders.german ?? NO_ORDERS;
  switch (p.kind) {
    case 'reinforce':
      returnSunk(s, ctx, g.reinforce ?? []);
      s.phase = go('allied-placement');
      return;
    case 'step2':
      applyStep2(s, ctx, a.step2 ?? {});
      afterStep2(s);
      return;
    case 'step3':
      // The preference object is shared with the previous state until replaced (cloneState).
      if (a.overflow) s.t.overflowPref = { ...s.t.overflowPref, allied: [...a.overflow] };
      applyStep3(s, ctx, a.step3 ?? {});
      s.phase = go('after-allied-placement');
      return;
    case 'placement':
      if (a.overflow) s.t.overflowPref = { ...s.t.overflowPref, allied: [...a.overflow] };
      applyPlacement(s, ctx, 'allied', a.placement ?? {});
      s.phase = go('after-allied-placement');
      return;
    case 'ub-placement':
      if (g.overflow) s.t.overflowPref = { ...s.t.overflowPref, german: [...g.overflow] };
      applyPlacement(s, ctx, 'german', g.placement ?? {});
      s.phase = go('after-ub-placement');
      return;
    case 'overflow-name': {
      const named = (p.side === 'allied' ? a : g).overflow ?? [];
      // `then` is the run step that follows the overflow: a string field of the stored phase, never a thenable
      // (renaming it would change recorded states).
      // biome-ignore lint/suspicious/noThenProperty: a stored phase field holding a string, not a thenable
      s.phase = { kind: 'overflow-replace', side: p.side, units: liftNamed(s, ctx, p.side, named), then: p.then };
      return;
    }
    case 'overflow-replace':
      applyReplace(s, ctx, p.side, p.units, (opponent(p.side) === 'allied' ? a : g).replace ?? {});
      s.phase = go(p.then);
      return;
    case 'response': {
      const owner = indexOf(s.data).unit.get(p.unit)?.side ?? 'allied';
      applyResponse(s, ctx, p.unit, (owner === 'allied' ? a : g).response ?? 'stay', 'orders');
      if (!responseQueue(s, ctx, p.rest)) s.phase = go('response');
      return;
    }
    case 'air':
    case 'escorts':
    case 'ubs':
      applyCombatAnswer(s, ctx, p.kind, a, g);
      return;
    default:
      return;
  }
}

/** D8 to D10: one combat stage of the current group of areas, then the next stage or group (AW 8.0[3]). */
function applyCombatAnswer(s: AwState, ctx: ResolveContext, stage: CombatStage, a: AwOrders, g: AwOrders): void {
  if (stage === 'air') {
    resolveAir(s, ctx, a.air ?? {});
    s.t.stage = 'escorts';
  } else if (stage === 'escorts') {
    resolveEscorts(s, ctx, a.escorts ?? {});
    s.t.stage = 'ubs';
  } else {
    resolveUbs(s, ctx, g.ubs ?? {});
    s.t.group += 1;
    s.t.stage = 'air';
  }
  s.phase = go('combat-group');
}

/**
 * Runs one step: stores standing orders of any seat, applies the owed seat's answer, then runs forward to the next
 * decision point no standing order answers, or the end. Orders are assumed valid (`validate`); input is not mutated.
 */
export function resolve(state: AwState, orders: Readonly<Record<string, AwOrders>>, ctx: ResolveContext): AwState {
  if (state.phase.kind === 'over') return state;
  const s = cloneState(state);
  absorbStanding(s, orders);
  applyAnswer(s, orders, ctx);
  runForward(s, ctx);
  return s;
}
