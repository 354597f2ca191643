/**
 * Every registered game package keeps the promises of the package contract (src/engine/game-package.ts), checked
 * through the registry alone, so a game added tomorrow is checked the day it is listed: its random player plays
 * legal orders to the end; its order text (and JSON) reads back to the same orders; its events read as words in
 * both languages; its odds preview and fixtures work. And no module outside src/games/ names a game or its seats.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sfc32FromHex, sfc32Next, streamDice, uniformDie } from '../../src/engine/dice.ts';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import { previewStepOdds } from '../../src/engine/odds.ts';
import type { GameEvent, ResolveContext, SeatId } from '../../src/engine/types.ts';
import { games, getGame } from '../../src/games/index.ts';
import { formatOrderText, jsonOnlyGrammar, readOrderText } from '../../src/orders-text/game-text.ts';

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

/** One random game of a package with every owed order, event and state along the way. */
function playRandom(game: AnyGamePackage, mode: string, seed: string) {
  const rng = sfc32FromHex(seed.padEnd(32, '0'));
  const rand = () => sfc32Next(rng) / 0x100000000;
  const data = game.dataSchema.parse(game.defaultData);
  let state = game.setup({ mode, options: game.optionsSchema.parse({}), data });
  const turns: { state: unknown; seat: SeatId; orders: unknown }[] = [];
  const events: GameEvent[] = [];
  const ctx: ResolveContext = {
    roll: (sides, purpose) => {
      const value = uniformDie(rng, sides);
      events.push({ type: 'die', index: events.length, sides, value, purpose });
      return value;
    },
    emit: (event) => void events.push(event),
  };
  const problems: string[] = [];
  for (let step = 0; step < 500 && !(game.owed(state).length === 0 && game.outcome(state)); step++) {
    const orders: Record<SeatId, unknown> = {};
    for (const { seat } of game.owed(state)) {
      orders[seat] = game.randomOrders ? game.randomOrders(state, seat, rand) : game.defaultOrders(state, seat);
      turns.push({ state, seat, orders: orders[seat] });
      problems.push(...game.validate(state, seat, orders[seat]).map((e) => `${seat}: ${e.code}`));
    }
    state = game.resolve(state, orders, ctx);
    problems.push(...game.invariants(state));
  }
  return { data, state, turns, events, problems };
}

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

  it.each(game.modes.map((mode) => [mode]))(
    '%s: random legal play reaches the end, every order legal, every invariant kept',
    (mode) => {
      for (const seed of ['1', '2', '3']) {
        const run = playRandom(game, mode, seed);
        expect(run.problems).toEqual([]);
        expect(game.outcome(run.state)).not.toBeNull();
      }
    },
  );

  it('orders read back from their text and from their JSON, in both languages', () => {
    const run = playRandom(game, game.modes[0], '4');
    expect(run.turns.length).toBeGreaterThan(0);
    for (const { state, seat, orders } of run.turns) {
      const input = { data: run.data, seat, choices: game.choices(state, seat) };
      for (const locale of ['en', 'ja'] as const) {
        const text = formatOrderText(game, input, orders, locale).join('\n');
        const back = readOrderText(game, input, text);
        expect(back.errors, text).toEqual([]);
        expect(back.orders, text).toEqual(orders);
      }
      const json = readOrderText(game, input, jsonOnlyGrammar.format(orders, null, 'en').join('\n'));
      expect(json.orders).toEqual(orders);
      expect(json.json).toBe(true);
    }
  });

  it('describes every event of a game in English and Japanese', () => {
    const run = playRandom(game, game.modes[0], '5');
    expect(run.events.length).toBeGreaterThan(0);
    for (const event of run.events) {
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
    // Rewritten by the typed board (another change): they still draw Atlantic Wolves' own map.
    const pending = new Set(['src/web/map-model.ts', 'src/web/map-svg.ts', 'src/mail/render.ts']);
    const names = new Set<string>();
    for (const game of packages) {
      names.add(game.id);
      for (const mode of game.modes)
        for (const side of game.sides(mode)) if (side.seat.length > 2) names.add(side.seat);
    }
    const found: string[] = [];
    for (const file of sources(join(root, 'src'))) {
      const path = relative(root, file);
      if (path.startsWith('src/games/') || path.startsWith('src/generated/') || pending.has(path)) continue;
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
