/**
 * Conformance, for every registered game that gives `seatsOwing` (the owing seats without their prompts, which the
 * computer player asks for at every step of its play-outs): it names exactly the seats of `owed`, in the same
 * order, at every step of random games of every mode.
 */
import { describe, expect, it } from 'vitest';
import { playRandomGame, registered } from './support/random-game.ts';

const giving = registered.filter(([, game]) => game.seatsOwing);

describe.each(giving)('%s: seatsOwing is the seats of owed', (_id, game) => {
  it.each(game.modes)('mode %s', (mode) => {
    let compared = 0;
    for (const seed of ['owing-1', 'owing-2', 'owing-3', 'owing-4']) {
      for (const state of playRandomGame(game, { mode, seed }).states) {
        expect(game.seatsOwing?.(state)).toEqual(game.owed(state).map((o) => o.seat));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});
