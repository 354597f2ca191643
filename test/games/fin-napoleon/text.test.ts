/**
 * Fin-Napoleon's order text: every example of HELP in English and Japanese, full-width input, names in both
 * languages, a line for a later nation, and movement paths checked against adjacency with an error naming the link.
 */
import { describe, expect, test } from 'vitest';
import { readOrderText, syntaxFor } from '../../../src/orders-text/game-text.ts';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import type { FnFixture } from '../../../src/games/fin-napoleon/rules/fixture.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';

const at = (f: FnFixture, seat: string) => {
  const s: FnState = fn.fixtures!.position(f);
  return { s, input: { data: fn.defaultData, seat, choices: fn.choices(s, seat) } };
};
const read = (f: FnFixture, seat: string, text: string) => readOrderText(fn, at(f, seat).input, text);
const france: FnFixture = { active: 'france' };

describe('statements (spec 5.2)', () => {
  test.each([
    ['ROLL', '振る', {}, { start: 'roll' }],
    ['NONE', 'なし', france, { activity: 'none' }],
    ['DECLARE Austria', '宣戦 オーストリア', france, { activity: 'declare', target: 'austria' }],
    ['REINFORCE 2', '増強 ２', france, { activity: 'reinforce', count: 2 }],
    [
      'MOVE 2 France-Rhine-Prussia',
      '移動 ２ フランス－ライン連邦－プロイセン',
      france,
      { activity: 'move', move: { FR1: ['RH', 'PR'], FR2: ['RH', 'PR'] } },
    ],
    [
      'MOVE France -> Confederation of the Rhine',
      '移動 フランス→ライン',
      france,
      { activity: 'move', move: { FR1: ['RH'] } },
    ],
    ['COMBAT ORDER Rhine, Italy', '戦闘順 ライン連邦、イタリア', france, { combatOrder: ['RH', 'IT'] }],
    [
      'ALLOCATE Rhine: Prussia 2, Austria 1',
      '配分 ライン連邦: プロイセン 2、オーストリア 1',
      france,
      { allocate: { RH: { prussia: 2, austria: 1 } } },
    ],
    [
      'ALLOCATE Prussia 2, Austria 1',
      '配分 プロイセン 2、オーストリア 1',
      france,
      { allocation: { prussia: 2, austria: 1 } },
    ],
    ['NOJOIN Rhine: Russia', '不参加 ライン連邦: ロシア', france, { noJoin: { RH: ['russia'] } }],
    [
      'PRIORITY Prussia, Austria',
      '優先 プロイセン、オーストリア',
      france,
      { standing: { priority: ['prussia', 'austria'] } },
    ],
    ['SURRENDER PLACE 3', '降伏後増強 3', france, { standing: { surrenderCount: 3 } }],
    ['ASK BETWEEN NATIONS YES', '国ごとに確認 はい', france, { standing: { askBetween: true } }],
    [
      'HOLD BACK Prussia, Austria',
      '攻撃不参加 プロイセン、オーストリア',
      france,
      { standing: { holdBack: ['prussia', 'austria'] } },
    ],
    ['HOLD BACK NONE', '攻撃不参加 なし', france, { standing: { holdBack: [] } }],
    ['HALT AFTER SEA', '海上消耗後に停止', france, { haltAfterSea: true }],
    [
      'STANDING ALLOCATE Rhine: Prussia 2',
      '常備配分 ライン連邦: プロイセン 2',
      france,
      { standing: { perArea: { RH: { prussia: 2 } } } },
    ],
  ] as const)('%s | %s', (en, ja, f, orders) => {
    for (const text of [en, ja]) {
      const parsed = read(f as FnFixture, 'france', text);
      expect(parsed.errors, text).toEqual([]);
      expect(parsed.orders, text).toEqual(orders);
    }
  });

  test('a line for a later nation of the seat goes to `later` (spec 5.2)', () => {
    const parsed = read({ active: 'prussia', franceSlot: 6 }, 'allies', 'NONE\nAustria: REINFORCE 2\nロシア: 宣戦');
    expect(parsed.orders).toEqual({
      activity: 'none',
      later: { austria: { activity: 'reinforce', count: 2 }, russia: { activity: 'declare' } },
    });
  });

  test('FN-D3: PLACE answers the French surrender reinforcement', () => {
    const s = fn.fixtures!.position({ active: 'france' });
    const owed = { ...s, phase: { kind: 'surrenderReinforce' as const } };
    const parsed = readOrderText(
      fn,
      { data: fn.defaultData, seat: 'france', choices: fn.choices(owed, 'france') },
      '配置 3',
    );
    expect(parsed.orders).toEqual({ count: 3 });
  });

  test.each([
    ['MOVE 2 Narnia-France', 'fn/text-area'],
    ['DECLARE Narnia', 'fn/text-nation'],
    ['REINFORCE many', 'fn/text-count'],
    ['ALLOCATE Prussia two', 'fn/text-allocate'],
  ])('%s is refused with %s', (text, code) => {
    expect(read(france, 'france', text).errors.map((e) => (e as { code?: string }).code)).toContain(code);
  });
});

describe('paths checked against adjacency (FN 9.1[2])', () => {
  test('the error names the broken link, in both languages', () => {
    const { s } = at(france, 'france');
    const parsed = read(france, 'france', 'MOVE France-Italy');
    const errors = fn.validate(s, 'france', parsed.orders as never);
    expect(errors.map((e) => e.code)).toEqual(['fn/not-adjacent']);
    expect(errors[0].message.en).toBe('France to Italy: the areas are not adjacent');
    expect(errors[0].message.ja).toBe('フランスからイタリアへ: 隣接していません');
    expect(errors[0].path).toBe('move.FR1.0');
  });
});

test('HELP gives an example for every decision point in both languages', () => {
  for (const locale of ['en', 'ja'] as const) {
    const help = syntaxFor(fn, locale);
    for (const point of ['FN-D0', 'FN-D1', 'FN-D2', 'FN-D3', 'FN-D4', 'FN-D5', 'FN-D6', 'FN-D7'])
      expect(help).toContain(point);
  }
});
