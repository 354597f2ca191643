/**
 * bench/british-ceiling: how high Grand Fleet's British side can get against random play, next to what the computer
 * player gets. Plays the British games of `pbem match --game grand-fleet --players bot,random --seed S` (its
 * even-numbered games: the same games, game for game), tells each turn's VP apart (turns.ts): the USW Table, the
 * initiative dice's parity, refusals and decisive battles. Then solves a turn-level model of the game against the
 * random German (model.ts) for the best British win chance any initiative, declaration and acceptance can reach:
 * with the battles as the computer player fought them, and with battles better than it ever fights them.
 *
 *   npm run bench:british-ceiling -- --games 200 --seed ceiling [--workers 2] [--json]
 *
 * Last line: { games, seed, bot: { won, lost, draw, share, byRule }, battles: { britishOffensive, germanOffensive },
 *   model: { <scenario>: chance }, initiativeDice: { made, differing, chanceLostPerGame } }
 */
import { jsonOnly, printFigures } from '../report.ts';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { defaultData } from '../../src/games/grand-fleet/data/default-data.ts';
import { type Distribution, type SolvedModel, solveTurnModel, type TurnModel } from './model.ts';
import type { GameRecord } from './turns.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '100' },
    seed: { type: 'string', default: 'ceiling' },
    workers: { type: 'string', default: String(availableParallelism()) },
    json: { type: 'boolean' },
  },
});
const count = Number(values.games);
const seed = values.seed;

/** Plays British games 0, 2, 4, ... on worker threads, the next number to whichever worker is free. */
function play(workers: number): Promise<GameRecord[]> {
  const numbers = Array.from({ length: count }, (_, i) => 2 * i);
  const out: GameRecord[] = [];
  return new Promise((resolve, reject) => {
    let running = Math.min(workers, count);
    for (let w = 0; w < running; w++) {
      const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { seed } });
      const feed = () => {
        const g = numbers.shift();
        if (g === undefined) {
          void worker.terminate();
          if (--running === 0) resolve(out.sort((a, b) => a.g - b.g));
        } else worker.postMessage(g);
      };
      worker.on('message', (record: GameRecord) => {
        out.push(record);
        if (!jsonOnly) process.stderr.write(`\r${out.length}/${count} games`);
        feed();
      });
      worker.on('error', reject);
      feed();
    }
  });
}

/** The chances of each value in a list. */
function distributionOf(values: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const v of [...values].sort((a, b) => a - b)) out.set(v, (out.get(v) ?? 0) + 1 / values.length);
  return out;
}

const mean = (d: Distribution) => [...d].reduce((sum, [x, p]) => sum + x * p, 0);
const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

const records = await play(Number(values.workers));
if (!jsonOnly) process.stderr.write('\n');

// A battle's VP: the turn's change less the USW Table and the dice's parity (nothing else moves VP in that turn).
const battleVp = (side: 'british' | 'german') =>
  records.flatMap((r) =>
    r.turns
      .filter((t) => t.outcome === 'battle' && t.offensive === side)
      .map((t) => t.vpEnd - t.vpStart - t.usw - t.penalty),
  );
const battles = { british: battleVp('british'), german: battleVp('german') };
const britishOffensive = distributionOf(battles.british);
const germanOffensive = distributionOf(battles.german);

