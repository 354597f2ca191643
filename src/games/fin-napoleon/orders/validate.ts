/** Validation of one seat's orders at the point owed (spec 5.1), its later activations and standing orders. */
import type { RuleError, SeatId } from '../../../engine/types.ts';
import type { Nation } from '../data/schema.ts';
import { warNationsIn } from '../rules/combat.ts';
import { activationOf } from '../rules/flow.ts';
import { checkMoves } from '../rules/movement.ts';
import { owingSeat } from '../rules/owed.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import { activeNation, areaName, FRANCE_SEAT, type FnState, nationName, unitsOf } from '../state.ts';
import type { FnOrders } from './schema.ts';
import { activationErrors } from './validate-activation.ts';
import { err } from '../rules/error.ts';

/** A nation's name from the data, or the text given when it names no nation. */
const nameOf = (s: FnState, n: string) => (n in s.data.chart ? nationName(s, n as Nation) : { en: n, ja: n });

/** Nations by name in one language. */
const names = (s: FnState, ns: string[], l: 'en' | 'ja') =>
  ns.map((n) => nameOf(s, n)[l]).join(l === 'en' ? ', ' : '、');

const ANSWERS = [
  'haltAfterSea',
  'start',
  'activity',
  'target',
  'count',
  'move',
  'combatOrder',
  'noJoin',
  'allocate',
  'allocation',
] as const;

/** D6: France's dice in the area fought, every die to an at-war nation there (FN 9.21[1]). */
function allocationErrors(s: FnState, area: string, alloc: FnOrders['allocation']): RuleError[] {
  if (!alloc)
    return [
      err(
        'allocation-missing',
        'FN 9.21[1]',
        'allocation',
        `allocate the French dice in ${areaName(s, area).en}`,
        `${areaName(s, area).ja}のフランス軍ダイスを配分してください`,
      ),
    ];
  const present = warNationsIn(s, area);
  const where = areaName(s, area);
  const dice = unitsOf(s, area, 'france');
  const bad = Object.keys(alloc).filter(
    (a) => !present.includes(a as never) && (alloc as Record<string, number>)[a] > 0,
  );
  const sum = Object.values(alloc).reduce((t, d) => t + (d ?? 0), 0);
  const errors: RuleError[] = [];
  if (bad.length)
    errors.push(
      err(
        'allocation-nation',
        'FN 9.21[1], FN 9.2[4]',
        'allocation',
        `no at-war units of ${names(s, bad, 'en')} in ${where.en}`,
        `${where.ja}に${names(s, bad, 'ja')}の交戦中ユニットはありません`,
      ),
    );
  if (sum !== dice)
    errors.push(
      err(
        'allocation-sum',
        'FN 9.21[2]',
        'allocation',
        `France has ${dice} dice in ${where.en}, ${sum} allocated`,
        `${where.ja}のフランス軍ダイスは${dice}個、配分は${sum}個です`,
      ),
    );
  return errors;
}

/** D5: the combat areas in an order of the active player's (FN 9.2[5]). */
function combatOrderErrors(s: FnState, areas: string[], order: string[]): RuleError[] {
  if (order.every((a) => areas.includes(a)) && new Set(order).size === order.length) return [];
  const list = (l: 'en' | 'ja') => areas.map((a) => `${a} ${areaName(s, a)[l]}`).join(l === 'en' ? ', ' : '、');
  const [en, ja] = [`order the combat areas ${list('en')}`, `戦闘エリア ${list('ja')} の順番を指定してください`];
  return [err('combat-order', 'FN 9.2[5]', 'combatOrder', en, ja)];
}

