/**
 * The simulation loop of `pbem simulate`: complete games of any registered game with random legal orders (the
 * package's `randomOrders`, or its default orders when it has none), the invariants checked after every step.
 * The games of a run come in blocks of {@link GAMES_PER_STREAM}; each block draws its dice and random orders from one
 * sfc32 stream, seeded from the run's seed (the first block) or the seed and the block's number (the others). A
 * worker can so play any block on its own, and a run gives the same summary however its blocks are shared out.
 * Dice come from that stream, not from the committed per-step scheme: this measures the engine, and hashing every
 * step's orders would measure SHA-256 instead.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sfc32FromHex, sfc32Next, uniformDie, type Sfc32State } from '../engine/dice.ts';
import { type AnyGamePackage, owingSeatsOf, type RandomPlayer } from '../engine/game-package.ts';
import type { ResolveContext, SeatId } from '../engine/types.ts';
import { registeredGame } from './games.ts';

/** Games per dice stream: the unit a run is shared out in (a run of this many games or fewer is one stream). */
export const GAMES_PER_STREAM = 5000;

/** What to play: `games` games of a game and mode from game number `first` (default 0) of the run `seed`. */
export interface SimulationOptions {
  gameId: string;
  mode: string;
  games: number;
  seed: string;
  validate: boolean;
  /** The first game's number: 0 or the start of a block (a multiple of GAMES_PER_STREAM). */
  first?: number;
  maxSteps?: number;
  /** Called with the number of games played so far, every {@link PROGRESS_EVERY} games. */
  onProgress?: (done: number) => void;
}

/** How often `simulate` reports its progress, in games. */
export const PROGRESS_EVERY = 100;

/**
 * What a run found: one `<seat>Wins` count per seat of the mode (in the order of the game's sides), draws (games
 * without a winner), unfinished games, and the problems found.
 */
export type SimulationSummary = SummaryFields & { [seatWins: `${string}Wins`]: number };

interface SummaryFields {
  game: string;
  mode: string;
  seed: string;
  games: number;
  seconds: number;
  gamesPerSecond: number;
  draws: number;
  unfinished: number;
  steps: number;
  dice: number;
  invariantViolations: number;
  orderErrors: number;
  validated: boolean;
  /** `random`: the package's random legal player; `default`: its default orders (it has no random player). */
  player: 'random' | 'default';
  /** The first ten problems found, in game order. */
  firstProblems: string[];
}

/** The most problems a summary lists. */
const MAX_PROBLEMS = 10;

/** The game package of a run, with its mode checked. */
export function simulatedGame(gameId: string, mode: string): AnyGamePackage {
  const game = registeredGame(gameId);
  if (!game.modes.includes(mode)) {
    throw new Error(`unknown mode "${mode}" for ${gameId} (one of ${game.modes.join(', ')})`);
  }
  return game;
}

/** The stream of block `block` of the run `seed` (block 0: the run's own seed, as a run of one block always had). */
export function streamOf(seed: string, block: number): Sfc32State {
  const text = block === 0 ? `pbem-simulate|${seed}` : `pbem-simulate|${seed}|${block}`;
  return sfc32FromHex(createHash('sha256').update(text).digest('hex'));
}

/** The `<seat>Wins` key of a seat. */
const winsKey = (seat: SeatId): `${string}Wins` => `${seat}Wins`;

/** An empty summary of a run: the seats' win counts in the order of the game's sides. */
function emptySummary(game: AnyGamePackage, opts: SimulationOptions, player: SummaryFields['player']) {
  const wins: Record<`${string}Wins`, number> = {};
  for (const side of game.sides(opts.mode)) wins[winsKey(side.seat)] = 0;
  const summary: SimulationSummary = {
    game: opts.gameId,
    mode: opts.mode,
    seed: opts.seed,
    games: opts.games,
    seconds: 0,
    gamesPerSecond: 0,
    ...wins,
    draws: 0,
    unfinished: 0,
    steps: 0,
    dice: 0,
    invariantViolations: 0,
    orderErrors: 0,
    validated: opts.validate,
    player,
    firstProblems: [],
  };
  return summary;
}

/** What every game of a run shares: the package, the player, the dice and the summary being filled. */
interface Run {
  game: AnyGamePackage;
  opts: SimulationOptions;
  play: RandomPlayer;
  rand: () => number;
  ctx: ResolveContext;
  /** The seats owing orders (`owingSeatsOf`: test/conformance/seats-owing.test.ts checks they are `owed`'s). */
  owing: (state: unknown) => readonly SeatId[];
  options: unknown;
  data: unknown;
  summary: SimulationSummary;
}

/** Keeps a problem's text while fewer than MAX_PROBLEMS are kept. */
function note(summary: SimulationSummary, text: string): void {
  if (summary.firstProblems.length < MAX_PROBLEMS) summary.firstProblems.push(text);
}

