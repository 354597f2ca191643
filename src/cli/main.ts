/**
 * `pbem`: the command line.
 *   pbem replay FILE [--text [--lang ja]] adjudicate a game record, print events and final state (JSON or text)
 *   pbem verify FILE                     check a finished game's revealed seed against its record
 *   pbem simulate --games N --seed S [--mode mail|standard] [--game atlantic-wolves]
 *   pbem odds FILE [--samples N] [--orders F] [--playout]   odds of the owed step (or of the whole game) from a record
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from './args.ts';
import { runOdds } from './odds-command.ts';
import { runReplay, runVerify } from './replay-command.ts';
import { runSimulate } from './simulate-command.ts';

const USAGE = `usage:
  pbem replay FILE [--text [--lang en|ja]]
  pbem verify FILE
  pbem simulate --games N --seed S [--mode mail|standard] [--game atlantic-wolves]
  pbem odds FILE [--samples N] [--seed S] [--orders FILE] [--playout]`;

/** Runs the CLI; returns the process exit code. Output goes to stdout, errors to stderr. */
export async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  const [command, file] = args.positionals;
  const out = (text: string) => process.stdout.write(`${text}\n`);
  // A reader that stops early (`pbem replay x | head`) is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  try {
    switch (command) {
      case 'replay':
        return runReplay(readRecordFile(file), args, out);
      case 'verify':
        return runVerify(readRecordFile(file), out);
      case 'simulate':
        return runSimulate(args, out);
      case 'odds':
        return runOdds(readRecordFile(file), args, out);
      default:
        process.stderr.write(`${USAGE}\n`);
        return command ? 2 : 0;
    }
  } catch (error) {
    process.stderr.write(`pbem: ${(error as Error).message}\n`);
    return 1;
  }
}

function readRecordFile(file: string | undefined): unknown {
  if (!file) throw new Error('a record FILE is required');
  const text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
}
