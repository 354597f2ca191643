/**
 * Interleaved A/B of `pbem simulate` throughput: the working tree against another revision, both loaded in one
 * process and run in turn, so that the swings of a shared machine's speed fall on both alike (separate runs of the
 * same code differ by 20% and more on the development VM).
 * Usage: npm run bench:simulate-ab -- --base REV [--game ID] [--rounds 10] [--games 5000] [--mode MODE]
 * Prints the median games per CPU second of each side and the median of the per-round ratios (working tree / base).
 */
import { printFigures } from './report.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { intOption, readArgs, stringOption } from '../src/cli/args.ts';
import type { simulate as Simulate } from '../src/cli/simulate-command.ts';
import { canonicalJson } from '../src/engine/canonical-json.ts';
import { registeredGame } from '../src/cli/games.ts';

const args = readArgs(process.argv.slice(2), {
  base: { type: 'string', value: 'REV', help: 'the revision to compare with (default HEAD)' },
  game: { type: 'string', value: 'ID', help: 'the game (default atlantic-wolves)' },
  rounds: { type: 'string', value: 'N', help: 'rounds (default 10)' },
  games: { type: 'string', value: 'N', help: 'games per round and side (default 5000)' },
  mode: { type: 'string', value: 'MODE', help: "the game mode (default: the game's first)" },
});
const base = stringOption(args, 'base', 'HEAD');
const rounds = intOption(args, 'rounds', 10, 1);
const games = intOption(args, 'games', 5000, 1);
const gameId = stringOption(args, 'game', 'atlantic-wolves');
const mode = stringOption(args, 'mode', registeredGame(gameId).modes[0]);
const root = resolve(import.meta.dirname, '..');

/** One self-contained ES module of a tree's `simulate` (packages included, resolved from this checkout). */
async function bundle(tree: string, out: string): Promise<typeof Simulate> {
  await build({
    entryPoints: [join(tree, 'src/cli/simulate-command.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    nodePaths: [join(root, 'node_modules')],
    logLevel: 'warning',
  });
  return ((await import(pathToFileURL(out).href)) as { simulate: typeof Simulate }).simulate;
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[xs.length >> 1];

/**
 * What both sides' summaries report, timing aside: the fields they share, as canonical JSON. A summary may gain
 * fields (or order them anew) from one revision to the next; the same games give the same values for the others.
 */
function playedGames(summary: object, other: object): string {
  const shared = Object.entries(summary).filter(([k]) => k in other && k !== 'seconds' && k !== 'gamesPerSecond');
  return canonicalJson(Object.fromEntries(shared));
}

const dir = mkdtempSync(join(tmpdir(), 'pbem-ab-'));
const baseTree = join(dir, 'base');
try {
  execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', baseTree, base], { stdio: 'ignore' });
  const sides = {
    base: await bundle(baseTree, join(dir, 'base.mjs')),
    tree: await bundle(root, join(dir, 'tree.mjs')),
  };
  /** Games per CPU second of one run, and its summary (both sides must play the very same games). */
  const run = (simulate: typeof Simulate, seed: string) => {
    const before = process.cpuUsage();
    const summary = simulate({ gameId, mode, games, seed, validate: false });
    const used = process.cpuUsage(before);
    return { rate: games / ((used.user + used.system) / 1e6), summary };
  };
  for (let i = 0; i < 3; i++) for (const simulate of Object.values(sides)) run(simulate, `warm-up-${i}`);
  const rates = { base: [] as number[], tree: [] as number[], ratio: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    // Alternate which side goes first, so neither always runs on a heap the other just filled.
    const [first, second] = i % 2 ? (['tree', 'base'] as const) : (['base', 'tree'] as const);
    const a = run(sides[first], `ab-${i}`);
    const b = run(sides[second], `ab-${i}`);
    const r = { [first]: a, [second]: b } as Record<'base' | 'tree', typeof a>;
    if (playedGames(r.base.summary, r.tree.summary) !== playedGames(r.tree.summary, r.base.summary)) {
      throw new Error(`round ${i}: the two sides played different games`);
    }
    rates.base.push(r.base.rate);
    rates.tree.push(r.tree.rate);
    rates.ratio.push(r.tree.rate / r.base.rate);
  }
  printFigures({
    base,
    game: gameId,
    mode,
    rounds,
    gamesPerRound: games,
    baseGamesPerCpuSecond: Math.round(median(rates.base)),
    treeGamesPerCpuSecond: Math.round(median(rates.tree)),
    ratio: +median(rates.ratio).toFixed(3),
    ratioRange: [+Math.min(...rates.ratio).toFixed(3), +Math.max(...rates.ratio).toFixed(3)],
  });
} finally {
  execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', baseTree], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
