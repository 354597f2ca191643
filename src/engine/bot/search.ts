/**
 * The computer player's search: information-set Monte Carlo with a bandit at the seat's own decision (a one-level
 * IS-MCTS). Every iteration draws a determinization from the seat's view (sampler.ts), picks one of the candidate
 * orders by UCB1, and plays the game out from there: every other owed seat, and the seat itself at its later
 * decisions, playing the package's play-out orders (its random legal player unless it gives a heuristic; other
 * seats play their default orders three times in ten instead, and random legal orders as often as the package's
 * `botRandomShare` says), until the game ends or the package's horizon. The candidates grow with the iterations
 * (progressive widening), each drawn from a determinization, so a decision weighs few orders when the budget is small
 * and more when it is large. Simultaneous and sealed steps need nothing special: the other seats' orders of the same
 * step are drawn in the play-out and never read from the real position.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.ts';
import { sfc32FromHex, sfc32Next, uniformDie, type Sfc32State } from '../dice.ts';
import { type AnyGamePackage, owingSeatsOf } from '../game-package.ts';
import type { ResolveContext, SeatId } from '../types.ts';
import { graft } from './graft.ts';
import { samplerOf } from './sampler.ts';
import { stateScore } from './score.ts';
import {
  type BotDecision,
  type BotSettings,
  DEFAULT_BOT_CANDIDATES,
  DEFAULT_BOT_ITERATIONS,
  MAX_PLAYOUT_STEPS,
} from './settings.ts';

/** One candidate orders of the seat at the root, with its play-outs' statistics. */
interface Arm {
  orders: unknown;
  key: string;
  visits: number;
  total: number;
}

/**
 * How often another seat plays its default orders in a play-out instead of the play-out policy: the search then
 * allows for a passive opponent (the deadline's default orders, a player gone quiet) as well as an active one.
 */
const DEFAULT_SHARE = 0.3;

/** UCB1's exploration constant, for scores in [0, 1]. */
const EXPLORATION = Math.SQRT2 * 0.5;

/** How many candidate orders the root weighs after `n` play-outs (progressive widening). */
const widthAfter = (n: number, most: number) => Math.min(most, 1 + Math.floor(Math.sqrt(n + 1) * 1.5));

/** The random stream of one decision: from the seed and the seat, never from the position. */
function streamOf(seed: string, seat: SeatId): Sfc32State {
  return sfc32FromHex(createHash('sha256').update(`pbem-bot|${seed}|${seat}`).digest('hex'));
}

/** Everything one decision's iterations share. */
interface Search {
  game: AnyGamePackage;
  seat: SeatId;
  rand: () => number;
  ctx: ResolveContext;
  playout: (state: unknown, seat: SeatId, rand: () => number) => unknown;
  /** Another seat's random legal orders, played a share `randomShare` of its decisions (absent: never). */
  random?: (state: unknown, seat: SeatId, rand: () => number) => unknown;
  randomShare: number;
  /** The seats owing orders in a position (the package's `seatsOwing`, else the seats of `owed`). */
  owing: (state: unknown) => SeatId[];
  /** Steps a play-out runs before it is scored by the package's estimate. */
  horizon: number;
}

/** Plays `state` out, the seat's orders of this step being `mine`; the seat's score at the end. */
function playOut(search: Search, state: unknown, mine: unknown): number {
  const { game, seat, rand, ctx, playout, random, randomShare } = search;
  let s = state;
  let first = true;
  for (let step = 0; step < search.horizon; step++) {
    const owing = search.owing(s);
    if (owing.length === 0 && game.outcome(s)) break;
    const orders: Record<SeatId, unknown> = {};
    for (const o of owing) {
      if (first && o === seat) orders[o] = mine;
      else if (o === seat) orders[o] = playout(s, o, rand);
      else {
        const r = rand();
        if (r < DEFAULT_SHARE) orders[o] = game.defaultOrders(s, o);
        else if (random && r < DEFAULT_SHARE + randomShare) orders[o] = random(s, o, rand);
        else orders[o] = playout(s, o, rand);
      }
    }
    first = false;
    s = game.resolve(s, orders, ctx);
  }
  return stateScore(game, s, seat);
}

/** The arm UCB1 picks: an untried one first, else the best mean plus exploration bonus (ties: the older arm). */
function pick(arms: readonly Arm[], n: number): Arm {
  let best = arms[0];
  let bestValue = Number.NEGATIVE_INFINITY;
  const log = Math.log(n + 1);
  for (const arm of arms) {
    if (arm.visits === 0) return arm;
    const value = arm.total / arm.visits + EXPLORATION * Math.sqrt(log / arm.visits);
    if (value > bestValue) {
      best = arm;
      bestValue = value;
    }
  }
  return best;
}

/** The arm chosen at the end: most play-outs, then best mean, then the older. */
function chosen(arms: readonly Arm[]): Arm {
  let best = arms[0];
  for (const arm of arms) {
    const better =
      arm.visits > best.visits || (arm.visits === best.visits && arm.total / arm.visits > best.total / best.visits);
    if (better) best = arm;
  }
  return best;
}

