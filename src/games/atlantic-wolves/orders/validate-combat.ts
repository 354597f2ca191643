/**
 * Validation of response movement (D7, AW 12.0-3) and the combat allocations D8 (AW 8.1), D9 (AW 8.2[5]) and
 * D10 (AW 8.3[3]).
 */
import type { RuleError } from '../../../engine/types.ts';
import type { AwUnit } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { activeAir, activeShips, activeUbs, groupAreas, hasConvoy } from '../rules/combat.ts';
import { capacityBecause, strengthBecause } from './explain.ts';
import { areaEn, areaErrors, areaJa, duplicateErrors, ownUnitErrors, ruleError, unitEn, unitJa } from './errors.ts';
import { isResponseDestination } from '../rules/response-movement.ts';
import { shipAttacks, sideCounts, ubAttacks } from '../rules/arithmetic.ts';
import { at, type AwState } from '../state.ts';

/** D7: `stay`, or an adjacent area with room (AW 12.0-3b/d, AW-A28 R1). */
export function validateResponse(s: AwState, unit: string, dest: string): RuleError[] {
  if (dest === 'stay') return [];
  const e = areaErrors(s, dest, 'response', 'AW 12.0-3b');
  if (e.length) return e;
  const from = at(s, unit);
  if (dest === from) return [];
  const ix = indexOf(s.data);
  if (!ix.adjacent.get(from)?.has(dest)) {
    return [
      ruleError(
        'aw/response/not-adjacent',
        'AW 12.0-3b',
        'response',
        `${areaEn(s, dest)} is not adjacent to ${areaEn(s, from)}, where ${unitEn(s, unit)} is`,
        `${areaJa(s, dest)}は${unitJa(s, unit)}のいる${areaJa(s, from)}に隣接していません`,
      ),
    ];
  }
  if (!isResponseDestination(s, unit, dest)) {
    const side = ix.unit.get(unit)!.side;
    const ap = ix.areaPos.get(dest)!;
    const n = sideCounts(s, side)[ap];
    const why = capacityBecause(s, ap, side);
    return [
      ruleError(
        'aw/response/capacity',
        ['AW 12.0-3d', 'AW-A28', ...why.rules],
        'response',
        `${areaEn(s, dest)} is full (it holds ${n}; ${why.en}): ${unitEn(s, unit)} cannot move there`,
        `${areaJa(s, dest)}は満杯です（${n}個、${why.ja}）: ${unitJa(s, unit)}は移動できません`,
      ),
    ];
  }
  return [];
}

/** Target checks shared by D8-D10: each target is a unit of `kind` in the attacker's area. */
function targetErrors(
  s: AwState,
  attacker: string,
  targets: string[],
  path: string,
  rule: string,
  want: 'UB' | 'convoy',
  prefix: string,
): RuleError[] {
  const ix = indexOf(s.data);
  const out: RuleError[] = [];
  const from = at(s, attacker);
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i];
    const u = ix.unit.get(t);
    if (u && u.type === want && at(s, t) === from) continue; // the common case: no error, no message
    const p = `${path}.${i}`;
    if (!u) out.push(ruleError('aw/unit/unknown', rule, p, `unknown unit "${t}"`, `ユニット「${t}」は存在しません`));
    else if (u.type !== want)
      out.push(
        ruleError(
          `${prefix}/bad-target`,
          rule,
          p,
          `${unitEn(s, t)} cannot be attacked by ${unitEn(s, attacker)} ` +
            (want === 'UB' ? '(escorts attack UBs)' : '(UBs attack convoys only, AW 8.3[1])'),
          `${unitJa(s, attacker)}は${unitJa(s, t)}を攻撃できません`,
        ),
      );
    else if (at(s, t) !== at(s, attacker))
      out.push(
        ruleError(
          `${prefix}/wrong-area`,
          rule,
          p,
          `${unitEn(s, t)} is not in ${areaEn(s, at(s, attacker))} with ${unitEn(s, attacker)}`,
          `${unitJa(s, t)}は${unitJa(s, attacker)}と同じ${areaJa(s, at(s, attacker))}にいません`,
        ),
      );
  }
  return out;
}

/**
 * Why an attacker listed in an allocation cannot attack now: outside the combat being decided, a modified strength
 * of 0 or less (with its arithmetic, AW 8.2[6], 10.0-C, AW-A16), or no target (a UB, for a UB a convoy) in its area.
 */
