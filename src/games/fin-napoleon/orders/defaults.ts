/** Legal, deterministic default orders for every decision point (a missed deadline). */
import type { SeatId } from '../../../engine/types.ts';
import { allocationByPriority } from '../rules/combat.ts';
import { owingSeat } from '../rules/owed.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import { activeNation, FRANCE_SEAT, type FnState } from '../state.ts';
import type { FnOrders } from './schema.ts';
import { activationErrors, conditionHolds } from './validate-activation.ts';

/**
 * D0 roll; D1 the activation this seat sent ahead if it still fits, else no activity; D5 area order; D6 France's
 * standing priority, else most units first; D3 the most units France may place.
 */
export function defaultOrders(s: FnState, seat: SeatId): FnOrders {
  if (owingSeat(s) !== seat) return {};
  const p = s.phase;
  if (p.kind === 'start') return { start: 'roll' };
  if (p.kind === 'surrenderReinforce') return { count: reinforceLimit(s, 'france') };
  if (p.kind === 'moveOn') return {};
  if (p.kind === 'combatOrder') return { combatOrder: [...p.combat.areas] };
  if (p.kind === 'allocate') {
    const area = p.combat.areas[0];
    const allocation = allocationByPriority(s, area, s.standing[FRANCE_SEAT]?.priority);
    return { allocation };
  }
  const n = activeNation(s)!;
  const queued = s.queued[seat]?.[n];
  if (queued && conditionHolds(s, n, queued.when) && activationErrors(s, n, queued, '').length === 0) {
    const { when: _when, ...act } = queued;
    return act;
  }
  return { activity: 'none' };
}
