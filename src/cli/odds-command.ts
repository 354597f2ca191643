/**
 * `pbem odds`: an odds preview. From the position a record reaches, plays the game to its end `samples` times
 * with every seat on the engine's default orders and fresh dice, and reports how often each seat wins.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sfc32FromHex, uniformDie, type Sfc32State } from '../engine/dice.ts';
import { replayRecord } from '../engine/record.ts';
import type { AnyGame, ResolveContext, SeatId } from '../engine/types.ts';
import { intFlag, type ParsedArgs } from './args.ts';
import { loadRecord } from './replay-command.ts';

export interface OddsPreview {
  samples: number;
  wins: Record<string, number>;
  probabilities: Record<string, number>;
  unfinished: number;
  milliseconds: number;
}

/** Plays `state` out `samples` times; pure apart from the timer. */
export function previewOdds(game: AnyGame, state: unknown, samples: number, seed: string): OddsPreview {
  const rng: Sfc32State = sfc32FromHex(createHash('sha256').update(`pbem-odds|${seed}`).digest('hex'));
  const ctx: ResolveContext = { roll: (sides) => uniformDie(rng, sides), emit: () => {} };
  const wins: Record<string, number> = {};
  let unfinished = 0;
  const started = performance.now();
  for (let i = 0; i < samples; i++) {
    let s = state;
    for (let step = 0; step < 500; step++) {
      const owed = game.owed(s);
      if (owed.length === 0 && game.outcome(s)) break;
      const orders: Record<SeatId, unknown> = {};
      for (const { seat } of owed) orders[seat] = game.defaultOrders(s, seat);
      s = game.resolve(s, orders, ctx);
    }
    const outcome = game.outcome(s);
    if (!outcome) unfinished++;
    else {
      const key = outcome.winner ?? 'draw';
      wins[key] = (wins[key] ?? 0) + 1;
    }
  }
  const milliseconds = performance.now() - started;
  const probabilities = Object.fromEntries(Object.entries(wins).map(([k, v]) => [k, v / samples]));
  return { samples, wins, probabilities, unfinished, milliseconds };
}

export function runOdds(raw: unknown, args: ParsedArgs, out: (s: string) => void): number {
  const { record, game } = loadRecord(raw);
  const replay = replayRecord(game, record);
  if (!replay.ok) throw new Error(`the record stops at step ${replay.step}: ${replay.message}`);
  const preview = previewOdds(game, replay.envelope.state, intFlag(args, 'samples', 10_000, 1), String(args.flags.get('seed') ?? '1'));
  out(JSON.stringify(preview));
  return 0;
}
