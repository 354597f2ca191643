/**
 * `pbem simulate`: plays N complete games with random legal orders and reports throughput and results.
 * Dice come from one sfc32 stream per run (seeded from --seed), not from the committed per-step scheme: this
 * measures the engine, and hashing every step's orders would measure SHA-256 instead.
 */
import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import { sfc32FromHex, sfc32Next, uniformDie, type Sfc32State } from '../engine/dice.ts';
import type { AnyGame, ResolveContext, SeatId } from '../engine/types.ts';
import { getGame } from '../games/index.ts';
import { randomPlayerFor } from './random-players.ts';
import { intFlag, type ParsedArgs } from './args.ts';

export interface SimulationSummary {
  game: string;
  mode: string;
  seed: string;
  games: number;
  seconds: number;
  gamesPerSecond: number;
  germanWins: number;
  alliedWins: number;
  unfinished: number;
  steps: number;
  dice: number;
  invariantViolations: number;
  orderErrors: number;
  validated: boolean;
  firstProblems: string[];
}

/** Plays `games` games; pure apart from the timer around it. */
export function simulate(opts: { gameId: string; mode: string; games: number; seed: string; validate: boolean; maxSteps?: number }): SimulationSummary {
  const game = getGame(opts.gameId);
  if (!game) throw new Error(`unknown game "${opts.gameId}"`);
  if (!game.modes.includes(opts.mode)) throw new Error(`unknown mode "${opts.mode}" (one of ${game.modes.join(', ')})`);
  const play = randomPlayerFor(opts.gameId);
  const options = game.optionsSchema.parse({});
  const data = game.dataSchema.parse(game.defaultData);
  const rng: Sfc32State = sfc32FromHex(createHash('sha256').update(`pbem-simulate|${opts.seed}`).digest('hex'));
  const rand = () => sfc32Next(rng) / 0x100000000;
  let dice = 0;
  const ctx: ResolveContext = {
    roll: (sides) => {
      dice++;
      return uniformDie(rng, sides);
    },
    emit: () => {},
    silent: true, // the events are not read: the game may skip building them (dice are counted all the same)
  };
  const summary: SimulationSummary = {
    game: opts.gameId, mode: opts.mode, seed: opts.seed, games: opts.games, seconds: 0, gamesPerSecond: 0,
    germanWins: 0, alliedWins: 0, unfinished: 0, steps: 0, dice: 0, invariantViolations: 0, orderErrors: 0,
    validated: opts.validate, firstProblems: [],
  };
  const note = (text: string) => summary.firstProblems.length < 10 && summary.firstProblems.push(text);
  const started = performance.now();
  for (let g = 0; g < opts.games; g++) {
    let state = game.setup({ mode: opts.mode, options, data });
    for (let step = 0; step < (opts.maxSteps ?? 500); step++) {
      const owed = game.owed(state);
      // A step that owes nothing and is not over (e.g. the opening dice of a standard game) resolves with no orders.
      if (owed.length === 0 && game.outcome(state)) break;
      const orders: Record<SeatId, unknown> = {};
      for (const { seat } of owed) {
        const o = play(state, seat, rand);
        if (opts.validate) {
          const errors = game.validate(state, seat, o);
          if (errors.length) {
            summary.orderErrors++;
            note(`game ${g} step ${step} ${seat}: ${errors.map((e) => e.code).join(', ')}`);
          }
        }
        orders[seat] = o;
      }
      state = game.resolve(state, orders, ctx);
      summary.steps++;
      const broken = game.invariants(state);
      if (broken.length) {
        summary.invariantViolations += broken.length;
        note(`game ${g} step ${step}: ${broken.join('; ')}`);
      }
    }
    const outcome = game.outcome(state);
    if (!outcome) summary.unfinished++;
    else if (outcome.winner === 'german') summary.germanWins++;
    else if (outcome.winner === 'allied') summary.alliedWins++;
  }
  summary.seconds = (performance.now() - started) / 1000;
  summary.gamesPerSecond = Math.round(opts.games / summary.seconds);
  summary.dice = dice;
  return summary;
}

export function runSimulate(args: ParsedArgs, out: (s: string) => void): number {
  const summary = simulate({
    gameId: String(args.flags.get('game') ?? 'atlantic-wolves'),
    mode: String(args.flags.get('mode') ?? 'mail'),
    games: intFlag(args, 'games', 1000, 1),
    seed: String(args.flags.get('seed') ?? '1'),
    validate: args.flags.has('validate') && args.flags.get('validate') !== 'false',
  });
  out(JSON.stringify(summary));
  return summary.invariantViolations === 0 && summary.orderErrors === 0 && summary.unfinished === 0 ? 0 : 1;
}

export type { AnyGame };
