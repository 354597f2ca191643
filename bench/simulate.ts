/**
 * Benchmark of `pbem simulate` throughput (one core) and of 10,000-sample odds previews (the step being decided,
 * and whole play-outs).
 * Usage: npm run bench:simulate [-- --games 50000]
 * Target (engine issue): at least 10,000 complete mail-play games per second; an odds preview well under 100 ms.
 */
import { printFigures } from './report.ts';
import { loadavg } from 'node:os';
import { intOption, readArgs } from '../src/cli/args.ts';
import { previewOdds } from '../src/cli/odds-command.ts';
import { previewStepOdds } from '../src/engine/odds.ts';
import { simulate, type SimulationSummary } from '../src/cli/simulate-command.ts';
import { getGame } from '../src/games/index.ts';
import { sfc32FromHex, sfc32Next, uniformDie } from '../src/engine/dice.ts';

const args = readArgs(process.argv.slice(2), {
  games: { type: 'string', value: 'N', help: 'games per run (default 50000)' },
});
const games = intOption(args, 'games', 50_000, 1);

function best<T extends { gamesPerSecond: number }>(runs: T[]): T {
  return runs.reduce((a, b) => (b.gamesPerSecond > a.gamesPerSecond ? b : a));
}

/** CPU seconds of this process (user + system): steadier than wall time on a shared machine. */
const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** A simulation run with its throughput per CPU second. */
function timed(opts: Parameters<typeof simulate>[0]): SimulationSummary & { cpuGamesPerSecond: number } {
  const c0 = cpuSeconds();
  const r = simulate(opts);
  return Object.assign(r, { cpuGamesPerSecond: Math.round(opts.games / (cpuSeconds() - c0)) });
}

simulate({ gameId: 'atlantic-wolves', mode: 'mail', games: 2000, seed: 'warm-up', validate: true }); // JIT warm-up
const results: Record<string, unknown> = {};
for (const mode of ['mail', 'standard']) {
  for (const validate of [false, true]) {
    const runs = [1, 2, 3].map((i) => timed({ gameId: 'atlantic-wolves', mode, games, seed: `bench-${i}`, validate }));
    const b = best(runs);
    results[`${mode}${validate ? '+validate' : ''}`] = {
      gamesPerSecond: b.gamesPerSecond,
      cpuGamesPerSecond: Math.max(...runs.map((r) => r.cpuGamesPerSecond)),
      games: b.games,
      germanWins: b.germanWins,
      alliedWins: b.alliedWins,
      invariantViolations: runs.reduce((n, r) => n + r.invariantViolations, 0),
      orderErrors: runs.reduce((n, r) => n + r.orderErrors, 0),
      stepsPerGame: +(b.steps / b.games).toFixed(1),
      dicePerGame: +(b.dice / b.games).toFixed(1),
    };
  }
}

// Odds preview: 10,000 samples from the start of a mail game, and from the start of turn 5.
const game = getGame('atlantic-wolves')!;
const options = game.optionsSchema.parse({});
const data = game.dataSchema.parse(game.defaultData);
const start = game.setup({ mode: 'mail', options, data });
const play = game.randomOrders!;
const ctx = { roll: (sides: number) => uniformDie(rngState, sides), emit: () => {} };
const rngState = sfc32FromHex('00112233445566778899aabbccddeeff');
const rand = () => sfc32Next(rngState) / 0x100000000;
const turnOf = (s: unknown) => (s as { turn?: number }).turn;
let turn5: unknown = null;
// Play random games until one reaches turn 5 still running: the position a late odds preview starts from.
for (let attempt = 0; attempt < 200 && !turn5; attempt++) {
  let s: unknown = start;
  while (game.owed(s).length && turnOf(s) !== 5) {
    const orders = Object.fromEntries(game.owed(s).map(({ seat }) => [seat, play(s, seat, rand)]));
    s = game.resolve(s, orders, ctx);
  }
  if (turnOf(s) === 5 && game.owed(s).length) turn5 = s;
}
// Positions where a seat is about to allocate attacks: the odds a player previews before sending orders.
const allocation: Record<string, unknown> = {};
for (let attempt = 0; attempt < 200 && Object.keys(allocation).length < 2; attempt++) {
  let s: unknown = start;
  while (game.owed(s).length && Object.keys(allocation).length < 2) {
    const owed = game.owed(s);
    for (const { point } of owed)
      if ((point === 'AW-D9' || point === 'AW-D10') && !allocation[point]) allocation[point] = s;
    s = game.resolve(s, Object.fromEntries(owed.map(({ seat }) => [seat, play(s, seat, rand)])), ctx);
  }
}
const stepOdds: Record<string, unknown> = {};
for (const [point, position] of Object.entries(allocation)) {
  const orders = Object.fromEntries(game.owed(position).map(({ seat }) => [seat, game.defaultOrders(position, seat)]));
  const dice = { roll: (sides: number) => uniformDie(rngState, sides) };
  previewStepOdds(game, position, orders, 1000, dice); // warm-up
  const wall = performance.now();
  const cpu = cpuSeconds();
  const odds = previewStepOdds(game, position, orders, 10_000, dice);
  stepOdds[point] = {
    ms: +(performance.now() - wall).toFixed(1),
    cpuMs: +((cpuSeconds() - cpu) * 1000).toFixed(1),
    outcomes: Object.keys(odds.probabilities).length,
  };
}

previewOdds(game, start, 1000, 'warm');
let c0 = cpuSeconds();
const oddsFromStart = previewOdds(game, start, 10_000, 'odds-1');
const oddsFromStartCpuMs = (cpuSeconds() - c0) * 1000;
c0 = cpuSeconds();
const oddsFromTurn5 = turn5 ? previewOdds(game, turn5, 10_000, 'odds-2') : null;
const oddsFromTurn5CpuMs = (cpuSeconds() - c0) * 1000;

printFigures({
  node: process.version,
  // Wall figures mean little on a loaded machine; CPU figures less so.
  loadAverage: loadavg().map((x) => +x.toFixed(2)),
  simulate: results,
  // The odds of the step about to resolve (the allocation a seat is deciding), 10,000 samples: the target figure.
  stepOddsPreview10k: stepOdds,
  // Whole play-outs to the end of the game with default orders, 10,000 samples.
  playoutOddsPreview10k: {
    fromStartMs: +oddsFromStart.milliseconds.toFixed(1),
    fromStartCpuMs: +oddsFromStartCpuMs.toFixed(1),
    fromStartProbabilities: oddsFromStart.probabilities,
    fromTurn5Ms: oddsFromTurn5 ? +oddsFromTurn5.milliseconds.toFixed(1) : null,
    fromTurn5CpuMs: oddsFromTurn5 ? +oddsFromTurn5CpuMs.toFixed(1) : null,
    fromTurn5Probabilities: oddsFromTurn5?.probabilities ?? null,
  },
});
