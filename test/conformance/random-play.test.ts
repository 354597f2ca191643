/**
 * Conformance, for every registered game: random legal play reaches the end in every mode, under options drawn from
 * the documented values, with every order accepted by the engine's step runner and every rule invariant kept after
 * every step. Along the way, every seat that owes orders has its legal choices (the page's form and HELP are built
 * from them) and the game's default orders (a missed deadline) are legal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionsArbitrary, playRandomGame, registered } from './support/random-game.ts';

describe.each(registered)('%s', (_id, game) => {
  it.each(game.modes.map((mode) => [mode]))(
    '%s: random legal play reaches the end, every order legal, every invariant kept',
    (mode) => {
      let games = 0;
      const property = fc.property(optionsArbitrary(game), fc.integer({ min: 1, max: 2 ** 30 }), (options, n) => {
        const played = playRandomGame(game, { mode, options, seed: `play-${n}` });
        expect(played.problems).toEqual([]);
        const last = played.states.at(-1);
        expect(game.owed(last)).toEqual([]);
        expect(game.outcome(last)).not.toBeNull();
        const owing: string[] = [];
        for (const state of played.states) {
          for (const { seat, point } of game.owed(state)) {
            if (!game.choices(state, seat)) owing.push(`${point} ${seat}: no choices`);
            const defaults = game.validate(state, seat, game.defaultOrders(state, seat));
            owing.push(...defaults.map((e) => `${point} ${seat}: default orders refused: ${e.code}`));
          }
        }
        expect(owing).toEqual([]);
        games++;
      });
      fc.assert(property, { numRuns: 12 });
      expect(games).toBe(12);
    },
  );
});
