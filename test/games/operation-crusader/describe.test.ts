/** The events of a combat in words (OC-X2), English and Japanese, with their rules. */
import { expect, test } from 'vitest';
import { forcedDice, type GameEvent } from '../../../src/engine/index.ts';
import { positionFromFixture } from '../../../src/games/operation-crusader/rules/fixture.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';

test('OC-X2 in words', () => {
  const s = positionFromFixture({ units: { '4ind': '08', '21pz': '08' }, active: 'axis' });
  const events: GameEvent[] = [];
  const dice = forcedDice([5, 6, 2, 3, 3, 1]);
  game.resolve(
    s,
    { axis: { activation: { at: '08', units: ['21pz'], attack: 'yes' } } },
    { roll: (n, p) => dice.roll(n, p), emit: (e) => events.push(e) },
  );
  const en = events.map((e) => game.describeEvent(e, 'en')).join('\n');
  const ja = events.map((e) => game.describeEvent(e, 'ja')).join('\n');
  expect(en).toContain('Axis activate 21 Pz at Area 08 (Gabr Saleh), staying (OC 6.1).');
  expect(en).toContain('4 Ind counterattacks 21 Pz: dice 5, 6, 2, +0, hit on 5+: 2 hit(s) (OC 6.3(1)①).');
  expect(en).toContain('21 Pz takes 2 hit(s) at defence 2: 1 step loss(es), 3 step(s) left (OC 6.3(3)).');
  expect(en).toContain('British gain 1 VP: the marker moves from 0 to 1 (OC 7.1(3)).');
  expect(ja).toContain('枢軸軍がエリア08(ガブル・サレー)の21装甲を活性化、移動なし（OC 6.1）。');
  expect(ja).toContain('21装甲が印4に攻撃: ダイス 3, 3, 1、修正+1、4以上で命中: 2ヒット（OC 6.3(1)②）。');
  expect(`${en}\n${ja}`).not.toMatch(/undefined|\[object/);
});
