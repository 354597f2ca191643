/**
 * Conformance, for every registered game: every order met in random games of every mode reads back unchanged
 * - from the game's order text (a game with a grammar), written in English and in Japanese by the grammar itself
 *   (not its JSON fallback), as mail intake and the page's text box read it (the seat, its choices, the data set);
 * - from JSON, pretty-printed as a reply echoes it and on one line, for every game (JSON is always accepted).
 */
import { describe, expect, it } from 'vitest';
import { formatOrderText, jsonOnlyGrammar, readOrderText } from '../../src/orders-text/game-text.ts';
import { playRandomGame, registered, type PlayedGame } from './support/random-game.ts';

/** Every owed order of a few random games of every mode, with what the reader is given. */
function ordersMet(played: PlayedGame[]) {
  return played.flatMap((g) =>
    g.orders.flatMap((step, i) =>
      Object.entries(step).map(([seat, orders]) => {
        const input = { data: g.data, seat, choices: g.game.choices(g.states[i], seat) };
        return { label: `${g.mode} ${g.seed} step ${i} ${seat}`, input, orders };
      }),
    ),
  );
}

describe.each(registered)('%s', (_id, game) => {
  const played = game.modes.flatMap((mode) =>
    ['1', '2', '3'].map((n) => playRandomGame(game, { mode, seed: `text-${n}` })),
  );
  const met = ordersMet(played);

  it.skipIf(!game.grammar)('orders read back from their text, in English and Japanese', () => {
    expect(met.length).toBeGreaterThan(0);
    for (const { label, input, orders } of met) {
      for (const locale of ['en', 'ja'] as const) {
        const text = formatOrderText(game, input, orders, locale).join('\n');
        const back = readOrderText(game, input, text);
        expect(back.errors, `${label} ${locale}:\n${text}`).toEqual([]);
        expect(back.json ?? false, `${label} ${locale}: written as JSON, not in the grammar:\n${text}`).toBe(false);
        expect(back.orders, `${label} ${locale}:\n${text}`).toEqual(orders);
      }
    }
  });

  it('orders read back from their JSON, pretty-printed and on one line', () => {
    expect(met.length).toBeGreaterThan(0);
    for (const { label, input, orders } of met) {
      for (const text of [jsonOnlyGrammar.format(orders, null, 'en').join('\n'), JSON.stringify(orders)]) {
        const back = readOrderText(game, input, text);
        expect(back.errors, `${label}:\n${text}`).toEqual([]);
        expect(back.json, label).toBe(true);
        expect(back.orders, label).toEqual(orders);
      }
    }
  });
});
