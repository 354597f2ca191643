/**
 * The legality of one activation (D4-D7, OC 6.1-6.3), shared by the validation of orders, queued activations and
 * the random player. Every error names its rule; a path error names the step that breaks (rules/movement.ts).
 */
import type { RuleError } from '../../../engine/types.ts';
import { ocError } from './errors.ts';
import { walkPath, type WalkedPath } from '../rules/movement.ts';
import { PASS, type OcActivation } from './schema.ts';
import { enemyOf, isArea, isOffMap, nameOf, type OcSide, type OcState } from '../state.ts';
import { activatable, activatableAt, anyUnitAt, unitsAt } from '../rules/occupancy.ts';

/** The group an activation names: its units, or every activatable unit at its location. */
export function groupOf(s: OcState, side: OcSide, act: OcActivation): string[] {
  const units = act.units;
  if (!units?.length) return activatableAt(s, side, act.at); // a fresh list
  const out: string[] = [];
  for (const u of units) if (!out.includes(u)) out.push(u);
  return out;
}

/** Whether the activation ends in a combat (OC 6.3[2]: compulsory at a point, chosen in an area). */
export function attacks(s: OcState, side: OcSide, act: OcActivation, end: string): boolean {
  if (isOffMap(s, end) || !anyUnitAt(s, end, enemyOf(side))) return false;
  return isArea(s, end) ? act.attack === 'yes' : true;
}

/** The attacking units (OC-A11: all of the group at a point, or those given a target under R2). */
export function attackersOf(s: OcState, act: OcActivation, end: string, group: string[]): string[] {
  if (isArea(s, end) || s.options.pointAttack === 'all' || !act.targets) return group;
  const chosen = group.filter((u) => act.targets?.[u]);
  return chosen.length ? chosen : group;
}

function checkGroup(s: OcState, side: OcSide, act: OcActivation): RuleError[] {
  const free = activatable(s, side);
  if (!activatableAt(s, side, act.at).length)
    return [
      ocError(
        'oc/activate/location',
        'OC 6.1[2]',
        {
          en: `no face-up unit of yours is at ${nameOf(s, act.at).en}`,
          ja: `${nameOf(s, act.at).ja}に活性化できる自軍ユニットがありません`,
        },
        'activation.at',
      ),
    ];
  const errors: RuleError[] = [];
  const units = act.units ?? [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (s.units[u]?.status === 'map' && s.units[u].faceDown && s.units[u].at === act.at)
      errors.push(
        ocError(
          'oc/activate/face-down',
          'OC 6.1[2]',
          {
            en: `${nameOf(s, u).en} is face down (already activated or out of supply)`,
            ja: `${nameOf(s, u).ja}は裏向きです(活性化済みか補給切れ)`,
          },
          `activation.units.${i}`,
          ['OC-A24'],
        ),
      );
    else if (!free.includes(u) || s.units[u].at !== act.at)
      errors.push(
        ocError(
          'oc/activate/not-here',
          'OC 6.1[4]',
          {
            en: `${nameOf(s, u).en} is not a face-up unit of yours at ${nameOf(s, act.at).en}`,
            ja: `${nameOf(s, u).ja}は${nameOf(s, act.at).ja}にいる表向きの自軍ユニットではありません`,
          },
          `activation.units.${i}`,
        ),
      );
  }
  if (units.some((u, i) => units.indexOf(u) !== i))
    errors.push(
      ocError(
        'oc/activate/duplicate',
        'OC 6.1[3]',
        { en: 'a unit is named twice', ja: '同じユニットが2回書かれています' },
        'activation.units',
      ),
    );
  return errors;
}

function checkAttack(s: OcState, side: OcSide, act: OcActivation, walked: WalkedPath): RuleError[] {
  const end = walked.end;
  const enemies = unitsAt(s, end, enemyOf(side));
  const errors: RuleError[] = [];
  if (act.attack === 'yes' && !enemies.length)
    errors.push(
      ocError(
        'oc/attack/no-enemy',
        'OC 6.3[1]',
        { en: `no enemy unit is at ${nameOf(s, end).en}`, ja: `${nameOf(s, end).ja}に敵ユニットはいません` },
        'activation.attack',
      ),
    );
  if (act.attack === 'no' && enemies.length && !isArea(s, end))
    errors.push(
      ocError(
        'oc/attack/compulsory',
        'OC 6.3[2]',
        {
          en: `enemy units at the point ${nameOf(s, end).en} must be attacked`,
          ja: `ポイント${nameOf(s, end).ja}の敵ユニットは必ず攻撃しなければなりません`,
        },
        'activation.attack',
      ),
    );
  // OC 6.3[2]: in an area the attack is the player's choice; targets without it would be dropped unused.
  if (isArea(s, end) && enemies.length && act.attack !== 'yes' && Object.keys(act.targets ?? {}).length)
    errors.push(
      ocError(
        'oc/attack/targets-without-attack',
        'OC 6.3[2]',
        {
          en: `attacking in the area ${nameOf(s, end).en} is optional and this activation does not attack: targets go with ATTACK (attack: yes)`,
          ja: `エリア${nameOf(s, end).ja}での攻撃は任意で、この活性化は攻撃しません: 目標は「攻撃」と一緒に書いてください`,
        },
        'activation.targets',
        ['OC 6.3[1]'],
      ),
    );
  errors.push(...checkGivenTargets(s, side, act, end, enemies));
  if (errors.length || !attacks(s, side, act, end)) return errors;
  const before = checkTargetsBefore(s, side, act, end, enemies);
  return before.length ? before : checkLeftOut(s, side, act, end);
}

