/**
 * Every fault at once, one error per fault, and names from the data in both languages (FN 9.1, FN 9.21, FN 7.0).
 */
import { describe, expect, test } from 'vitest';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import type { FnOrders } from '../../../src/games/fin-napoleon/orders/schema.ts';
import { type FnFixture, positionFromFixture } from '../../../src/games/fin-napoleon/rules/fixture.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';

const refusals = (s: FnState, seat: string, orders: FnOrders) =>
  fn.validate(s, seat, orders).map((e) => [e.code, e.path]);

describe('every fault of an order is reported at once', () => {
  test('FN 9.11[1], FN 9.1[2]: a path too long and with a broken link gets both errors', () => {
    const s = positionFromFixture({ active: 'prussia', units: { PR: { prussia: 1 } }, atWar: { prussia: true } });
    expect(refusals(s, 'allies', { activity: 'move', move: { PR1: ['RU', 'WR'] } })).toEqual([
      ['fn/too-far', 'move.PR1'],
      ['fn/not-adjacent', 'move.PR1.0'],
    ]);
  });
  test('FN 7.0[3], FN 7.0[1]: a French declaration on a nation at war, a second time this turn', () => {
    const t = positionFromFixture({ atWar: { prussia: true }, frenchDeclared: true } satisfies FnFixture);
    expect(refusals(t, 'france', { activity: 'declare', target: 'prussia' })).toEqual([
      ['fn/declare-at-war', 'target'],
      ['fn/declare-once', 'target'],
    ]);
  });
});

describe('one error per fault, not one per unit', () => {
  test('FN 9.1[1]: units beyond those in the area share one error counting them (the slots are keys, not names)', () => {
    const s = positionFromFixture({ units: { FR: { france: 1 } } } satisfies FnFixture);
    const errors = fn.validate(s, 'france', { activity: 'move', move: { FR1: ['SF'], FR2: ['SF'], FR3: ['SF'] } });
    expect(errors.map((e) => [e.code, e.path])).toEqual([['fn/no-unit', 'move.FR2']]);
    expect(errors[0].message.en).toBe('2 move(s) too many from France: France has 1 unit(s) there that may move');
    expect(errors[0].message.ja).toBe(
      'フランスからの移動が2ユニット多すぎます: フランス軍がフランスで移動できるのは1ユニットまで',
    );
  });
  test('FN 9.1[2]: units of one area on the same broken path share its error', () => {
    const s = positionFromFixture({ units: { FR: { france: 2 } } } satisfies FnFixture);
    expect(refusals(s, 'france', { activity: 'move', move: { FR1: ['AU'], FR2: ['AU'] } })).toEqual([
      ['fn/not-adjacent', 'move.FR1.0'],
    ]);
  });
});

describe('messages name nations and areas from the data in both languages', () => {
  test('FN 9.21[1]: an allocation to a nation with no at-war units in the area', () => {
    const s = positionFromFixture({ units: { AU: { france: 2, prussia: 1 } }, atWar: { prussia: true } });
    const allocating = { ...s, phase: { kind: 'allocate', combat: { areas: ['AU'] } } } as unknown as FnState;
    const [e] = fn.validate(allocating, 'france', { allocation: { austria: 2 } });
    expect(e.code).toBe('fn/allocation-nation');
    expect(e.message.en).toBe('no at-war units of Austria in Austria');
    expect(e.message.ja).toBe('オーストリアにオーストリアの交戦中ユニットはありません');
  });
  test('FN 9.23[3]: holding back nations that are not the seat’s', () => {
    const s = positionFromFixture({});
    const [e] = fn.validate(s, 'france', { activity: 'none', standing: { holdBack: ['prussia'] } });
    expect(e.code).toBe('fn/standing-hold-back');
    expect(e.message.en).toBe('Prussia are not your nations');
    expect(e.message.ja).toBe('プロイセンはあなたの国ではありません');
  });
});
