/** The odds preview of one bombardment round (GF 8[4.3]): 10,000 samples, the shares, and the time they take. */
import { describe, expect, test } from 'vitest';
import { sfc32FromHex, streamDice } from '../../../src/engine/dice.ts';
import { previewStepOdds } from '../../../src/engine/odds.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';
import { fireStep } from './fire-step.ts';

describe('odds preview of a bombardment round', () => {
  test('10,000 samples give the damage table shares (reconstructed 2d6: sunk 10+, German -1)', () => {
    const s = fireStep();
    const orders = { british: game.defaultOrders(s, 'british'), german: game.defaultOrders(s, 'german') };
    const dice = streamDice(sfc32FromHex('0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'));
    const started = performance.now();
    const odds = previewStepOdds(game as never, s, orders, 10_000, dice);
    const ms = performance.now() - started;
    console.info(`[odds] grand-fleet bombardment round, 10,000 samples: ${ms.toFixed(1)} ms`);
    const targetBritish = Object.keys(orders.german.fire!)[0];
    const targetGerman = Object.keys(orders.british.fire!)[0];
    // British target sunk on 10-12 (6/36); German target on 11-12 after -1 (3/36).
    expect(odds.probabilities[`sunk:${targetBritish}`]).toBeCloseTo(6 / 36, 1);
    expect(odds.probabilities[`sunk:${targetGerman}`]).toBeCloseTo(3 / 36, 1);
    // The figure is reported, not asserted: on a shared machine it varies tenfold with the load.
    expect(ms).toBeGreaterThan(0);
  });
});
