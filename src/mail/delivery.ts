/**
 * The outbox delivery worker. Rows are claimed with SKIP LOCKED (several workers never take one row), sent with
 * nodemailer to SMTP_URL or written to the .eml sink, and marked sent. A failure is retried with exponential
 * back-off; a permanent failure (an SMTP 5xx answer, or too many attempts) marks the row failed and tells the
 * game's moderator. Each row keeps its Message-ID, so a mail re-sent after a worker crash is recognisably the same.
 * Each row's envelope sender is its own bounce address; a row to a suppressed address is marked, not sent.
 */
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type DKIM from 'nodemailer/lib/dkim/index.js';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { Outbox } from '../generated/prisma/client.ts';
import { isSuppressed } from '../services/mail-status.ts';
import { bounceAddress } from './addresses.ts';
import { composeDeliveryFailure } from './compose-refusal.ts';
import type { MailAttachment } from './compose-parts.ts';
import { mapPictures } from './map-image.ts';
import { queueMail } from './outbox.ts';
import type { MailSettings } from './settings.ts';
import { writeToSink } from './sink.ts';

/** Where mail goes: `send` resolves when the peer accepted it, and rejects with the peer's error otherwise. */
export interface MailSender {
  describe: string;
  send(message: SendMailOptions, name: string): Promise<void>;
  close(): void;
}

type SenderSettings = Pick<MailSettings, 'SMTP_URL' | 'MAIL_SINK_DIR'> &
  Partial<Pick<MailSettings, 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY_FILE'>>;

/**
 * nodemailer's DKIM options from the settings (undefined when signing is off). The key file is read here, when the
 * sender is made at start-up, so that a missing or unreadable key stops the start instead of every delivery.
 */
function dkimOptions(settings: SenderSettings): DKIM.Options | undefined {
  if (!settings.DKIM_DOMAIN || !settings.DKIM_SELECTOR || !settings.DKIM_PRIVATE_KEY_FILE) return undefined;
  const privateKey = readFileSync(settings.DKIM_PRIVATE_KEY_FILE, 'utf8');
  if (!privateKey.includes('PRIVATE KEY'))
    throw new Error(`DKIM_PRIVATE_KEY_FILE ${settings.DKIM_PRIVATE_KEY_FILE} holds no PEM private key`);
  return { domainName: settings.DKIM_DOMAIN, keySelector: settings.DKIM_SELECTOR, privateKey, headerFieldNames };
}

/**
 * The headers a signature covers: nodemailer's default list (RFC 6376 5.4) and `List-Unsubscribe-Post`, which RFC
 * 8058 4 requires signed with `List-Unsubscribe` for a one-click unsubscribe to be honoured.
 */
const headerFieldNames =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive';

/**
 * The sender of the settings: SMTP when SMTP_URL is set, otherwise the .eml folder. Either signs every mail with
 * DKIM when the DKIM settings are given (the sink too, so that a signature can be checked without a relay).
 */
