/**
 * The mail settings, merged into the service's configuration (src/config.ts) and documented in .env.example:
 * the three inbound doors (SMTP listener, IMAP polling, HTTP raw MIME), outbound delivery (SMTP_URL, or the .eml
 * sink folder when it is unset), and the limits that keep email from failing in practice.
 */
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const flag = (def: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(def)
    .transform((v) => v === 'true' || v === '1');

/** The zod shape of every mail setting (spread into the service's config schema). */
export const mailSettingsShape = {
  /** Port of the built-in SMTP listener for orders (0 = off). */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  /** Interface of the SMTP listener. */
  INBOUND_SMTP_HOST: z.string().min(1).default('0.0.0.0'),
  /** Largest inbound mail in bytes: refused with SMTP 552 / HTTP 413 (and a clear reply when the sender is known). */
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  /** Outbound SMTP server, e.g. smtp://user:pass@smtp.example.org:587. Unset: mail goes to MAIL_SINK_DIR. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** Folder of .eml files that outbound mail goes to when SMTP_URL is unset (listed at /dev/mail). */
  MAIL_SINK_DIR: z.string().min(1).default('./data/mail'),
  /** Delivery worker: how often it looks for pending mail, in milliseconds. */
  MAIL_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** Attempts of one mail before it is marked failed and the moderator is told. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** First retry delay in seconds; it doubles on every attempt (capped at 6 hours). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /**
   * Replies to authenticated mail (echoes, errors, HELP) to one registered address per hour; beyond it the mail is
   * still processed, and a refusal left unanswered is shown on the player's page and in the next reply.
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
  /** Serve the outbound sink listing at /dev/mail (on by default only when SMTP_URL is unset and not in production). */
  MAIL_SINK_PAGE: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Font files of the mails' map pictures, comma-separated, Latin first. Unset: DejaVu Sans and IPA, if installed. */
  MAP_FONT_FILES: optionalText,
};

/** The mail settings as the mail code reads them. */
export interface MailSettings {
  INBOUND_SMTP_PORT: number;
  INBOUND_SMTP_HOST: string;
  INBOUND_MAX_BYTES: number;
  SMTP_URL?: string;
  MAIL_SINK_DIR: string;
  MAIL_DELIVERY_INTERVAL_MS: number;
  MAIL_MAX_ATTEMPTS: number;
  MAIL_RETRY_BASE_SECONDS: number;
  MAIL_REPLY_LIMIT_PER_HOUR: number;
  MAIL_REFUSAL_LIMIT_PER_HOUR: number;
  IMAP_URL?: string;
  IMAP_POLL_SECONDS: number;
  IMAP_ALLOW_SELF_SIGNED: boolean;
  INBOUND_WEBHOOK_TOKEN?: string;
  INBOUND_LEASE_SECONDS: number;
  MAIL_SINK_PAGE: 'auto' | 'on' | 'off';
  MAP_FONT_FILES?: string;
  MAIL_FROM: string;
  MAIL_DOMAIN: string;
  PUBLIC_URL: string;
  NODE_ENV: string;
}

/** The mail settings with defaults filled in (for code that runs before, or without, the service config). */
export function mailSettings(config: Partial<MailSettings> & Record<string, unknown>): MailSettings {
  const defaults = z.object(mailSettingsShape).parse({});
  return {
    ...defaults,
    MAIL_FROM: 'PBEM Judge <judge@localhost>',
    MAIL_DOMAIN: 'localhost',
    PUBLIC_URL: 'http://localhost:3000',
    NODE_ENV: 'development',
    ...(Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined)) as Partial<MailSettings>),
  } as MailSettings;
}
