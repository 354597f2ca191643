/**
 * Every registered game package keeps the promises of the package contract (src/engine/game-package.ts), checked
 * through the registry alone, so a game added tomorrow is checked the day it is listed: its events read as words in
 * both languages; its odds preview and fixtures work. And no module outside src/games/ names a game or its seats.
 * Random play, determinism, hidden information, order text and whole games by mail and in the browser are the
 * conformance suite's (test/conformance/).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sfc32FromHex, streamDice } from '../../src/engine/dice.ts';
import { previewStepOdds } from '../../src/engine/odds.ts';
import { games, getGame } from '../../src/games/index.ts';
import { playRandomGame } from '../conformance/support/random-game.ts';

const packages = Object.values(games);

/** A small fixture description of the games with fixtures, each in its package's own format. */
const FIXTURES: Record<string, unknown> = {
  toy: { step: 1, score: { a: 3 } },
  'atlantic-wolves': {
    mode: 'mail',
    turn: 1,
    start: 'combat',
    data: { areas: 'F', units: [{ id: 'U1', type: 'UB', strength: 1 }] },
    map: { 'Area-1': ['U1'] },
  },
};

describe.each(packages.map((game) => [game.id, game] as const))('the %s package', (id, game) => {
  it('is listed under its own id, with distinct seats and valid shipped data', () => {
    expect(getGame(id)).toBe(game);
    for (const mode of game.modes) {
      const seats = game.sides(mode).map((s) => s.seat);
      expect(new Set(seats).size).toBe(seats.length);
    }
    const options = game.optionsSchema.parse({});
    expect(game.checkData(game.dataSchema.parse(game.defaultData), options)).toEqual([]);
  });

  it('describes every event of a game in English and Japanese', () => {
    const run = playRandomGame(game, { mode: game.modes[0], seed: '5' });
    expect(run.events.length).toBeGreaterThan(0);
    for (const event of run.events.flat()) {
      for (const locale of ['en', 'ja'] as const) {
        const words = game.describeEvent(event, locale);
        expect(words.length, JSON.stringify(event)).toBeGreaterThan(0);
        expect(words).not.toMatch(/undefined|NaN|\[object/);
      }
    }
  });

  it('previews the odds of the first step owed, and builds fixture positions that keep the invariants', () => {
    const data = game.dataSchema.parse(game.defaultData);
    let state = game.setup({ mode: game.modes[0], options: game.optionsSchema.parse({}), data });
    const noDice = { roll: () => 1, emit: () => {} };
    while (game.owed(state).length === 0 && !game.outcome(state)) state = game.resolve(state, {}, noDice);
    const orders = Object.fromEntries(game.owed(state).map(({ seat }) => [seat, game.defaultOrders(state, seat)]));
    const odds = previewStepOdds(game, state, orders, 500, streamDice(sfc32FromHex('5eed'.repeat(8))));
    for (const share of Object.values(odds.probabilities)) {
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThanOrEqual(1);
    }
    if (game.fixtures && id in FIXTURES) expect(game.invariants(game.fixtures.position(FIXTURES[id]))).toEqual([]);
  });
});

describe('the registry', () => {
  it('has the toy game besides Atlantic Wolves, and its odds preview counts its own outcome kinds', () => {
    const toy = getGame('toy')!;
    const state = toy.fixtures!.position({});
    const odds = previewStepOdds(
      toy,
      state,
      { a: { pick: 3 }, b: { pick: 3 } },
      6000,
      streamDice(sfc32FromHex('ab'.repeat(16))),
    );
    // TOY 3: a pick matches its secret d6 one time in six, for each seat.
    expect(Object.keys(odds.probabilities)).toEqual(['scores:a', 'scores:b']);
    for (const share of Object.values(odds.probabilities)) expect(Math.abs(share - 1 / 6)).toBeLessThan(0.02);
  });

  it('is the only place outside src/games/ that names a game or one of its seats', () => {
    const root = resolve(import.meta.dirname, '../..');
    const names = new Set<string>();
    for (const game of packages) {
      names.add(game.id);
      for (const mode of game.modes)
        for (const side of game.sides(mode)) if (side.seat.length > 2) names.add(side.seat);
    }
    const found: string[] = [];
    for (const file of sources(join(root, 'src'))) {
      const path = relative(root, file);
      if (path.startsWith('src/games/') || path.startsWith('src/generated/')) continue;
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      for (const name of names) if (new RegExp(`['"\`]${name}['"\`]`).test(code)) found.push(`${path}: ${name}`);
    }
    expect(found).toEqual([]);
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}
