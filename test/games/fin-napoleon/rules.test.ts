/**
 * Fin-Napoleon order checks as tables: the validation rows of the spec's illustration FN-X2 and one row per rule,
 * and the conditional later activation in order text. The rule cases that resolve a step with forced dice are data:
 * test/games/fin-napoleon/fixtures/*.json, run by test/games/rules-fixtures.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import type { FnOrders } from '../../../src/games/fin-napoleon/orders/schema.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';
import type { FnFixture } from '../../../src/games/fin-napoleon/rules/fixture.ts';

const position = (f: FnFixture): FnState => fn.fixtures!.position(f);
const codes = (s: FnState, seat: string, orders: FnOrders) => fn.validate(s, seat, orders).map((e) => e.code);

describe('FN-X2 (French movement, FN 9.12[3], [4])', () => {
  const base: FnFixture = { active: 'france', atWar: { prussia: true }, units: { FR: { france: 1 } } };
  test.each([
    ['1 at-war Prussian: pass through', { RH: { prussia: 1 } }, {}, []],
    ['1 Prussian and 1 Russian: must stop', { RH: { prussia: 1, russia: 1 } }, { russia: true }, ['fn/must-stop']],
    ['2 Austrians at peace: ignored', { RH: { austria: 2 } }, { austria: false }, []],
  ])('%s', (_label, units, atWar, expected) => {
    const s = position({ ...base, units: { ...base.units, ...units }, atWar: { ...base.atWar, ...atWar } });
    expect(codes(s, 'france', { activity: 'move', move: { FR1: ['RH', 'PR'] } })).toEqual(expected);
  });
});

describe('rules', () => {
  test.each([
    [
      'FN 3.1[1a]: a peace ally cannot move/combat',
      { active: 'prussia' },
      'allies',
      { activity: 'move' },
      'fn/move-at-peace',
    ],
    [
      'FN 9.11[3]: Spanish units cannot move',
      { active: 'spain', atWar: { spain: true } },
      'allies',
      { activity: 'move', move: { SP1: ['SF'] } },
      'fn/spain-fixed',
    ],
    [
      'FN 9.11[1]: allies move 1 area',
      { active: 'austria' },
      'allies',
      { activity: 'move', move: { AU1: ['RH', 'FR'] } },
      'fn/too-far',
    ],
    [
      'FN 9.1[2]: France and Italy are not adjacent',
      { active: 'france' },
      'france',
      { activity: 'move', move: { FR1: ['IT'] } },
      'fn/not-adjacent',
    ],
    [
      'FN 9.13[3]: only the British stay at sea',
      { active: 'france' },
      'france',
      { activity: 'move', move: { FR1: ['ATL'] } },
      'fn/sea-end',
    ],
    [
      'FN 8.0[4]: at most the reinforcement value',
      { active: 'austria' },
      'allies',
      { activity: 'reinforce', count: 3 },
      'fn/reinforce-limit',
    ],
    [
      'FN 7.0[3]: no declaration by a nation at war',
      { active: 'austria' },
      'allies',
      { activity: 'declare' },
      'fn/declare-at-war',
    ],
    [
      'FN-A06: France declares once a turn',
      { active: 'france', frenchDeclared: true },
      'france',
      { activity: 'declare', target: 'prussia' },
      'fn/declare-once',
    ],
    [
      'FN 9.11[2]: from French units straight into French units',
      { active: 'austria', units: { AU: { austria: 2, france: 1 }, RH: { france: 1 } } },
      'allies',
      { activity: 'move', move: { AU1: ['RH'] } },
      'fn/french-to-french',
    ],
  ] as const)('%s', (_label, fixture, seat, orders, code) => {
    expect(codes(position(fixture as FnFixture), seat, orders as FnOrders)).toContain(code);
  });
});

describe('spec 5.2 conditional later activations', () => {
  test('text: Austria: IF FRENCH IN Rhine / オーストリア: 条件 フランス軍 ライン連邦', async () => {
    const { readOrderText } = await import('../../../src/orders-text/game-text.ts');
    const s = position({ franceSlot: 6, active: 'prussia' });
    const input = { data: fn.defaultData, seat: 'allies', choices: fn.choices(s, 'allies') };
    const want = { activity: 'none', later: { austria: { activity: 'reinforce', count: 2, when: { french: 'RH' } } } };
    expect(readOrderText(fn, input, 'NONE\nAustria: REINFORCE 2\nAustria: IF FRENCH IN Rhine').orders).toEqual(want);
    expect(
      readOrderText(fn, input, 'なし\nオーストリア: 増強 2\nオーストリア: 条件 フランス軍 ライン連邦').orders,
    ).toEqual(want);
  });
});
