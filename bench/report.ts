/**
 * How every bench reports: prose for a person as it goes, and, as the very last line of stdout, one JSON object
 * with the bench's figures for a script. With `--json` the prose goes to stderr, so stdout holds that line alone.
 * Import this module first in a bench's entry file.
 */
const writeStdout = process.stdout.write.bind(process.stdout);

/** Whether `--json` was given. */
export const jsonOnly = process.argv.includes('--json');

if (jsonOnly) {
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  console.log = console.error;
  console.info = console.error;
}

/** Prints the bench's figures as one JSON line on stdout (call it once, last). */
export function printFigures(figures: object): void {
  writeStdout(`${JSON.stringify(figures)}\n`);
}
