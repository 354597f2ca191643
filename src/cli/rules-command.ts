/**
 * `pbem rules GAME [ID]`: where a game's rules are implemented and tested. For one rule id as the code cites it
 * (`"XX 8[2][5]"`, `"XX 8.2[5]"`, `XX-A05`, with XX the game's prefix), or for every id of the game: each file:line in src/ and test/ citing
 * it. The game comes from the registry by its id; its folder under src/games/ is named by that id (one folder per
 * game, docs/adding-a-game.md), and the rule prefix is the one that folder cites.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError, type CliCommand, type CommandArgs } from './args.ts';
import { GAME_IDS, registeredGame } from './games.ts';
import { type Citation, type RuleEntry, ruleIndex, rulePrefixOf } from './rules-index.ts';

/** The repository this CLI runs from. */
const ROOT = resolve(import.meta.dirname, '../..');

/** What `pbem rules` finds: the game, its rule prefix, and the ids with their citations. */
export interface RulesReport {
  game: string;
  prefix: string;
  rules: RuleEntry[];
}

/** The rule index of game `gameId` (registered), of one id or all; `root` is the repository read. */
export function rulesReport(gameId: string, id?: string, root = ROOT): RulesReport {
  const game = registeredGame(gameId, UsageError);
  const folder = join(root, 'src', 'games', game.id);
  if (!existsSync(folder)) throw new Error(`the folder of game "${game.id}" is not src/games/${game.id}`);
  const prefix = rulePrefixOf(folder);
  if (!prefix) throw new Error(`game "${game.id}" cites no rule ids`);
  if (id !== undefined && !id.startsWith(prefix))
    throw new UsageError(`"${id}" is not a rule id of ${game.id}: its ids start with ${prefix}`);
  return { game: game.id, prefix, rules: ruleIndex(root, prefix, id) };
}

const place = (c: Citation) => `    ${c.file}:${c.line}`;

/** The report as text: each id, then its implemented and tested places (or "none"). */
export function rulesText(report: RulesReport): string {
  return report.rules
    .map((r) =>
      [
        r.id,
        '  implemented:',
        ...(r.implemented.length ? r.implemented.map(place) : ['    none']),
        '  tested:',
        ...(r.tested.length ? r.tested.map(place) : ['    none']),
      ].join('\n'),
    )
    .join('\n\n');
}

function runRules(args: CommandArgs, out: (text: string) => void): number {
  const [gameId, ...idWords] = args.positionals;
  if (gameId === undefined) throw new UsageError(`which game? (one of ${GAME_IDS.join(', ')})`);
  // An id left unquoted arrives as words (`XX` `8[2][5]`): they are one id.
  const id = idWords.length ? idWords.join(' ') : undefined;
  const report = rulesReport(gameId, id);
  if (id !== undefined && !report.rules.length) {
    process.stderr.write(`pbem rules: "${id}" is cited nowhere in src/ or test/\n`);
    if (!args.values.json) return 1;
  }
  const asText = (c: Citation) => `${c.file}:${c.line}`;
  out(
    args.values.json
      ? JSON.stringify({
          ...report,
          rules: report.rules.map((r) => ({
            id: r.id,
            implemented: r.implemented.map(asText),
            tested: r.tested.map(asText),
          })),
        })
      : rulesText(report),
  );
  return id !== undefined && !report.rules.length ? 1 : 0;
}

/** The `pbem rules` command. */
export const rulesCommand: CliCommand = {
  synopsis: 'pbem rules GAME [ID] [--json]',
  summary: `Lists where a game's rule ids are cited: for one id exactly as the code cites it ("XX 8[2][5]",
"XX 8.2[5]", XX-A05 with XX the game's prefix; quote it, or give its words), or for every id of the game, each file:line in src/
(implemented) and in test/ (tested), sorted. GAME is a registered game's id (${GAME_IDS.join(', ')}).`,
  options: {
    json: { type: 'boolean', help: 'print JSON: { game, prefix, rules: [{ id, implemented, tested }] }' },
  },
  positionals: 6,
  run: runRules,
};
