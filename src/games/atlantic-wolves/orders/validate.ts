/**
 * `validate(state, seat, orders)`: every problem with one seat's orders at the current decision point, each with a
 * stable code, bilingual message, rule id and path. Nothing is half-applied: `resolve` only ever sees valid orders.
 */
import type { RuleError } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { areaEn, areaJa, duplicateErrors, ownUnitErrors, ruleError } from './errors.ts';
import type { AwOrders, AwStandingOrders } from './schema.ts';
import { currentPoint, owingSeat } from '../rules/owed.ts';
import { capacityBecause } from './explain.ts';
import type { AwPhase, AwState } from '../state.ts';
import { validateAir, validateEscorts, validateResponse, validateUbs } from './validate-combat.ts';
import { nameErrors, validateOverflowNames, validateReplace } from './validate-overflow.ts';
import { validatePlacement, validateReinforce, validateStep2, validateStep3 } from './validate-placement.ts';

type Field = Exclude<keyof AwOrders, 'standing'>;

/** Which phase kinds each orders field answers (`overflow` may also come with a placement, as a priority list). */
const ANSWERS: Record<Field, AwPhase['kind'][]> = {
  reinforce: ['reinforce'],
  placement: ['placement', 'ub-placement'],
  step2: ['step2'],
  step3: ['step3'],
  overflow: ['overflow-name', 'placement', 'ub-placement', 'step3'],
  replace: ['overflow-replace'],
  response: ['response'],
  air: ['air'],
  escorts: ['escorts'],
  ubs: ['ubs'],
};

/** Each answer as players write it (the order text's keyword and what it answers), never the field's id. */
const FIELD_WORDS: Record<Field, { en: string; ja: string }> = {
  reinforce: { en: 'REINFORCE (returning UBs)', ja: '増強（復帰するUB）' },
  placement: { en: 'PLACE (placement)', ja: '配置' },
  step2: { en: 'STEP2 (Step-2 placement)', ja: 'STEP2（手順2の配置）' },
  step3: { en: 'STEP3 (Step-3 placement)', ja: 'STEP3（手順3の配置）' },
  overflow: { en: 'OVERFLOW (units named for re-placement)', ja: 'OVERFLOW（再配置するユニット）' },
  replace: { en: 'REPLACE (re-placement)', ja: 'REPLACE（再配置）' },
  response: { en: 'MOVE or STAY (response movement)', ja: '移動 または 待機（対応移動）' },
  air: { en: 'AIR (air attacks)', ja: 'AIR（空軍攻撃）' },
  escorts: { en: 'ESCORT (escort attacks)', ja: '護衛（護衛艦の攻撃）' },
  ubs: { en: 'UB (UB attacks)', ja: '攻撃（UBの攻撃）' },
};

/** A seat by name: "the Allies", "連合軍". */
const SEAT_NAMES: Record<string, { en: string; ja: string }> = {
  allied: { en: 'the Allies', ja: '連合軍' },
  german: { en: 'the Germans', ja: 'ドイツ軍' },
};

/** The field that answers each decision point. */
const REQUIRED: Partial<Record<AwPhase['kind'], Field>> = {
  reinforce: 'reinforce',
  step2: 'step2',
  step3: 'step3',
  placement: 'placement',
  'ub-placement': 'placement',
  'overflow-name': 'overflow',
  'overflow-replace': 'replace',
  response: 'response',
  air: 'air',
  escorts: 'escorts',
  ubs: 'ubs',
};

/** Whether a standing response table has no error (checked without sorting or building messages). */
function responseTableClean(s: AwState, seat: AwSide, table: Record<string, string[]>): boolean {
  const ix = indexOf(s.data);
  const german = seat === 'german' ? 1 : 0;
  const ids = Object.keys(table); // own keys, as the full check sees them
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    const i = ix.order.get(id);
    if (i === undefined || ix.isGerman[i] !== german) return false;
    const list = table[id];
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      if (v !== 'stay' && v !== 'ask' && !ix.area.has(v)) return false;
    }
  }
  return true;
}

