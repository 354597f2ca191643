/** Rule invariants that hold in every state. */
import { ALLIES, NATIONS } from '../data/schema.ts';
import { areaIds, type FnState, isSea, unitsOf } from '../state.ts';
import { owedPoint } from './owed.ts';

/** The violated invariants (empty when all hold). */
export function invariants(s: FnState): string[] {
  const broken: string[] = [];
  const areas = areaIds(s);
  for (const n of NATIONS) {
    // One pass for the total and whether any area is wrong; the wrong areas are named only when there are some.
    let total = 0;
    let wrong = false;
    for (const a of areas) {
      const u = unitsOf(s, a, n);
      total += u;
      if (!Number.isInteger(u) || u < 0 || (u > 0 && n !== 'britain' && isSea(s, a))) wrong = true;
    }
    if (total > s.data.chart[n].maximum) broken.push(`FN 3.2[2b]: ${n} has more units on the map than its maximum`);
    if (!wrong) continue;
    for (const a of areas) {
      const u = unitsOf(s, a, n);
      if (!Number.isInteger(u) || u < 0) broken.push(`FN 1.31: ${u} units of ${n} in ${a}`);
      if (u > 0 && n !== 'britain' && isSea(s, a)) broken.push(`FN 9.13[3]: ${n} units stay at sea in ${a}`);
    }
  }
  if (s.morale < 0 || s.morale > s.data.moraleStart)
    broken.push(`FN 11.0[3]: morale ${s.morale} out of 0..${s.data.moraleStart}`);
  if (s.phase.kind === 'over' && !s.result) broken.push('FN 10.3: the game is over without a result');
  if (s.phase.kind !== 'over' && s.result) broken.push('FN 10.3: a result while the game goes on');
  if (s.phase.kind !== 'start' && s.phase.kind !== 'over' && !owedPoint(s)) broken.push('FN 6.0: nobody owes orders');
  if (s.turn > 0 && (s.order.length !== 6 || new Set(s.order).size !== 6))
    broken.push('FN 5.0: the activation order is not the six nations');
  if (s.order.length && !alliesInOrder(s.order)) broken.push('FN 5.0[4]: the Allied order changed');
  return broken;
}

/** Whether the activation order, France left out, is the Allies in their order (FN 5.0[4]). */
function alliesInOrder(order: readonly string[]): boolean {
  let k = 0;
  for (const n of order) {
    if (n === 'france') continue;
    if (n !== ALLIES[k]) return false;
    k++;
  }
  return k === ALLIES.length;
}
