/**
 * The service's settings, read from the environment and validated with zod at start-up. Every setting is
 * documented in .env.example; an invalid one stops the start with a message naming it.
 */
import { z } from 'zod';
import { mailSettingsShape } from './mail/settings.ts';

const port = z.coerce.number().int().min(0).max(65535);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** The zod schema of the environment the service reads. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HTTP port of the API and web pages. */
  PORT: port.default(3000),
  /** Interface to listen on. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Postgres connection URL; unset = start an embedded Postgres under DATA_DIR. */
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** Connections in each of a process's pools (Prisma's, and the pg pool of the SQL hot paths). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  /** Folder for the embedded Postgres cluster (DATA_DIR/pg) and other local state. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Port of the embedded Postgres (127.0.0.1 only). */
  EMBEDDED_PG_PORT: port.default(54329),
  /** The operator's token for creating games. Unset: one is generated, stored (hashed) and printed at first start. */
  ADMIN_TOKEN: optionalText.pipe(z.string().min(16, 'ADMIN_TOKEN must be at least 16 characters').optional()),
  /** Public base URL used in links in mails and pages. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest request body accepted, in bytes (413 beyond). */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(256 * 1024),
  /** Requests per minute per client address on the API (0 disables the limit). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(0),
  /** From address of outbound mail. */
  MAIL_FROM: z.string().min(3).default('PBEM Judge <judge@localhost>'),
  /** Domain of the reply-to addresses orders+<token>@MAIL_DOMAIN. */
  MAIL_DOMAIN: z.string().min(1).default('localhost'),

  // Jobs, deadlines and webhooks (src/jobs, src/services/deadlines, src/webhooks).
  /** Jobs of one queue a worker process runs at the same time (deadlines, reminders, resolutions, webhooks). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(16),
  /** How often an idle worker polls the job queue, in seconds (pg-boss minimum 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /** A job still running after this many seconds (e.g. its worker was killed) is retried by another worker. */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** Interval of the queue's housekeeping (expiring jobs of dead workers, archiving), in seconds. */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Interval of the worker's recovery sweep, in seconds (it also runs once at start-up): steps whose every owed
   * order is in but whose resolution never happened, and inbound mail whose processing never finished.
   */
  RECOVERY_SWEEP_SECONDS: z.coerce.number().min(0.2).max(3600).default(15),
  /** Timeout of one webhook request, in milliseconds. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Attempts of one webhook delivery before it is dropped (exponential back-off between them). */
  WEBHOOK_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** Allow webhook URLs on loopback or private addresses (tests, local bots); off in production. */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),

  // Mail: inbound doors, outbound delivery and limits (src/mail/settings.ts, docs/email.md).
  ...mailSettingsShape,
});

/** The validated settings every part of the service reads. */
export type Config = z.output<typeof configSchema>;

/** Thrown when the environment does not validate; its message lists every problem, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every setting.`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the settings from an environment (process.env by default). Throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  return parsed.data;
}

/** Settings for tests: defaults, a quiet logger, and any overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