function inactiveError(s: AwState, id: string, path: string, rule: string, code: string): RuleError {
  const area = at(s, id);
  if (!groupAreas(s).includes(area)) {
    return ruleError(
      `${code}/outside-combat`,
      rule,
      path,
      `${unitEn(s, id)} is not in an area whose combat is being decided`,
      `${unitJa(s, id)}は今回割り当てるエリアにいません`,
    );
  }
  if (rule === 'AW 8.3') {
    return ruleError(
      `${code}/cannot-attack`,
      [rule, 'AW 8.3[1]'],
      path,
      `${unitEn(s, id)} cannot attack: there is no convoy in ${areaEn(s, area)}`,
      `${unitJa(s, id)}は攻撃できません: ${areaJa(s, area)}に船団がいません`,
    );
  }
  const why = strengthBecause(s, indexOf(s.data).unit.get(id)!, hasConvoy(s, area));
  if (why.value <= 0) {
    const rules = [...new Set([rule, ...why.rules, why.value < 0 ? 'AW-A16' : 'AW 10.0-C'])];
    return ruleError(
      `${code}/cannot-attack`,
      rules,
      path,
      `${unitEn(s, id)} cannot attack: ${why.en}, and a unit of strength 0 or less cannot attack (AW 10.0-C, AW-A16)`,
      `${unitJa(s, id)}は攻撃できません: ${why.ja}。戦力0以下のユニットは攻撃できません（AW 10.0-C、AW-A16）`,
    );
  }
  const target = rule === 'AW 8.1' ? 'AW 8.1[1]' : 'AW 8.2[1]';
  return ruleError(
    `${code}/cannot-attack`,
    [rule, target],
    path,
    `${unitEn(s, id)} cannot attack: there is no UB in ${areaEn(s, area)}`,
    `${unitJa(s, id)}は攻撃できません: ${areaJa(s, area)}にUBがいません`,
  );
}

/** D8 (option airAttack = optional, AW-A10 R2): air unit -> UBs it attacks, each once. */
export function validateAir(s: AwState, air: Record<string, string[]>): RuleError[] {
  const active = new Set(activeAir(s).map((u) => u.id));
  const errors: RuleError[] = [];
  for (const id of Object.keys(air).sort()) {
    const path = `air.${id}`;
    const e = ownUnitErrors(s, 'allied', id, path, 'AW 8.1');
    if (e.length) errors.push(...e);
    else if (indexOf(s.data).unit.get(id)?.type !== 'air')
      errors.push(
        ruleError(
          'aw/air/not-air',
          'AW 8.1',
          path,
          `${unitEn(s, id)} is not an air unit`,
          `${unitJa(s, id)}は空軍ユニットではありません`,
        ),
      );
    else if (!active.has(id)) errors.push(inactiveError(s, id, path, 'AW 8.1', 'aw/air'));
    else
      errors.push(
        ...duplicateErrors(air[id], path, 'AW 8.1[1]'),
        ...targetErrors(s, id, air[id], path, 'AW 8.1[1]', 'UB', 'aw/air'),
      );
  }
  return errors;
}

/**
 * Whether an allocation has no error at all (the common case), checked without sorting or building messages: every
 * attacker listed is active, has at most its attacks, and every target is a unit of `want` in its area; with
 * `mandatory`, every active attacker uses all its attacks. Any doubt answers false and the full check runs.
 */
function allocationClean(
  s: AwState,
  alloc: Record<string, string[]>,
  active: AwUnit[],
  attacks: (u: AwUnit) => number,
  want: 'UB' | 'convoy',
  mandatory: boolean,
): boolean {
  const ix = indexOf(s.data);
  const units = s.data.units;
  const ids = Object.keys(alloc);
  for (let k = 0; k < ids.length; k++) {
    const i = ix.order.get(ids[k]);
    if (i === undefined || !active.includes(units[i])) return false;
    const list = alloc[ids[k]];
    if (list.length > attacks(units[i])) return false;
    const from = s.loc[i];
    for (let j = 0; j < list.length; j++) {
      const t = ix.order.get(list[j]);
      if (t === undefined || units[t].type !== want || s.loc[t] !== from) return false;
    }
  }
  if (mandatory) for (const u of active) if ((alloc[u.id]?.length ?? 0) < attacks(u)) return false;
  return true;
}

