import { describe, expect, it } from 'vitest';
import type { ChoiceTree } from '../../src/engine/types.ts';
import { awOrdersSchema } from '../../src/games/atlantic-wolves/orders/schema.ts';
import { formModel, ordersFromForm, pathSegments } from '../../src/web/form.ts';
import { stringKeys } from '../../src/web/strings.ts';

const opt = (v: string) => ({ value: v, label: { en: v, ja: v } });
const tree: ChoiceTree = {
  point: 'AW-D10',
  rule: 'AW 8.3[3]',
  prompt: { en: 'Allocate', ja: '割当' },
  constraints: [],
  fields: [
    {
      key: 'placement.C11',
      label: { en: 'C11', ja: 'C11' },
      kind: 'one',
      options: [opt('WA'), opt('AF')],
      defaultValue: 'WA',
    },
    { key: 'step2.WA', label: { en: 'WA', ja: 'WA' }, kind: 'one', options: [opt('0'), opt('1'), opt('2')] },
    {
      key: 'ubs.U1.0',
      label: { en: 'U1 #1', ja: 'U1 #1' },
      kind: 'one',
      options: [opt('C1'), opt('none')],
      group: 'U1',
    },
    {
      key: 'ubs.U1.1',
      label: { en: 'U1 #2', ja: 'U1 #2' },
      kind: 'one',
      options: [opt('C1'), opt('none')],
      group: 'U1',
    },
    {
      key: 'ubs.U1[2]',
      label: { en: 'U1 #3', ja: 'U1 #3' },
      kind: 'one',
      options: [opt('C1'), opt('none')],
      group: 'U1',
    },
    { key: 'step3.E1.face', label: { en: 'E1', ja: 'E1' }, kind: 'one', options: [opt('up'), opt('down')] },
    { key: 'air.A1', label: { en: 'A1', ja: 'A1' }, kind: 'many', options: [opt('U1'), opt('U2')] },
    {
      key: 'standing.responseTable.21',
      label: { en: '21', ja: '21' },
      kind: 'many',
      options: [opt('stay'), opt('CG')],
    },
  ],
};

describe('order form', () => {
  it('reads a form body into orders JSON, typed by the orders schema', () => {
    const orders = ordersFromForm(
      {
        _csrf: 'x',
        'placement.C11': 'AF',
        'step2.WA': '2',
        'ubs.U1.0': 'C1',
        'ubs.U1.1': 'none',
        'ubs.U1[2]': 'C1',
        'step3.E1.face': 'up',
        'air.A1': ['U1', 'U2'],
        'standing.responseTable.21': 'CG',
        evil: 'x',
      },
      tree,
      awOrdersSchema,
    );
    expect(orders).toEqual({
      placement: { C11: 'AF' },
      step2: { WA: 2 },
      ubs: { U1: ['C1', 'C1'] },
      step3: { E1: { face: 'up' } },
      air: { A1: ['U1', 'U2'] },
      standing: { responseTable: { '21': ['CG'] } },
    });
  });

  it('leaves unanswered fields out', () => {
    expect(ordersFromForm({ 'placement.C11': '' }, tree, awOrdersSchema)).toEqual({});
  });

  it('splits keys with dots and brackets alike', () => {
    expect(pathSegments('ubs.U1[2]')).toEqual(['ubs', 'U1', '2']);
    expect(pathSegments('ubs.U1.2')).toEqual(['ubs', 'U1', '2']);
  });

  it('prefills defaults, groups fields and places rule errors inline', () => {
    const form = formModel(tree, 'en', undefined, [
      {
        code: 'aw/x',
        message: { en: 'too many', ja: '多すぎ' },
        rule: 'AW 6.0-C1',
        rules: ['AW 6.0-C1'],
        path: 'placement.C11',
      },
      { code: 'aw/y', message: { en: 'general', ja: '全体' }, rule: 'AW 7.0', rules: ['AW 7.0'] },
    ]);
    const c11 = form.groups[0].fields[0];
    expect(c11.options.find((o) => o.selected)?.value).toBe('WA');
    expect(c11.errors).toEqual([{ message: 'too many', rule: 'AW 6.0-C1' }]);
    expect(form.errors).toEqual([{ message: 'general', rule: 'AW 7.0' }]);
    expect(form.groups.find((g) => g.id === 'U1')?.fields).toHaveLength(3);
    const again = formModel(tree, 'ja', { placement: { C11: 'AF' } });
    expect(again.groups[0].fields[0].options.find((o) => o.selected)?.value).toBe('AF');
  });

  it('has every page string in both languages', () => {
    expect(stringKeys.ja.sort()).toEqual(stringKeys.en.sort());
  });
});