const occurrence = defaultData.uswOccurrence;
const model: TurnModel = {
  turns: defaultData.turns.length,
  uswTable: defaultData.uswTable.map((germanVp) => -germanVp),
  outbreak:
    (occurrence.filter((r) => r === 'occurs').length + occurrence.filter((r) => r === 'choice').length / 2) /
    occurrence.length,
  germanTwoDice: 0.5,
  germanDeclares: 0.6,
  germanAccepts: 0.7,
  britishOffensive,
  germanOffensive,
};
// GF 8[5]: the most control VP one battle can give Britain, every German flagged hex held (fractions dropped).
const allControl = Math.floor(
  defaultData.hexes
    .filter((h) => (h.kind === 'proximity' || h.kind === 'home') && h.flag === 'german')
    .reduce((sum, h) => sum + h.vp, 0),
);
const costless = distributionOf(battles.german.map((x) => Math.max(0, x)));
const scenarios: Record<string, TurnModel> = {
  "the computer player's battles": model,
  'British offensive battles 1 VP better': {
    ...model,
    britishOffensive: new Map([...britishOffensive].map(([x, p]) => [x + 1, p])),
  },
  'German offensive battles never costing a VP': { ...model, germanOffensive: costless },
  [`every British offensive battle ${allControl} VP (all control VP), German ones none lost`]: {
    ...model,
    britishOffensive: new Map([[allControl, 1]]),
    germanOffensive: costless,
  },
  [`every British offensive battle ${allControl + 1} VP, German ones none lost`]: {
    ...model,
    britishOffensive: new Map([[allControl + 1, 1]]),
    germanOffensive: costless,
  },
};

const won = records.filter((r) => r.result === 'british').length;
const lost = records.filter((r) => r.result === 'german').length;
const draw = records.length - won - lost;
const byRule: Record<string, number> = {};
for (const r of records) byRule[`${r.result} ${r.rule}`] = (byRule[`${r.result} ${r.rule}`] ?? 0) + 1;

console.log(`Grand Fleet, British games of seed ${seed}: the computer player won ${won}, lost ${lost}, drew ${draw}`);
console.log(`  by rule: ${JSON.stringify(byRule)}`);
for (const side of ['british', 'german'] as const)
  console.log(
    `  ${side === 'british' ? 'British' : 'German'} offensive battles: ${battles[side].length}, ` +
      `mean ${round(mean(side === 'british' ? britishOffensive : germanOffensive), 2)} VP for Britain`,
  );
console.log('Best British win chance in the turn model (maintenance and draws left out):');
const chances: Record<string, number> = {};
const solvedModels = new Map<TurnModel, SolvedModel>();
for (const [name, m] of Object.entries(scenarios)) {
  solvedModels.set(m, solveTurnModel(m));
  chances[name] = round(solvedModels.get(m)!.best);
  console.log(`  ${name}: ${(chances[name] * 100).toFixed(1)}%`);
}

// The computer player's initiative dice against the model's best, with its own battles: how many differ, and the
// win chance they give up (the best choice's value less the chosen one's, summed over the games).
const solved = solvedModels.get(model)!;
const choices = { made: 0, differing: 0, chanceLostPerGame: 0 };
for (const r of records) {
  let usw = false;
  for (const t of r.turns) {
    if (t.britishDice) {
      const at = t.vpStart + t.usw; // the USW Table is rolled before the initiative dice
      const chosen = solved.diceValue(t.turn, at, usw, t.britishDice);
      const best = Math.max(solved.diceValue(t.turn, at, usw, 1), solved.diceValue(t.turn, at, usw, 2));
      choices.made++;
      if (chosen < best - 1e-12) {
        choices.differing++;
        choices.chanceLostPerGame += (best - chosen) / records.length;
      }
    }
    if (t.outcome === 'outbreak') usw = true;
  }
}
choices.chanceLostPerGame = round(choices.chanceLostPerGame, 5);
console.log(
  `The computer player's initiative dice: ${choices.made} choices, ${choices.differing} other than the model's best, ` +
    `giving up ${(choices.chanceLostPerGame * 100).toFixed(2)} points of win chance a game`,
);
printFigures({
  games: records.length,
  seed,
  bot: { won, lost, draw, share: round(won / Math.max(1, won + lost)), byRule },
  battles: {
    britishOffensive: Object.fromEntries([...britishOffensive].map(([x, p]) => [x, round(p)])),
    germanOffensive: Object.fromEntries([...germanOffensive].map(([x, p]) => [x, round(p)])),
  },
  model: chances,
  initiativeDice: choices,
});
