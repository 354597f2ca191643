/**
 * Conformance, for every registered game: a step leaves its inputs as they were. `resolve` must change neither the
 * state nor the orders it is given (the engine's contract: a pure step). The computer player relies on it: it plays
 * each candidate's orders out from the same determinization many times (src/engine/bot/search.ts), and a step that
 * consumed a list of the orders in place would make it weigh, and then send, other orders than the ones it drew.
 * Random games of every mode, each seat playing in turn its random, play-out and default orders (standing orders
 * included where a game has them), forty a mode; before and after every step the state and the orders are compared as canonical
 * JSON.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical-json.ts';
import { sfc32FromHex, uniformDie } from '../../src/engine/dice.ts';
import type { ResolveContext, SeatId } from '../../src/engine/types.ts';
import { isOver, randomSource, registered } from './support/random-game.ts';

describe.each(registered)('%s: a step changes neither its state nor its orders', (_id, game) => {
  it.each(game.modes)('mode %s', (mode) => {
    const options = game.optionsSchema.parse({});
    const data = game.dataSchema.parse(game.defaultData);
    let steps = 0;
    // Forty games a mode: a step that consumes its orders may do it only in rare positions (one step in about 600).
    for (let g = 0; g < 40; g++) {
      const rand = randomSource(`untouched-${g}`);
      const dice = sfc32FromHex(g.toString(16).padStart(2, '0').repeat(32));
      const ctx: ResolveContext = { roll: (sides) => uniformDie(dice, sides), emit: () => {}, silent: true };
      const byDefault = (s: unknown, seat: SeatId) => game.defaultOrders(s, seat);
      // Mostly random orders (they send standing orders too), some play-out and default orders.
      const players = [game.randomOrders, game.randomOrders, game.playoutOrders, byDefault];
      let state = game.setup({ mode, options, data });
      for (let i = 0; i < 300 && !isOver(game, state); i++, steps++) {
        const orders: Record<SeatId, unknown> = {};
        for (const { seat } of game.owed(state)) {
          const play = players[(i + seat.length) % players.length] ?? byDefault;
          orders[seat] = play(state, seat, rand);
        }
        const before = { state: canonicalJson(state), orders: canonicalJson(orders) };
        const next = game.resolve(state, orders, ctx);
        expect(canonicalJson(orders), `step ${i}: the orders were changed`).toBe(before.orders);
        expect(canonicalJson(state), `step ${i}: the state was changed`).toBe(before.state);
        state = next;
      }
    }
    expect(steps).toBeGreaterThan(10);
  });
});
