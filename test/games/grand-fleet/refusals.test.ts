/**
 * Refusals say why: an answer at a point the rules skip cites the rule that skips it, a missing placement cites
 * GF 8[2][5], and a standing order the rules can never apply is refused with its rule instead of being dropped.
 */
import { describe, expect, test } from 'vitest';
import { type GfFixtureSetup, stateFromFixture } from '../../../src/games/grand-fleet/rules/fixture.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';
import type { GfOrders } from '../../../src/games/grand-fleet/orders/schema.ts';
import { missingError } from '../../../src/games/grand-fleet/orders/validate-owed.ts';
import type { Side } from '../../../src/games/grand-fleet/state.ts';

const refusals = (setup: GfFixtureSetup, side: Side, orders: GfOrders) =>
  game.validate(stateFromFixture(setup), side, orders).map((e) => ({ code: e.code, rules: e.rules, path: e.path }));

describe('an answer at a skipped decision point cites the rule that skips it', () => {
  test('GF 7(b)[4a]: no declaration when the battle is forced', () => {
    const setup: GfFixtureSetup = {
      offensive: 'german',
      difference: 5,
      battle: { offensive: 'german' },
      phase: { kind: 'organise', side: 'german' },
    };
    const [e] = game.validate(stateFromFixture(setup), 'german', { battle: true }).filter((x) => x.path === 'battle');
    expect([e.code, e.rules]).toEqual(['gf/not-owed', ['GF 7(b)[4a]']]);
    expect(e.message.en).toContain('forced');
    expect(e.message.ja).toContain('強制');
  });
  test('GF 7(b)[4a], GF-A24: no refusal of a forced battle on both sides', () => {
    const setup: GfFixtureSetup = {
      options: { forcedBattle: 'forcedOnBoth' },
      offensive: 'german',
      difference: 4,
      battle: { offensive: 'german' },
      phase: { kind: 'organise', side: 'german' },
    };
    expect(refusals(setup, 'british', { accept: false })).toContainEqual({
      code: 'gf/not-owed',
      rules: ['GF 7(b)[4a]', 'GF-A24'],
      path: 'accept',
    });
  });
  test('GF 7(a)[4]: the turn of an outbreak of unrestricted submarine warfare has no initiative', () => {
    const setup: GfFixtureSetup = { turn: 3, usw: 2, phase: { kind: 'arm-4', side: 'british' } };
    expect(refusals(setup, 'german', { dice: 2 })).toEqual([
      { code: 'gf/not-owed', rules: ['GF 7(a)[4]', 'GF 7(a)[5]'], path: 'dice' },
    ]);
    expect(refusals(setup, 'german', { usw: 'occur' })).toEqual([
      { code: 'gf/not-owed', rules: ['GF 7(a)[4]', 'GF 7(a)[6]'], path: 'usw' },
    ]);
  });
  test('GF 7(a)[2]: only the German answers a "Choice" result', () => {
    const setup: GfFixtureSetup = { turn: 2, phase: { kind: 'usw-choice', side: 'german' } };
    expect(refusals(setup, 'british', { usw: 'decline' })).toEqual([
      { code: 'gf/not-owed', rules: ['GF 7(a)[2]'], path: 'usw' },
    ]);
  });
});

describe('a missing answer cites the rule that owes it', () => {
  test('GF 8[2][5]: a placement left out (placement has no pass)', () => {
    const setup: GfFixtureSetup = { battle: { offensive: 'german' }, phase: { kind: 'place', side: 'german' } };
    const [e] = game.validate(stateFromFixture(setup), 'german', {});
    expect([e.code, e.rules, e.path]).toEqual(['gf/missing', ['GF 8[2][5]', 'GF 8[2][2]'], 'place']);
    expect(e.message.en).toContain('no pass');
  });
});