/** The rules that make every unit of the group attack where it ends: OC-A11 R1 at a point, D7 in an area. */
function attackRules(s: OcState, end: string): string[] {
  return isArea(s, end) ? ['OC 6.3[2]', 'OC 6.3(2)[3]'] : ['OC 6.3[2]', 'OC-A11'];
}

/**
 * Targets that leave out a unit which attacks all the same (OC 6.3[2]: every activated unit at a point under
 * OC-A11 R1; the whole group in an area, whose attack is chosen once, D7): the order would be overridden, so it is
 * refused, naming the units left out.
 */
function checkLeftOut(s: OcState, side: OcSide, act: OcActivation, end: string): RuleError[] {
  if (!act.targets || !Object.keys(act.targets).length) return [];
  const missing = attackersOf(s, act, end, groupOf(s, side, act)).filter((u) => !act.targets?.[u]);
  if (!missing.length) return [];
  const en = missing.map((u) => nameOf(s, u).en).join(', ');
  const ja = missing.map((u) => nameOf(s, u).ja).join('、');
  const [rule, ...more] = attackRules(s, end);
  const message = isArea(s, end)
    ? {
        en: `the whole activated group attacks in ${nameOf(s, end).en}: name a target for ${en} too`,
        ja: `${nameOf(s, end).ja}では活性化グループ全体が攻撃します: ${ja}の目標も書いてください`,
      }
    : {
        en: `every activated unit attacks at the point ${nameOf(s, end).en}: name a target for ${en} too`,
        ja: `ポイント${nameOf(s, end).ja}では活性化ユニットはすべて攻撃します: ${ja}の目標も書いてください`,
      };
  return [ocError('oc/attack/left-out', rule, message, 'activation.targets', more)];
}

/** The targets named with the activation: a unit of the group at an enemy unit where the group ends (OC 6.3[1]). */
function checkGivenTargets(
  s: OcState,
  side: OcSide,
  act: OcActivation,
  end: string,
  enemies: readonly string[],
): RuleError[] {
  const errors: RuleError[] = [];
  if (!act.targets) return errors;
  const group = groupOf(s, side, act);
  for (const [u, t] of Object.entries(act.targets).sort()) {
    const path = `activation.targets.${u}`;
    if (!group.includes(u))
      errors.push(
        ocError(
          'oc/attack/not-in-group',
          'OC 6.3(2)[2]',
          {
            en: `${nameOf(s, u).en} is not in the activated group`,
            ja: `${nameOf(s, u).ja}は活性化グループにいません`,
          },
          path,
        ),
      );
    else if (!enemies.includes(t))
      errors.push(
        ocError(
          'oc/attack/target',
          'OC 6.3[1]',
          {
            en: `${nameOf(s, t).en} is not an enemy unit at ${nameOf(s, end).en}`,
            ja: `${nameOf(s, t).ja}は${nameOf(s, end).ja}の敵ユニットではありません`,
          },
          path,
        ),
      );
  }
  return errors;
}

/** OC-A09 R1: with several defenders, every attacker's target is named before any roll. */
function checkTargetsBefore(
  s: OcState,
  side: OcSide,
  act: OcActivation,
  end: string,
  enemies: readonly string[],
): RuleError[] {
  const errors: RuleError[] = [];
  if (s.options.attackerTargets === 'before' && enemies.length > 1) {
    const missing = attackersOf(s, act, end, groupOf(s, side, act)).filter((u) => !act.targets?.[u]);
    if (missing.length)
      errors.push(
        ocError(
          'oc/attack/targets-before',
          'OC 6.3(2)[3]',
          {
            en: `targets are fixed before any roll: name one for ${missing.map((u) => nameOf(s, u).en).join(', ')}`,
            ja: `目標は最初に決めます: ${missing.map((u) => nameOf(s, u).ja).join('、')}の目標を書いてください`,
          },
          'activation.targets',
          ['OC-A09', ...attackRules(s, end)],
        ),
      );
  }
  return errors;
}

/** Every problem with one activation of `side` in the position (empty: legal). */
export function checkActivation(s: OcState, side: OcSide, act: OcActivation): RuleError[] {
  if (act.at === PASS) {
    if (act.units?.length || act.path?.length || act.attack || act.targets)
      return [
        ocError(
          'oc/activate/pass-with-orders',
          'OC 3.1②',
          { en: 'a pass moves no units', ja: 'パスではユニットを動かせません' },
          'activation',
        ),
      ];
    return [];
  }
  const errors = checkGroup(s, side, act);
  if (errors.length) return errors;
  const walked = walkPath(s, side, groupOf(s, side, act), act.at, act.path ?? []);
  if (walked.error) return [walked.error];
  if (isOffMap(s, walked.end) && walked.end !== act.at && (act.attack === 'yes' || act.targets))
    return [
      ocError(
        'oc/attack/off-map',
        'OC 7.1(5)[4]',
        { en: 'units that break through do not fight', ja: '突破したユニットは戦闘しません' },
        'activation.attack',
      ),
    ];
  return checkAttack(s, side, act, walked);
}
