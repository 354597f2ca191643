/**
 * The games of `pbem match`: two players (`bot`, `random` or `default`) play complete games of one game and mode
 * against each other, the seats alternated game by game so that each player plays each side equally often. Dice
 * come from one stream per game, seeded from the run's seed and the game's number; the bot's decisions are seeded
 * the same way, so an iteration budget makes a whole run reproducible, however its games are shared out among
 * worker threads (match-pool.ts).
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { decide } from '../engine/bot/index.ts';
import { sfc32FromHex, sfc32Next, uniformDie } from '../engine/dice.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { ResolveContext, SeatId } from '../engine/types.ts';

export const MATCH_PLAYERS = ['bot', 'random', 'default'] as const;
export type MatchPlayer = (typeof MATCH_PLAYERS)[number];

/** A match to play. */
export interface MatchOptions {
  gameId: string;
  mode: string;
  players: readonly [MatchPlayer, MatchPlayer];
  games: number;
  seed: string;
  /** The bot's budget: play-outs per decision, or milliseconds per decision. */
  iterations?: number;
  thinkMs?: number;
}

/** Wins of each player (by its name, `bot`, or `bot#2` when both players are the same) and draws. */
export type Tally = Record<string, number>;

/** What a match found; `msPerDecision` is the bot's mean time to decide (null when no bot played). */
export interface MatchSummary {
  game: string;
  mode: string;
  games: number;
  players: string[];
  wins: Tally;
  /** Per seat: the wins of whichever player held it, and draws. */
  bySide: Record<SeatId, Tally>;
  unfinished: number;
  decisions: number;
  msPerDecision: number | null;
  iterations?: number;
  thinkMs?: number;
  seconds: number;
}

const MAX_STEPS = 2000;

/** The players' names in the summary: a player that plays itself is told apart by a suffix. */
export function playerNames(players: readonly [MatchPlayer, MatchPlayer]): [string, string] {
  return players[0] === players[1] ? [players[0], `${players[1]}#2`] : [players[0], players[1]];
}

/** The stream of game `g` of the run `seed`. */
function streamOf(seed: string, g: number) {
  return sfc32FromHex(createHash('sha256').update(`pbem-match|${seed}|${g}`).digest('hex'));
}

/**
 * Which player holds each seat in game `g`: seats in the order of the game's sides, the first held by player
 * `g mod 2` and the next by the other, and so on round the table.
 */
export function seatingOf(seats: readonly SeatId[], g: number): number[] {
  return seats.map((_, i) => (i + g) % 2);
}

/** How one game of a match ended, and the bot's thinking in it. */
export interface MatchGame {
  g: number;
  /** The winning seats (empty: a draw), or null when the game did not finish. */
  winners: SeatId[] | null;
  decisions: number;
  ms: number;
}

/** What an observer of a match game is shown after each step: the step's orders, its events and the new state. */
export type MatchObserver = (step: { orders: Record<SeatId, unknown>; events: unknown[]; state: unknown }) => void;

/**
 * Plays game `g` of a match, the seats held as `seatingOf` says. An `observe`r is shown every step with its events
 * (the game is then resolved with its events built; its dice and states are the same).
 */
export function playMatchGame(game: AnyGamePackage, opts: MatchOptions, g: number, observe?: MatchObserver): MatchGame {
  const seats = game.sides(opts.mode).map((s) => s.seat);
  const seating = seatingOf(seats, g);
  const rng = streamOf(opts.seed, g);
  const rand = () => sfc32Next(rng) / 0x100000000;
  let events: unknown[] = [];
  const ctx: ResolveContext = observe
    ? { roll: (sides) => uniformDie(rng, sides), emit: (e) => events.push(e) }
    : { roll: (sides) => uniformDie(rng, sides), emit: () => {}, silent: true };
  const result: MatchGame = { g, winners: null, decisions: 0, ms: 0 };
  let state = game.setup({
    mode: opts.mode,
    options: game.optionsSchema.parse({}),
    data: game.dataSchema.parse(game.defaultData),
  });
  for (let step = 0; step < MAX_STEPS; step++) {
    const owed = game.owed(state);
    if (owed.length === 0 && game.outcome(state)) break;
    const orders: Record<SeatId, unknown> = {};
    for (const { seat } of owed) {
      const player = opts.players[seating[seats.indexOf(seat)]];
      if (player === 'bot') {
        const started = performance.now();
        orders[seat] = decide(game, state, seat, {
          seed: `${opts.seed}|${g}|${step}`,
          iterations: opts.iterations,
          thinkMs: opts.thinkMs,
          now: () => performance.now(),
        }).orders;
        result.ms += performance.now() - started;
        result.decisions++;
      } else if (player === 'random' && game.randomOrders) orders[seat] = game.randomOrders(state, seat, rand);
      else orders[seat] = game.defaultOrders(state, seat);
    }
    state = game.resolve(state, orders, ctx);
    if (observe) {
      observe({ orders, events, state });
      events = [];
    }
  }
  const outcome = game.outcome(state);
  if (outcome) result.winners = outcome.winners?.length ? outcome.winners : outcome.winner ? [outcome.winner] : [];
  return result;
}

/** The summary of a match's games (in any order); `seconds` is the caller's wall time. */
export function tally(
  game: AnyGamePackage,
  opts: MatchOptions,
  games: readonly MatchGame[],
  seconds: number,
): MatchSummary {
  const seats = game.sides(opts.mode).map((s) => s.seat);
  const names = playerNames(opts.players);
  const wins: Tally = { [names[0]]: 0, [names[1]]: 0, draw: 0 };
  const bySide: Record<SeatId, Tally> = Object.fromEntries(
    seats.map((seat) => [seat, { [names[0]]: 0, [names[1]]: 0, draw: 0 }]),
  );
  let unfinished = 0;
  let decisions = 0;
  let ms = 0;
  for (const result of games) {
    decisions += result.decisions;
    ms += result.ms;
    const seating = seatingOf(seats, result.g);
    const holder = (seat: SeatId) => seating[seats.indexOf(seat)];
    if (!result.winners) unfinished++;
    else if (result.winners.length === 0) {
      wins.draw++;
      for (const seat of seats) bySide[seat].draw++;
    } else {
      // A win counts once for each player holding a winning seat (a team may mix players when seats are many).
      for (const p of new Set(result.winners.map(holder))) wins[names[p]]++;
      for (const seat of result.winners) bySide[seat][names[holder(seat)]]++;
    }
  }
  return {
    game: opts.gameId,
    mode: opts.mode,
    games: games.length,
    players: names,
    wins,
    bySide,
    unfinished,
    decisions,
    msPerDecision: decisions ? Math.round((ms / decisions) * 10) / 10 : null,
    ...(opts.iterations !== undefined ? { iterations: opts.iterations } : {}),
    ...(opts.thinkMs !== undefined ? { thinkMs: opts.thinkMs } : {}),
    seconds,
  };
}