/** The orders of every owed seat, drawn by the run's player; validated when asked (errors go to the summary). */
function ordersOf(
  run: Run,
  state: unknown,
  owing: readonly SeatId[],
  g: number,
  step: number,
): Record<SeatId, unknown> {
  const orders: Record<SeatId, unknown> = {};
  for (const seat of owing) {
    const o = run.play(state, seat, run.rand);
    if (run.opts.validate) {
      const errors = run.game.validate(state, seat, o);
      if (errors.length) {
        run.summary.orderErrors++;
        note(run.summary, `game ${g} step ${step} ${seat}: ${errors.map((e) => e.code).join(', ')}`);
      }
    }
    orders[seat] = o;
  }
  return orders;
}

/** Plays game `g` from its setup to its end (or the step limit), checking the invariants after every step. */
function playGame(run: Run, g: number): unknown {
  const { game, opts, summary } = run;
  let state = game.setup({ mode: opts.mode, options: run.options, data: run.data });
  for (let step = 0; step < (opts.maxSteps ?? 500); step++) {
    const owing = run.owing(state);
    // A step that owes nothing and is not over (e.g. the opening dice of a game) resolves with no orders.
    if (owing.length === 0 && game.outcome(state)) break;
    state = game.resolve(state, ordersOf(run, state, owing, g, step), run.ctx);
    summary.steps++;
    const broken = game.invariants(state);
    if (broken.length) {
      summary.invariantViolations += broken.length;
      note(summary, `game ${g} step ${step}: ${broken.join('; ')}`);
    }
  }
  return state;
}

/** Plays the games of `opts`; pure apart from the timer around it. */
export function simulate(opts: SimulationOptions): SimulationSummary {
  const game = simulatedGame(opts.gameId, opts.mode);
  const first = opts.first ?? 0;
  if (first % GAMES_PER_STREAM !== 0) {
    throw new Error(`a simulation starts at a block of ${GAMES_PER_STREAM} games, not at game ${first}`);
  }
  const rng: Sfc32State = [0, 0, 0, 0]; // the current block's stream, set in place: the closures below keep it
  let dice = 0;
  const ctx: ResolveContext = {
    roll: (sides) => {
      dice++;
      return uniformDie(rng, sides);
    },
    emit: () => {},
    silent: true, // the events are not read: the game may skip building them (dice are counted all the same)
  };
  const run: Run = {
    game,
    opts,
    play: game.randomOrders ?? ((state, seat) => game.defaultOrders(state, seat)),
    rand: () => sfc32Next(rng) / 0x100000000,
    ctx,
    owing: owingSeatsOf(game),
    options: game.optionsSchema.parse({}),
    data: game.dataSchema.parse(game.defaultData),
    summary: emptySummary(game, opts, game.randomOrders ? 'random' : 'default'),
  };
  const summary = run.summary;
  const started = performance.now();
  for (let g = first; g < first + opts.games; g++) {
    if (g % GAMES_PER_STREAM === 0) {
      const stream = streamOf(opts.seed, g / GAMES_PER_STREAM); // a new block
      for (let i = 0; i < 4; i++) rng[i] = stream[i];
    }
    if (opts.onProgress && g > first && (g - first) % PROGRESS_EVERY === 0) opts.onProgress(g - first);
    const outcome = game.outcome(playGame(run, g));
    if (!outcome) summary.unfinished++;
    else if (outcome.winner === null) summary.draws++;
    else summary[winsKey(outcome.winner)] = (summary[winsKey(outcome.winner)] ?? 0) + 1;
  }
  summary.seconds = (performance.now() - started) / 1000;
  summary.gamesPerSecond = Math.round(opts.games / summary.seconds);
  summary.dice = dice;
  return summary;
}

/** The summary of consecutive slices of one run, given in game order (the timing is the caller's). */
export function mergeSummaries(parts: readonly SimulationSummary[]): SimulationSummary {
  const [head, ...rest] = parts;
  const out: SimulationSummary = { ...head, firstProblems: [...head.firstProblems] };
  for (const p of rest) {
    out.games += p.games;
    for (const key of Object.keys(p) as `${string}Wins`[]) {
      if (key.endsWith('Wins')) out[key] = (out[key] ?? 0) + p[key];
    }
    out.draws += p.draws;
    out.unfinished += p.unfinished;
    out.steps += p.steps;
    out.dice += p.dice;
    out.invariantViolations += p.invariantViolations;
    out.orderErrors += p.orderErrors;
    out.firstProblems.push(...p.firstProblems);
  }
  out.firstProblems = out.firstProblems.slice(0, MAX_PROBLEMS);
  return out;
}
