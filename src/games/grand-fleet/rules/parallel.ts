/**
 * Adaptation GF-AD1 (parallel hexes, option `combatHexes: parallel`). GF 8[4][2] makes the combat hexes independent,
 * so every contested hex runs its bombardment rounds in the same messages: at each step every hex waits at its own
 * decision point (D15-D18, exactly as in strict play) and each side answers for all its hexes at once
 * (`orders.hexes`). The rules of a hex are the strict ones (combat.ts); only what a player knows of other hexes'
 * dice when deciding changes. Hexes are resolved in ascending hex number within a step, so DDbox boxes fill in that
 * order (GF-A20), as in strict play.
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { Stage } from './armament.ts';
import { applyContinue, applyFire, applyInitiativeNumber, applySituations, enterFire, enterRound } from './combat.ts';
import type { Side } from '../data/schema.ts';
import type { GfHexOrders, GfOrders } from '../orders/schema.ts';
import type { GfState, HexCombat } from '../state.ts';

type Orders = Readonly<Record<string, GfOrders>>;

/** Starts the first round of every contested hex (the queue is in ascending hex order). */
export function enterHexes(s: GfState, ctx: ResolveContext): Stage | null {
  const b = s.battle!;
  b.hexes = b.queue.map((hex) => ({ hex, round: null, phase: { kind: 'combat-hexes' }, done: false }));
  if (b.hexes.length > 1) ctx.emit({ type: 'parallel-combat', hexes: [...b.queue], rule: 'GF-AD1' });
  for (const hc of b.hexes) {
    b.round = null;
    runHex(s, hc, 'round', ctx);
  }
  return settle(s);
}

/** Applies every hex's answers of this step, in ascending hex order, and runs each hex to its next point. */
export function answerHexes(s: GfState, orders: Orders, ctx: ResolveContext): Stage | null {
  for (const hc of s.battle!.hexes!) {
    if (hc.done) continue;
    const mine = (side: Side): GfHexOrders => orders[side]?.hexes?.[hc.hex] ?? {};
    s.battle!.round = hc.round;
    s.phase = hc.phase;
    runHex(s, hc, answerInHex(s, hc, mine, ctx), ctx);
  }
  return settle(s);
}

/** One hex's answer, applied as strict play applies it (missing answers: the strict engine defaults). */
function answerInHex(s: GfState, hc: HexCombat, mine: (side: Side) => GfHexOrders, ctx: ResolveContext): Stage | null {
  const p = hc.phase;
  switch (p.kind) {
    case 'combat-init':
      return applyInitiativeNumber(s, p.side, mine(p.side).initiative ?? { half: false, excess: 0 }, ctx);
    case 'combat-situations':
      return applySituations(s, p.side, mine(p.side).situations ?? [], ctx);
    case 'combat-fire':
      for (const side of p.sides) applyFire(s, side, mine(side).fire ?? {});
      return 'fire';
    case 'combat-continue':
      return applyContinue(s, p.side, mine(p.side).continue ?? false, ctx);
    default:
      return null;
  }
}

/** Runs one hex (its round in `battle.round`) from a stage to its next decision point, or to the end of its combat. */
function runHex(s: GfState, hc: HexCombat, first: Stage | null, ctx: ResolveContext): void {
  const b = s.battle!;
  let next = first;
  while (next && next !== 'hex-end') {
    if (next === 'round') next = enterRound(s, hc.hex);
    else if (next === 'fire') next = enterFire(s, ctx);
    else throw new Error(`GF-AD1: stage ${next} inside a hex`);
  }
  hc.done = next === 'hex-end';
  hc.round = hc.done ? null : b.round;
  hc.phase = hc.done ? { kind: 'combat-hexes' } : s.phase;
}

/** After a step: the battle's end once every hex is done, else every open hex waits at its point. */
function settle(s: GfState): Stage | null {
  const b = s.battle!;
  b.round = null;
  if (b.hexes!.every((h) => h.done)) {
    b.queue = [];
    return 'battle-end';
  }
  s.phase = { kind: 'combat-hexes' };
  return null;
}
