/**
 * The sequence of play (GF 4): one step stores standing orders, applies the answers owed at the current decision
 * point, then runs the game forward through every automatic stage to the next decision point no standing order
 * answers, or to the end.
 */
import type { ResolveContext } from '../../../engine/types.ts';
import { applyBritishReinforcement, applyCommitment, applyWithdrawal, enterArmament, type Stage } from './armament.ts';
import {
  applyContinue,
  applyFire,
  applyInitiativeNumber,
  applySituations,
  endBattle,
  enterFire,
  enterRound,
} from './combat.ts';
import type { Side } from '../data/schema.ts';
import { applyOrganisation, enterShuffle, shuffleMarkers, startBattle } from './organise.ts';
import type { GfOrders } from '../orders/schema.ts';
import { answerHexes, enterHexes } from './parallel.ts';
import { applyInterception, applyPlacement, enterIntercept, enterPlace, reveal } from './placement.ts';
import { cloneStanding, cloneState, countAt, type GfState, someShip, withSide } from '../state.ts';
import {
  applyAccept,
  applyDeclare,
  applyInitiative,
  applyUswChoice,
  endTurn,
  enterAccept,
  enterDeclare,
  enterUsw,
} from './turn.ts';

type Orders = Readonly<Record<string, GfOrders>>;

/** Enters a stage: null when it stops at a decision point (or the end), else the stage that follows. */
function enter(s: GfState, stage: Stage, ctx: ResolveContext): Stage | null {
  switch (stage) {
    case 'turn':
      return enterArmament(s, ctx);
    case 'arm-1':
      return 'arm-2';
    case 'arm-2':
      return ask(
        s,
        'arm-2',
        'british',
        someShip(s, 'british', (p) => p.startsWith('dd')),
        'arm-3',
      );
    case 'arm-3':
      return ask(s, 'arm-3', 'german', countAt(s, 'german', 'fleet') > 0, 'arm-4');
    case 'arm-4':
      return ask(s, 'arm-4', 'british', countAt(s, 'british', 'fleet') > 0, 'usw');
    case 'usw':
      return enterUsw(s, ctx);
    case 'initiative':
      // D9/D10 standing orders are sent with D8 for that turn only (spec 5.2).
      for (const side of ['british', 'german'] as const) {
        const { usw } = s.standing[side];
        s.standing[side] = usw ? { usw } : {};
      }
      s.phase = { kind: 'initiative' };
      return null;
    case 'declare':
      return enterDeclare(s, ctx);
    case 'accept':
      return enterAccept(s, ctx);
    case 'battle':
      return startBattle(s, ctx);
    case 'shuffle':
      return enterShuffle(s, ctx);
    case 'place':
      return enterPlace(s, ctx);
    case 'intercept':
      return enterIntercept(s, ctx);
    case 'reveal':
      return reveal(s, ctx);
    case 'round':
      return s.options.combatHexes === 'parallel' ? enterHexes(s, ctx) : enterRound(s);
    case 'fire':
      return enterFire(s, ctx);
    case 'continue':
      return null;
    case 'hex-end':
      s.battle!.queue = s.battle!.queue.slice(1);
      s.battle!.round = null;
      return 'round';
    case 'battle-end':
      // Standing placements and interceptions are for one battle.
      for (const side of ['british', 'german'] as const) {
        const st = s.standing[side];
        if ('placements' in st || 'intercepts' in st || 'ifContinue' in st || 'ifStop' in st) {
          const { placements: _p, intercepts: _i, ifContinue: _c, ifStop: _s, ...rest } = st;
          s.standing[side] = rest; // a new record: standing orders are shared with earlier states
        }
      }
      return endBattle(s, ctx);
    case 'turn-end':
      return endTurn(s, ctx);
  }
}

/** A one-seat armament point, owed only when there is something to decide (else the next stage). */
function ask(s: GfState, kind: 'arm-2' | 'arm-3' | 'arm-4', side: Side, owes: boolean, next: Stage): Stage | null {
  if (!owes) return next;
  s.phase = { kind, side };
  return null;
}

/** Applies the answers owed at the current point; returns the stage to enter next (null: still waiting). */
function answer(s: GfState, orders: Orders, ctx: ResolveContext): Stage | null {
  const p = s.phase;
  switch (p.kind) {
    case 'arm-1':
      if (p.sides.includes('british')) applyBritishReinforcement(s, orders.british, ctx);
      if (p.sides.includes('german')) applyCommitment(s, 'german', orders.german?.commit, ctx);
      return 'arm-2';
    case 'arm-2':
      applyCommitment(s, 'british', orders.british?.commit, ctx);
      return 'arm-3';
    case 'arm-3':
    case 'arm-4':
      applyWithdrawal(s, p.side, orders[p.side]?.withdraw, ctx);
      return p.kind === 'arm-3' ? 'arm-4' : 'usw';
    case 'usw-choice':
      return applyUswChoice(s, orders.german?.usw ?? 'decline', ctx);
    case 'initiative':
      return applyInitiative(s, orders, ctx);
    case 'declare':
      return applyDeclare(s, orders[p.side]?.battle ?? false, ctx);
    case 'accept':
      return applyAccept(s, orders[p.side]?.accept ?? true, ctx);
    case 'organise':
      return applyOrganisation(s, p.side, orders[p.side]?.organise ?? {}, ctx);
    case 'shuffle':
      for (const side of p.sides) {
        const faceUp = [...(orders[side]?.faceUp ?? [])].sort((a, b) => a - b);
        s.battle!.faceUp = withSide(s.battle!.faceUp, side, faceUp);
      }
      shuffleMarkers(s, ctx);
      return 'place';
    case 'place':
      return applyPlacement(s, p.side, orders[p.side]!.place!, ctx) ?? null;
    case 'intercept':
      return applyInterception(s, p.side, orders[p.side]?.intercept ?? 'pass', ctx);
    case 'combat-init':
      return applyInitiativeNumber(s, p.side, orders[p.side]?.initiative ?? { half: false, excess: 0 }, ctx);
    case 'combat-situations':
      return applySituations(s, p.side, orders[p.side]?.situations ?? [], ctx);
    case 'combat-fire':
      for (const side of p.sides) applyFire(s, side, orders[side]?.fire ?? {});
      return 'fire';
    case 'combat-continue':
      return applyContinue(s, p.side, orders[p.side]?.continue ?? false, ctx);
    case 'combat-hexes':
      return answerHexes(s, orders, ctx);
    case 'over':
      return null;
  }
}

/**
 * Keeps the standing orders any seat sent (spec 5.2). Their lists are copied: the step consumes them one by one, and
 * must leave the orders it was given as they were (the computer player plays one candidate's orders out many times).
 */
function absorbStanding(s: GfState, orders: Orders): void {
  for (const side of ['british', 'german'] as const) {
    const standing = orders[side]?.standing;
    if (standing) s.standing[side] = { ...s.standing[side], ...cloneStanding(standing) };
  }
}

/** Runs forward from a stage until a decision point or the end. */
export function runFrom(s: GfState, stage: Stage | null, ctx: ResolveContext): void {
  let next = stage;
  while (next) next = enter(s, next, ctx);
}

/** One step (the package's `resolve`): the input is not changed. */
export function resolve(state: GfState, orders: Orders, ctx: ResolveContext): GfState {
  if (state.phase.kind === 'over') return state;
  const s = cloneState(state);
  absorbStanding(s, orders);
  runFrom(s, answer(s, orders, ctx), ctx);
  return s;
}
