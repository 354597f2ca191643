/**
 * Rule invariants of spec section 8, checked on any state: returns a message per violation (empty when all hold).
 */
import { areaScan, NOWHERE } from './area-scan.ts';
import { indexOf } from '../data/data-index.ts';
import { ubCapacity, ubSlack } from './arithmetic.ts';
import { at, isArea, NO_DAMAGE, type AwState } from '../state.ts';
import { ALLIED_VP } from './vp.ts';

/**
 * Whether placement is complete (capacities must hold): from UB placement on, before clean-up; at the decision points
 * response, air, escorts and UBs, and at the cursors response, combat, combat group and VP. A switch, not sets: this
 * runs after every step.
 */
function placementComplete(p: AwState['phase']): boolean {
  switch (p.kind) {
    case 'response':
    case 'air':
    case 'escorts':
    case 'ubs':
      return true;
    case 'go':
      return p.step === 'response' || p.step === 'combat' || p.step === 'combat-group' || p.step === 'vp';
    default:
      return false;
  }
}

/** Invariant 1 per unit: a message for each unit without exactly one known place, or in a place its kind may not be. */
function misplacedUnits(s: AwState, codes: Int32Array): string[] {
  const out: string[] = [];
  const ix = indexOf(s.data);
  const units = s.data.units;
  const loc = s.loc;
  let holes = loc.length !== units.length;
  for (let i = 0; i < units.length; i++) {
    const l = loc[i]; // = at(s, u.id): unit ids are unique (checkData)
    if (codes[i] === NOWHERE) {
      if (l === undefined) holes = true;
      out.push(l === undefined ? `inv1: ${units[i].id} has no location` : `inv1: ${units[i].id} in unknown area ${l}`);
    }
    if (ix.isConvoy[i]) {
      if (l === 'unused') out.push(`inv1: convoy ${units[i].id} is unused`);
      if (s.turn >= 3 && units[i].star && l !== 'out')
        out.push(`inv1: ☆ convoy ${units[i].id} in play on turn ${s.turn}`);
    } else if (l === 'sunk') out.push(`inv1: ${units[i].id} is sunk but not a convoy`);
  }
  // A location list with one entry per unit and no holes has exactly one key per unit; anything else is counted.
  const keyCount = holes ? Object.keys(loc).length : loc.length;
  if (keyCount !== units.length) out.unshift(`inv1: ${keyCount} locations for ${units.length} units`);
  return out;
}

/** Units of a side beyond capacity, summed over the areas (`counts` by area position). */
function overCapacity(s: AwState, counts: number[], side: 'allied' | 'german'): number {
  const capacity = indexOf(s.data).capacity;
  let over = 0;
  for (let a = 0; a < counts.length; a++) {
    const cap = side === 'allied' ? capacity[a] : ubCapacity(capacity[a], s.turn); // = capacityAt(s, a, side)
    if (counts[a] > cap) over += counts[a] - cap;
  }
  return over;
}

/** Checks invariants 1-6 of spec section 8 (7, order independence, is a property test). */
export function invariants(s: AwState): string[] {
  const out: string[] = [];
  const ix = indexOf(s.data);
  // 1. every unit in exactly one place; convoys never unused; ☆ convoys out of play from turn 3.
  const units = s.data.units;
  const loc = s.loc;
  // Units of each side per area (inv 2) and the UBs in use come from the shared area scan, which also counts the
  // units placed against invariant 1: the pass naming them runs only when there is one (or a location list of
  // another length).
  const sc = areaScan(s);
  if (sc.misplaced > 0 || (s.turn >= 3 && sc.starConvoysIn > 0) || loc.length !== units.length)
    out.push(...misplacedUnits(s, sc.code));
  // 2. capacities after placement (AW 6.0-C1, 7.0[3], 10.0-E2).
  const moving =
    s.options.responseCapacity === 'allowThenReplace' &&
    (s.phase.kind === 'response' || (s.phase.kind === 'go' && s.phase.step === 'response'));
  if (!moving && placementComplete(s.phase)) {
    const alliedOver = overCapacity(s, sc.allied, 'allied');
    if (alliedOver > 0) out.push(`inv2: allied units over capacity by ${alliedOver}`);
    const germanOver = overCapacity(s, sc.german, 'german');
    if (germanOver > ubSlack(s, sc.ubsInUse)) out.push(`inv2: german units over capacity by ${germanOver}`);
  }
  // 3. UB damage 0..2 on the map; damage only for UBs on the map.
  const damage = s.t.damage;
  // NO_DAMAGE (most states) is known empty: enumerating a hash-table record costs even when it is empty.
  if (damage !== NO_DAMAGE)
    for (const id in damage) {
      if (!Object.hasOwn(damage, id)) continue;
      const d = damage[id];
      if (!isArea(at(s, id))) out.push(`inv3: ${id} has damage ${d} off the map`);
      if (d < 0 || d > 2) out.push(`inv3: ${id} damage ${d}`);
    }
  // 4. the attacked list names UBs only (the attack count 3 ⇔ not attacked follows from it).
  for (const id of s.t.attacked)
    if (ix.unit.get(id)?.type !== 'UB') out.push(`inv4: ${id} marked attacked but not a UB`);
  // 5. table arithmetic (AW 9.0, 2.2-1).
  let table = s.table0;
  for (const h of s.history) {
    table =
      s.options.vpTable === 'clamp'
        ? Math.min(s.data.vpTrack.max, Math.max(s.data.vpTrack.min, table + h.vp - ALLIED_VP))
        : table + h.vp - ALLIED_VP;
    if (table !== h.table) out.push(`inv5: table after turn ${h.turn} is ${h.table}, expected ${table}`);
  }
  if (s.history.length && s.table !== table) out.push(`inv5: table ${s.table} does not match the history (${table})`);
  // 6. the game stops at the first minus table or after turn 5.
  for (let i = 0; i < s.history.length - 1; i++) {
    const h = s.history[i];
    if (h.table < 0 || h.turn === 5) out.push(`inv6: the game went on after turn ${h.turn} (table ${h.table})`);
  }
  const last = s.history[s.history.length - 1];
  const shouldEnd = last && (last.table < 0 || last.turn === 5);
  if (shouldEnd && (!s.result || s.phase.kind !== 'over')) out.push('inv6: the game should be over');
  if (s.result && !shouldEnd) out.push('inv6: the game is over too early');
  if (s.turn < 1 || s.turn > 5) out.push(`inv6: turn ${s.turn}`);
  return out;
}
