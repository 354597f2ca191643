/**
 * The package's `playoutOrders`: purposeful, cheap and legal orders for the computer player's play-outs, at every
 * decision point. The activations are playout-france.ts and playout-allies.ts; the other points take the plain
 * answer (roll, the combats in order, France's dice by the default priority, every unit France may place).
 */
import type { SeatId } from '../../../engine/types.ts';
import { allocationByPriority } from '../rules/combat.ts';
import { owingSeat } from '../rules/owed.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import { activeNation, type FnState, isAlly } from '../state.ts';
import { alliedActivation } from './playout-allies.ts';
import { frenchActivation } from './playout-france.ts';
import type { FnOrders } from './schema.ts';

/** Orders of `seat` at the owed point of `s`, drawn with `rand` (empty when the seat owes nothing). */
export function playoutOrders(s: FnState, seat: SeatId, rand: () => number): FnOrders {
  if (owingSeat(s) !== seat) return {};
  const p = s.phase;
  if (p.kind === 'start') return { start: 'roll' };
  if (p.kind === 'allocate') return { allocation: allocationByPriority(s, p.combat.areas[0]) };
  if (p.kind === 'surrenderReinforce') return { count: reinforceLimit(s, 'france') };
  if (p.kind === 'combatOrder') return { combatOrder: [...p.combat.areas] };
  if (p.kind === 'moveOn') return {}; // FN-A12: the play-outs never halt after a sea roll; the rest stay put
  const n = activeNation(s)!;
  return isAlly(n) ? alliedActivation(s, n, rand) : frenchActivation(s, rand);
}
