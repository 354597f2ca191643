/**
 * Validation of the placement decision points: D1 (AW 11.0[4]), D2 (AW 6.0-Step2), D3 (AW 6.0-Step3, AW 12.0-2),
 * D4/D6 (AW 6.0-C2, 7.0[6]) and D5 (AW 7.0).
 */
import type { RuleError } from '../../engine/types.ts';
import type { AwSide } from './data/schema.ts';
import { indexOf } from './data/data-index.ts';
import { areaEn, areaErrors, areaJa, duplicateErrors, ownUnitErrors, ruleError, unitEn, unitJa } from './errors.ts';
import type { AwOrders } from './orders/schema.ts';
import { blindToOwner, blindUnit, blindUnitsAt, parseBlindName, replaceOrder, seatSees } from './hidden-units.ts';
import { overfull, placeholder, step1Pool } from './placement.ts';
import { turn5Count } from './reinforcement.ts';
import { areaCounts, capacityAt, capacityFor, placeable, sideCounts, ubSlack, ubsToPlace } from './rules.ts';
import { at, isArea, type AwState } from './state.ts';
import { capacityBecause, type Because } from './explain.ts';

/** The rules an error cites: the one broken first, then those behind its numbers, each once. */
const citing = (rule: string, behind: readonly string[]): string[] => [...new Set([rule, ...behind])];

/**
 * Capacity errors for area counts (Allied 配置数, UB capacity with E2); `slack` allows AW-A08 R2 overflow. Each
 * error says how the capacity comes about this turn and cites every rule behind it (explain.ts).
 */
function capacityErrors(
  s: AwState,
  side: AwSide,
  counts: Map<string, number> | number[],
  path: string,
  rule: string,
  slack = 0,
): RuleError[] {
  if (s.options.overflow === 'literal') return []; // AW 6.0-C2 / 7.0[6] literal: overflow is handled by re-placement
  const out: RuleError[] = [];
  let over = 0;
  const ids = indexOf(s.data).areaIds;
  const what = side === 'allied' ? 'Allied units' : 'UBs';
  const slackEn = slack ? `; AW-A08 R2 lets ${slack} UB(s) in all exceed capacity` : '';
  const slackJa = slack ? `。AW-A08 R2により合計${slack}個までは超過できます` : '';
  for (let i = 0; i < ids.length; i++) {
    const a = ids[i];
    const n = Array.isArray(counts) ? counts[i] : (counts.get(a) ?? 0);
    const cap = capacityAt(s, i, side);
    if (n <= cap) continue;
    over += n - cap;
    const why = capacityBecause(s, i, side);
    const rules = citing(rule, [...why.rules, ...(slack ? ['AW-A08 R2'] : [])]);
    out.push(
      ruleError(
        'aw/placement/capacity',
        rules,
        path,
        `${areaEn(s, a)} would hold ${n} ${what}, ${n - cap} too many: ${why.en}${slackEn}`,
        `${areaJa(s, a)}に${n}個は置けません（${n - cap}個超過）: ${why.ja}${slackJa}`,
      ),
    );
  }
  return over <= slack ? [] : out;
}

/**
 * Whether a placement has no error at all, checked without sorting or building messages (the common case). Any
 * doubt answers false and the full check below runs (its error order depends on sorted keys).
 */
function placementClean(s: AwState, side: AwSide, placement: Record<string, string>): boolean {
  const ix = indexOf(s.data);
  const counts = sideCounts(s, side);
  const german = side === 'german' ? 1 : 0;
  // Object.keys: own keys only, as the full check sees them; cheaper than for-in on hash-table records.
  const ids = Object.keys(placement);
  const placed = ids.length;
  for (let k = 0; k < placed; k++) {
    const id = ids[k];
    const i = ix.order.get(id);
    if (i === undefined || ix.isGerman[i] !== german || s.loc[i] !== 'used') return false;
    const ap = ix.areaPos.get(placement[id]);
    if (ap === undefined) return false;
    counts[ap]++;
  }
  const units = placeable(s, side).length;
  const need = side === 'german' ? ubsToPlace(s, units) : units;
  if (placed < need) return false;
  if (s.options.overflow === 'literal') return true;
  let over = 0;
  for (let a = 0; a < counts.length; a++) over += Math.max(0, counts[a] - capacityAt(s, a, side));
  return over === 0 || over <= (side === 'german' ? ubSlack(s, units) : 0);
}

