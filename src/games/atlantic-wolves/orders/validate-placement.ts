/**
 * Validation of the placement decision points: D1 (AW 11.0[4]), D2 (AW 6.0-Step2), D3 (AW 6.0-Step3, AW 12.0-2)
 * and D5 (AW 7.0). The overflow points D4 / D6 are in validate-overflow.ts.
 */
import type { RuleError } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import {
  areaEn,
  areaErrors,
  areaJa,
  citing,
  duplicateErrors,
  ownUnitErrors,
  ruleError,
  unitEn,
  unitJa,
} from './errors.ts';
import type { AwOrders } from './schema.ts';
import { step1Pool } from '../rules/placement.ts';
import { turn5Count } from '../rules/reinforcement.ts';
import { areaCounts, capacityAt, placeable, sideCounts, ubSlack, ubsToPlace } from '../rules/arithmetic.ts';
import type { AwState } from '../state.ts';
import { capacityBecause, type Because } from './explain.ts';

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

/** Errors of each placed unit (unknown, not the seat's, not available, unknown area); counts the valid ones. */
function placedUnitErrors(
  s: AwState,
  side: AwSide,
  placement: Record<string, string>,
  rule: string,
): { errors: RuleError[]; counts: number[]; placed: number } {
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
      const out = l === 'out';
      errors.push(
        ruleError(
          out ? 'aw/placement/withdrawn' : 'aw/placement/not-available',
          out ? 'AW 10.0-E3' : rule,
          `placement.${id}`,
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
  return { errors, counts, placed };
}

/** D3 (mail, AW 12.0-2) or D5 (AW 7.0): every used unit of the seat placed once, in a known area, within capacity. */
export function validatePlacement(s: AwState, side: AwSide, placement: Record<string, string>): RuleError[] {
  if (placementClean(s, side, placement)) return [];
  const rule = side === 'allied' ? 'AW 12.0-2' : 'AW 7.0';
  const { errors, counts, placed } = placedUnitErrors(s, side, placement, rule);
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
  const capacityRule = side === 'allied' ? 'AW 6.0-C1' : 'AW 7.0[3]';
  const slack = side === 'german' ? ubSlack(s, units.length) : 0;
  errors.push(...capacityErrors(s, side, counts, 'placement', capacityRule, slack));
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
          `${unitEn(s, id)} is not one of your Step-3 units`,
          `${unitJa(s, id)}は手順3のユニットではありません`,
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