/** The candidate with the best mean over at least two play-outs, or null. */
function leader(arms: readonly Arm[]): Arm | null {
  let best: Arm | null = null;
  for (const arm of arms) {
    if (arm.visits < 2) continue;
    if (!best || arm.total / arm.visits > best.total / best.visits) best = arm;
  }
  return best;
}

/**
 * The next candidate: a fresh draw, or (every other time, once some candidates have been tried) the leader with one
 * part of a fresh draw grafted in. Where the package gives a play-out heuristic, every other draw is the heuristic's
 * and the rest random legal orders: the heuristic proposes sensible orders, the random ones what it never would.
 */
function nextCandidate(search: Search, arms: readonly Arm[], world: unknown, random: Search['playout']): unknown {
  const heuristic = search.game.playoutOrders;
  const source = heuristic && arms.length % 2 === 1 ? heuristic : random;
  const draw = source(world, search.seat, search.rand);
  const lead = arms.length >= 4 && search.rand() < 0.5 ? leader(arms) : null;
  return (lead && graft(lead.orders, draw, search.rand)) ?? draw;
}

/**
 * Adds a candidate (as the package's `botCandidate` makes it) unless it repeats one or the first determinization
 * refuses it; whether it was added.
 */
function addCandidate(search: Search, arms: Arm[], seen: Set<string>, first: unknown, drawn: unknown): boolean {
  const orders = search.game.botCandidate ? search.game.botCandidate(first, search.seat, drawn) : drawn;
  const key = canonicalJson(orders ?? null);
  if (seen.has(key)) return false;
  seen.add(key);
  if (search.game.validate(first, search.seat, orders).length) return false;
  arms.push({ orders, key, visits: 0, total: 0 });
  return true;
}

/** Draws in a row without a second legal candidate after which a decision is taken as forced. */
const FORCED_AFTER = 12;

/**
 * Decides the orders of `seat`, which must be owed at `state`. Pure apart from the caller's clock when a time
 * budget is given: the same seed and iteration budget give the same orders.
 */
export function decide(game: AnyGamePackage, state: unknown, seat: SeatId, settings: BotSettings): BotDecision {
  if (!game.owed(state).some((o) => o.seat === seat)) throw new Error(`seat ${seat} owes no orders here`);
  if (settings.thinkMs !== undefined && !settings.now) throw new Error('a time budget needs the caller’s clock');
  const rng = streamOf(settings.seed, seat);
  const rand = () => sfc32Next(rng) / 0x100000000;
  const ctx: ResolveContext = { roll: (sides) => uniformDie(rng, sides), emit: () => {}, silent: true };
  const random = game.randomOrders;
  const playout = game.playoutOrders ?? random ?? ((s: unknown, o: SeatId) => game.defaultOrders(s, o));
  const horizon = (game.botEstimate && game.botHorizon) || MAX_PLAYOUT_STEPS;
  const owing = owingSeatsOf(game);
  const randomShare = game.botRandomShare ?? 0;
  const search: Search = { game, seat, rand, ctx, playout, random, randomShare, owing, horizon };
  const sample = samplerOf(game, state, seat);
  const timed = settings.thinkMs !== undefined;
  const iterations = settings.iterations ?? (timed ? Infinity : (game.botIterations ?? DEFAULT_BOT_ITERATIONS));
  const deadline = timed ? (settings.now?.() ?? 0) + (settings.thinkMs ?? 0) : Infinity;
  const most = settings.candidates ?? DEFAULT_BOT_CANDIDATES;

  // The first determinization judges the candidates' legality: the seat's legal orders are the same in all of them.
  const first = sample(rand);
  const arms: Arm[] = [];
  const seen = new Set<string>();
  addCandidate(search, arms, seen, first, game.defaultOrders(first, seat));
  let n = 0;
  let fruitless = 0; // draws in a row that gave no new legal candidate
  for (; n < iterations && (n === 0 || !timed || (settings.now?.() ?? 0) < deadline); n++) {
    const world = n === 0 ? first : sample(rand);
    // Progressive widening; a repeated or refused draw simply leaves the width as it is this time.
    if (random && arms.length < widthAfter(n, most)) {
      const added = addCandidate(search, arms, seen, first, nextCandidate(search, arms, world, random));
      fruitless = added ? 0 : fruitless + 1;
    }
    // A decision with one legal answer (or none found in many draws) needs no play-outs.
    if (arms.length === 0 || (arms.length === 1 && fruitless >= FORCED_AFTER)) break;
    const arm = pick(arms, n);
    arm.visits++;
    arm.total += playOut(search, world, arm.orders);
  }
  if (arms.length === 0) throw new Error(`no legal orders found for seat ${seat}`);
  const best = chosen(arms);
  return {
    orders: best.orders,
    iterations: n,
    candidates: arms.length,
    expected: best.visits ? best.total / best.visits : 0.5,
  };
}
