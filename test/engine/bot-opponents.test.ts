/**
 * The computer player's opponents in its play-outs (src/engine/bot/search.ts): another seat plays the package's
 * play-out heuristic, its default orders three times in ten, and random legal orders as often as the package's
 * `botRandomShare` says. Counted on the toy game, whose two seats owe at every step: the seat the bot plays for
 * draws its candidates from `randomOrders` too, so only the other seat's calls are counted.
 */
import { describe, expect, test } from 'vitest';
import { decide } from '../../src/engine/bot/index.ts';
import type { SeatId } from '../../src/engine/types.ts';
import { toyGame } from '../../src/games/toy/index.ts';
import type { ToyState } from '../../src/games/toy/state.ts';

/** How often seat b's orders came from each source while the bot decided for seat a. */
function opponentSources(share: number | undefined) {
  const calls = { random: 0, playout: 0 };
  const random = toyGame.randomOrders!;
  const game = {
    ...toyGame,
    botRandomShare: share,
    randomOrders: (s: ToyState, seat: SeatId, rand: () => number) => {
      if (seat === 'b') calls.random++;
      return random(s, seat, rand);
    },
    playoutOrders: (s: ToyState, seat: SeatId, rand: () => number) => {
      if (seat === 'b') calls.playout++;
      return random(s, seat, rand);
    },
  };
  const state = toyGame.setup({
    mode: 'standard',
    options: toyGame.optionsSchema.parse({}),
    data: toyGame.dataSchema.parse(toyGame.defaultData),
  });
  decide(game, state, 'a', { seed: 'opponents', iterations: 600 });
  return calls;
}

describe('the other seats in the play-outs', () => {
  test('play the heuristic or their default orders, never random orders, unless the package asks for them', () => {
    const calls = opponentSources(undefined);
    expect(calls.random).toBe(0);
    expect(calls.playout).toBeGreaterThan(300);
  });

  test('play random legal orders in the share the package gives, the default orders keeping theirs', () => {
    // Of the non-default decisions (seven in ten), 0.5 of all are random: about 5 in 7 of the counted calls.
    const half = opponentSources(0.5);
    const share = half.random / (half.random + half.playout);
    expect(share).toBeGreaterThan(0.6);
    expect(share).toBeLessThan(0.82);
    // Random orders taking every decision the default orders leave: the heuristic is never played.
    const all = opponentSources(0.7);
    expect(all.playout).toBe(0);
    expect(all.random).toBeGreaterThan(300);
  });
});
