/**
 * The `.env` file of `.env.example`: read at start-up, before the settings are validated. Variables already set in
 * the environment win over the file (a deployment's own settings are never overridden by a stray file). ENV_FILE
 * names another file (empty: none); a missing default `.env` is fine, a missing ENV_FILE is an error.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../config.ts';

/** Loads the file into process.env; returns its path, or null when there was none to load. */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const named = env.ENV_FILE;
  if (named === '') return null; // ENV_FILE set but empty: no file at all
  const path = resolve(cwd, named ?? '.env');
  if (!existsSync(path)) {
    if (named) throw new ConfigError([`ENV_FILE: no such file: ${path}`]);
    return null;
  }
  try {
    process.loadEnvFile(path);
  } catch (error) {
    throw new ConfigError([`${path}: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return path;
}

/**
 * The warning of a production process whose mails would go to files (no SMTP_URL): nobody would receive them.
 * Null when mail goes out by SMTP or the process is not in production.
 */
export function mailSinkWarning(config: { NODE_ENV: string; SMTP_URL?: string; MAIL_SINK_DIR: string }): string | null {
  if (config.NODE_ENV !== 'production' || config.SMTP_URL) return null;
  return (
    `NODE_ENV=production without SMTP_URL: outbound mail is written as .eml files to ${config.MAIL_SINK_DIR} ` +
    'and reaches nobody. Set SMTP_URL (smtp:// or smtps://) to send it.'
  );
}
