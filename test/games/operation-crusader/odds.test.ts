/** The odds preview of one combat (pbem odds): 10,000 samples of OC-X2's attack, its shares and its time. */
import { describe, expect, test } from 'vitest';
import { streamDice } from '../../../src/engine/dice.ts';
import { previewStepOdds } from '../../../src/engine/odds.ts';
import { sfc32FromHex } from '../../../src/engine/dice.ts';
import { positionFromFixture } from '../../../src/games/operation-crusader/rules/fixture.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';

describe('odds preview of one combat', () => {
  // The time bound is loose (the machine's cores are shared); the figure reported is printed.
  test('OC-X2: 21 Pz attacks INF in an area; 10,000 samples in well under the bound', () => {
    const state = positionFromFixture({ units: { '4ind': '08', '21pz': '08' }, active: 'axis' });
    const orders = { axis: { activation: { at: '08', units: ['21pz'], attack: 'yes' } } };
    const dice = streamDice(sfc32FromHex('0123456789abcdef0123456789abcdef'));
    previewStepOdds(game, state, orders, 1000, dice); // warm-up: the figure is the engine's, not the compiler's
    const started = performance.now();
    const odds = previewStepOdds(game, state, orders, 10_000, dice);
    const ms = performance.now() - started;
    console.log(`10,000-sample combat preview: ${ms.toFixed(1)} ms`);
    // INF: 3 dice at 5+ against 21 Pz; 21 Pz: 4 (or fewer) dice at 3+ (+1 tank on infantry) against INF.
    expect(odds.probabilities['loses-step:21pz']).toBeGreaterThan(0.6);
    expect(odds.probabilities['loses-step:4ind']).toBeGreaterThan(0.9);
    expect(ms).toBeLessThan(5000);
  });
});