/** What the owed seat must answer now. */
function answerErrors(s: FnState, o: FnOrders): RuleError[] {
  const p = s.phase;
  if (p.kind === 'start')
    return o.start === 'roll'
      ? []
      : [
          err(
            'start',
            'FN 5.0[6]',
            'start',
            'send ROLL to roll for the activation order',
            '「振る」を送って活動順のダイスを振ってください',
          ),
        ];
  if (p.kind === 'allocate') return allocationErrors(s, p.combat.areas[0], o.allocation);
  if (p.kind === 'surrenderReinforce') {
    const limit = reinforceLimit(s, 'france');
    if (o.count === undefined || o.count > limit)
      return [
        err(
          'surrender-count',
          'FN 9.33[1], FN 8.0[4]',
          'count',
          `place 0 to ${limit} units`,
          `0〜${limit}ユニットを配置してください`,
        ),
      ];
    return [];
  }
  if (p.kind === 'combatOrder') return combatOrderErrors(s, p.combat.areas, o.combatOrder ?? []);
  if (p.kind === 'moveOn') {
    const n = activeNation(s)!;
    const act = { ...p.act, ...activationOf({ ...o, activity: 'move' }), move: {} };
    return [...checkMoves(s, n, o.move ?? {}, 'move', p.arrived), ...activationErrors(s, n, act, '')];
  }
  if (p.kind !== 'activate') return [];
  if (!o.activity)
    return [
      err(
        'activity-missing',
        'FN 6.0[3]',
        'activity',
        'choose an activity (or NONE)',
        '活動を選んでください（なしも可）',
      ),
    ];
  return activationErrors(s, activeNation(s)!, activationOf(o), '');
}

/** Later activations: this seat's nations, still to act this turn (spec 5.2). */
function laterErrors(s: FnState, seat: SeatId, o: FnOrders): RuleError[] {
  const errors: RuleError[] = [];
  const owesNow = owingSeat(s) === seat && s.phase.kind === 'activate';
  for (const n of Object.keys(o.later ?? {}) as Nation[]) {
    const index = s.order.indexOf(n);
    const done = index < s.cursor || (owesNow && index === s.cursor);
    if (s.seats[n] !== seat || done || s.phase.kind === 'start') {
      errors.push(
        err(
          'later-nation',
          'FN 6.0[2], FN 12.0[M][5]',
          `later.${n}`,
          `${nameOf(s, n).en} is not one of your nations still to act this turn`,
          `${nameOf(s, n).ja}は今ターンにこれから活動するあなたの国ではありません`,
        ),
      );
    }
  }
  return errors;
}

/** Standing orders (spec 5.2): France's are France's; a seat holds back only its own nations. */
function standingErrors(s: FnState, seat: SeatId, st: FnOrders['standing']): RuleError[] {
  const errors: RuleError[] = [];
  if (st && seat !== FRANCE_SEAT && (st.priority || st.perArea || st.surrenderCount !== undefined)) {
    errors.push(
      err(
        'standing-france',
        'FN 9.21[1], FN 9.33[1]',
        'standing',
        'the dice priority and surrender reinforcement are French standing orders',
        'ダイス優先順と降伏後増強はフランスの常備命令です',
      ),
    );
  }
  const notMine = (st?.holdBack ?? []).filter((a) => s.seats[a] !== seat);
  if (notMine.length) {
    errors.push(
      err(
        'standing-hold-back',
        'FN 9.23[3], FN 12.0[M][5]',
        'standing.holdBack',
        `${names(s, notMine, 'en')} are not your nations`,
        `${names(s, notMine, 'ja')}はあなたの国ではありません`,
      ),
    );
  }
  if (st?.priority && new Set(st.priority).size !== st.priority.length) {
    errors.push(
      err(
        'standing-priority',
        'FN 9.21[1]',
        'standing.priority',
        'a nation is named twice in the priority',
        '優先順に同じ国が2回あります',
      ),
    );
  }
  return errors;
}

/** Every rule problem with a seat's orders. */
export function validate(s: FnState, seat: SeatId, o: FnOrders): RuleError[] {
  if (s.phase.kind === 'over') return [];
  const owes = owingSeat(s) === seat;
  const errors: RuleError[] = [];
  if (owes) errors.push(...answerErrors(s, o));
  else if (ANSWERS.some((k) => o[k] !== undefined)) {
    errors.push(
      err(
        'not-owed',
        'FN 6.0[1]',
        ANSWERS.find((k) => o[k] !== undefined)!,
        'no answer is owed by you now (later activations and standing orders are welcome)',
        '今はあなたの番ではありません（先の活動と常備命令は受け付けます）',
      ),
    );
  }
  errors.push(...laterErrors(s, seat, o));
  if (o.when) {
    errors.push(
      err(
        'when-now',
        'FN 6.0',
        'when',
        'a condition belongs to a later nation: Austria: IF AT WAR',
        '条件は後の国に付けます: オーストリア: 条件 交戦中',
      ),
    );
  }
  errors.push(...standingErrors(s, seat, o.standing));
  return errors;
}
