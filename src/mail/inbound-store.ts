/**
 * The store of inbound mail (InboundMail) and who is working on each row. A mail is stored before anything else,
 * once per Message-ID and recipient seat; the process that stores a row holds a lease on it
 * (INBOUND_LEASE_SECONDS) until it marks the row finished (processed, refused, ignored, failed). A row still
 * `received` after its lease belongs to a process that died: a retry of the same delivery or the recovery sweep
 * takes it over (with SKIP LOCKED, so two takers never get the same row) and processes it again. Processing is
 * idempotent (the order and the answer have ids derived from the row), so taking over a row whose process was only
 * slow does no harm.
 */
import { randomUUID } from 'node:crypto';
import type { ServiceDeps } from '../services/deps.ts';
import { readOne, statement } from '../services/prepared-statements.ts';
import { seatReplyAddress, tokensIn } from './addresses.ts';
import { type MailPrincipal, replyTokenOwner } from './auth.ts';

/** A raw message as one of the doors received it. */
export interface InboundMessage {
  raw: Buffer;
  source: 'smtp' | 'imap' | 'http';
  /** SMTP MAIL FROM (null or '' for a bounce); undefined when the door does not know it. */
  envelopeFrom?: string | null;
  /** SMTP RCPT TO addresses. */
  envelopeTo?: string[];
}

/** A stored inbound mail taken for processing. */
export interface StoredMail {
  id: string;
  messageId: string;
  /** The seat reply address the row is processed for ("": none). */
  recipient: string;
  source: InboundMessage['source'];
  envelopeFrom?: string | null;
  envelopeTo: string[];
  /** What is kept of the message (an over-size mail: its head). */
  raw: Buffer;
  /** The size of the message as received. */
  size: number;
  /** Times the row was taken for processing, this time included. */
  attempts: number;
  /**
   * The owner of the recipient's reply token, as found when the row was stored (absent for a row taken over: it
   * is looked up again then), so the token is not looked up twice for one mail.
   */
  owner?: ReplyTokenOwner;
}

/** The seat or person a reply token belongs to. */
export type ReplyTokenOwner = Exclude<MailPrincipal, { kind: 'moderator' }>;

/** Final statuses of a row. */
export type FinishedStatus = 'processed' | 'refused' | 'ignored' | 'failed';

/** Seat rows one mail may have at most (a game has a few seats; a mail naming more is not a player's). */
const MAX_SEAT_RECIPIENTS = 8;

