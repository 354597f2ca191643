/**
 * Command-line arguments, read with `node:util.parseArgs` in strict mode: an unknown option, a missing value or a
 * stray argument is a {@link UsageError} (exit code 2, with a pointer to `--help`), never silently ignored.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A mistake in how a command was called: reported with a pointer to `--help`, exit code 2. */
export class UsageError extends Error {}

/** One option of a command: its type, an optional one-letter alias, and the line `--help` prints for it. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The value's placeholder in help (`N`, `FILE`). */
  value?: string;
  help: string;
}

/** The options of a command, by long name. */
export type OptionSpecs = Record<string, OptionSpec>;

/** What a command was given: its option values and positional arguments. */
export interface CommandArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

const HELP_OPTION: OptionSpec = { type: 'boolean', short: 'h', help: 'print this help' };

/** Reads `argv` against `options` (plus `--help`), allowing at most `maxPositionals` positional arguments. */
export function readArgs(argv: readonly string[], options: OptionSpecs, maxPositionals = 0): CommandArgs {
  const config = Object.fromEntries(
    Object.entries({ ...options, help: HELP_OPTION }).map(([name, o]) => {
      return [name, o.short ? { type: o.type, short: o.short } : { type: o.type }];
    }),
  );
  const parsed = strictParse(argv, config);
  if (parsed.positionals.length > maxPositionals && !parsed.values.help) {
    throw new UsageError(`unexpected argument "${parsed.positionals[maxPositionals]}"`);
  }
  return parsed;
}

/** parseArgs in strict mode; what it refuses becomes a UsageError. */
function strictParse(argv: readonly string[], options: ParseArgsConfig['options']): CommandArgs {
  try {
    const parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
    return { values: parsed.values as CommandArgs['values'], positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(usageProblem(error as Error & { code?: string }));
  }
}

/** parseArgs' message, for an unknown option only its first sentence (the rest is about positionals). */
function usageProblem(error: Error & { code?: string }): string {
  const text = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? error.message.split(/\.\s/)[0] : error.message;
  return text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
}

/** The lines of `--help` describing options. */
export function optionHelp(options: OptionSpecs): string {
  const rows = Object.entries({ ...options, help: HELP_OPTION }).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    return [flag, o.help] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`).join('\n');
}

/** A string option, or `fallback` when it was not given. */
export function stringOption(args: CommandArgs, name: string, fallback: string): string {
  const value = args.values[name];
  return typeof value === 'string' ? value : fallback;
}

/** A whole-number option of at least `min`, or `fallback` when it was not given; anything else is a UsageError. */
export function intOption(args: CommandArgs, name: string, fallback: number, min = 0): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isInteger(value) || value < min) {
    throw new UsageError(`--${name} must be a whole number ≥ ${min}, not "${String(raw)}"`);
  }
  return value;
}

/** One `pbem` command: how `--help` describes it, what it takes, and what it does (returns the exit code). */
export interface CliCommand {
  synopsis: string;
  summary: string;
  options: OptionSpecs;
  /** How many positional arguments it takes at most. */
  positionals: number;
  run(args: CommandArgs, out: (text: string) => void): number | Promise<number>;
}

/** The `--help` text of a command. */
export function commandHelp(command: CliCommand): string {
  return `usage: ${command.synopsis}\n\n${command.summary}\n\noptions:\n${optionHelp(command.options)}`;
}