/** A standing response table (AW 12.0-3, spec 5.2): own units, each with areas, "stay" or "ask"; mail mode only. */
function responseTableErrors(s: AwState, seat: AwSide, table: Record<string, string[]>): RuleError[] {
  if (s.mode === 'mail' && responseTableClean(s, seat, table)) return [];
  const errors: RuleError[] = [];
  const ix = indexOf(s.data);
  if (s.mode !== 'mail')
    errors.push(
      ruleError(
        'aw/standing/not-in-mode',
        'AW 12.0-3',
        'standing.responseTable',
        'response movement exists only in mail mode',
        '対応移動はメールプレイのみです',
      ),
    );
  for (const id of Object.keys(table).sort()) {
    const u = ix.unit.get(id);
    if (!u || u.side !== seat) errors.push(...ownUnitErrors(s, seat, id, `standing.responseTable.${id}`, 'AW 12.0-3'));
    const list = table[id];
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      if (v !== 'stay' && v !== 'ask' && !ix.area.has(v))
        errors.push(
          ruleError(
            'aw/standing/unknown-area',
            'AW 12.0-3',
            `standing.responseTable.${id}.${i}`,
            `"${v}" is not an area, "stay" or "ask"`,
            `「${v}」はエリア・stay・askのいずれでもありません`,
          ),
        );
    }
  }
  return errors;
}

/** A standing Step-2 plan (AW 6.0-Step2): known areas, within capacity when overfull placements are refused. */
function step2PlanErrors(s: AwState, seat: AwSide, plan: string[]): RuleError[] {
  const errors: RuleError[] = [];
  const ix = indexOf(s.data);
  if (seat !== 'allied' || s.mode !== 'standard')
    errors.push(
      ruleError(
        'aw/standing/not-in-mode',
        'AW 6.0-Step2',
        'standing.step2Plan',
        'a Step-2 plan is an Allied order of the standard game',
        '手順2の計画は標準ルールの連合軍のみです',
      ),
    );
  const counts = new Map<string, number>();
  for (const [i, a] of plan.entries()) {
    if (ix.area.has(a)) {
      counts.set(a, (counts.get(a) ?? 0) + 1);
      continue;
    }
    errors.push(
      ruleError(
        'aw/standing/unknown-area',
        'AW 6.0-Step2',
        `standing.step2Plan.${i}`,
        `unknown area "${a}"`,
        `エリア「${a}」は存在しません`,
      ),
    );
  }
  if (s.options.overflow !== 'reject') return errors;
  for (const [a, n] of [...counts].sort()) {
    const why = capacityBecause(s, ix.areaPos.get(a)!, 'allied');
    if (n > why.value)
      errors.push(
        ruleError(
          'aw/standing/step2-plan-capacity',
          [...why.rules, 'AW 6.0-Step2'],
          'standing.step2Plan',
          `the plan puts ${n} units in ${areaEn(s, a)}: ${why.en}`,
          `計画で${areaJa(s, a)}に${n}個: ${why.ja}`,
        ),
      );
  }
  return errors;
}

/** A standing choice of the sunk UBs returning on turn 5 (AW 11.0[4]): German, mail mode; they need not be sunk yet. */
function standingReinforceErrors(s: AwState, seat: AwSide, units: string[]): RuleError[] {
  if (seat !== 'german' || s.mode !== 'mail')
    return [
      ruleError(
        'aw/standing/not-in-mode',
        'AW 11.0[4]',
        'standing.reinforce',
        'the turn-5 choice of sunk UBs is a German order of the historical (mail) game',
        '撃沈UBの選択はメールプレイのドイツ軍のみです',
      ),
    ];
  return validateReinforce(s, units, 'standing.reinforce').filter((e) => e.code !== 'aw/reinforce/not-sunk');
}

/** Standing orders (answers to later decision points, spec 5.2): shape of each entry against the data and mode. */
function validateStanding(s: AwState, seat: AwSide, st: AwStandingOrders): RuleError[] {
  return [
    ...(st.responseTable ? responseTableErrors(s, seat, st.responseTable) : []),
    ...(st.step2Plan ? step2PlanErrors(s, seat, st.step2Plan) : []),
    ...(st.reinforce ? standingReinforceErrors(s, seat, st.reinforce) : []),
  ];
}

