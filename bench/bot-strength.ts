/**
 * bench/bot-strength: the computer player's strength table, as `pbem match` measures it, for every registered game
 * (its first mode with two seats): the bot against `random` and against `default` (the deadline's default orders)
 * at the game's default budget, and against `random` at 20 ms a decision. Seats alternate game by game.
 *
 *   npm run bench:bot-strength                       # 20 games a row, every core
 *   npm run bench:bot-strength -- --games 10 --game grand-fleet --workers 1 --rows default   # or --rows 20ms
 *
 * Aims (each game and side): >= 95% of decided games won against random and >= 90% against default at the default
 * budget; >= 80% against random at 20 ms; the default budget <= 2 s a decision on one core (msPerDecision, with one
 * worker on a quiet machine).
 * Last line: { rows: [{ game, mode, opponent, budget, games, botWins, opponentWins, draws, botWinShare,
 *   bySide: { <seat>: { bot, opponent, draw } }, msPerDecision }] }
 */
import { jsonOnly, printFigures } from './report.ts';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { matchOnPool } from '../src/cli/match-pool.ts';
import type { MatchPlayer } from '../src/cli/match.ts';
import { games } from '../src/games/index.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '20' },
    workers: { type: 'string', default: String(availableParallelism()) },
    game: { type: 'string' },
    seed: { type: 'string', default: 'strength' },
    /** Which rows: `default` (the default budget, against random and default), `20ms`, or `all`. */
    rows: { type: 'string', default: 'all' },
    json: { type: 'boolean' },
  },
});
const count = Number(values.games);
const workers = Number(values.workers);

interface Row {
  game: string;
  mode: string;
  opponent: MatchPlayer;
  budget: string;
  games: number;
  botWins: number;
  opponentWins: number;
  draws: number;
  botWinShare: number | null;
  bySide: Record<string, { bot: number; opponent: number; draw: number }>;
  msPerDecision: number | null;
}

const rows: Row[] = [];
const picked = Object.values(games).filter((g) => !values.game || g.id === values.game);
console.log(`bot strength: ${count} games a row, ${workers} workers, load ${loadavg()[0].toFixed(1)}`);
console.log(
  '| game | mode | opponent | budget | bot | opponent | draws | bot share of decided | by side (bot-opp-draw) | ms/decision |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const game of picked) {
  const mode = game.modes.find((m) => game.sides(m).length === 2);
  if (!mode) continue;
  const runs: [MatchPlayer, { iterations?: number; thinkMs?: number }, string][] = [
    ['random', {}, `default (${game.botIterations ?? 'engine default'} play-outs)`],
    ['default', {}, `default (${game.botIterations ?? 'engine default'} play-outs)`],
    ['random', { thinkMs: 20 }, '20 ms'],
  ];
  const wanted = runs.filter(([, budget]) =>
    values.rows === 'all' ? true : values.rows === '20ms' ? budget.thinkMs === 20 : budget.thinkMs === undefined,
  );
  for (const [opponent, budget, label] of wanted) {
    const s = await matchOnPool(
      { gameId: game.id, mode, players: ['bot', opponent], games: count, seed: values.seed!, ...budget },
      workers,
    );
    const [bot, opp] = s.players;
    const bySide = Object.fromEntries(
      Object.entries(s.bySide).map(([seat, t]) => [seat, { bot: t[bot], opponent: t[opp], draw: t.draw }]),
    );
    const decided = s.wins[bot] + s.wins[opp];
    const row: Row = {
      game: game.id,
      mode,
      opponent,
      budget: label,
      games: s.games,
      botWins: s.wins[bot],
      opponentWins: s.wins[opp],
      draws: s.wins.draw,
      botWinShare: decided ? Math.round((s.wins[bot] / decided) * 1000) / 1000 : null,
      bySide,
      msPerDecision: s.msPerDecision,
    };
    rows.push(row);
    const sides = Object.entries(bySide)
      .map(([seat, t]) => `${seat} ${t.bot}-${t.opponent}-${t.draw}`)
      .join(', ');
    const share = row.botWinShare === null ? '-' : `${Math.round(row.botWinShare * 100)}%`;
    console.log(
      `| ${game.id} | ${mode} | ${opponent} | ${label} | ${row.botWins} | ${row.opponentWins} | ${row.draws} | ${share} | ${sides} | ${row.msPerDecision} |`,
    );
  }
}
if (!jsonOnly) console.log(`load at the end ${loadavg()[0].toFixed(1)}`);
printFigures({ rows });
