/** Rule tables of Operation Crusader: hit conversion, modifiers, supply, movement costs and options, each row citing its rule. */
import { describe, expect, test } from 'vitest';
import { forcedDice, type GameEvent } from '../../../src/engine/index.ts';
import { stepLosses, toHit } from '../../../src/games/operation-crusader/rules/combat.ts';
import { defaultOrders } from '../../../src/games/operation-crusader/orders/defaults.ts';
import { positionFromFixture, type OcFixture } from '../../../src/games/operation-crusader/rules/fixture.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import { walkPath } from '../../../src/games/operation-crusader/rules/movement.ts';
import type { OcOrders } from '../../../src/games/operation-crusader/orders/schema.ts';
import type { OcState } from '../../../src/games/operation-crusader/state.ts';
import { supplyOf, tobrukBesieged } from '../../../src/games/operation-crusader/rules/supply.ts';
import { casesDir, loadCases } from '../../support/rules-harness.ts';

const position = (f: OcFixture) => positionFromFixture(f);

/** A position where the Axis counterattacks by a standing preference (no D8 asked). */
function withAxisPreference(f: OcFixture): OcState {
  const s = position(f);
  return { ...s, standing: { ...s.standing, axis: { counterattack: { order: 'lowest-hit' } } } };
}

/** Resolves one step with forced dice; the events and the state after. */
function run(s: OcState, orders: Record<string, OcOrders>, dice: number[] = []) {
  const events: GameEvent[] = [];
  const d = forcedDice(dice);
  const next = game.resolve(s, orders, { roll: (n, p) => d.roll(n, p), emit: (e) => events.push(e) });
  return { next, events };
}

test("the rule cases (fixtures/*.json) include the spec's illustrations", () => {
  expect(loadCases(casesDir(game.id)).map((f) => f.id)).toEqual(
    expect.arrayContaining(['OC-X1', 'OC-X2', 'OC-X3a', 'OC-X3b']),
  );
});

describe('OC 6.3(3), 6.3(4): step losses by hits and defence (spec section 4 table)', () => {
  test.each([
    ['OC 6.3(3)[2] white: 1 per hit', 1, false, [0, 1, 2, 3, 4, 5, 6, 7, 8]],
    ['OC 6.3(3)[3] black: first hit counts', 2, false, [0, 1, 1, 1, 2, 2, 3, 3, 4]],
    ['OC-A07 F2 fortress: plain 3 per step', 3, false, [0, 0, 0, 1, 1, 1, 2, 2, 2]],
    ['OC-A07 F1 fortress: first hit counts', 3, true, [0, 1, 1, 1, 1, 1, 2, 2, 2]],
  ] as const)('%s', (_rule, defence, first, expected) => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((h) => stepLosses(h, defence, first))).toEqual(expected);
  });
});

describe('OC 6.3(5), 6.3(6), 5.1(4): what a die needs', () => {
  const combatAt = (at: string) => ({
    at,
    attacker: 'axis' as const,
    group: [],
    attackers: [],
    defenders: [],
    from: at,
    acrossFortress: false,
    targets: {},
  });
  test.each([
    [
      'OC 6.3(5) tank on infantry in an area: +1',
      { '21pz': '08', '4ind': '08' },
      '21pz',
      '4ind',
      '08',
      false,
      { value: 4, plus: 1 },
    ],
    [
      'OC 6.3(5) no modifier at a point',
      { '21pz': 'gambut', '4ind': 'gambut' },
      '21pz',
      '4ind',
      'gambut',
      false,
      { value: 4, plus: 0 },
    ],
    [
      'OC 6.3(5) infantry on tank: none',
      { '21pz': '08', '4ind': '08' },
      '4ind',
      '21pz',
      '08',
      false,
      { value: 5, plus: 0 },
    ],
    [
      'OC 6.3(6) out-of-supply target: +1',
      { '21pz': '08', '4ind': { at: '08', outOfSupply: true } },
      '21pz',
      '4ind',
      '08',
      false,
      { value: 4, plus: 2 },
    ],
    [
      'OC 6.3(6) out-of-supply counterattacker: hit value 6',
      { '21pz': '08', '4ind': { at: '08', outOfSupply: true } },
      '4ind',
      '21pz',
      '08',
      true,
      { value: 6, plus: 0 },
    ],
  ] as const)('%s', (_rule, units, firer, target, at, counter, expected) => {
    expect(toHit(position({ units: units as OcFixture['units'] }), firer, target, combatAt(at), counter)).toEqual(
      expected,
    );
  });
});

