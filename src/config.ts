/**
 * The service's settings, read from the environment and validated with zod at start-up. Every setting is
 * documented in .env.example; an invalid one stops the start with a message naming it.
 */
import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const flag = (def: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(def)
    .transform((v) => v === 'true' || v === '1');

/** The names proxy-addr (fastify's `trustProxy`) takes for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether one entry of TRUST_PROXY's list is an address, a CIDR range or a range name. */
function proxyAddressEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as fastify's `trustProxy`: `false` (unset, empty, `false` or `0`: the client address is the
 * connection's own and X-Forwarded-For is ignored), a hop count (`1`: one reverse proxy in front), or a list of the
 * proxies' addresses, CIDR ranges or proxy-addr range names (`loopback`, `linklocal`, `uniquelocal`). `true`
 * (believe every hop) is refused: any client could then name its own address and escape the rate limits.
 */
const trustProxy = optionalText.transform((value, ctx): false | number | string[] => {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 100) return hops;
    ctx.addIssue({ code: 'custom', message: 'a hop count is at most 100' });
    return z.NEVER;
  }
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: 'true would believe any client about its own address: give the hop count (e.g. 1) or the proxies',
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !proxyAddressEntry(e));
  if (bad.length) {
    ctx.addIssue({ code: 'custom', message: `not an address, CIDR range or hop count: ${bad.join(', ')}` });
    return z.NEVER;
  }
  return entries;
});

/**
 * The mail settings: the three inbound doors (SMTP listener, IMAP polling, HTTP raw MIME), outbound delivery
 * (SMTP_URL, or the .eml sink folder when it is unset), and the limits that keep email from failing in practice
 * (docs/email.md).
 */
const mailSettingsShape = {
  /** Port of the built-in SMTP listener for orders (0 = off). */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  /** Interface of the SMTP listener. Unset: HOST's (127.0.0.1 unless HOST says otherwise). */
  INBOUND_SMTP_HOST: optionalText,
  /** Largest inbound mail in bytes: refused with SMTP 552 / HTTP 413 (and a clear reply when the sender is known). */
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  /** Outbound SMTP server, e.g. smtp://user:pass@smtp.example.org:587. Unset: mail goes to MAIL_SINK_DIR. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** Folder of the .eml files of outbound mail when SMTP_URL is unset (listed at /dev/mail); unset: DATA_DIR/mail. */
  MAIL_SINK_DIR: optionalText,
  /** Delivery worker: how often it looks for pending mail, in milliseconds. */
  MAIL_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /**
   * Seconds a delivery worker holds a mail it took before another may send it (a worker killed while holding mail
   * delays it this long). Longer than one send can take: SMTP timeouts are 10 s to connect and 30 s idle.
   */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Attempts of one mail before it is marked failed and the moderator is told. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** First retry delay in seconds; it doubles on every attempt (capped at 6 hours). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /**
   * Replies to authenticated mail that stored no orders (errors, HELP, STATUS) to one registered address per hour;
   * beyond it the mail is still processed, and a refusal left unanswered is shown on the player's page and in the
   * next reply. Acknowledgements of accepted orders are never limited (src/mail/ack-fold.ts).
   */
  MAIL_REPLY_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Refusals of unauthenticated mail to one From address per hour: a budget of its own, never the player's. */
  MAIL_REFUSAL_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(5),
  /** IMAP mailbox to poll for orders, e.g. imaps://orders%40example.org:secret@imap.example.org/INBOX. Unset: off. */
  IMAP_URL: optionalText.pipe(z.url({ protocol: /^imaps?$/ }).optional()),
  /** IMAP polling interval in seconds. */
  IMAP_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Accept self-signed IMAP server certificates (local servers). */
  IMAP_ALLOW_SELF_SIGNED: flag('false'),
  /** Shared secret of POST /mail/inbound (raw MIME from an inbound-mail provider). Unset: the endpoint is off. */
  INBOUND_WEBHOOK_TOKEN: optionalText.pipe(
    z.string().min(16, 'INBOUND_WEBHOOK_TOKEN must be at least 16 characters').optional(),
  ),
  /**
   * Seconds a process may take to finish an inbound mail it stored or took over; after that, if the mail is still
   * unfinished (its process died), the recovery sweep or a retry of the same delivery processes it.
   */
  INBOUND_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Times an inbound mail is taken up before it is given up on as `failed`: a mail that ended its process that often
   * (a poison message) must not take every restart down with it.
   */
  INBOUND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Days the sign-in link in a mail keeps working (every mail to a player carries a fresh one; the sign-in page
   * mails a new one on request).
   */
  SIGN_IN_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Serve the outbound sink listing at /dev/mail (on by default only when SMTP_URL is unset and not in production). */
  MAIL_SINK_PAGE: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Font files of the mails' map pictures, comma-separated, Latin first. Unset: DejaVu Sans and IPA, if installed. */
  MAP_FONT_FILES: optionalText,
  /**
   * DKIM signing of every outgoing mail (SMTP and the .eml sink alike): the signing domain (d=), the selector (s=)
   * whose TXT record `<selector>._domainkey.<domain>` holds the public key, and the PEM file of the private key.
   * All three, or none (unsigned). docs/email.md gives the DNS records to publish.
   */
  DKIM_DOMAIN: optionalText,
  DKIM_SELECTOR: optionalText,
  DKIM_PRIVATE_KEY_FILE: optionalText,
};

