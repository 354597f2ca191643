/**
 * Random legal games of any registered package, played through the engine's step runner (`advance`: orders parsed
 * and validated, dice recorded as events) and kept step by step for the conformance properties. Each step's dice
 * come from a stream of their own (the game's seed and the step number), so a step can be run again from another
 * state or with other orders and roll the same dice.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sfc32FromHex, sfc32Next, streamDice } from '../../../src/engine/dice.ts';
import type { AnyGamePackage } from '../../../src/engine/game-package.ts';
import { advance, type Envelope } from '../../../src/engine/step-runner.ts';
import type { Dice, GameEvent, SeatId } from '../../../src/engine/types.ts';
import { games } from '../../../src/games/index.ts';

/** Every registered package, as `describe.each` rows: the suite names no game. */
export const registered = Object.values(games).map((game) => [game.id, game] as const);

/** One step's orders: seat to orders. */
export type StepOrders = Record<SeatId, unknown>;

/** A random game: states[i + 1] is states[i] after orders[i], with events[i] (dice included). */
export interface PlayedGame {
  game: AnyGamePackage;
  mode: string;
  options: unknown;
  data: unknown;
  seed: string;
  states: unknown[];
  orders: StepOrders[];
  events: GameEvent[][];
  /** Orders refused by the engine and invariants broken along the way (empty in a conforming game). */
  problems: string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Numbers in [0, 1) from a seed (sfc32). */
export function randomSource(seed: string): () => number {
  const rng = sfc32FromHex(sha256(`rand|${seed}`));
  return () => sfc32Next(rng) / 0x100000000;
}

/** The dice of step `step` of the game of `seed`: the same whatever the state and orders they are rolled for. */
export function stepDice(seed: string, step: number): Dice {
  return streamDice(sfc32FromHex(sha256(`dice|${seed}|${step}`)));
}

/** Options drawn from the documented values of every option (`optionDocs`), parsed by the game's schema. */
export function optionsArbitrary(game: AnyGamePackage): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(game.optionDocs.map((doc) => [doc.key, fc.constantFrom(...doc.values)]));
  return fc.record(fields).map((raw) => game.optionsSchema.parse(raw));
}

/** What a random game needs: its mode and seed; options (default: every default), a player of the caller's. */
export interface RandomGameArgs {
  mode: string;
  seed: string;
  options?: unknown;
  maxSteps?: number;
  /** Orders in place of the package's random player (a test's bolder player that reaches rarer decisions). */
  player?: (state: unknown, seat: SeatId, rand: () => number) => unknown;
}

/** A random legal game: every owed seat plays the package's random orders (its default orders without them). */
export function playRandomGame(game: AnyGamePackage, args: RandomGameArgs): PlayedGame {
  const options = args.options ?? game.optionsSchema.parse({});
  const data = game.dataSchema.parse(game.defaultData);
  const rand = randomSource(args.seed);
  const player =
    args.player ??
    ((state: unknown, seat: SeatId, r: () => number) =>
      game.randomOrders ? game.randomOrders(state, seat, r) : game.defaultOrders(state, seat));
  let envelope: Envelope = {
    game: game.id,
    mode: args.mode,
    step: 0,
    diceKey: null,
    state: game.setup({ mode: args.mode, options, data }),
  };
  const played: PlayedGame = {
    ...{ game, mode: args.mode, options, data, seed: args.seed },
    ...{ states: [envelope.state], orders: [], events: [] },
    problems: game.invariants(envelope.state).map((p) => `set-up: ${p}`),
  };
  for (let i = 0; i < (args.maxSteps ?? 500) && !isOver(game, envelope.state); i++) {
    const orders: StepOrders = {};
    for (const { seat } of game.owed(envelope.state)) orders[seat] = player(envelope.state, seat, rand);
    const step = advance(game, envelope, orders, stepDice(args.seed, i));
    if (!step.ok) {
      const refused = Object.entries(step.errors).flatMap(([seat, e]) => e.map((x) => `${seat}: ${x.code}`));
      played.problems.push(`step ${i}: orders refused: ${refused.join(', ')}`);
      break;
    }
    envelope = step.envelope;
    played.problems.push(...game.invariants(envelope.state).map((p) => `step ${i}: ${p}`));
    played.states.push(envelope.state);
    played.orders.push(orders);
    played.events.push(step.events);
  }
  return played;
}

/** The game is over: nobody owes orders and there is an outcome. */
export const isOver = (game: AnyGamePackage, state: unknown): boolean =>
  game.owed(state).length === 0 && game.outcome(state) !== null;
