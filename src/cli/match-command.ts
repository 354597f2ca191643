/**
 * `pbem match`: how strong the computer player is. Two players (`bot`, `random` or `default`, the deadline's
 * default orders) play complete games of one game against each other, seats alternated so that each plays each side
 * equally often; the last line printed is the summary as JSON.
 */
import { GAME_IDS, gameAndModeOf } from './games.ts';
import { intOption, stringOption, UsageError, type CliCommand, type CommandArgs } from './args.ts';
import { MATCH_PLAYERS, type MatchPlayer } from './match.ts';
import { matchOnPool } from './match-pool.ts';
import { createProgress } from './progress.ts';
import { defaultWorkers } from './simulate-pool.ts';

/** The two players of `--players A,B`. */
function playersOf(raw: string): [MatchPlayer, MatchPlayer] {
  const players = raw.split(',').map((p) => p.trim());
  const known = (p: string): p is MatchPlayer => (MATCH_PLAYERS as readonly string[]).includes(p);
  if (players.length !== 2 || !players.every(known)) {
    throw new UsageError(`--players takes two of ${MATCH_PLAYERS.join(', ')} separated by a comma, not "${raw}"`);
  }
  return [players[0], players[1]] as [MatchPlayer, MatchPlayer];
}

async function runMatch(args: CommandArgs, out: (text: string) => void): Promise<number> {
  const { gameId, mode } = gameAndModeOf(args);
  if (args.values.iterations !== undefined && args.values['think-ms'] !== undefined) {
    throw new UsageError('give --iterations or --think-ms, not both');
  }
  const games = intOption(args, 'games', 20, 1);
  const iterations = args.values.iterations === undefined ? undefined : intOption(args, 'iterations', 0, 1);
  const thinkMs = args.values['think-ms'] === undefined ? undefined : intOption(args, 'think-ms', 0, 1);
  const progress = createProgress({
    stream: process.stderr,
    total: games,
    unit: 'games',
    force: args.values.progress === true,
  });
  const summary = await matchOnPool(
    {
      gameId,
      mode,
      players: playersOf(stringOption(args, 'players', 'bot,random')),
      games,
      seed: stringOption(args, 'seed', '1'),
      iterations,
      thinkMs,
    },
    intOption(args, 'workers', 1, 1),
    (done) => progress.update(done),
  );
  progress.finish();
  if (args.values.json !== true) {
    const [a, b] = summary.players;
    const line = `${gameId} ${mode}: ${a} ${summary.wins[a]}, ${b} ${summary.wins[b]}, draws ${summary.wins.draw}`;
    process.stderr.write(`${line} (${summary.games} games, ${summary.msPerDecision ?? '-'} ms a decision)\n`);
  }
  out(JSON.stringify(summary));
  return summary.unfinished === 0 ? 0 : 1;
}

/** The `pbem match` command. */
export const matchCommand: CliCommand = {
  synopsis:
    'pbem match [--game ID] [--mode M] --players A,B [--games N] [--seed S] [--think-ms MS | --iterations K] [--workers N] [--json]',
  summary: `Plays complete games between two players, each bot (the computer player), random (random legal orders)
or default (the orders a missed deadline gives), seats alternated game by game so that each player holds each side
equally often. Prints a JSON summary last: wins per player and draws, wins per side, and the bot's mean time per
decision. The same seed and an iteration budget give the same summary for any number of workers.`,
  options: {
    game: { type: 'string', value: 'ID', help: `the game: ${GAME_IDS.join(', ')} (default: the first)` },
    mode: { type: 'string', value: 'M', help: "the game's mode (default: its first)" },
    players: { type: 'string', value: 'A,B', help: `two of ${MATCH_PLAYERS.join(', ')} (default bot,random)` },
    games: { type: 'string', value: 'N', help: 'how many games (default 20)' },
    seed: { type: 'string', value: 'S', help: 'the seed of the dice, the random orders and the bot (default 1)' },
    'think-ms': { type: 'string', value: 'MS', help: "the bot's time a decision, in milliseconds" },
    iterations: { type: 'string', value: 'K', help: "the bot's play-outs a decision (default: the game's own)" },
    workers: {
      type: 'string',
      value: 'N',
      help: `worker threads, one game each at a time (default 1; here up to ${defaultWorkers()})`,
    },
    json: { type: 'boolean', help: 'print only the JSON summary (no line in words on stderr)' },
    progress: { type: 'boolean', help: 'show the progress bar on stderr even when it is not a terminal' },
  },
  positionals: 0,
  run: runMatch,
};
