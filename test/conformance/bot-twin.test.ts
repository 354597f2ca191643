/**
 * Conformance, for every registered game: the computer player cannot cheat. At positions drawn from random games
 * of every mode, for each seat that owes orders, the package's `hiddenTwin` gives a second position that differs
 * only in what that seat may not see (other seats' standing orders, face-down pieces, pieces it cannot tell apart).
 * With the same seed and iteration budget the bot must decide exactly the same in both (orders, play-outs run,
 * candidates weighed, expected score): whatever it did with the position, nothing hidden reached its decision.
 * A control runs the same pairs with a bot that searches the real position instead of its samples, and must find
 * decisions that differ: the pairs are able to catch a cheat.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/engine/bot/index.ts';
import { canonicalJson } from '../../src/engine/canonical-json.ts';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import type { SeatId } from '../../src/engine/types.ts';
import { playRandomGame, randomSource, registered } from './support/random-game.ts';

/** Random games per mode, positions per game, and the bot's play-outs per decision. */
const GAMES = 3;
const POINTS = 5;
const ITERATIONS = 24;

/** A package whose bot searches the real position (what the property must rule out). */
const cheating = (game: AnyGamePackage): AnyGamePackage => ({
  ...game,
  sampleHidden: undefined,
  openInformation: true,
});

interface Tally {
  decisions: number;
  twinsDiffering: number;
  cheatsCaught: number;
}

/** Compares the bot's decisions at a position and its twin, for every owed seat; adds to the tally. */
function comparePair(game: AnyGamePackage, state: unknown, seat: SeatId, seed: string, tally: Tally): void {
  const twin = game.hiddenTwin?.(state, { kind: 'seat', seat }, randomSource(`twin|${seed}`));
  if (!twin) return;
  const settings = { seed, iterations: ITERATIONS };
  const a = decide(game, state, seat, settings);
  const b = decide(game, twin.state, seat, settings);
  expect(canonicalJson(b), `${game.id} ${seat} at ${seed}`).toBe(canonicalJson(a));
  tally.decisions++;
  if (canonicalJson(twin.state) !== canonicalJson(state)) tally.twinsDiffering++;
  const cheat = cheating(game);
  if (canonicalJson(decide(cheat, state, seat, settings)) !== canonicalJson(decide(cheat, twin.state, seat, settings)))
    tally.cheatsCaught++;
}

const totals: Tally = { decisions: 0, twinsDiffering: 0, cheatsCaught: 0 };

describe.each(registered)('%s', (_id, game) => {
  it.each(game.modes.map((mode) => [mode]))(
    '%s: a position and its hidden twin give the computer player the same decision',
    (mode) => {
      const tally: Tally = { decisions: 0, twinsDiffering: 0, cheatsCaught: 0 };
      for (let n = 0; n < GAMES; n++) {
        const played = playRandomGame(game, { mode, seed: `bot-twin-${mode}-${n}` });
        expect(played.problems).toEqual([]);
        const pick = randomSource(`bot-twin-points-${mode}-${n}`);
        for (let p = 0; p < POINTS; p++) {
          const i = Math.floor(pick() * (played.states.length - 1));
          const state = played.states[i];
          for (const { seat } of game.owed(state)) comparePair(game, state, seat, `${mode}|${n}|${i}`, tally);
        }
      }
      console.info(`[bot twin] ${game.id} ${mode}: ${JSON.stringify(tally)}`);
      // A twin may be refused where no swap keeps the rules (hiddenTwin gives null): most points still count.
      expect(tally.decisions).toBeGreaterThanOrEqual((GAMES * POINTS) / 2);
      expect(tally.twinsDiffering).toBeGreaterThan(0);
      for (const key of Object.keys(totals) as (keyof Tally)[]) totals[key] += tally[key];
    },
    120_000,
  );
});

describe('the pairs', () => {
  it('catch a bot that searches the real position', () => {
    expect(totals.decisions).toBeGreaterThan(0);
    expect(totals.cheatsCaught).toBeGreaterThan(0);
  });
});