test('a missing answer elsewhere cites the rules of its point, one id each', () => {
  const setup: GfFixtureSetup = { turn: 2, phase: { kind: 'usw-choice', side: 'german' } };
  expect(refusals(setup, 'german', {})).toEqual([{ code: 'gf/missing', rules: ['GF 7(a)[2]', 'GF 4'], path: 'usw' }]);
  expect(missingError('AD1', 'hexes').rules).toEqual(['GF-AD1', 'GF 8[4][2]', 'GF 4']);
});

describe('a standing order the rules can never apply is refused', () => {
  const setup: GfFixtureSetup = { turn: 3, phase: { kind: 'over' } };
  test('GF 7(a)[2]: a British standing USW choice', () => {
    expect(refusals(setup, 'british', { standing: { usw: 'occur' } })).toEqual([
      { code: 'gf/standing-usw', rules: ['GF 7(a)[2]'], path: 'standing.usw' },
    ]);
  });
  test('GF 7(a)[6]: a German standing USW choice after the outbreak; GF 12[3]: in the historical game', () => {
    expect(refusals({ ...setup, usw: 1 }, 'german', { standing: { usw: 'decline' } })).toEqual([
      { code: 'gf/standing-usw', rules: ['GF 7(a)[6]'], path: 'standing.usw' },
    ]);
    expect(refusals({ ...setup, options: { historical: true } }, 'german', { standing: { usw: 'occur' } })).toEqual([
      { code: 'gf/standing-usw', rules: ['GF 12[3]'], path: 'standing.usw' },
    ]);
    expect(refusals({ ...setup, turn: 1 }, 'german', { standing: { usw: 'occur' } })).toEqual([]);
  });
  test('GF 8[3][4]: a standing interception between hexes that are not adjacent', () => {
    expect(refusals(setup, 'british', { standing: { intercepts: [{ from: '101', to: '106' }] } })).toEqual([
      { code: 'gf/intercept-to', rules: ['GF 8[3][4]'], path: 'standing.intercepts' },
    ]);
    expect(refusals(setup, 'british', { standing: { intercepts: [{ from: '101', to: '102' }] } })).toEqual([]);
  });
  test('GF 8[1][3]: a standing placement of a fleet marker the side does not have', () => {
    expect(refusals(setup, 'german', { standing: { placements: [{ marker: 7, hex: '101' }] } })).toEqual([
      { code: 'gf/marker', rules: ['GF 8[1][3]', 'GF 8[2][1]'], path: 'standing.placements' },
    ]);
  });
});

describe('a withdrawal gives exactly the number rolled (GF 6[15]): the list is refused, never padded or cut', () => {
  const eight = Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`DE0${n}`, 'fleet']));
  const setup: GfFixtureSetup = {
    only: ['german'],
    ships: { ...eight, DE10: 'dd1', DE11: 'dd1' },
    phase: { kind: 'arm-3', side: 'german' },
  };
  const errorsOf = (withdraw: GfOrders['withdraw']) => game.validate(stateFromFixture(setup), 'german', { withdraw });
  test('a list shorter than min(6, fleet box) says the arithmetic, in both languages', () => {
    const [e] = errorsOf({ roll: true, ships: ['DE01', 'DE02'] });
    expect([e.code, e.rules, e.path]).toEqual(['gf/withdraw-count', ['GF 6[15]', 'GF 6[16]'], 'withdraw.ships']);
    expect(e.message.en).toContain('min(6, 8) = 6; you listed 2');
    expect(e.message.ja).toContain('min(6, 8) = 6 隻です。書かれたのは 2 隻です');
  });
  test('a fleet box of fewer than 6 asks for every ship (GF-A09)', () => {
    const few: GfFixtureSetup = { ...setup, ships: { DE01: 'fleet', DE02: 'fleet', DE03: 'fleet' } };
    const [e] = game.validate(stateFromFixture(few), 'german', { withdraw: { roll: true } });
    expect(e.rules).toEqual(['GF 6[15]', 'GF 6[16]', 'GF-A09']);
    expect(e.message.en).toContain('min(6, 3) = 3; you listed 0');
  });
  test('a named box that could overflow, with the sum; ships named by id and name', () => {
    const errors = errorsOf({
      roll: true,
      ships: ['DE01', 'DE02', 'DE03', 'DE04', 'DE05', 'DE09'],
      boxes: { DE01: 1, DE02: 1 },
    });
    expect(errors.map((e) => e.code)).toEqual(['gf/withdraw-ship', 'gf/capacity']);
    expect(errors[0].message.en).toMatch(/^DE09 \S.* is not a ship of yours in the fleet box$/);
    expect(errors[1].message.en).toBe('DDbox 1 holds 2 and up to 2 listed ships may go there: 2 + 2 = 4, more than 3');
    expect(errors[1].rules).toEqual(['GF 6[9]', 'GF-A07']);
  });
  test('ships given without the roll are refused rather than dropped (GF 6[14])', () => {
    expect(errorsOf({ roll: false, ships: ['DE01'] }).map((e) => [e.code, e.rules])).toEqual([
      ['gf/withdraw-no-roll', ['GF 6[14]', 'GF 6[15]']],
    ]);
  });
});

