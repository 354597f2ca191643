/** Reading a game record for the CLI: a file, or stdin for "-". */
import { readFileSync } from 'node:fs';
import { UsageError } from './args.ts';

/** The JSON of a record file; a missing FILE is a usage error, a file that is not JSON a plain error. */
export function readRecordFile(file: string | undefined): unknown {
  if (!file) throw new UsageError('a record FILE is required');
  const text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
}
