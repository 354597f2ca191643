/**
 * The order form for answers beyond pick one / pick some, on a synthetic tree: a count, an allocation, a path and
 * a field that depends on an earlier answer, built into controls, prefilled, and read back into orders.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { ChoiceTree } from '../../src/engine/types.ts';
import { formModel, ordersFromForm } from '../../src/web/form.ts';

const t = (en: string) => ({ en, ja: `${en}（ja）` });
const opts = (...v: string[]) => v.map((value) => ({ value, label: t(value.toUpperCase()) }));
const edges = [
  ['FR', 'RH'],
  ['RH', 'PR'],
  ['FR', 'IT'],
].flatMap(([a, b]) => [
  { from: a, to: b },
  { from: b, to: a },
]);

/** FN 6.0-like: an activity, then what it needs. */
const tree: ChoiceTree = {
  point: 'FN-D1',
  rule: 'FN 6.0',
  prompt: t('Activity'),
  constraints: [],
  fields: [
    { key: 'activity', label: t('Activity'), kind: 'one', options: opts('none', 'reinforce', 'move'), required: true },
    {
      key: 'count',
      label: t('Units'),
      kind: 'count',
      options: [],
      min: 0,
      max: 9,
      dependsOn: { key: 'activity', cases: { reinforce: { max: 3 } } },
    },
    {
      key: 'move.u1',
      label: t('Unit 1'),
      kind: 'path',
      options: opts('FR', 'RH', 'PR', 'IT'),
      path: { from: 'FR', edges },
      dependsOn: { key: 'activity', cases: { move: { path: { from: 'FR', edges, budget: 2 } } } },
    },
    {
      key: 'dice',
      label: t('Dice'),
      kind: 'allocation',
      options: opts('prussia', 'austria'),
      total: 3,
      sum: 'exact',
      perTarget: { austria: { max: 2 } },
    },
  ],
};
const schema = z.object({
  activity: z.string(),
  count: z.number().optional(),
  move: z.record(z.string(), z.array(z.string())).optional(),
  dice: z.record(z.string(), z.number()).optional(),
});

describe('form controls for counts, allocations, paths and dependent fields', () => {
  test('a dependent field gets one control per answer it is asked for, each with its own bounds', () => {
    const form = formModel(tree, 'en');
    const fields = form.groups.flatMap((g) => g.fields);
    expect(fields.map((f) => `${f.kind} ${f.name}`)).toEqual([
      'one activity',
      'count count@reinforce',
      'path move.u1@move',
      'allocation dice',
    ]);
    const count = fields[1];
    expect(count).toMatchObject({ min: 0, max: 3, step: 1, when: { field: 'Activity', answer: 'REINFORCE' } });
    const path = fields[2];
    expect(path.steps!.map((s) => s.name)).toEqual(['move.u1@move.0', 'move.u1@move.1']); // a budget of 2 buys 2 steps
    expect(path.moves).toEqual([
      'From FR: RH (1), IT (1)',
      'From RH: FR (1), PR (1)',
      'From PR: RH (1)',
      'From IT: FR (1)',
    ]);
    expect(fields[3].targets).toEqual([
      { name: 'dice.prussia', label: 'PRUSSIA', value: '', min: 0, unit: 1 },
      { name: 'dice.austria', label: 'AUSTRIA', value: '', min: 0, max: 2, unit: 1 },
    ]);
    expect(formModel(tree, 'ja').groups[0].fields[1].when).toEqual({
      field: 'Activity（ja）',
      answer: 'REINFORCE（ja）',
    });
  });

  test('only the control of the chosen answer is read; a path stops at its first empty step', () => {
    const body = {
      activity: 'move',
      'count@reinforce': '2',
      'move.u1@move.0': 'RH',
      'move.u1@move.1': '',
      'dice.prussia': '1',
      'dice.austria': '2',
    };
    expect(ordersFromForm(body, tree, schema)).toEqual({
      activity: 'move',
      move: { u1: ['RH'] },
      dice: { prussia: 1, austria: 2 },
    });
    const reinforce = { ...body, activity: 'reinforce' };
    expect(ordersFromForm(reinforce, tree, schema)).toEqual({
      activity: 'reinforce',
      count: 2,
      dice: { prussia: 1, austria: 2 },
    });
  });

  test('orders on file prefill the controls of their answer only', () => {
    const current = { activity: 'move', move: { u1: ['RH', 'PR'] }, dice: { prussia: 3 } };
    const fields = formModel(tree, 'en', current).groups.flatMap((g) => g.fields);
    const path = fields.find((f) => f.kind === 'path')!;
    expect(path.steps!.map((s) => s.options.find((o) => o.selected)?.value)).toEqual(['RH', 'PR']);
    expect(fields.find((f) => f.kind === 'count')!.value).toBe('');
    expect(fields.find((f) => f.kind === 'allocation')!.targets!.map((x) => x.value)).toEqual(['3', '']);
  });

  test('an error placed on a dependent field shows at the control of the answer given', () => {
    const form = formModel(tree, 'en', { activity: 'reinforce', count: 5 }, [
      { code: 'choices/count', message: t('too many'), rule: 'FN 8.0[4]', path: 'count' },
    ]);
    const count = form.groups.flatMap((g) => g.fields).find((f) => f.kind === 'count')!;
    expect(count.errors).toEqual([{ message: 'too many', rule: 'FN 8.0[4]' }]);
    expect(form.errors).toEqual([]);
  });
});
