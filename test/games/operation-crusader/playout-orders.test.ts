/**
 * The computer player's play-out orders and estimate of Operation Crusader: legal wherever they are asked (many
 * positions of games played with them, under several rule options), and purposeful in plain positions.
 */
import { describe, expect, test } from 'vitest';
import { sfc32FromHex, sfc32Next, uniformDie } from '../../../src/engine/dice.ts';
import type { ResolveContext, SeatId } from '../../../src/engine/types.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import { playoutOrders } from '../../../src/games/operation-crusader/orders/playout-orders.ts';
import { botEstimate, projectedVp } from '../../../src/games/operation-crusader/rules/estimate.ts';
import { positionFromFixture } from '../../../src/games/operation-crusader/rules/fixture.ts';
import type { OcOrders } from '../../../src/games/operation-crusader/orders/schema.ts';
import type { OcState } from '../../../src/games/operation-crusader/state.ts';

/** A seeded stream of numbers in [0, 1). */
function streamOf(seed: number) {
  const rng = sfc32FromHex(seed.toString(16).padStart(8, '0').repeat(8));
  return { rand: () => sfc32Next(rng) / 0x100000000, roll: (sides: number) => uniformDie(rng, sides) };
}

/** Plays one game, the seats' orders drawn by `policy`; every orders the heuristic gives is checked. */
function playChecked(seed: number, options: Record<string, unknown>, randomSeat: SeatId | null) {
  const { rand, roll } = streamOf(seed);
  const ctx: ResolveContext = { roll, emit: () => {}, silent: true };
  let s = game.setup({ mode: 'standard', options: game.optionsSchema.parse(options), data: game.defaultData });
  const refused: string[] = [];
  let asked = 0;
  for (let step = 0; step < 3000; step++) {
    const owed = game.owed(s);
    if (owed.length === 0 && game.outcome(s)) break;
    const orders: Record<SeatId, OcOrders> = {};
    for (const { seat } of owed) {
      if (seat === randomSeat) {
        orders[seat] = game.randomOrders?.(s, seat, rand) ?? {};
        continue;
      }
      const o = playoutOrders(s, seat, rand);
      asked++;
      const errors = game.validate(s, seat, o);
      if (errors.length) refused.push(`${JSON.stringify(o)}: ${errors[0].message.en}`);
      orders[seat] = o;
    }
    s = game.resolve(s, orders, ctx);
  }
  return { refused, asked, outcome: game.outcome(s) };
}

describe('playoutOrders', () => {
  test.each([
    ['the rules as shipped', {}],
    [
      'targets before any roll, passing enemy points, some attackers',
      { attackerTargets: 'before', enemyPoint: 'pass', pointAttack: 'some' },
    ],
    [
      'free off-map roads, free point-to-area moves, control on entry',
      { offMapCost: 'free', pointToAreaCost: 0, control: 'entry' },
    ],
  ])('validate accepts every orders it gives, over whole games (%s)', (_name, options) => {
    let asked = 0;
    for (let g = 0; g < 8; g++) {
      const both = playChecked(100 + g, options, null);
      const vsRandom = playChecked(200 + g, options, g % 2 ? 'axis' : 'british');
      expect([...both.refused, ...vsRandom.refused]).toEqual([]);
      expect(both.outcome).not.toBeNull();
      asked += both.asked + vsRandom.asked;
    }
    expect(asked).toBeGreaterThan(500);
  });

  test('the same stream gives the same orders (no other chance)', () => {
    const s = game.setup({ mode: 'standard', options: game.optionsSchema.parse({}), data: game.defaultData });
    const after = game.resolve(s, { british: game.defaultOrders(s, 'british') }, { roll: () => 1, emit: () => {} });
    expect(playoutOrders(after, 'british', streamOf(7).rand)).toEqual(
      playoutOrders(after, 'british', streamOf(7).rand),
    );
  });

  test('beats random orders as the British, the weak side (random orders win 2% there)', () => {
    let won = 0;
    for (let g = 0; g < 20; g++) if (playChecked(300 + g, {}, 'axis').outcome?.winner === 'british') won++;
    expect(won).toBeGreaterThanOrEqual(10);
  });

  test('OC 7.1(2): British armour beside a one-step Bardia garrison storms Bardia', () => {
    const s = positionFromFixture({
      units: { '7arm': '04', '22arm': '04', '4arm': '04', 'g-bardia': 'bardia', '15pz': '01' },
      active: 'british',
    });
    const { rand } = streamOf(11);
    let stormed = 0;
    for (let i = 0; i < 100; i++) {
      const act = playoutOrders(s, 'british', rand).activation;
      if (act?.at === '04' && act.path?.at(-1) === 'bardia' && act.units?.length === 3) stormed++;
    }
    expect(stormed).toBeGreaterThanOrEqual(85);
  });

  test('OC 7.1(5): a panzer division at Halfaya with the coast road open breaks through east', () => {
    const s = positionFromFixture({ units: { '15pz': 'halfaya', nz: '12', '70div': 'tobruk' }, active: 'axis' });
    const { rand } = streamOf(12);
    let broke = 0;
    for (let i = 0; i < 100; i++) {
      const act = playoutOrders(s, 'axis', rand).activation;
      if (act?.path?.at(-1) === 'east-coast') broke++;
    }
    expect(broke).toBeGreaterThanOrEqual(85);
  });
});

describe('botEstimate', () => {
  const besieged: OcState = positionFromFixture({
    units: { '70div': 'tobruk', '90le': 'el-adem', nz: '11' },
    turn: 2,
  });
  // The road Tobruk, El Adem, Sidi Rezegh, Gabr Saleh, Fort Maddalena to the south edge held (OC 5.1(2)).
  const relieved: OcState = positionFromFixture({
    units: { '70div': 'tobruk', nz: '11' },
    control: { 'el-adem': 'british', 'sidi-rezegh': 'british', 'gabr-saleh': 'british', maddalena: 'british' },
    turn: 2,
  });

  test('OC 7.1(1): with the VP marker equal, a relieved Tobruk is worth more to the British than a besieged one', () => {
    expect(besieged.vp).toBe(relieved.vp);
    expect(projectedVp(relieved)).toBeGreaterThan(projectedVp(besieged) + 5);
    expect(botEstimate(relieved, 'british')).toBeGreaterThan(0.7);
    expect(botEstimate(besieged, 'british')).toBeLessThan(0.3);
    expect(botEstimate(besieged, 'axis')).toBeCloseTo(1 - botEstimate(besieged, 'british'), 10);
  });

  test('an ended game scores its VP marker', () => {
    const over: OcState = {
      ...relieved,
      vp: -3,
      phase: { kind: 'over', winner: 'axis', reason: { en: 'x', ja: 'x' }, rule: 'OC 3.0[1]' },
    };
    expect(projectedVp(over)).toBe(-3);
  });
});