/** The header block of a raw message, unfolded, for the checks made before parsing. */
export function rawHeaders(raw: Buffer): string {
  const text = raw.subarray(0, Math.min(raw.length, 256 * 1024)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return (end >= 0 ? text.slice(0, end) : text).replace(/\r?\n[ \t]+/g, ' ');
}

/** The recipient header values of a raw message (To, Cc, Delivered-To, X-Original-To). */
export function headerRecipients(raw: Buffer): string[] {
  return [...rawHeaders(raw).matchAll(/^(?:to|cc|delivered-to|x-original-to):(.*)$/gim)].map((m) => m[1]);
}

/** A row a mail is stored under: the seat reply address (or "") and the game it belongs to, when known. */
export interface RecipientKey {
  recipient: string;
  gameId?: string;
  /** Whose reply token the recipient carries. */
  owner?: ReplyTokenOwner;
}

/**
 * The recipient keys a mail is stored under: the reply addresses of the seats (or persons holding several seats) it
 * was delivered to (the envelope's when the door knows it, else the headers'), one row each, so a mail sent to two
 * seats is processed for both; each with its game, stored with the row from the start (a deadline of the game
 * processes the game's mail received before it first: src/services/deadlines/policy.ts).
 * `[{ recipient: "" }]` when it names no seat's address (SIGNON mail, unknown tokens): one row, authenticated as a
 * whole.
 */
export async function recipientKeys(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  msg: InboundMessage,
): Promise<RecipientKey[]> {
  const domain = deps.config.MAIL_DOMAIN;
  const envelope = tokensIn(msg.envelopeTo ?? [], domain);
  const tokens = envelope.length ? envelope : tokensIn(headerRecipients(msg.raw), domain);
  const keys: RecipientKey[] = [];
  for (const token of tokens.slice(0, MAX_SEAT_RECIPIENTS)) {
    const owner = await replyTokenOwner(deps, token);
    if (owner) keys.push({ recipient: seatReplyAddress(token, domain.toLowerCase()), gameId: owner.gameId, owner });
  }
  return keys.length ? keys : [{ recipient: '' }];
}

type Deps = Pick<ServiceDeps, 'db' | 'pool' | 'config' | 'clock'>;

const leaseEnd = (deps: Pick<ServiceDeps, 'config' | 'clock'>) =>
  new Date(deps.clock().getTime() + deps.config.INBOUND_LEASE_SECONDS * 1000);

// A new row, leased to its process; nothing when the mail is stored for that recipient already.
const STORE = statement(
  'inbound_store',
  ['text', 'text', 'text', 'text', 'text', 'text[]', 'bytea', 'integer', 'text', 'timestamp(3)', 'timestamp(3)'],
  `INSERT INTO "InboundMail" (id, "messageId", recipient, source, "envelopeFrom", "envelopeTo", raw, size, status,
     "gameId", "receivedAt", "leaseUntil", attempts)
   VALUES ($1, $2, $3, $4, $5, $6::text[], $7::bytea, $8::integer, 'received', $9, $10::timestamp(3), $11::timestamp(3), 1)
   ON CONFLICT ("messageId", recipient) DO NOTHING
   RETURNING id`,
);

/**
 * Stores one row of a mail, leased to this process, or, when the row exists (the same delivery again), takes it
 * over if it is unfinished and its lease has run out. Null: the row exists and is finished or being worked on.
 */
export async function storeInbound(
  deps: Deps,
  msg: InboundMessage & { size: number },
  messageId: string,
  key: RecipientKey,
): Promise<StoredMail | null> {
  const { recipient } = key;
  const stored: Omit<StoredMail, 'id'> = {
    messageId,
    recipient,
    source: msg.source,
    envelopeFrom: msg.envelopeFrom,
    envelopeTo: msg.envelopeTo ?? [],
    raw: msg.raw,
    size: msg.size,
    attempts: 1,
  };
  const id = randomUUID();
  const inserted = await readOne(deps, STORE, [
    id,
    messageId,
    recipient,
    msg.source,
    msg.envelopeFrom ?? null,
    stored.envelopeTo,
    msg.raw,
    msg.size,
    key.gameId ?? null,
    deps.clock().toISOString(),
    leaseEnd(deps).toISOString(),
  ]);
  if (inserted.length) return { id, ...stored, ...(key.owner ? { owner: key.owner } : {}) };
  const [taken] = await takeAbandoned(deps, { key: { messageId, recipient } });
  return taken ?? null;
}

/**
 * Takes over unfinished rows whose lease has run out (the oldest first, at most `limit`), leased to this process
 * now; with `key`, only that row; with `gameIds`, only those games'.
 */
export async function takeAbandoned(
  deps: Deps,
  opts: { key?: { messageId: string; recipient: string }; gameIds?: string[]; limit?: number } = {},
): Promise<StoredMail[]> {
  const now = deps.clock().toISOString();
  const until = leaseEnd(deps).toISOString();
  const { key, gameIds } = opts;
  const filter = key ? 'AND "messageId" = $4 AND recipient = $5' : gameIds ? 'AND "gameId" = ANY($4::text[])' : '';
  const ids = await deps.db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "InboundMail" SET "leaseUntil" = $1::timestamp(3), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM "InboundMail"
       WHERE status = 'received' AND ("leaseUntil" IS NULL OR "leaseUntil" <= $2::timestamp(3)) ${filter}
       ORDER BY "receivedAt" LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    until,
    now,
    opts.limit ?? 50,
    ...(key ? [key.messageId, key.recipient] : gameIds ? [gameIds] : []),
  );
  if (!ids.length) return [];
  const rows = await deps.db.inboundMail.findMany({
    where: { id: { in: ids.map((r) => r.id) } },
    orderBy: { receivedAt: 'asc' },
  });
  return rows.map((r) => ({
    id: r.id,
    messageId: r.messageId,
    recipient: r.recipient,
    source: r.source as StoredMail['source'],
    envelopeFrom: r.envelopeFrom,
    envelopeTo: r.envelopeTo,
    raw: Buffer.from(r.raw),
    size: r.size,
    attempts: r.attempts,
  }));
}

// A row finished: its status and what happened; without a game ($3 null), the game stored with it stays.
const FINISH = statement(
  'inbound_finish',
  ['text', 'text', 'text', 'text', 'jsonb', 'timestamp(3)'],
  `UPDATE "InboundMail" SET status = $2, "gameId" = COALESCE($3, "gameId"), "seatId" = $4, result = $5::jsonb,
     "processedAt" = $6::timestamp(3), "leaseUntil" = NULL
   WHERE id = $1 RETURNING id`,
);

/** Marks a row finished, with what happened (its lease ends); without `gameId`, the game stored with it stays. */
export async function finishInbound(
  deps: Pick<ServiceDeps, 'db' | 'pool' | 'clock'>,
  id: string,
  status: FinishedStatus,
  fields: { gameId?: string; seatId?: string; result: Record<string, unknown> },
): Promise<void> {
  const updated = await readOne(deps, FINISH, [
    id,
    status,
    fields.gameId || null,
    fields.seatId ?? null,
    JSON.stringify(fields.result),
    deps.clock().toISOString(),
  ]);
  if (!updated.length) throw new Error(`inbound mail ${id} not found`);
}