/** How many units must be placed, and why: every used unit, or (AW-A08 R1) as many UBs as the map takes this turn. */
function needBecause(s: AwState, side: AwSide, used: number, need: number): Omit<Because, 'value'> {
  if (side === 'allied')
    return {
      en: `${need} units must be placed: every used unit`,
      ja: `使用ユニット${need}個すべてを配置すること`,
      rules: ['AW 6.0[2]'],
    };
  if (need === used)
    return {
      en: `${need} UBs must be placed: every used UB`,
      ja: `使用UB${need}個すべてを配置すること`,
      rules: ['AW 7.0[2]'],
    };
  return {
    en:
      `${need} of your ${used} used UBs must be placed: the map's total UB capacity on turn ${s.turn}; ` +
      'the rest stay off the map (AW-A08 R1)',
    ja: `使用UB${used}個のうち${need}個を配置すること（第${s.turn}ターンの地図全体のUB配置数。残りは地図外、AW-A08 R1）`,
    rules: ['AW 7.0[2]', 'AW-A08 R1', ...(s.turn >= 3 ? ['AW 10.0-E2'] : [])],
  };
}

/** D3 (mail, AW 12.0-2) or D5 (AW 7.0): every used unit of the seat placed once, in a known area, within capacity. */
export function validatePlacement(s: AwState, side: AwSide, placement: Record<string, string>): RuleError[] {
  if (placementClean(s, side, placement)) return [];
  const rule = side === 'allied' ? 'AW 12.0-2' : 'AW 7.0';
  const errors: RuleError[] = [];
  const ix = indexOf(s.data);
  const counts = sideCounts(s, side);
  let placed = 0;
  for (const id of Object.keys(placement).sort()) {
    const u = ix.unit.get(id);
    if (!u || u.side !== side) {
      errors.push(...ownUnitErrors(s, side, id, `placement.${id}`, rule));
      continue;
    }
    const l = s.loc[ix.order.get(id)!]; // at(s, id)
    if (l !== 'used') {
      const path = `placement.${id}`;
      const out = l === 'out';
      errors.push(
        ruleError(
          out ? 'aw/placement/withdrawn' : 'aw/placement/not-available',
          out ? 'AW 10.0-E3' : rule,
          path,
          out ? `${unitEn(s, id)} is out of play from turn 3` : `${unitEn(s, id)} is not in your used group now`,
          out ? `${unitJa(s, id)}は第3ターンから除外されています` : `${unitJa(s, id)}は現在使用ユニットではありません`,
        ),
      );
      continue;
    }
    const area = placement[id];
    const ap = ix.areaPos.get(area);
    if (ap === undefined) {
      errors.push(...areaErrors(s, area, `placement.${id}`, rule));
      continue;
    }
    counts[ap]++;
    placed++;
  }
  const units = placeable(s, side);
  const need = side === 'german' ? ubsToPlace(s, units.length) : units.length;
  if (placed < need) {
    const why = needBecause(s, side, units.length, need);
    for (const u of units) {
      if (placement[u.id] !== undefined) continue;
      errors.push(
        ruleError(
          'aw/placement/missing',
          why.rules,
          `placement.${u.id}`,
          `${unitEn(s, u.id)} is not placed (${why.en})`,
          `${unitJa(s, u.id)}が配置されていません（${why.ja}）`,
        ),
      );
    }
  }
  errors.push(
    ...capacityErrors(
      s,
      side,
      counts,
      'placement',
      side === 'allied' ? 'AW 6.0-C1' : 'AW 7.0[3]',
      side === 'german' ? ubSlack(s, units.length) : 0,
    ),
  );
  return errors;
}

/** D2 (AW 6.0-Step2): area -> count of blindly drawn units, summing to the draw (or up to it, AW-A05 R2). */
export function validateStep2(s: AwState, step2: Record<string, number>, draw: number): RuleError[] {
  const errors: RuleError[] = [];
  const counts = new Map<string, number>();
  let total = 0;
  for (const a of Object.keys(step2).sort()) {
    const e = areaErrors(s, a, `step2.${a}`, 'AW 6.0-Step2');
    if (e.length) errors.push(...e);
    else counts.set(a, step2[a]);
    total += step2[a];
  }
  const ok = s.options.step2Draw === 'exact' ? total === draw : total <= draw;
  if (!ok)
    errors.push(
      ruleError(
        'aw/step2/total',
        s.options.step2Draw === 'exact' ? ['AW 6.0-Step2', 'AW-A05 R1'] : ['AW 6.0-Step2', 'AW-A05 R2'],
        'step2',
        `the counts add up to ${total}; they must ${s.options.step2Draw === 'exact' ? 'equal' : 'not exceed'} ${draw}`,
        `合計${total}個です。${draw}個${s.options.step2Draw === 'exact' ? 'ちょうど' : '以下'}にしてください`,
      ),
    );
  errors.push(...capacityErrors(s, 'allied', counts, 'step2', 'AW 6.0-C1'));
  return errors;
}

