/**
 * Validation reports every error at once, whatever else is wrong with the orders, and each error names every rule
 * it rests on (`rules`) with the arithmetic in its message, in English and Japanese.
 */
import { describe, expect, test } from 'vitest';
import { checkOrders, type Envelope, type RuleError } from '../../../src/engine/index.ts';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import type { AwState } from '../../../src/games/atlantic-wolves/state.ts';
import { atFirstPoint, C, U } from './positions.ts';

/** The German owes UB placement (AW-D5) on `turn`, with three used UBs; fixture F: Area-4 has 配置数 2. */
function germanPlacing(turn: number, options: Record<string, unknown> = {}): AwState {
  const s = atFirstPoint({
    mode: 'mail',
    options,
    turn,
    table: 10,
    start: 'ub-placement',
    data: { areas: 'F', units: [C('C1'), U('UA'), U('UB'), U('UC')] },
    map: { 'Area-1': ['C1'] },
    used: ['UA', 'UB', 'UC'],
  });
  expect(game.owed(s).map((o) => `${o.seat}:${o.point}`)).toEqual(['german:AW-D5']);
  return s;
}
const envelope = (state: AwState): Envelope => ({ game: game.id, mode: state.mode, step: 0, diceKey: null, state });
const byCode = (errors: RuleError[], code: string) => errors.filter((e) => e.code === code);

