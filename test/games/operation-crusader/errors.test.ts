/** Every refusal of Operation Crusader orders names its rule, says why in English and Japanese, and points at its field. */
import { expect, test } from 'vitest';
import { positionFromFixture } from '../../../src/games/operation-crusader/rules/fixture.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';

const state = positionFromFixture({
  units: { nz: '11', '1atb': '11', '4ind': '08', '21pz': '08', '70div': 'tobruk', bologna: '02' },
});

test.each([
  [
    'OC 6.2(2)[3]',
    { activation: { at: '11', units: ['nz'], path: ['06'] } },
    'activation.path.0',
    /step 1 \(Area 11 \(Egypt north\) → Area 06/,
  ],
  [
    'OC 6.2[2]',
    { activation: { at: '11', units: ['1atb'], path: ['sidi-omar', '06'] } },
    'activation.path.1',
    /step 2 .*movement allowance 2/,
  ],
  ['OC 6.2(1)[3]', { activation: { at: 'tobruk', path: ['el-adem'] } }, 'activation.path.0', /held only by the enemy/],
  ['OC 6.2(3)[1]', { activation: { at: '08', units: ['4ind'], path: ['10'] } }, 'activation.path.0', /left behind/],
  ['OC 6.1[4]', { activation: { at: '11', units: ['4ind'] } }, 'activation.units.0', /not a face-up unit/],
  ['OC 6.3[1]', { activation: { at: '11', units: ['nz'], attack: 'yes' } }, 'activation.attack', /no enemy unit/],
  ['OC 3.1②', {}, 'activation', /activation or a pass is owed/],
])('%s', (rule, orders, path, english) => {
  const errors = game.validate(state, 'british', game.ordersSchema.parse(orders));
  expect(errors).toHaveLength(1);
  const [e] = errors;
  expect(e.rules?.[0]).toBe(rule);
  expect(e.path).toBe(path);
  expect(e.message.en).toMatch(english);
  expect(e.message.ja.length).toBeGreaterThan(5);
  expect(e.message.ja).not.toMatch(/undefined/);
});