/** D3 standard (AW 6.0-Step3): every remaining Step-1 unit with area and facing. */
export function validateStep3(s: AwState, step3: NonNullable<AwOrders['step3']>): RuleError[] {
  const errors: RuleError[] = [];
  const pool = new Set(step1Pool(s));
  const counts = areaCounts(s, 'allied');
  for (const id of Object.keys(step3).sort()) {
    const path = `step3.${id}`;
    const e = ownUnitErrors(s, 'allied', id, path, 'AW 6.0-Step3');
    if (e.length) {
      errors.push(...e);
      continue;
    }
    if (!pool.has(id)) {
      // Also the answer for a Step-2 unit: its identity stays hidden (AW-A06), so it is "not a Step-3 unit".
      errors.push(
        ruleError(
          'aw/placement/not-available',
          'AW 6.0-Step3',
          path,
          `${id} is not one of your Step-3 units`,
          `${id}は手順3のユニットではありません`,
        ),
      );
      continue;
    }
    const ae = areaErrors(s, step3[id].area, `${path}.area`, 'AW 6.0-Step3');
    if (ae.length) errors.push(...ae);
    else counts.set(step3[id].area, (counts.get(step3[id].area) ?? 0) + 1);
  }
  for (const id of [...pool]) {
    if (!step3[id])
      errors.push(
        ruleError(
          'aw/placement/missing',
          'AW 6.0[2]',
          `step3.${id}`,
          `${unitEn(s, id)} is not placed`,
          `${unitJa(s, id)}が配置されていません`,
        ),
      );
  }
  errors.push(...capacityErrors(s, 'allied', counts, 'step3', 'AW 6.0-C1'));
  return errors;
}

/**
 * A name of an own unit in the overflow procedure: an id, or (Allied, before combat) a blind name `AREA?k` of a
 * face-down Step-2 unit (AW-A06). A Step-2 unit's id is refused the same way wherever it stands: its owner may not
 * learn where it is from a refusal.
 */
export function nameErrors(s: AwState, side: AwSide, name: string, path: string, rule: string): RuleError[] {
  const b = parseBlindName(name);
  if (b && side === 'allied' && blindUnitsAt(s, b.area).length) {
    if (blindUnit(s, name)) return [];
    const n = blindUnitsAt(s, b.area).length;
    const en = `${areaEn(s, b.area)} holds ${n} face-down Step-2 unit(s): "${name}" names none of them`;
    const ja = `${areaJa(s, b.area)}の手順2の裏向きユニットは${n}個です。「${name}」は該当しません`;
    return [ruleError('aw/overflow/blind-name', 'AW-A06', path, en, ja)];
  }
  const e = ownUnitErrors(s, side, name, path, rule);
  if (e.length || side !== 'allied' || !blindToOwner(s, name)) return e;
  const en = `${unitEn(s, name)} was placed blind in Step 2: name a face-down unit by its area instead (e.g. "CG?1")`;
  const ja = `${unitJa(s, name)}は手順2で伏せて置かれたユニットです。エリアで指定してください（例「CG?1」）`;
  return [ruleError('aw/overflow/blind-unit', 'AW-A06', path, en, ja)];
}

/** D4a / D6a (AW 6.0-C2, 7.0[6], AW-A07(a)): the owner names the excess units of each overfull area. */
export function validateOverflowNames(s: AwState, side: AwSide, named: string[]): RuleError[] {
  const rule = side === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]';
  const errors: RuleError[] = [...duplicateErrors(named, 'overflow', rule)];
  const over = overfull(s, side);
  const per = new Map<string, number>();
  for (const [i, name] of named.entries()) {
    const e = nameErrors(s, side, name, `overflow.${i}`, rule);
    if (e.length) {
      errors.push(...e);
      continue;
    }
    const id = parseBlindName(name) ? blindUnit(s, name)! : name;
    const area = at(s, id);
    if (!isArea(area)) {
      errors.push(
        ruleError(
          'aw/overflow/not-on-map',
          rule,
          `overflow.${i}`,
          `${unitEn(s, id)} is not on the map`,
          `${unitJa(s, id)}は地図上にありません`,
        ),
      );
      continue;
    }
    if (s.options.overflowNaming === 'excess' && !over[area])
      errors.push(
        ruleError(
          'aw/overflow/not-overfull',
          'AW-A07(a)',
          `overflow.${i}`,
          `${unitEn(s, id)} is in ${areaEn(s, area)}, which is not over capacity`,
          `${unitJa(s, id)}のいる${areaJa(s, area)}は配置数を超えていません`,
        ),
      );
    per.set(area, (per.get(area) ?? 0) + 1);
  }
  for (const [area, excess] of Object.entries(over).sort()) {
    const n = per.get(area) ?? 0;
    const exact = s.options.overflowNaming === 'excess';
    const bad = exact ? n !== excess : n < excess;
    if (bad)
      errors.push(
        ruleError(
          'aw/overflow/count',
          'AW-A07(a)',
          'overflow',
          `name ${exact ? 'exactly' : 'at least'} ${excess} unit(s) in ${areaEn(s, area)} (named ${n})`,
          `${areaJa(s, area)}から${excess}個${exact ? 'ちょうど' : '以上'}指名してください（${n}個）`,
        ),
      );
  }
  return errors;
}

