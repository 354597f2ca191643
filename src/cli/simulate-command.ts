/**
 * `pbem simulate`: plays complete games of any registered game with random legal orders, on a pool of worker
 * threads (all cores by default), and prints the summary as JSON; a progress bar goes to stderr on long runs.
 */
import { GAME_IDS, gameAndModeOf } from './games.ts';
import { intOption, stringOption, type CliCommand, type CommandArgs } from './args.ts';
import { createProgress } from './progress.ts';
import { defaultWorkers, simulateOnPool } from './simulate-pool.ts';

export { simulate, type SimulationSummary } from './simulate.ts';

async function runSimulate(args: CommandArgs, out: (text: string) => void): Promise<number> {
  const { gameId, mode } = gameAndModeOf(args);
  const count = intOption(args, 'games', 1000, 1);
  const force = args.values.progress === true;
  const progress = createProgress({ stream: process.stderr, total: count, unit: 'games', force });
  const summary = await simulateOnPool(
    { gameId, mode, games: count, seed: stringOption(args, 'seed', '1'), validate: args.values.validate === true },
    { workers: intOption(args, 'workers', defaultWorkers(), 1), onProgress: (done) => progress.update(done) },
  );
  progress.finish();
  out(JSON.stringify(summary));
  return summary.invariantViolations === 0 && summary.orderErrors === 0 && summary.unfinished === 0 ? 0 : 1;
}

/** The `pbem simulate` command. */
export const simulateCommand: CliCommand = {
  synopsis: 'pbem simulate [--game ID] [--mode MODE] [--games N] [--seed S] [--validate] [--workers N] [--progress]',
  summary: `Plays complete games with random legal orders, checks the rule invariants after every step, and prints a
JSON summary: throughput, wins per seat, draws, unfinished games, problems found. The same seed gives the same
summary (timing aside) for any number of workers.`,
  options: {
    game: { type: 'string', value: 'ID', help: `the game: ${GAME_IDS.join(', ')} (default: the first)` },
    mode: { type: 'string', value: 'MODE', help: "the game's mode (default: its first)" },
    games: { type: 'string', value: 'N', help: 'how many games (default 1000)' },
    seed: { type: 'string', value: 'S', help: 'the seed of the dice and the random orders (default 1)' },
    validate: { type: 'boolean', help: 'validate every random order with the engine too (slower)' },
    workers: { type: 'string', value: 'N', help: `worker threads (default: every core, here ${defaultWorkers()})` },
    progress: { type: 'boolean', help: 'show the progress bar on stderr even when it is not a terminal' },
  },
  positionals: 0,
  run: runSimulate,
};
