/**
 * A match game watched step by step (src/cli/match.ts, `observe`): the same game as unwatched, the game's events
 * built for the observer, each step's own, and the observer's last state the ended game.
 */
import { describe, expect, it } from 'vitest';
import { registeredGame } from '../../src/cli/games.ts';
import { type MatchOptions, playMatchGame } from '../../src/cli/match.ts';

describe('a watched match game', () => {
  it.each(['grand-fleet', 'fin-napoleon'])('%s: the same game, with its events shown step by step', (id) => {
    const game = registeredGame(id);
    const mode = game.modes.find((m) => game.sides(m).length === 2)!;
    const opts: MatchOptions = {
      gameId: id,
      mode,
      players: ['bot', 'random'],
      games: 0,
      seed: 'watched',
      iterations: 30,
    };
    const unwatched = playMatchGame(game, opts, 3);
    const steps: { events: unknown[]; state: unknown }[] = [];
    const watched = playMatchGame(game, opts, 3, ({ events, state }) => steps.push({ events, state }));

    expect(watched.winners).toEqual(unwatched.winners);
    expect(watched.winners).not.toBeNull();
    expect(watched.decisions).toBe(unwatched.decisions);
    expect(steps.length).toBeGreaterThan(5);
    // Each step's own events, not an ever-growing log: the game's turns among them, each told once.
    const types = steps.flatMap((s) => (s.events as { type: string }[]).map((e) => e.type));
    expect(types.filter((t) => t === 'turn').length).toBeGreaterThan(1);
    expect(new Set(steps.map((s) => s.events)).size).toBe(steps.length);
    const turns = steps.flatMap((s) =>
      (s.events as { type: string; turn?: number }[]).filter((e) => e.type === 'turn'),
    );
    expect(new Set(turns.map((e) => e.turn)).size).toBe(turns.length);
    expect(game.outcome(steps.at(-1)!.state)).toBeTruthy();
  });
});