/** D4b / D6b: the opponent re-places every named unit so that every area is within capacity (AW-A07(c) aside). */
export function validateReplace(
  s: AwState,
  side: AwSide,
  units: string[],
  replace: Record<string, string>,
): RuleError[] {
  const rule = side === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]';
  const errors: RuleError[] = [];
  // Keys: `#n` in re-placement order, or the id of a unit this seat may see; the id of a face-down unit is refused
  // as any other unknown key is, so that a refusal tells nothing of which units were named.
  const replacer: AwSide = side === 'allied' ? 'german' : 'allied';
  const order = replaceOrder(s, side, units);
  const keyed = (id: string) => seatSees(s, replacer, id);
  const keys = new Set<string>();
  order.forEach((id, i) => {
    if (keyed(id)) keys.add(id);
    keys.add(placeholder(i));
  });
  const counts = areaCounts(s, side);
  let room = 0;
  for (const a of indexOf(s.data).areaIds) room += Math.max(0, capacityFor(s, a, side) - (counts.get(a) ?? 0));
  for (const k of Object.keys(replace).sort()) {
    if (!keys.has(k))
      errors.push(
        ruleError(
          'aw/replace/unknown-unit',
          rule,
          `replace.${k}`,
          `"${k}" is not one of the units to re-place`,
          `「${k}」は再配置するユニットではありません`,
        ),
      );
    else errors.push(...areaErrors(s, replace[k], `replace.${k}`, rule));
  }
  let placed = 0;
  order.forEach((id, i) => {
    const byId = keyed(id) ? replace[id] : undefined;
    const a = byId ?? replace[placeholder(i)];
    if (a === undefined) return;
    if (byId !== undefined && replace[placeholder(i)] !== undefined) {
      errors.push(
        ruleError('aw/orders/duplicate', rule, `replace.${id}`, `${id} is given twice`, `${id}が2回指定されています`),
      );
    }
    if (indexOf(s.data).area.has(a)) counts.set(a, (counts.get(a) ?? 0) + 1);
    placed++;
  });
  if (placed < Math.min(units.length, room))
    errors.push(
      ruleError(
        'aw/replace/missing',
        rule,
        'replace',
        `re-place all ${units.length} named unit(s) (placed ${placed})`,
        `指名された${units.length}個すべてを再配置してください（${placed}個）`,
      ),
    );
  indexOf(s.data).areaIds.forEach((a, ap) => {
    const n = counts.get(a) ?? 0;
    const why = capacityBecause(s, ap, side);
    if (n > why.value)
      errors.push(
        ruleError(
          'aw/replace/capacity',
          citing(rule, why.rules),
          'replace',
          `${areaEn(s, a)} would hold ${n}: ${why.en}`,
          `${areaJa(s, a)}に${n}個は置けません: ${why.ja}`,
        ),
      );
  });
  return errors;
}

/** D1 (AW 11.0[4]): exactly the turn-5 number of distinct sunk UBs. */
export function validateReinforce(s: AwState, list: string[], path = 'reinforce'): RuleError[] {
  const errors: RuleError[] = [...duplicateErrors(list, path, 'AW 11.0[4]')];
  list.forEach((id, i) => {
    const e = ownUnitErrors(s, 'german', id, `${path}.${i}`, 'AW 11.0[4]');
    if (e.length) errors.push(...e);
    else if (!s.sunkUbs.includes(id))
      errors.push(
        ruleError(
          'aw/reinforce/not-sunk',
          'AW 11.0[4]',
          `${path}.${i}`,
          `${unitEn(s, id)} has not been sunk`,
          `${unitJa(s, id)}は撃沈されていません`,
        ),
      );
  });
  const k = turn5Count(s);
  if (path === 'reinforce' && new Set(list).size !== k)
    errors.push(
      ruleError(
        'aw/reinforce/count',
        'AW 11.0[4]',
        path,
        `choose exactly ${k} sunk UBs (chose ${new Set(list).size})`,
        `撃沈UBを${k}個ちょうど選んでください（${new Set(list).size}個）`,
      ),
    );
  return errors;
}
