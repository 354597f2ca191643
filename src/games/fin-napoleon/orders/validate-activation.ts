/**
 * The rules of one nation's activation (FN 6.0-9.0): which activity it may carry out and what that activity needs.
 * Used to validate the owed activation, and again when a later activation sent ahead comes up (spec 5.2).
 */
import type { RuleError } from '../../../engine/types.ts';
import type { Nation } from '../data/schema.ts';
import { checkMoves } from '../rules/movement.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import { areaIds, type FnState, isAlly, nationName, unitsOf } from '../state.ts';
import type { Activation } from './schema.ts';
import { err } from '../rules/error.ts';

const at = (base: string, key: string) => (base ? `${base}.${key}` : key);

/** FN 7.0: a declaration of war, by a peace ally for itself or by France on one peace ally once a turn (every fault). */
function declareErrors(s: FnState, n: Nation, act: Activation, base: string): RuleError[] {
  const errors: RuleError[] = [];
  if (isAlly(n)) {
    if (s.atWar[n])
      errors.push(
        err(
          'declare-at-war',
          'FN 7.0[3]',
          at(base, 'activity'),
          `${nationName(s, n).en} is already at war`,
          `${nationName(s, n).ja}はすでに交戦中です`,
        ),
      );
    if (act.target && act.target !== n)
      errors.push(
        err(
          'declare-target',
          'FN 7.0[1]',
          at(base, 'target'),
          'an Allied nation declares war only for itself',
          '連合国は自国についてのみ宣戦布告できます',
        ),
      );
    return errors;
  }
  if (!act.target)
    errors.push(
      err(
        'declare-no-target',
        'FN 7.0[1]',
        at(base, 'target'),
        'France must name the Allied nation at peace it declares war on',
        'フランスは宣戦布告する和平中の連合国を指定してください',
      ),
    );
  else if (s.atWar[act.target])
    errors.push(
      err(
        'declare-at-war',
        'FN 7.0[3]',
        at(base, 'target'),
        `${nationName(s, act.target).en} is already at war`,
        `${nationName(s, act.target).ja}はすでに交戦中です`,
      ),
    );
  if (s.frenchDeclared)
    errors.push(
      err(
        'declare-once',
        'FN 7.0[1], FN-A06',
        at(base, 'target'),
        'France declares war on only 1 nation per turn',
        'フランスの宣戦布告は1ターンに1国だけです',
      ),
    );
  return errors;
}

/** FN 8.0[4], [6]: a count within the reinforcement value and the units left in the box. */
function reinforceErrors(s: FnState, n: Nation, act: Activation, base: string): RuleError[] {
  const limit = reinforceLimit(s, n);
  if (act.count === undefined)
    return [
      err(
        'reinforce-count',
        'FN 8.0[4]',
        at(base, 'count'),
        'give the number of units to place',
        '配置するユニット数を指定してください',
      ),
    ];
  if (act.count > limit) {
    const c = s.data.chart[n];
    return [
      err(
        'reinforce-limit',
        'FN 8.0[4], FN 8.0[6]',
        at(base, 'count'),
        `${nationName(s, n).en} may place at most ${limit} (reinforcement value ${c.reinforcement}, ${limit === c.reinforcement ? 'enough' : limit} left in the box)`,
        `${nationName(s, n).ja}が配置できるのは${limit}まで（増強値${c.reinforcement}、ボックスの残り）`,
      ),
    ];
  }
  return [];
}

/** D5, D7, D6 ahead: the combat order, the opt-outs and France's allocations name known areas and nations. */
function combatOptionErrors(s: FnState, n: Nation, act: Activation, base: string): RuleError[] {
  const errors: RuleError[] = [];
  const ids = areaIds(s);
  const order = act.combatOrder ?? [];
  if (order.some((a) => !ids.includes(a)) || new Set(order).size !== order.length) {
    const ja = '戦闘順に不明なエリアか重複があります';
    errors.push(
      err(
        'combat-order',
        'FN 9.2[5]',
        at(base, 'combatOrder'),
        'the combat order names an unknown area or one twice',
        ja,
      ),
    );
  }
  for (const [area, list] of Object.entries(act.noJoin ?? {})) {
    if (ids.includes(area) && !list.includes(n as never)) continue;
    const en = 'the active nation always attacks; name other Allied nations in a known area';
    errors.push(
      err(
        'no-join',
        'FN 9.23[3], FN-A16',
        at(base, `noJoin.${area}`),
        en,
        '活動中の国は必ず攻撃します。既知のエリアの他国を指定してください',
      ),
    );
  }
  if (act.noJoin && n === 'france') {
    const en = 'only an Allied activation decides who joins the Allied attack';
    errors.push(
      err('no-join-france', 'FN 9.23[3]', at(base, 'noJoin'), en, '連合軍の攻撃参加は連合国の活動でのみ決めます'),
    );
  }
  if (act.allocate && isAlly(n)) {
    const ja = 'フランスのダイス配分はフランスが決めます';
    errors.push(err('allocate-ally', 'FN 9.21[1]', at(base, 'allocate'), "France's dice are France's to allocate", ja));
  }
  for (const area of Object.keys(act.allocate ?? {})) {
    if (!ids.includes(area))
      errors.push(
        err(
          'allocate-area',
          'FN 9.21[1]',
          at(base, `allocate.${area}`),
          `unknown area "${area}"`,
          `不明なエリア「${area}」`,
        ),
      );
  }
  return errors;
}

/** FN 9.0, 9.1: a move/combat activity: at war, legal moves, and the combat options (every fault at once). */
function moveErrors(s: FnState, n: Nation, act: Activation, base: string): RuleError[] {
  const errors: RuleError[] = [];
  if (isAlly(n) && !s.atWar[n]) {
    const who = nationName(s, n);
    const en = `${who.en} is at peace and cannot move/combat`;
    errors.push(
      err(
        'move-at-peace',
        'FN 3.1[1a], FN 9.0[1]',
        at(base, 'activity'),
        en,
        `${who.ja}は和平中のため移動/戦闘できません`,
      ),
    );
  }
  return [...errors, ...checkMoves(s, n, act.move ?? {}, at(base, 'move')), ...combatOptionErrors(s, n, act, base)];
}

/** Spec 5.2: whether the board meets a later activation's condition when its nation comes up. */
export function conditionHolds(s: FnState, n: Nation, when: Activation['when']): boolean {
  if (!when) return true;
  if (when.atWar !== undefined && (n === 'france' || s.atWar[n] !== when.atWar)) return false;
  if (when.french !== undefined && unitsOf(s, when.french, 'france') === 0) return false;
  if (when.noFrench !== undefined && unitsOf(s, when.noFrench, 'france') > 0) return false;
  return true;
}

/** Every problem with nation `n` carrying out `act` now; `base` is where the activation sits in the orders. */
export function activationErrors(s: FnState, n: Nation, act: Activation, base: string): RuleError[] {
  if (act.activity === 'declare') return declareErrors(s, n, act, base);
  if (act.activity === 'reinforce') return reinforceErrors(s, n, act, base);
  if (act.activity === 'move') return moveErrors(s, n, act, base);
  return [];
}