/** An `overflow` priority list sent with a placement (literal overflow, AW 6.0-C2 / 7.0[6]): own units, once each. */
function priorityErrors(s: AwState, seat: AwSide, list: string[] | undefined): RuleError[] {
  if (!list) return [];
  const rule = seat === 'allied' ? 'AW 6.0-C2' : 'AW 7.0[6]';
  const names = list.flatMap((id, i) => nameErrors(s, seat, id, `overflow.${i}`, rule)); // ids, or Step-2 units by area
  return [...duplicateErrors(list, 'overflow', rule), ...names];
}

/** Validates the answer to the decision point the seat owes now. */
function validateAnswer(s: AwState, seat: AwSide, o: AwOrders): RuleError[] {
  const p = s.phase;
  switch (p.kind) {
    case 'reinforce':
      return validateReinforce(s, o.reinforce ?? []);
    case 'step2':
      return validateStep2(s, o.step2 ?? {}, p.draw);
    case 'step3':
      return [...validateStep3(s, o.step3 ?? {}), ...priorityErrors(s, seat, o.overflow)];
    case 'placement':
    case 'ub-placement':
      return [...validatePlacement(s, seat, o.placement ?? {}), ...priorityErrors(s, seat, o.overflow)];
    case 'overflow-name':
      return validateOverflowNames(s, p.side, o.overflow ?? []);
    case 'overflow-replace':
      return validateReplace(s, p.side, p.units, o.replace ?? {});
    case 'response':
      return validateResponse(s, p.unit, o.response ?? 'stay');
    case 'air':
      return validateAir(s, o.air ?? {});
    case 'escorts':
      return validateEscorts(s, o.escorts ?? {});
    case 'ubs':
      return validateUbs(s, o.ubs ?? {});
    default:
      return [];
  }
}

/** Every error in one seat's orders (empty when they may be resolved). */
export function validate(s: AwState, seat: string, orders: AwOrders): RuleError[] {
  if (seat !== 'allied' && seat !== 'german')
    return [ruleError('aw/orders/unknown-seat', 'AW 2.1', '', `no seat "${seat}"`, `席「${seat}」はありません`)];
  // The owing seat without building prompts; the full point only when a message needs it.
  const owes = owingSeat(s) === seat;
  const errors: RuleError[] = [];
  for (const f of Object.keys(orders).sort() as (keyof AwOrders)[]) {
    if (f === 'standing' || orders[f] === undefined) continue;
    if (!owes || !ANSWERS[f].includes(s.phase.kind)) {
      const point = currentPoint(s);
      errors.push(
        ruleError(
          'aw/orders/not-owed',
          point?.rule ?? 'AW 4.0',
          f,
          `${FIELD_WORDS[f].en} answers a decision you do not owe now${point ? ` (${point.point} is owed by ${SEAT_NAMES[point.seat]?.en ?? point.seat})` : ''}`,
          `${FIELD_WORDS[f].ja}は現在あなたが行う決定ではありません${point ? `（${point.point}は${SEAT_NAMES[point.seat]?.ja ?? point.seat}の番です）` : ''}`,
        ),
      );
    }
  }
  if (owes) {
    // The answer is checked whatever else is wrong (a field not owed, bad standing orders): every error at once.
    const field = REQUIRED[s.phase.kind];
    if (field && orders[field] === undefined) {
      const point = currentPoint(s);
      errors.push(
        ruleError(
          'aw/orders/missing',
          point!.rule,
          field,
          `${point!.point} is owed: give ${FIELD_WORDS[field].en}`,
          `${point!.point}の命令（${FIELD_WORDS[field].ja}）がありません`,
        ),
      );
    } else errors.push(...validateAnswer(s, seat, orders));
  }
  if (orders.standing) errors.push(...validateStanding(s, seat, orders.standing));
  return errors;
}