/** D9 (AW 8.2[2], [5]): escort ship -> UB targets; a DD 1, a CVE 2; fewer declines (AW-A33) unless mandatory. */
export function validateEscorts(s: AwState, alloc: Record<string, string[]>): RuleError[] {
  const active = activeShips(s);
  if (allocationClean(s, alloc, active, shipAttacks, 'UB', s.options.escortDecline === 'mandatory')) return [];
  const activeIds = new Set(active.map((u) => u.id));
  const errors: RuleError[] = [];
  const ix = indexOf(s.data);
  for (const id of Object.keys(alloc).sort()) {
    const path = `escorts.${id}`;
    const u = ix.unit.get(id);
    if (u?.side !== 'allied') {
      errors.push(...ownUnitErrors(s, 'allied', id, path, 'AW 8.2'));
      continue;
    }
    if (u.type !== 'DD' && u.type !== 'CVE')
      errors.push(
        ruleError(
          'aw/escorts/not-escort-ship',
          'AW 8.2[1]',
          path,
          `${unitEn(s, id)} is not an escort ship (DD or CVE)`,
          `${unitJa(s, id)}は護衛艦（DD・CVE）ではありません`,
        ),
      );
    else if (!activeIds.has(id)) {
      if (alloc[id].length) errors.push(inactiveError(s, id, path, 'AW 8.2', 'aw/escorts'));
    } else {
      const n = shipAttacks(u);
      if (alloc[id].length > n)
        errors.push(
          ruleError(
            'aw/escorts/too-many',
            'AW 8.2[2]',
            path,
            `${unitEn(s, id)} makes ${n} attack(s), not ${alloc[id].length}`,
            `${unitJa(s, id)}の攻撃は${n}回です（${alloc[id].length}回指定）`,
          ),
        );
      errors.push(...targetErrors(s, id, alloc[id], path, 'AW 8.2[1]', 'UB', 'aw/escorts'));
    }
  }
  if (s.options.escortDecline === 'mandatory') {
    for (const u of active) {
      const n = (alloc[u.id] ?? []).length;
      if (n < shipAttacks(u))
        errors.push(
          ruleError(
            'aw/escorts/too-few',
            'AW-A33',
            `escorts.${u.id}`,
            `${unitEn(s, u.id)} must allocate all ${shipAttacks(u)} attack(s)`,
            `${unitJa(s, u.id)}は${shipAttacks(u)}回すべて割り当ててください`,
          ),
        );
    }
  }
  return errors;
}

/** D10 (AW 8.3[2]-[3]): UB -> convoy targets, at most its 2 or 3 attacks (AW-A34: fewer declines unless mandatory). */
export function validateUbs(s: AwState, alloc: Record<string, string[]>): RuleError[] {
  const active = activeUbs(s);
  if (allocationClean(s, alloc, active, (u) => ubAttacks(s, u.id), 'convoy', s.options.ubDecline === 'mandatory'))
    return [];
  const activeIds = new Set(active.map((u) => u.id));
  const errors: RuleError[] = [];
  const ix = indexOf(s.data);
  for (const id of Object.keys(alloc).sort()) {
    const path = `ubs.${id}`;
    const u = ix.unit.get(id);
    if (u?.side !== 'german') {
      errors.push(...ownUnitErrors(s, 'german', id, path, 'AW 8.3'));
      continue;
    }
    if (!activeIds.has(id)) {
      if (alloc[id].length) errors.push(inactiveError(s, id, path, 'AW 8.3', 'aw/ubs'));
      continue;
    }
    const n = ubAttacks(s, id);
    if (alloc[id].length > n)
      errors.push(
        ruleError(
          'aw/ubs/too-many',
          'AW 8.3[2]',
          path,
          `${unitEn(s, id)} makes ${n} attacks (${n === 2 ? 'it was attacked' : 'it was not attacked'}), ` +
            `not ${alloc[id].length}`,
          `${unitJa(s, id)}の攻撃は${n}回です（${alloc[id].length}回指定）`,
        ),
      );
    errors.push(...targetErrors(s, id, alloc[id], path, 'AW 8.3[1]', 'convoy', 'aw/ubs'));
  }
  if (s.options.ubDecline === 'mandatory') {
    for (const u of active) {
      const n = (alloc[u.id] ?? []).length;
      if (n < ubAttacks(s, u.id))
        errors.push(
          ruleError(
            'aw/ubs/too-few',
            'AW-A34',
            `ubs.${u.id}`,
            `${unitEn(s, u.id)} must allocate all ${ubAttacks(s, u.id)} attacks`,
            `${unitJa(s, u.id)}は${ubAttacks(s, u.id)}回すべて割り当ててください`,
          ),
        );
    }
  }
  return errors;
}