describe('OC 5.1: supply', () => {
  test.each([
    ['OC 5.1(1)[4] British in area 11 always in supply', { nz: '11' }, {}, 'nz', 'supplied'],
    ['OC 5.1(2)[2] area traced from a friendly-controlled point: none in area 08', { nz: '08' }, {}, 'nz', 'out'],
    [
      'OC 5.1(2) to the south edge through British-held points',
      { nz: '10' },
      { maddalena: 'british' },
      'nz',
      'supplied',
    ],
    ['OC 5.1(1)[5] the Tobruk garrison draws on Tobruk', { '70div': 'tobruk' }, {}, '70div', 'tobruk-only'],
    ['OC 5.1(1)[2] Axis at Gambut traces the coast road west', { '21pz': 'gambut' }, {}, '21pz', 'supplied'],
    [
      'OC 5.1(3)① a road next to an area held only by the enemy is cut',
      { '21pz': 'gambut', nz: '03' },
      {},
      '21pz',
      'out',
    ],
  ] as const)('%s', (_rule, units, control, unit, expected) => {
    const s = position({ units: units as OcFixture['units'], control: control as OcFixture['control'] });
    expect(supplyOf(s, s.data.units.find((u) => u.id === unit)!.side).get(unit)).toBe(expected);
  });
  test('OC 7.1(1), OC-A28: Tobruk besieged while every road out runs to Axis points; relieved through El Adem held', () => {
    expect(tobrukBesieged(position({ units: { '70div': 'tobruk' } }))).toBe(true);
    const held = {
      'el-adem': 'british',
      'bir-el-gubi': 'british',
      'gabr-saleh': 'british',
      maddalena: 'british',
    } as const;
    expect(tobrukBesieged(position({ units: { '70div': 'tobruk' }, control: held }))).toBe(false);
  });
});

