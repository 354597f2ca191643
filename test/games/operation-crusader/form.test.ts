/**
 * The page's order form for Operation Crusader, built from the choices (src/web/form.ts): an activation (D4) with
 * the group's location, its units and its path picked step by step reads back into legal orders.
 */
import { describe, expect, test } from 'vitest';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import { positionFromFixture } from '../../../src/games/operation-crusader/rules/fixture.ts';
import { formModel, ordersFromForm } from '../../../src/web/form.ts';

describe('the activation form (OC-D4)', () => {
  const state = positionFromFixture({ units: { nz: '11', '1atb': '11', '7arm': '12', savona: 'capuzzo' } });
  const tree = game.choices(state, 'british')!;

  test('offers the path picker of each location, its steps within the group allowance', () => {
    const model = formModel(tree, 'en');
    const text = JSON.stringify(model);
    expect(text).toContain('Sidi Omar');
    const path = tree.fields.find((f) => f.key === 'activation.path')!;
    const spec = path.dependsOn!.cases['11'].path!;
    expect(spec.budget).toBe(3);
    expect(spec.edges.some((e) => e.from === '11' && e.to === 'sidi-omar' && e.cost === 2)).toBe(true);
    expect(spec.edges.some((e) => e.from === '11' && e.to === '06')).toBe(false); // OC 6.2(2)[3]
  });

  test('a submitted form reads back into legal orders', () => {
    const body = {
      'activation.at': '11',
      'activation.units@11': ['nz'],
      'activation.path@11.0': 'sidi-omar',
      'activation.attack': 'no',
    };
    const orders = ordersFromForm(body, tree, game.ordersSchema);
    expect(orders).toEqual({ activation: { at: '11', units: ['nz'], path: ['sidi-omar'], attack: 'no' } });
    expect(game.validate(state, 'british', game.ordersSchema.parse(orders))).toEqual([]);
  });
});