describe('every error at once', () => {
  test('a field the seat does not owe no longer hides the capacity and missing-unit errors of the owed answer', () => {
    const s = germanPlacing(3);
    const errors = game.validate(s, 'german', { placement: { UA: 'Area-4', UB: 'Area-4' }, escorts: {} });
    expect(errors.map((e) => e.code).sort()).toEqual([
      'aw/orders/not-owed',
      'aw/placement/capacity',
      'aw/placement/missing',
    ]);
  });

  test('a malformed field does not hide what is wrong with the well-formed ones (the step runner)', () => {
    const s = germanPlacing(3);
    const r = checkOrders(game, envelope(s), 'german', {
      placement: { UA: 'Area-4', UB: 'Area-4' },
      escorts: 5,
      bogus: true,
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const codes = r.errors.map((e) => e.code);
    expect(codes.filter((c) => c === 'orders/shape')).toHaveLength(2); // escorts: not a record; bogus: unknown
    expect(codes).toContain('aw/placement/capacity');
    expect(codes).toContain('aw/placement/missing');
  });

  test('a malformed owed field is reported once, as its shape, not also as missing', () => {
    const s = germanPlacing(3);
    const r = checkOrders(game, envelope(s), 'german', { placement: { UA: 7 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(['orders/shape']);
  });
});

describe('rule citations with the arithmetic', () => {
  test.each([
    [1, 2, ['AW 7.0[3]'], 'its UB capacity is 2 (the printed 配置数 on turn 1)', 'UB配置数は2'],
    [
      3,
      1,
      ['AW 7.0[3]', 'AW 10.0-E2'],
      'its UB capacity on turn 3 is 1 = printed 配置数 2 − 1 on turns 3-4 (AW 10.0-E2)',
      '1 = 印刷された配置数2 − 1（AW 10.0-E2',
    ],
    [
      5,
      0,
      ['AW 7.0[3]', 'AW 10.0-E2'],
      'its UB capacity on turn 5 is 0 = printed 配置数 2 − 2 on turn 5 (AW 10.0-E2)',
      '0 = 印刷された配置数2 − 2（AW 10.0-E2',
    ],
  ])('turn %i: a UB capacity error says capacity %i and how, citing %j', (turn, cap, rules, en, ja) => {
    const s = germanPlacing(turn);
    const placement = { UA: 'Area-4', UB: 'Area-4', UC: 'Area-4' };
    const [e] = byCode(game.validate(s, 'german', { placement }), 'aw/placement/capacity');
    expect(e.rules).toEqual(rules);
    expect(e.rule).toBe(rules.join(', '));
    expect(e.message.en).toContain(`would hold 3 UBs, ${3 - cap} too many: ${en}`);
    expect(e.message.ja).toContain(ja);
  });

  test('AW-A19: a capacity below 0 is floored, and the error cites it', () => {
    const s = atFirstPoint({
      mode: 'mail',
      turn: 5,
      table: 10,
      start: 'ub-placement',
      data: { areas: 'F', units: [C('C1'), U('UA')] },
      map: { 'Area-1': ['C1'] },
      used: ['UA'],
    });
    const low = {
      ...s,
      data: { ...s.data, areas: s.data.areas.map((a) => (a.id === 'Area-4' ? { ...a, capacity: 1 } : a)) },
    };
    const [e] = byCode(game.validate(low, 'german', { placement: { UA: 'Area-4' } }), 'aw/placement/capacity');
    expect(e.rules).toEqual(['AW 7.0[3]', 'AW 10.0-E2', 'AW-A19']);
    expect(e.message.en).toContain('is 0 = printed 配置数 1 − 2 on turn 5 (AW 10.0-E2), floored at 0 (AW-A19)');
  });

  test('an Allied capacity error says the printed 配置数 and cites AW 6.0-C1 with the placement rule', () => {
    const s = atFirstPoint({
      mode: 'mail',
      turn: 3,
      table: 10,
      start: 'turn',
      data: { areas: 'F', units: [C('C1'), C('C2'), C('C3'), U('U1')] },
    });
    expect(game.owed(s).map((o) => o.point)).toEqual(['AW-D3']);
    const [e] = byCode(
      game.validate(s, 'allied', { placement: { C1: 'Area-4', C2: 'Area-4', C3: 'Area-4' } }),
      'aw/placement/capacity',
    );
    expect(e.rules).toEqual(['AW 6.0-C1']);
    expect(e.message.en).toContain('would hold 3 Allied units, 1 too many: its capacity is 2 (the printed 配置数)');
    expect(e.message.ja).toContain('配置数は2');
  });

  test("an escort ship that cannot attack says its modified strength and every modifier's rule", () => {
    const s = atFirstPoint({
      mode: 'mail',
      turn: 1,
      table: 10,
      start: 'combat',
      data: {
        areas: 'F',
        units: [
          { id: 'USDD', type: 'DD', nationality: 'US', strength: 1 },
          { id: 'DD', type: 'DD', strength: 3 },
          C('C1'),
          C('C2'),
          U('U1'),
          U('U2'),
        ],
      },
      map: { 'Area-1': ['USDD', 'C1', 'U1'], 'Area-2': ['DD', 'C2', 'U2'] },
    });
    expect(game.owed(s).map((o) => o.point)).toEqual(['AW-D9']);
    const [e] = byCode(game.validate(s, 'allied', { escorts: { USDD: ['U1'] } }), 'aw/escorts/cannot-attack');
    expect(e.rules).toEqual(['AW 8.2', 'AW 8.2[6]', 'AW 10.0-C']);
    expect(e.message.en).toContain('strength 0 = printed 1 − 1 (US escort ship on turn 1, AW 10.0-C)');
    expect(e.message.ja).toContain('戦力0 = 印刷された戦力1 − 1（第1ターンの米護衛艦、AW 10.0-C）');
  });

  test('AW-A08 R1: a German who must place fewer UBs than he has is told how many and why', () => {
    // Fixture F on turn 5: UB capacities 2 + 1 + 3 + 0 + 2 = 8, one fewer than the 9 used UBs.
    const ubs = ['U1', 'U2', 'U3', 'U4', 'U5', 'U6', 'U7', 'U8', 'U9'];
    const s = atFirstPoint({
      mode: 'mail',
      options: { ubExcess: 'offMap' },
      turn: 5,
      table: 10,
      start: 'ub-placement',
      data: { areas: 'F', units: [C('C1'), ...ubs.map((id) => U(id))] },
      map: { 'Area-1': ['C1'] },
      used: ubs,
    });
    const missing = byCode(game.validate(s, 'german', { placement: { U1: 'Area-1' } }), 'aw/placement/missing');
    expect(missing).toHaveLength(8);
    expect(missing[0].rules).toEqual(['AW 7.0[2]', 'AW-A08 R1', 'AW 10.0-E2']);
    expect(missing[0].message.en).toContain(
      "8 of your 9 used UBs must be placed: the map's total UB capacity on turn 5",
    );
    const few = germanPlacing(5, { ubExcess: 'offMap' }); // 3 used UBs fit: every one must be placed
    const [e] = byCode(game.validate(few, 'german', { placement: { UA: 'Area-1' } }), 'aw/placement/missing');
    expect(e.rules).toEqual(['AW 7.0[2]']);
    expect(e.message.en).toContain('3 UBs must be placed: every used UB');
  });

  test('every error carries rules, and rule is them joined', () => {
    const s = germanPlacing(3);
    const errors = game.validate(s, 'german', {
      placement: { UA: 'Area-4', UB: 'Area-4', ZZ: 'Area-1', C1: 'Area-9' },
      escorts: {},
      standing: { step2Plan: ['Nowhere'] },
    });
    expect(errors.length).toBeGreaterThan(4);
    for (const e of errors) {
      expect(e.rules?.length).toBeGreaterThan(0);
      expect(e.rule).toBe(e.rules?.join(', '));
    }
  });
});