describe('options change the readings (spec 5.3)', () => {
  test('OC-A12: point to area costs 2 (R1) or nothing (R2)', () => {
    const f: OcFixture = { units: { '1atb': 'sidi-omar' } };
    expect(walkPath(position(f), 'british', ['1atb'], 'sidi-omar', ['06', '10']).error?.code).toBe('oc/move/allowance');
    expect(
      walkPath(position({ ...f, options: { pointToAreaCost: 0 } }), 'british', ['1atb'], 'sidi-omar', ['06', '10'])
        .error,
    ).toBeNull();
  });
  test('OC-A15: the road from an off-map point costs its normal cost (R1) or nothing (R2)', () => {
    const f: OcFixture = { units: { '2sa': 'south-track' } };
    expect(walkPath(position(f), 'british', ['2sa'], 'south-track', ['maddalena']).spent).toBe(1);
    expect(
      walkPath(position({ ...f, options: { offMapCost: 'free' } }), 'british', ['2sa'], 'south-track', ['maddalena'])
        .spent,
    ).toBe(0);
  });
  test('OC-A13: passing through an enemy point is refused (R1) or allowed (R2)', () => {
    const f: OcFixture = { units: { '7arm': 'sidi-omar', savona: 'capuzzo' }, control: { 'sidi-omar': 'british' } };
    const path = ['capuzzo', 'bardia'];
    expect(walkPath(position(f), 'british', ['7arm'], 'sidi-omar', path).error?.code).toBe('oc/move/must-stop');
    expect(
      walkPath(position({ ...f, options: { enemyPoint: 'pass' } }), 'british', ['7arm'], 'sidi-omar', path).error,
    ).toBeNull();
  });
  test('OC-A06: two firers scoring 1 hit each on a German tank cost 1 step summed (R1), 2 per firer (R2)', () => {
    const f: OcFixture = { units: { '7arm': '08', '22arm': '08', '21pz': '08' }, options: {} };
    const orders = {
      british: { activation: { at: '08', attack: 'yes' as const, targets: { '7arm': '21pz', '22arm': '21pz' } } },
    };
    const dice = [1, 1, 1, 1, 6, 1, 1, 6, 1, 1];
    const summed = run(withAxisPreference(f), orders, dice).next;
    const perFirer = run(withAxisPreference({ ...f, options: { hitCounting: 'per-firer' } }), orders, dice).next;
    expect([summed.units['21pz'].steps, perFirer.units['21pz'].steps]).toEqual([3, 2]);
  });
  test('OC-A20: British VP for German tank steps actually lost (R1) or all inflicted (R2)', () => {
    const f: OcFixture = { units: { '7arm': '08', '22arm': '08', '21pz': { at: '08', steps: 1 } } };
    const orders = { british: { activation: { at: '08', attack: 'yes' as const } } };
    const dice = [1, 5, 5, 5, 5, 5, 5];
    expect(run(withAxisPreference(f), orders, dice).next.units['21pz'].status).toBe('routed');
    const vpOf = (o: Record<string, unknown>) =>
      run(withAxisPreference({ ...f, options: o }), orders, dice).events.find((e) => e.type === 'vp')?.amount;
    expect([vpOf({}), vpOf({ germanTankVp: 'inflicted' })]).toEqual([1, 3]);
  });
  test('OC-A35: only garrisons and brigades are removed for good (R1), or any unit at 1 step (R2)', () => {
    const f: OcFixture = { units: { '21pz': '08', '4ind': { at: '08', steps: 1 } }, active: 'axis' };
    const orders = { axis: { activation: { at: '08', attack: 'yes' as const } } };
    const dice = [1, 6, 6, 6, 6];
    expect(run(position(f), orders, dice).next.units['4ind'].status).toBe('routed');
    expect(
      run(position({ ...f, options: { permanentRemoval: 'any-one-step' } }), orders, dice).next.units['4ind'].status,
    ).toBe('removed');
  });
  test('OC-A23: a point passed through changes control only under R2', () => {
    const f: OcFixture = { units: { '7arm': '12' } };
    const orders = { british: { activation: { at: '12', path: ['maddalena', 'gabr-saleh'] } } };
    expect(run(position(f), orders).next.control.maddalena).toBe('axis');
    expect(run(position({ ...f, options: { control: 'entry' } }), orders).next.control.maddalena).toBe('british');
  });
  test('OC-A09 R1: targets are fixed before any roll when several defenders can be hit', () => {
    const f: OcFixture = {
      units: { '7arm': '08', '21pz': '08', '90le': '08' },
      options: { attackerTargets: 'before' },
    };
    const errors = game
      .validate(position(f), 'british', { activation: { at: '08', attack: 'yes' } })
      .map((e) => e.code);
    expect(errors).toEqual(['oc/attack/targets-before']);
  });
  test('OC-A09 R2 (default): the attacker is asked for targets after the counterattack (D7)', () => {
    const f: OcFixture = { units: { '7arm': '08', '22arm': '08', '21pz': '08', '90le': '08' } };
    const s1 = run(position(f), { british: { activation: { at: '08', attack: 'yes' } } }).next;
    expect(game.owed(s1).map((o) => o.point)).toEqual(['OC-D8']);
    const s2 = run(s1, { axis: { counterattack: { '21pz': '7arm', '90le': '7arm' } } }, [1, 1, 1, 1, 1, 1, 1]).next;
    expect(game.owed(s2).map((o) => `${o.seat}:${o.point}`)).toEqual(['british:OC-D7']);
  });
  test('OC-AD1: a missed D4 passes by default, or holds the first group in place', () => {
    const f: OcFixture = { units: { nz: '11' } };
    expect(defaultOrders(position(f), 'british')).toEqual({ activation: { at: 'pass' } });
    expect(defaultOrders(position({ ...f, options: { deadlineDefault: 'hold' } }), 'british')).toEqual({
      activation: { at: '11', units: ['nz'], attack: 'no' },
    });
  });
  test('OC-A08: a fortress works for its map side only (R1), or for any defender holding it (R2)', () => {
    const f: OcFixture = { units: { '2sa': 'halfaya', '90le': '11' }, control: { halfaya: 'british' }, active: 'axis' };
    const orders = { axis: { activation: { at: '11', path: ['halfaya'] } } };
    const fortress = (o: Record<string, unknown>) =>
      run(position({ ...f, options: o }), orders, [1, 1, 1, 1, 1, 1]).events.find((e) => e.type === 'combat')?.fortress;
    expect([fortress({}), fortress({ fortressOwner: 'defender' })]).toEqual([false, true]);
  });
  test('OC-A11: at a point every activated unit attacks (R1), or only those given a target (R2)', () => {
    const f: OcFixture = { units: { '7arm': '06', '22arm': '06', savona: 'capuzzo' } };
    const orders = { british: { activation: { at: '06', path: ['capuzzo'], targets: { '7arm': 'savona' } } } };
    const attackers = (o: Record<string, unknown>, dice: number[]) =>
      run(position({ ...f, options: o }), orders, dice).events.find((e) => e.type === 'combat')?.attackers;
    // R1: the counterattack needs a choice between two attackers (D8 asked, no dice yet).
    expect(attackers({}, [])).toEqual(['7arm', '22arm']);
    expect(attackers({ pointAttack: 'some' }, [1, 1, 1, 1, 1, 1])).toEqual(['7arm']);
  });
  test('OC-A11 R1: targets leaving out a unit that attacks anyway are refused, naming the unit and the rules', () => {
    const f: OcFixture = { units: { '7arm': '06', '22arm': '06', savona: 'capuzzo' } };
    const errors = game.validate(position(f), 'british', {
      activation: { at: '06', path: ['capuzzo'], targets: { '7arm': 'savona' } },
    });
    expect(errors.map((e) => [e.code, e.rules])).toEqual([['oc/attack/left-out', ['OC 6.3[2]', 'OC-A11']]]);
    expect(errors[0].message.en).toContain('22 Armd');
    expect(errors[0].message.ja).toContain('22機甲');
  });
});
