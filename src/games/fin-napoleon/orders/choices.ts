/** The legal choices at each decision point (the page's form and HELP): D0, D1 with D2-D4, D5, D6, D3 (FN 9.33). */
import type { ChoiceField, ChoiceOption, ChoiceTree, SeatId, Text } from '../../../engine/types.ts';
import { ALLIES, type Nation } from '../data/schema.ts';
import { warNationsIn } from '../rules/combat.ts';
import { movable, pathChoice } from '../rules/movement.ts';
import { owedPoint } from '../rules/owed.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import { activeNation, areaIds, areaName, type FnState, isAlly, nationName, unitsOf } from '../state.ts';

const opt = (value: string, label: Text): ChoiceOption => ({ value, label });
const ACTIVITY: Record<string, Text> = {
  none: { en: 'no activity', ja: '活動なし' },
  declare: { en: 'declaration of war', ja: '宣戦布告' },
  reinforce: { en: 'reinforcement', ja: '増強' },
  move: { en: 'move/combat', ja: '移動/戦闘' },
};

/** The activities nation `n` may carry out now (FN 6.0[3], [4], FN 7.0[3], FN-A06). */
export function legalActivities(s: FnState, n: Nation): string[] {
  const out = ['none'];
  const peace = ALLIES.filter((a) => !s.atWar[a]);
  if (isAlly(n) ? !s.atWar[n] : peace.length > 0 && !s.frenchDeclared) out.push('declare');
  out.push('reinforce');
  if (!isAlly(n) || s.atWar[n]) out.push('move');
  return out;
}

/** One path field per unit of the nation (slot `AREA n`), asked when the activity is move/combat (D4). */
function moveFields(s: FnState, n: Nation, arrived?: Record<string, number>): ChoiceField[] {
  const fields: ChoiceField[] = [];
  const areas = areaIds(s).map((a) => opt(a, areaName(s, a)));
  for (const from of areaIds(s)) {
    for (let k = 1; k <= movable(s, n, from, arrived); k++) {
      const label = {
        en: `${nationName(s, n).en} unit ${k} in ${areaName(s, from).en}`,
        ja: `${areaName(s, from).ja}の${nationName(s, n).ja}軍ユニット${k}`,
      };
      const path = pathChoice(s, n, from);
      fields.push({
        key: `move.${from}${k}`,
        label,
        kind: 'path',
        options: areas,
        path,
        group: from,
        defaultValue: [],
        dependsOn: { key: 'activity', cases: { move: { path } } },
      });
    }
  }
  return fields;
}

function activationTree(s: FnState, n: Nation): ChoiceTree {
  const activities = legalActivities(s, n);
  const fields: ChoiceField[] = [
    {
      key: 'activity',
      label: { en: 'Activity', ja: '活動' },
      kind: 'one',
      options: activities.map((a) => opt(a, ACTIVITY[a])),
      required: true,
      defaultValue: 'none',
      group: n,
    },
  ];
  if (n === 'france' && activities.includes('declare')) {
    const options = ALLIES.filter((a) => !s.atWar[a]).map((a) => opt(a, nationName(s, a)));
    fields.push({
      key: 'target',
      label: { en: 'Declare war on', ja: '宣戦布告の相手' },
      kind: 'one',
      options,
      dependsOn: { key: 'activity', cases: { declare: { options } } },
    });
  }
  const max = reinforceLimit(s, n);
  fields.push({
    key: 'count',
    label: { en: 'Units to place', ja: '配置するユニット数' },
    kind: 'count',
    options: [],
    min: 0,
    max,
    defaultValue: max,
    dependsOn: { key: 'activity', cases: { reinforce: { min: 0, max } } },
  });
  if (activities.includes('move')) fields.push(...moveFields(s, n));
  const name = nationName(s, n);
  const prompt = { en: `${name.en}: choose the activity`, ja: `${name.ja}: 活動を選ぶ` };
  const constraints = [
    {
      en: 'Units move one by one in slot order; combat follows in every area shared with hostile units (FN 9.2[1]).',
      ja: 'ユニットは番号順に1つずつ移動し、その後敵と同じエリアで戦闘します（FN 9.2[1]）。',
    },
  ];
  return { point: 'FN-D1', rule: 'FN 6.0[3]', prompt, fields, constraints };
}

/** The one field of a point other than D1: D0, D6, D3 (FN 9.33), D4 after a halt, D5. */
function answerFields(s: FnState): ChoiceField[] {
  const p = s.phase;
  if (p.kind === 'start') {
    const options = [opt('roll', { en: 'roll', ja: '振る' })];
    return [
      {
        key: 'start',
        label: { en: 'Roll', ja: 'ダイスを振る' },
        kind: 'one',
        options,
        required: true,
        defaultValue: 'roll',
      },
    ];
  }
  if (p.kind === 'allocate') {
    const area = p.combat.areas[0];
    const options = warNationsIn(s, area).map((a) => opt(a, nationName(s, a)));
    const label = { en: `French dice in ${areaName(s, area).en}`, ja: `${areaName(s, area).ja}のフランス軍ダイス` };
    const total = unitsOf(s, area, 'france');
    return [{ key: 'allocation', label, kind: 'allocation', options, total, sum: 'exact', required: true }];
  }
  if (p.kind === 'surrenderReinforce') {
    const max = reinforceLimit(s, 'france');
    const label = { en: 'Units to place in France', ja: 'フランスに配置するユニット数' };
    return [{ key: 'count', label, kind: 'count', options: [], min: 0, max, defaultValue: max, required: true }];
  }
  if (p.kind === 'moveOn') return moveFields(s, activeNation(s)!, p.arrived);
  if (p.kind !== 'combatOrder') return [];
  const options = p.combat.areas.map((a) => opt(a, areaName(s, a)));
  const label = { en: 'Combat areas in order', ja: '戦闘エリアの順番' };
  const n = options.length;
  const defaultValue = options.map((o) => o.value);
  return [{ key: 'combatOrder', label, kind: 'many', options, min: n, max: n, required: true, defaultValue }];
}

/** The package's `choices`: null when the seat owes nothing. */
export function choices(s: FnState, seat: SeatId): ChoiceTree | null {
  const owed = owedPoint(s);
  if (!owed || owed.seat !== seat) return null;
  if (s.phase.kind === 'activate') return activationTree(s, activeNation(s)!);
  return { point: owed.point, rule: owed.rule, prompt: owed.prompt, constraints: [], fields: answerFields(s) };
}