describe('a standing answer the engine would wipe unused is refused, citing when it is used', () => {
  const armament: GfFixtureSetup = {
    only: ['german'],
    ships: { DE01: 'fleet' },
    phase: { kind: 'arm-3', side: 'german' },
  };
  const noRoll = { withdraw: { roll: false } };
  test('GF 7(b)[2], [4]: D9/D10 standing answers go with the sealed D8 only', () => {
    const [e] = game.validate(stateFromFixture(armament), 'german', { ...noRoll, standing: { ifOffensive: true } });
    expect([e.code, e.rules, e.path]).toEqual([
      'gf/standing-declaration',
      ['GF 7(b)[2]', 'GF 7(b)[4]'],
      'standing.ifOffensive',
    ]);
    expect(e.message.en).toMatch(/^IFOFFENSIVE BATTLE: .*D8.*sent at D5, it would never be used$/);
    expect(e.message.ja).toMatch(/^攻勢なら 決戦: .*D5で送っても使われません$/);
    const d8: GfFixtureSetup = { phase: { kind: 'initiative' } };
    expect(refusals(d8, 'british', { dice: 1, standing: { ifOffensive: true, ifIntercepting: false } })).toEqual([]);
  });
  test('every error at once: a wiped standing answer and a short withdrawal list', () => {
    const orders = { withdraw: { roll: true, ships: [] }, standing: { ifIntercepting: true } };
    expect(refusals(armament, 'german', orders).map((e) => e.code)).toEqual([
      'gf/standing-declaration',
      'gf/withdraw-count',
    ]);
  });
  test('GF 4[2], GF 7(b)[2]: battle standing orders sent in the armament phase would be cleared by the initiative phase', () => {
    const placements = [{ marker: 'down' as const, hex: '404' }];
    expect(refusals(armament, 'german', { ...noRoll, standing: { placements, ifStop: true } })).toEqual([
      { code: 'gf/standing-battle', rules: ['GF 4[2]', 'GF 7(b)[2]'], path: 'standing.placements' },
    ]);
  });
  test('GF 7(b)[6]: battle standing orders sent with a declaration of no battle', () => {
    const declare: GfFixtureSetup = { offensive: 'german', difference: 2, phase: { kind: 'declare', side: 'german' } };
    const standing = { intercepts: [{ from: '404', to: '405' }] };
    expect(refusals(declare, 'german', { battle: false, standing })).toEqual([
      { code: 'gf/standing-battle', rules: ['GF 7(b)[6]', 'GF 7(b)[4]'], path: 'standing.intercepts' },
    ]);
    expect(refusals(declare, 'german', { battle: true, standing })).toEqual([]);
  });
});
