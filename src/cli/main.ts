/**
 * `pbem`: the command line. Each command reads its options with node:util.parseArgs (args.ts): an unknown option
 * is an error (exit code 2), `pbem --help` and `pbem COMMAND --help` print help. Every command works for every
 * registered game: the game comes from the record, `--game` for `simulate`, or the first argument of `rules`.
 */
import { commandHelp, readArgs, UsageError, type CliCommand } from './args.ts';
import { matchCommand } from './match-command.ts';
import { oddsCommand } from './odds-command.ts';
import { replayCommand, verifyCommand } from './replay-command.ts';
import { rulesCommand } from './rules-command.ts';
import { simulateCommand } from './simulate-command.ts';

const COMMANDS: Record<string, CliCommand> = {
  replay: replayCommand,
  verify: verifyCommand,
  simulate: simulateCommand,
  match: matchCommand,
  odds: oddsCommand,
  rules: rulesCommand,
};

const USAGE = `usage: pbem COMMAND [options]   (pbem COMMAND --help for a command's options)

${Object.values(COMMANDS)
  .map((c) => `  ${c.synopsis}`)
  .join('\n')}`;

/** Runs the CLI; returns the process exit code. Output goes to stdout, errors to stderr. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  const out = (text: string) => process.stdout.write(`${text}\n`);
  // A reader that stops early (`pbem replay x | head`) is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  if (name === '--help' || name === '-h' || name === 'help') {
    out(USAGE);
    return 0;
  }
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    process.stderr.write(`${name === undefined ? '' : `pbem: unknown command "${name}"\n`}${USAGE}\n`);
    return 2;
  }
  try {
    const args = readArgs(rest, command.options, command.positionals);
    if (args.values.help) {
      out(commandHelp(command));
      return 0;
    }
    return await command.run(args, out);
  } catch (error) {
    const usage = error instanceof UsageError;
    const hint = usage ? `\n(pbem ${name} --help lists the options)` : '';
    process.stderr.write(`pbem ${name}: ${(error as Error).message}${hint}\n`);
    return usage ? 2 : 1;
  }
}