export function createSender(settings: SenderSettings): MailSender {
  const dkim = dkimOptions(settings);
  if (settings.SMTP_URL) {
    const url = new URL(settings.SMTP_URL);
    const transport = nodemailer.createTransport({
      dkim,
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // Plain SMTP on loopback (a local relay, tests) has no certificate; anywhere else STARTTLS is used when offered.
      ignoreTLS: url.searchParams.get('tls') === 'off',
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      describe: `smtp ${url.host}`,
      send: async (m) => void (await transport.sendMail(m)),
      close: () => transport.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', dkim });
  return {
    describe: `sink ${settings.MAIL_SINK_DIR}`,
    send: async (m, name) => {
      const info = await builder.sendMail(m);
      // The envelope sender as the final delivery would record it (RFC 5321 4.4), ahead of the signed headers.
      const from = typeof m.envelope?.from === 'string' ? m.envelope.from : undefined;
      const head = from ? Buffer.from(`Return-Path: <${from}>\n`) : Buffer.alloc(0);
      await writeToSink(settings.MAIL_SINK_DIR, name, Buffer.concat([head, info.message as Buffer]));
    },
    close: () => builder.close(),
  };
}

/**
 * The nodemailer message of an outbox row (its Message-ID, threading and headers as stored). With `domain`, its
 * envelope sender is the row's bounce address (VERP: src/mail/addresses.ts), so a bounce names the row.
 */
export async function messageOf(
  row: Outbox,
  log?: Pick<Logger, 'warn'>,
  fonts?: string,
  domain?: string,
): Promise<SendMailOptions> {
  const attachments = (Array.isArray(row.attachments) ? row.attachments : []) as MailAttachment[];
  return {
    from: row.fromAddress ?? undefined,
    to: row.toAddress,
    ...(domain ? { envelope: { from: bounceAddress(row.bounceToken, domain), to: [row.toAddress] } } : {}),
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    text: row.text,
    html: row.html || undefined, // an empty HTML part is none
    messageId: row.messageId,
    inReplyTo: row.inReplyTo ?? undefined,
    references: row.references.length ? row.references : undefined,
    date: row.createdAt,
    // ASCII header values go out exactly as composed (List-Id must not become an encoded word).
    headers: Object.fromEntries(
      Object.entries((row.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k,
        /^[\x20-\x7e]*$/.test(v) ? { prepared: true, value: v } : v,
      ]),
    ),
    attachments: await attachmentsOf(attachments, fonts, (err) =>
      log?.warn({ outboxId: row.id, err }, 'map picture left out'),
    ),
  };
}

type Sent = NonNullable<SendMailOptions['attachments']>;

async function attachmentsOf(list: MailAttachment[], fonts: string | undefined, failed: (err: unknown) => void) {
  return (await Promise.all(list.map((a) => attachmentOf(a, fonts, failed)))).flat();
}

/**
 * A stored attachment as nodemailer sends it: an SVG to rasterise becomes its PNG (inline when it has a Content-ID).
 * A picture that cannot be made is left out: the mail's table carries the same facts.
 */
async function attachmentOf(
  a: MailAttachment,
  fonts: string | undefined,
  failed: (err: unknown) => void,
): Promise<Sent> {
  const inline = a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {};
  const base = { filename: a.filename, contentType: a.contentType, ...inline };
  if (a.svg === undefined) return [{ ...base, content: a.content ?? '' }];
  try {
    return [{ ...base, content: await mapPictures(fonts).render(a.svg) }];
  } catch (err) {
    failed(err);
    return [];
  }
}

/** What the worker needs. */
export interface DeliveryDeps {
  db: Db;
  log: Logger;
  clock: () => Date;
  settings: Pick<
    MailSettings,
    | 'MAIL_MAX_ATTEMPTS'
    | 'MAIL_RETRY_BASE_SECONDS'
    | 'MAIL_FROM'
    | 'MAIL_DOMAIN'
    | 'PUBLIC_URL'
    | 'MAP_FONT_FILES'
    | 'SIGN_IN_LINK_DAYS'
  > &
    Partial<Pick<MailSettings, 'MAIL_LEASE_SECONDS'>>;
}

/**
 * How long a claimed row stays claimed (MAIL_LEASE_SECONDS, 60 s by default); a worker that died holding it lets
 * another retry after it. The lease of each row is renewed just before it is sent (rows wait their turn in a
 * batch), so it only has to cover one send.
 */
const leaseMs = (deps: DeliveryDeps): number => (deps.settings.MAIL_LEASE_SECONDS ?? 60) * 1000;

/** Whether an SMTP error will never succeed on retry (5xx answer, or an address the transport refuses). */
export function isPermanent(error: unknown): boolean {
  const e = error as { responseCode?: number };
  return typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
}

/** Claims up to `limit` due rows (pending, or a dead worker's lease run out). */
async function claim(deps: DeliveryDeps, limit: number): Promise<Outbox[]> {
  const now = deps.clock();
  const lease = new Date(now.getTime() + leaseMs(deps));
  const ids = await deps.db.$queryRaw<{ id: string }[]>`
    UPDATE "Outbox" SET status = 'sending', attempts = attempts + 1, "nextAttemptAt" = ${lease}
    WHERE id IN (
      SELECT id FROM "Outbox" WHERE status IN ('pending', 'sending') AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt", "createdAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  if (!ids.length) return [];
  return deps.db.outbox.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { createdAt: 'asc' } });
}

/**
 * Renews a claimed row's lease, if it is still this worker's (its lease unchanged since the claim): false when
 * another worker claimed it meanwhile, which then sends it.
 */
async function renewLease(deps: DeliveryDeps, row: Outbox): Promise<boolean> {
  const lease = new Date(deps.clock().getTime() + leaseMs(deps));
  const { count } = await deps.db.outbox.updateMany({
    where: { id: row.id, status: 'sending', nextAttemptAt: row.nextAttemptAt },
    data: { nextAttemptAt: lease },
  });
  row.nextAttemptAt = lease;
  return count === 1;
}

/** Delivers due outbox rows once; returns how many were sent, retried and failed. */
export async function deliverDue(
  deps: DeliveryDeps,
  sender: MailSender,
  limit = 50,
): Promise<{ sent: number; retried: number; failed: number; suppressed: number }> {
  const rows = await claim(deps, limit);
  const counts = { sent: 0, retried: 0, failed: 0, suppressed: 0 };
  for (const row of rows) {
    if (!(await renewLease(deps, row))) continue; // its lease ran out while it waited: another worker has it
    if (await heldBack(deps, row)) {
      counts.suppressed++;
      continue;
    }
    try {
      const message = await messageOf(row, deps.log, deps.settings.MAP_FONT_FILES, deps.settings.MAIL_DOMAIN);
      await sender.send(message, `${row.createdAt.toISOString().replace(/[:.]/g, '-')}-${row.id}`);
      await deps.db.outbox.update({
        where: { id: row.id },
        data: { status: 'sent', sentAt: deps.clock(), lastError: null },
      });
      counts.sent++;
    } catch (error) {
      const message = String((error as Error).message ?? error).slice(0, 1000);
      const permanent = isPermanent(error) || row.attempts >= deps.settings.MAIL_MAX_ATTEMPTS;
      if (permanent) {
        await markFailed(deps, row, message);
        counts.failed++;
      } else {
        const delay = Math.min(6 * 3600_000, deps.settings.MAIL_RETRY_BASE_SECONDS * 1000 * 2 ** (row.attempts - 1));
        await deps.db.outbox.update({
          where: { id: row.id },
          data: { status: 'pending', lastError: message, nextAttemptAt: new Date(deps.clock().getTime() + delay) },
        });
        counts.retried++;
      }
      deps.log.warn(
        { outboxId: row.id, to: row.toAddress, attempts: row.attempts, permanent, err: message },
        'mail delivery failed',
      );
    }
  }
  return counts;
}

/**
 * Kinds sent whatever the address's bounces: the moderator's notices (no player page resets the moderator's
 * address), and a sign-in link the player asked for (its way back to the page that resets the address).
 */
const NEVER_HELD = new Set(['moderator', 'delivery-failed', 'sign-in']);

/**
 * Whether a claimed row is held back because its address is suppressed (docs/email.md, "Bounces"): it is marked
 * `suppressed`, not sent, and stays so (a later mail goes once the player confirms or changes the address).
 */
async function heldBack(deps: DeliveryDeps, row: Outbox): Promise<boolean> {
  if (NEVER_HELD.has(row.kind) || !(await isSuppressed(deps.db, row.toAddress))) return false;
  await deps.db.outbox.update({
    where: { id: row.id },
    data: { status: 'suppressed', lastError: 'address suppressed after repeated hard bounces' },
  });
  deps.log.info({ outboxId: row.id, to: row.toAddress }, 'mail to a suppressed address not sent');
  return true;
}

/** Marks a row failed and queues a notice to the game's moderator (never for a notice itself: no loops). */
async function markFailed(deps: DeliveryDeps, row: Outbox, error: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    await tx.outbox.update({ where: { id: row.id }, data: { status: 'failed', lastError: error } });
    if (!row.gameId || row.kind === 'delivery-failed') return;
    const game = await tx.game.findUnique({
      where: { id: row.gameId },
      select: { id: true, name: true, moderatorEmail: true },
    });
    if (!game?.moderatorEmail || game.moderatorEmail.toLowerCase() === row.toAddress.toLowerCase()) return;
    const site = {
      domain: deps.settings.MAIL_DOMAIN,
      from: deps.settings.MAIL_FROM,
      publicUrl: deps.settings.PUBLIC_URL,
    };
    await queueMail(
      tx,
      deps.settings,
      composeDeliveryFailure(site, {
        gameId: game.id,
        gameName: game.name,
        to: game.moderatorEmail,
        failedTo: row.toAddress,
        failedSubject: row.subject,
        error,
      }),
      deps.clock(),
    );
  });
}

/** Runs the worker until stopped: a pass every `intervalMs`, and at once after a pass that found work. */
export function startDeliveryLoop(
  deps: DeliveryDeps,
  sender: MailSender,
  intervalMs: number,
): { stop(): Promise<void>; kick(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    timer = undefined;
    if (stopped) return;
    let busy = false;
    try {
      const r = await deliverDue(deps, sender);
      busy = r.sent + r.retried + r.failed + r.suppressed > 0;
    } catch (error) {
      deps.log.error({ err: error }, 'mail delivery pass failed');
    }
    if (!stopped) timer = setTimeout(() => (running = pass()), busy ? 0 : intervalMs);
  };
  running = pass();
  return {
    kick() {
      if (timer && !stopped) {
        clearTimeout(timer);
        timer = setTimeout(() => (running = pass()), 0);
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      sender.close();
    },
  };
}
