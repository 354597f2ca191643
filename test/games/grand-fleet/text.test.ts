/** The order text: every decision point's example in English and Japanese, full-width digits, names, round trip. */
import { describe, expect, test } from 'vitest';
import { formatOrderText, readOrderText } from '../../../src/orders-text/game-text.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';

const input = { data: game.defaultData, seat: 'german', choices: null };
const read = (text: string) => readOrderText(game as never, input, text);

describe('Grand Fleet order text', () => {
  test.each([
    ['GF-D2', 'REINFORCE GB42 -> 3', '増強 GB42 -> 3', { reinforce: { GB42: 3 } }],
    ['GF-D3', 'COMMIT 2 STOPIF 1, 2', '投入 2 停止 1, 2', { commit: { dice: 2, stopIf: [1, 2] } }],
    [
      'GF-D4',
      'COMMIT 1\nREDISTRIBUTE Agincourt -> 4',
      '投入 1\n再配置 エジンコート -> 4',
      { commit: { dice: 1, redistribute: { GB23: 4 } } },
    ],
    [
      'GF-D5',
      'WITHDRAW Deutschland, Hannover\nBOX DE21 -> 2',
      '転出 ドイッチュラント, ハノーファー\n転出先 DE21 -> 2',
      { withdraw: { roll: true, ships: ['DE21', 'DE22'], boxes: { DE21: 2 } } },
    ],
    ['GF-D6', 'withdraw no', '転出 なし', { withdraw: { roll: false } }],
    ['GF-D7', 'USW OCCUR', '無制限潜水艦戦 発生', { usw: 'occur' }],
    [
      'GF-D8',
      'DICE 2\nIFOFFENSIVE BATTLE YES\nIFINTERCEPTING ACCEPT NO',
      'ダイス ２\n攻勢なら 決戦 はい\n迎撃なら 受諾 いいえ',
      { dice: 2, standing: { ifOffensive: true, ifIntercepting: false } },
    ],
    ['GF-D9', 'BATTLE YES', '決戦 はい', { battle: true }],
    ['GF-D10', 'ACCEPT NO', '受諾 いいえ', { accept: false }],
    [
      'GF-D11',
      'FLEET 1: Iron Duke, Marlborough, Benbow',
      '艦隊 1: アイアン・デューク, マールバラ, ベンボウ',
      { organise: { GB05: 1, GB06: 1, GB07: 1 } },
    ],
    ['GF-D12', 'FACEUP 5', '表向き ５', { faceUp: [5] }],
    [
      'GF-D13',
      'PLACE DOWN -> Wilhelmshaven',
      '配置 裏 -> ヴィルヘルムスハーフェン',
      { place: { marker: 'down', hex: '707' } },
    ],
    ['GF-D13 face up', 'PLACE 5 -> 608', '配置 5 -> ヘルゴラント', { place: { marker: 5, hex: '608' } }],
    ['GF-D14', 'INTERCEPT 305 -> 304', '迎撃 ３０５ -> ３０４', { intercept: { from: '305', to: '304' } }],
    ['GF-D14 pass', 'PASS', 'パス', { intercept: 'pass' }],
    ['GF-D15', 'INITIATIVE HALF EXCESS 1', '主導権 半砲撃 過剰 1', { initiative: { half: true, excess: 1 } }],
    ['GF-D16', 'SITUATIONS CONTINUE, SHORT', '戦闘状況 継続, 近距離', { situations: ['continue', 'short'] }],
    ['GF-D17', 'FIRE DE01 4, König Albert 3', '砲撃 DE01 4, ケーニヒ・アルベルト 3', { fire: { DE01: 4, DE09: 3 } }],
    ['GF-D17 none', 'FIRE NONE', '砲撃 なし', { fire: {} }],
    ['GF-D18', 'CONTINUE YES', '継続 はい', { continue: true }],
    ['standing', 'STANDING USW DECLINE', '常備 無制限潜水艦戦 拒否', { standing: { usw: 'decline' } }],
    [
      'standing D13 sequence',
      'STANDING PLACE DOWN -> 404\nSTANDING PLACE 5 -> Heligoland',
      '常備 配置 裏 -> 404\n常備 配置 5 -> 608',
      {
        standing: {
          placements: [
            { marker: 'down', hex: '404' },
            { marker: 5, hex: '608' },
          ],
        },
      },
    ],
    [
      'standing D14 candidates',
      'STANDING INTERCEPT 404 -> 405',
      '常備 迎撃 404 -> 405',
      { standing: { intercepts: [{ from: '404', to: '405' }] } },
    ],
    [
      'standing D18 by the offensive answer',
      'IFCONTINUE CONTINUE NO\nIFSTOP CONTINUE YES',
      '継続なら 継続 いいえ\n中止なら 継続 はい',
      { standing: { ifContinue: false, ifStop: true } },
    ],
    ['standing D14 pass', 'STANDING INTERCEPT PASS', '常備 迎撃 パス', { standing: { intercepts: [] } }],
  ])('%s', (_point, en, ja, orders) => {
    for (const text of [en, ja]) {
      const back = read(text);
      expect(back.errors, text).toEqual([]);
      expect(back.orders, text).toEqual(orders);
    }
    for (const locale of ['en', 'ja'] as const) {
      const text = formatOrderText(game as never, input, orders, locale).join('\n');
      expect(read(text).orders, text).toEqual(orders);
    }
  });

  test.each([
    ['an unknown ship, named', 'FLEET 1: Bismarck', 'gf/text-ship'],
    ['dice out of range', 'DICE 3', 'gf/text-dice'],
    ['a place without a hex', 'PLACE DOWN', 'gf/text-place'],
    ['yes or no', 'BATTLE MAYBE', 'gf/text-yes-no'],
  ])('reports %s', (_what, text, code) => {
    expect(read(text).errors.map((e) => e.code)).toContain(code);
  });

  test('a ship and a box: an unknown box or ship is named, with the rule of the order', () => {
    const box = read('REINFORCE GB42 -> 9').errors;
    expect(box.map((e) => [e.code, e.rule])).toEqual([['gf/text-box', 'GF 6(2)']]);
    expect(box[0].message.en).toContain('"9"');
    expect(box[0].message.ja).toContain('「9」');
    const ship = read('REINFORCE Bismarck -> 3').errors;
    expect(ship.map((e) => [e.code, e.rule])).toEqual([['gf/text-ship', 'GF 6(2)']]);
    expect(ship[0].message.en).toContain('"Bismarck"');
  });

  test('a text error cites the rule of its order, or no rule when it expresses none, never "orders-text"', () => {
    expect(read('DICE 3').errors.map((e) => e.rule)).toEqual(['GF 7(b)[2]']);
    const [none] = read('STANDING NOTHING').errors;
    expect(none.code).toBe('gf/text-standing');
    expect(none).not.toHaveProperty('rule');
  });

  test('HELP names every decision point in both languages', () => {
    for (const locale of ['en', 'ja'] as const) {
      const help = game.grammar!.syntax(locale);
      for (const d of [2, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]) expect(help).toContain(`GF-D${d}`);
    }
  });
});