/** The settings as the environment gives them, before the defaults that follow from other settings. */
const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HTTP port of the API and web pages. */
  PORT: port.default(3000),
  /** Interface to listen on: this machine only unless set (0.0.0.0 for every interface, as in the Docker image). */
  HOST: z.string().min(1).default('127.0.0.1'),
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
  /**
   * Sign-ins by link (a token link, a mail's sign-in link) per minute per client address; the sign-in page's
   * "mail me a link" takes as many, the exchange of a mail's link twice as many.
   */
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * The public page /practice (`on`): anyone may ask for a practice game against the computer, created once the
   * link mailed to the address given is confirmed. Off by default: the page answers 404.
   */
  PRACTICE_GAMES: z.enum(['on', 'off']).default('off'),
  /** Practice requests per hour per client address on /practice (each address may ask 3 times an hour besides). */
  PRACTICE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Requests per minute per client address on the API (0 disables the limit). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(0),
  /**
   * Which reverse proxies are believed about the client's address (X-Forwarded-For), on which every per-client
   * rate limit rests: off by default; a hop count (`1`) or the proxies' addresses and CIDR ranges, comma-separated.
   */
  TRUST_PROXY: trustProxy,
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
  /**
   * The computer player's budget per decision, in play-outs (src/engine/bot): reproducible from the seed. Unset:
   * each game's own budget (its `botIterations`, about a second a decision on one core).
   */
  BOT_ITERATIONS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** Threads a worker process computes the computer player's orders in (off its main thread). */
  BOT_THREADS: z.coerce.number().int().min(1).max(64).default(1),
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
  /** Allow webhooks to loopback, private and unique-local addresses (tests, local bots); link-local never. */
  WEBHOOK_ALLOW_PRIVATE: flag('false'),

  // Mail: inbound doors, outbound delivery and limits (docs/email.md).
  ...mailSettingsShape,
});

/**
 * The zod schema of the environment the service reads, with the defaults that follow from other settings: the mail
 * sink's folder is under DATA_DIR, and the SMTP listener listens where HOST says.
 */
export const configSchema = settingsSchema
  .superRefine((settings, ctx) => {
    const dkim = [settings.DKIM_DOMAIN, settings.DKIM_SELECTOR, settings.DKIM_PRIVATE_KEY_FILE];
    if (dkim.some(Boolean) && !dkim.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['DKIM_DOMAIN'],
        message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together: set all three, or none',
      });
  })
  .transform((settings) => ({
    ...settings,
    MAIL_SINK_DIR: settings.MAIL_SINK_DIR ?? join(settings.DATA_DIR, 'mail'),
    INBOUND_SMTP_HOST: settings.INBOUND_SMTP_HOST ?? settings.HOST,
  }));

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

/** The names of the mail settings (src/mail reads these, with MAIL_FROM, MAIL_DOMAIN, PUBLIC_URL and NODE_ENV). */
export type MailSettingName = keyof typeof mailSettingsShape;
