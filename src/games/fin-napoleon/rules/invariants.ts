/** Rule invariants that hold in every state. */
import { ALLIES, NATIONS } from '../data/schema.ts';
import { areaIds, areaRecords, type FnState, isSea, seaAreas, unitsOf } from '../state.ts';
import { owingSeat } from './owed.ts';

/** The violated invariants (empty when all hold). */
export function invariants(s: FnState): string[] {
  const broken: string[] = [];
  const areas = areaIds(s);
  const records = areaRecords(s);
  // One pass over the areas' records for every nation's total and whether any of its areas is wrong (checked after
  // every step of random play); the wrong areas are named only when there are some.
  const sea = seaAreas(s);
  const totals = [0, 0, 0, 0, 0, 0];
  const wrong = [false, false, false, false, false, false];
  for (let i = 0; i < areas.length; i++) {
    const here = records[i];
    // Each nation by its own name: one property look-up site per nation stays fast, where a look-up by a varying
    // name would not.
    const france = here?.france ?? 0;
    const prussia = here?.prussia ?? 0;
    const austria = here?.austria ?? 0;
    const russia = here?.russia ?? 0;
    const spain = here?.spain ?? 0;
    const britain = here?.britain ?? 0;
    totals[0] += france;
    totals[1] += prussia;
    totals[2] += austria;
    totals[3] += russia;
    totals[4] += spain;
    totals[5] += britain;
    const atSea = sea[i];
    if (badCount(france, atSea)) wrong[0] = true;
    if (badCount(prussia, atSea)) wrong[1] = true;
    if (badCount(austria, atSea)) wrong[2] = true;
    if (badCount(russia, atSea)) wrong[3] = true;
    if (badCount(spain, atSea)) wrong[4] = true;
    if (badCount(britain, false)) wrong[5] = true; // FN 9.13[3]: British units may stay at sea
  }
  for (let k = 0; k < NATIONS.length; k++) {
    const n = NATIONS[k];
    if (totals[k] > s.data.chart[n].maximum) broken.push(`FN 3.2[2b]: ${n} has more units on the map than its maximum`);
    if (!wrong[k]) continue;
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
  if (s.phase.kind !== 'start' && s.phase.kind !== 'over' && !owingSeat(s)) broken.push('FN 6.0: nobody owes orders');
  if (s.turn > 0 && (s.order.length !== 6 || !distinct(s.order)))
    broken.push('FN 5.0: the activation order is not the six nations');
  if (s.order.length && !alliesInOrder(s.order)) broken.push('FN 5.0[4]: the Allied order changed');
  return broken;
}

/** A count that is no count of units (FN 1.31), or units of a nation other than Britain left at sea (FN 9.13[3]). */
const badCount = (u: number, atSea: boolean): boolean => !Number.isInteger(u) || u < 0 || (u > 0 && atSea);

/** Whether no nation appears twice in a short list (the activation order: six names, compared pairwise). */
function distinct(order: readonly string[]): boolean {
  for (let i = 1; i < order.length; i++) for (let j = 0; j < i; j++) if (order[i] === order[j]) return false;
  return true;
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
