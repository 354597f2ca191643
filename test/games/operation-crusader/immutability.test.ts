/**
 * States are immutable values (GameDefinition.resolve): a resolve copies the units it changes (copy on write,
 * state.ts) and never touches the state it was given. Checked over random games: every state is the same after the
 * game as when it was made.
 */
import { expect, test } from 'vitest';
import { advance, type Envelope } from '../../../src/engine/index.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import type { OcState } from '../../../src/games/operation-crusader/state.ts';
import { randomSource, stepDice } from '../../conformance/support/random-game.ts';

test.each([1, 2, 3])('random game %i: resolve never changes an earlier state', (n) => {
  const rand = randomSource(`immutable-${n}`);
  const options = game.optionsSchema.parse({ lastTurn: 2 });
  let env: Envelope<OcState> = {
    game: game.id,
    mode: 'standard',
    step: 0,
    diceKey: null,
    state: game.setup({ mode: 'standard', options, data: game.defaultData }),
  };
  const kept: [unknown, string][] = [];
  for (let i = 0; i < 300 && game.owed(env.state).length; i++) {
    kept.push([env.state, JSON.stringify(env.state)]);
    const orders = Object.fromEntries(
      game.owed(env.state).map((o) => [o.seat, game.randomOrders!(env.state, o.seat, rand)]),
    );
    const r = advance(game, env, orders, stepDice(`immutable-${n}`, i));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    env = r.envelope as Envelope<OcState>;
  }
  expect(kept.length).toBeGreaterThan(10);
  for (const [state, json] of kept) expect(JSON.stringify(state)).toBe(json);
});
