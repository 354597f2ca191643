/**
 * `pbem odds`: odds previews of any registered game from the position a record reaches. The step owed: resolved
 * `samples` times with fresh dice, counting the outcomes the game's package names (`oddsOutcomes`). Or the whole
 * game (`--playout`): played to its end `samples` times with every seat on the engine's default orders, counting
 * who wins.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sfc32FromHex, uniformDie, type Sfc32State } from '../engine/dice.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import { previewStepOdds } from '../engine/odds.ts';
import { replayRecord } from '../engine/record.ts';
import { checkOrders } from '../engine/step-runner.ts';
import { outcomeResult } from '../engine/outcome.ts';
import type { ResolveContext, SeatId } from '../engine/types.ts';
import { intOption, stringOption, type CliCommand, type CommandArgs } from './args.ts';
import { readRecordFile } from './record-file.ts';
import { loadRecord } from './replay-command.ts';

export interface OddsPreview {
  samples: number;
  wins: Record<string, number>;
  probabilities: Record<string, number>;
  unfinished: number;
  milliseconds: number;
}

/** Plays `state` out `samples` times; pure apart from the timer. */
export function previewOdds(game: AnyGamePackage, state: unknown, samples: number, seed: string): OddsPreview {
  const rng: Sfc32State = sfc32FromHex(createHash('sha256').update(`pbem-odds|${seed}`).digest('hex'));
  // Silent: only the outcomes count, not the events.
  const ctx: ResolveContext = { roll: (sides) => uniformDie(rng, sides), emit: () => {}, silent: true };
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
      // One key per result: a seat, a coalition of seats (joined by "+"), or a draw.
      const result = outcomeResult(outcome);
      const key = result.winners.length ? result.winners.join('+') : 'draw';
      wins[key] = (wins[key] ?? 0) + 1;
    }
  }
  const milliseconds = performance.now() - started;
  const probabilities = Object.fromEntries(Object.entries(wins).map(([k, v]) => [k, v / samples]));
  return { samples, wins, probabilities, unfinished, milliseconds };
}

/**
 * `pbem odds FILE`: from the position a record reaches, the odds of the step now owed, with the owed seats'
 * orders from `--orders FILE` (JSON `{ seat: orders }`) or their defaults; `--playout` instead plays the game to
 * its end with default orders and reports who wins how often.
 */
function runOdds(args: CommandArgs, out: (s: string) => void): number {
  const samples = intOption(args, 'samples', 10_000, 1);
  const seed = stringOption(args, 'seed', '1');
  const { record, game } = loadRecord(readRecordFile(args.positionals[0]));
  const replay = replayRecord(game, record);
  if (!replay.ok) throw new Error(`the record stops at step ${replay.step}: ${replay.message}`);
  const state = replay.envelope.state;
  if (args.values.playout === true) {
    out(JSON.stringify({ kind: 'playout', ...previewOdds(game, state, samples, seed) }));
    return 0;
  }
  const owed = game.owed(state);
  if (owed.length === 0) throw new Error('nothing is owed at this position: the game is over');
  const given = args.values.orders;
  const supplied =
    typeof given === 'string' ? (JSON.parse(readFileSync(given, 'utf8')) as Record<SeatId, unknown>) : {};
  const orders: Record<SeatId, unknown> = {};
  for (const { seat } of owed) {
    const checked = checkOrders(game, replay.envelope, seat, supplied[seat] ?? game.defaultOrders(state, seat));
    if (!checked.ok)
      throw new Error(
        `orders of ${seat} refused: ${checked.errors.map((e) => `[${e.code}] ${e.message.en} (${e.rule})`).join('; ')}`,
      );
    orders[seat] = checked.orders;
  }
  const rng: Sfc32State = sfc32FromHex(createHash('sha256').update(`pbem-odds|${seed}`).digest('hex'));
  const started = performance.now();
  const odds = previewStepOdds(game, state, orders, samples, { roll: (sides) => uniformDie(rng, sides) });
  out(
    JSON.stringify({
      kind: 'step',
      owed: owed.map((o) => ({ seat: o.seat, point: o.point })),
      orders,
      ...odds,
      milliseconds: performance.now() - started,
    }),
  );
  return 0;
}

/** The `pbem odds` command. */
export const oddsCommand: CliCommand = {
  synopsis: 'pbem odds FILE [--samples N] [--seed S] [--orders FILE] [--playout]',
  summary: `Odds previews from the position a game record reaches (FILE "-" reads stdin): how often each outcome of
the step now owed happens, with the owed seats' orders from --orders or their defaults; or, with --playout, who
wins how often when the game is played to its end with default orders.`,
  options: {
    samples: { type: 'string', value: 'N', help: 'how many samples (default 10000)' },
    seed: { type: 'string', value: 'S', help: 'the seed of the dice (default 1)' },
    orders: { type: 'string', value: 'FILE', help: 'JSON { seat: orders } of the owed seats (default their defaults)' },
    playout: { type: 'boolean', help: 'play whole games to their end and count the winners' },
  },
  positionals: 1,
  run: runOdds,
};
