import { intOption, readArgs, stringOption } from '../src/cli/args.ts';
import { printFigures } from './report.ts';
import { simulate } from '../src/cli/simulate-command.ts';
import { GAMES_PER_STREAM, streamOf } from '../src/cli/simulate.ts';
import { sfc32Next, uniformDie } from '../src/engine/dice.ts';
import type { ResolveContext, SeatId } from '../src/engine/types.ts';
import { registeredGame } from '../src/cli/games.ts';

const args = readArgs(process.argv.slice(2), {
  game: { type: 'string', value: 'ID', help: 'the game (default atlantic-wolves)' },
  games: { type: 'string', value: 'N', help: 'games per run (default 20000)' },
  mode: { type: 'string', value: 'MODE', help: "the game mode (default: the game's first)" },
});
const games = intOption(args, 'games', 20_000, 1);
const game = registeredGame(stringOption(args, 'game', 'atlantic-wolves'));
const mode = stringOption(args, 'mode', game.modes[0]);
const play = game.randomOrders ?? ((state: unknown, seat: SeatId) => game.defaultOrders(state, seat));
const options = game.optionsSchema.parse({});
const data = game.dataSchema.parse(game.defaultData);
const now = () => performance.now();

/** The simulate loop with the time of each part added up (milliseconds), and the number of steps resolved. */
function timedRun(seed: string) {
  const rng = streamOf(seed, 0);
  const rand = () => sfc32Next(rng) / 0x100000000;
  const ctx: ResolveContext = { roll: (sides) => uniformDie(rng, sides), emit: () => {}, silent: true };
  const ms = { setup: 0, owed: 0, randomOrders: 0, resolve: 0, invariants: 0 };
  const byPoint = new Map<string, { ms: number; steps: number }>(); // resolve time by the decision point answered
  let steps = 0;
  let violations = 0;
  const started = now();
  for (let g = 0; g < games; g++) {
    if (g > 0 && g % GAMES_PER_STREAM === 0) rng.splice(0, 4, ...streamOf(seed, g / GAMES_PER_STREAM)); // as simulate
    let t = now();
    let state = game.setup({ mode, options, data });
    let u = now();
    ms.setup += u - t;
    for (;;) {
      t = now();
      const owed = game.owed(state);
      u = now();
      ms.owed += u - t;
      if (owed.length === 0 && game.outcome(state)) break; // as simulate: a step owing nothing may still run
      const orders: Record<SeatId, unknown> = {};
      t = now();
      for (const { seat } of owed) orders[seat] = play(state, seat, rand);
      u = now();
      ms.randomOrders += u - t;
      t = now();
      state = game.resolve(state, orders, ctx);
      u = now();
      ms.resolve += u - t;
      const name = owed[0]?.point ?? 'none owed'; // a standard game's opening dice run with no orders
      const point = byPoint.get(name) ?? byPoint.set(name, { ms: 0, steps: 0 }).get(name)!;
      point.ms += u - t;
      point.steps++;
      t = now();
      violations += game.invariants(state).length;
      u = now();
      ms.invariants += u - t;
      steps++;
    }
  }
  return { ms, byPoint, steps, violations, totalMs: now() - started };
}

/** Milliseconds one clock read costs: pairs of reads as in `timedRun`, timed as a whole. */
function clockCost(): number {
  let sum = 0;
  const n = 2_000_000;
  const started = now();
  for (let i = 0; i < n; i++) {
    const t = now();
    const u = now();
    sum += u - t;
  }
  if (sum < 0) throw new Error('the clock went backwards'); // also keeps the reads from being optimised away
  return (now() - started) / n / 2;
}

timedRun('warm-up');
const perRead = clockCost();
const runs = [1, 2, 3].map((i) => timedRun(`budget-${i}`));
const best = runs.reduce((a, b) => (b.totalMs < a.totalMs ? b : a));
const perGame = (ms: number) => +((ms * 1000) / games).toFixed(1);
// Each timed span holds about one clock read (the second read of its pair), taken off here.
const part = (ms: number, spans: number) => perGame(ms - spans * perRead);
const budget = {
  setup: part(best.ms.setup, games),
  owed: part(best.ms.owed, best.steps + games), // once more per game: the call that finds the game over
  randomOrders: part(best.ms.randomOrders, best.steps),
  resolve: part(best.ms.resolve, best.steps),
  invariants: part(best.ms.invariants, best.steps),
};
// Resolve by decision point: steps per game and microseconds per step (each resolve runs on to the next point).
const resolveByPoint = Object.fromEntries(
  [...best.byPoint]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([point, p]) => [
      point,
      {
        stepsPerGame: +(p.steps / games).toFixed(2),
        microsecondsPerStep: +(((p.ms - p.steps * perRead) * 1000) / p.steps).toFixed(2),
      },
    ]),
);
const parts = Object.values(budget).reduce((a, b) => a + b, 0);
const untimed = Math.max(
  ...[1, 2, 3].map(
    (i) => simulate({ gameId: game.id, mode, games, seed: `budget-${i}`, validate: false }).gamesPerSecond,
  ),
);
printFigures({
  game: game.id,
  mode,
  games,
  stepsPerGame: +(best.steps / games).toFixed(1),
  invariantViolations: runs.reduce((n, r) => n + r.violations, 0),
  clockReadNs: +(perRead * 1e6).toFixed(1),
  microsecondsPerGame: { ...budget, sumOfParts: +parts.toFixed(1), untimed: +(1e6 / untimed).toFixed(1) },
  // Games per second if resolve took no time at all: what the other parts of the loop allow.
  resolveByPoint,
  ceilingWithFreeResolve: Math.round(1e6 / (parts - budget.resolve)),
});
