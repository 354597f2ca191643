/** The order text of Operation Crusader in English and Japanese: examples for every decision point, round trips, errors. */
import { describe, expect, test } from 'vitest';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import { formatOrderText, readOrderText } from '../../../src/orders-text/game-text.ts';

const input = { data: game.defaultData, seat: 'british' };
const read = (text: string) => readOrderText(game, input, text);

describe('order text (spec 5.2)', () => {
  test.each([
    ['OC-D4 pass', 'PASS', { activation: { at: 'pass' } }],
    ['OC-D4 pass (ja)', 'パス', { activation: { at: 'pass' } }],
    [
      'OC-D4 activation with path and targets',
      'ACTIVATE 12 7arm 22arm MOVE sidi-omar -> 06 ATTACK 7arm -> savona, 22arm -> savona',
      {
        activation: {
          at: '12',
          units: ['7arm', '22arm'],
          path: ['sidi-omar', '06'],
          attack: 'yes',
          targets: { '7arm': 'savona', '22arm': 'savona' },
        },
      },
    ],
    [
      'OC-D4 names in Japanese, full-width digits',
      '活性化　エリア１２　第７機甲旅団　移動　シディ・オマル　->　エリア０６　攻撃　なし',
      { activation: { at: '12', units: ['7arm'], path: ['sidi-omar', '06'], attack: 'no' } },
    ],
    [
      'OC-D4 multi-word English names',
      'activate area 11 2nd New Zealand Division move Halfaya Pass',
      { activation: { at: '11', units: ['nz'], path: ['halfaya'] } },
    ],
    ['OC-D7 targets', 'TARGET 7arm -> savona', { targets: { '7arm': 'savona' } }],
    [
      'OC-D8 counterattack (ja)',
      '反撃 21pz -> 7arm、15pz -> 22arm',
      { counterattack: { '21pz': '7arm', '15pz': '22arm' } },
    ],
    ['OC-D1 set-up', 'SETUP 7arm 12\nSETUP nz area 11', { setup: { '7arm': '12', nz: '11' } }],
    ['OC-D2 replacement (ja)', '補充 トブルク 70div', { replacements: { tobruk: '70div' } }],
    ['OC-D3 return', 'RETURN 21pz west-coast', { returns: { '21pz': 'west-coast' } }],
    [
      'standing preference',
      'PREFER 7arm TANK MOST-STEPS',
      { standing: { counterattack: { prefer: ['7arm'], arm: 'tank', order: 'most-steps' } } },
    ],
    [
      'standing preference at one location',
      'PREFER AT Tobruk INFANTRY',
      { standing: { counterattackAt: { tobruk: { arm: 'infantry' } } } },
    ],
    [
      'standing preference at one location withdrawn (ja)',
      '反撃優先 場所 エリア１１ なし',
      { standing: { counterattackAt: { '11': null } } },
    ],
    ['standing preference withdrawn (ja)', '反撃優先 なし', { standing: { counterattack: null } }],
    [
      'queued activation',
      'QUEUE ACTIVATE 11 nz MOVE sidi-omar\nQUEUE ACTIVATE 12',
      { standing: { queue: [{ at: '11', units: ['nz'], path: ['sidi-omar'] }, { at: '12' }] } },
    ],
    ['queue cleared (ja)', '予約 取消', { standing: { queue: [] } }],
  ])('%s', (_label, text, orders) => {
    const parsed = read(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.orders).toEqual(orders);
    for (const locale of ['en', 'ja'] as const) {
      const back = read(formatOrderText(game, input, orders, locale).join('\n'));
      expect(back.orders, locale).toEqual(orders);
    }
  });

  test.each([
    ['an unknown unit', 'ACTIVATE 12 9arm', 'oc/text/name'],
    ['no location', 'ACTIVATE', 'oc/text/location'],
    ['targets not in pairs', 'COUNTER 21pz', 'oc/text/pairs'],
    ['a set-up without a place', 'SETUP 7arm', 'oc/text/usage'],
  ])('a line with %s is refused with its reason', (_label, text, code) => {
    expect(read(text).errors.map((e) => e.code)).toEqual([code]);
  });

  test('SETUP names the unknown unit or place, with the rule of the order (OC 4.2)', () => {
    const unit = read('SETUP 9arm 12').errors;
    expect(unit.map((e) => [e.code, e.rule])).toEqual([['oc/text/name', 'OC 4.2']]);
    expect(unit[0].message.en).toContain('"9arm" is not a unit');
    expect(unit[0].message.ja).toContain('「9arm」はユニット名ではありません');
    const place = read('SETUP 7arm nowhere').errors;
    expect(place[0].message.en).toContain('"nowhere" is not a place');
    expect(read('REPLACE tobruk 9arm').errors.map((e) => e.rule)).toEqual(['OC 5.2']);
  });

  test('a text error cites no rule when it expresses none, never "orders-text"', () => {
    const [e] = read('COUNTER 21pz').errors;
    expect(e).not.toHaveProperty('rule');
  });

  test('HELP gives an example for every decision point in both languages', () => {
    for (const locale of ['en', 'ja'] as const) {
      const help = game.grammar!.syntax(locale);
      for (const point of ['OC-D1', 'OC-D2', 'OC-D3', 'OC-D4', 'OC-D7', 'OC-D8']) expect(help).toContain(point);
    }
  });
});
