/**
 * The one inbound pipeline behind the three doors (SMTP listener, IMAP polling, HTTP raw MIME): store the raw
 * message first (idempotent by Message-ID, or a hash of the raw bytes), parse it, drop bounces and automatic
 * replies, authenticate, strip quotes and signatures, read the order text, submit through the same service path
 * as the API, and reply through the outbox. Never throws for a bad mail: every mail ends in a stored status.
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { ServiceDeps } from '../services/deps.ts';
import { automaticKind } from './classify.ts';
import { bareAddress } from './addresses.ts';
import { composeRefusal } from './compose.ts';
import { principalFromAddresses, principalFromSignon, type MailPrincipal } from './auth.ts';
import { siteOf } from './context.ts';
import { processOrderMail } from './order-mail.ts';
import { queueMail, replyBudgetLeft } from './outbox.ts';
import { stripReply } from './strip.ts';
import { commandWord } from '../orders-text/parse.ts';
import { normalizeText, tokenize } from '../orders-text/normalize.ts';

/** A raw message as one of the doors received it. */
export interface InboundMessage {
  raw: Buffer;
  source: 'smtp' | 'imap' | 'http';
  /** SMTP MAIL FROM (null or '' for a bounce); undefined when the door does not know it. */
  envelopeFrom?: string | null;
  /** SMTP RCPT TO addresses. */
  envelopeTo?: string[];
}

/** What happened to one inbound mail. */
export interface IntakeOutcome {
  status: 'duplicate' | 'processed' | 'refused' | 'ignored' | 'failed';
  inboundId?: string;
  reason?: string;
  replied: boolean;
}

/** Most bytes of an over-size mail kept in the store (its headers, for the record). */
const OVERSIZE_KEEP = 64 * 1024;

/** The header block of a raw message, unfolded, for the checks made before parsing. */
export function rawHeaders(raw: Buffer): string {
  const text = raw.subarray(0, Math.min(raw.length, 256 * 1024)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return (end >= 0 ? text.slice(0, end) : text).replace(/\r?\n[ \t]+/g, ' ');
}

/** The Message-ID a raw mail is stored under: its own, or `<sha256:...>` of the bytes when it has none. */
export function inboundMessageId(raw: Buffer): string {
  // No control characters: Postgres text cannot hold NUL, and such an id is no use for threading anyway.
  const m = /^message-id:[ \t]*(<[^<>\s\x00-\x1f\x7f]{1,900}>|[^\s\x00-\x1f\x7f]{1,900})(?=\s|$)/im.exec(rawHeaders(raw));
  return m ? m[1] : `<sha256.${createHash('sha256').update(raw).digest('hex')}@inbound>`;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);
}

function headerList(parsed: ParsedMail, name: string): string[] {
  const v = parsed.headers.get(name);
  if (v == null) return [];
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'object' && 'text' in (v as object)) return [String((v as { text: string }).text)];
  return [String(v)];
}

/**
 * Text decoded from a mail without NUL characters: a broken transfer encoding or an unknown charset can decode to
 * them, and Postgres text cannot hold them (nobody writes one on purpose).
 */
function withoutNul<T extends string | undefined>(text: T): T {
  return (text === undefined ? text : text.replace(/\u0000/g, '')) as T;
}

/** The body a person wrote: the text part, or text made from the HTML part; quotes and signatures removed. */
export function bodyText(parsed: ParsedMail): string {
  return stripReply(withoutNul(parsed.text ?? '')).text;
}

/** The SIGNON line of a body, if any (read before authentication, without the game's grammar). */
function signonIn(text: string, subject: string): { secret: string; game?: string; side?: string } | null {
  for (const line of [subject, ...text.split(/\r?\n/).slice(0, 50)]) {
    if (commandWord(line) !== 'signon') continue;
    const rest = tokenize(normalizeText(line).trim()).slice(1).filter((t) => t !== ':');
    if (rest.length === 1) return { secret: rest[0] };
    if (rest.length === 3) return { game: rest[0], side: rest[1], secret: rest[2] };
  }
  return null;
}

async function store(deps: ServiceDeps, msg: InboundMessage, messageId: string, raw: Buffer, status: string): Promise<string | null> {
  try {
    const row = await deps.db.inboundMail.create({
      data: { messageId, source: msg.source, envelopeFrom: msg.envelopeFrom ?? null, envelopeTo: msg.envelopeTo ?? [], raw: new Uint8Array(raw), size: msg.raw.length, status, receivedAt: deps.clock() },
      select: { id: true },
    });
    return row.id;
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') return null; // the same mail again: processed once
    throw error;
  }
}

async function finish(deps: ServiceDeps, id: string, status: IntakeOutcome['status'], fields: { gameId?: string; seatId?: string; result: Record<string, unknown> }): Promise<void> {
  await deps.db.inboundMail.update({ where: { id }, data: { status, gameId: fields.gameId ?? null, seatId: fields.seatId ?? null, result: fields.result as object, processedAt: deps.clock() } });
}

/**
 * Queues a refusal, within a reply budget (src/mail/outbox.ts). The text reveals nothing about any game. `seat`:
 * the refused mail was authenticated as this seat (an over-size mail to its reply address): the refusal goes to its
 * registered address on the player's budget; without it, to the sender's From on the strangers' budget.
 */
async function refuse(deps: ServiceDeps, to: string | undefined, reason: 'unauthenticated' | 'too-large' | 'unreadable', inReplyTo?: string, subject?: string, seat?: { gameId: string; seatId: string }): Promise<boolean> {
  if (!to || !to.includes('@') || to.endsWith(`@${deps.config.MAIL_DOMAIN.toLowerCase()}`)) return false;
  if (!(await replyBudgetLeft(deps.db, to, seat ? 'player' : 'stranger', deps.config, deps.clock()))) return false;
  const mail = composeRefusal(siteOf(deps.config), { to, reason, inReplyTo, subject, maxBytes: deps.config.INBOUND_MAX_BYTES });
  await queueMail(deps.db, deps.config, seat ? { ...mail, ...seat } : mail, deps.clock());
  return true;
}

/**
 * A mail refused for its size (at the SMTP layer, or over HTTP): the headers are kept, and when the recipient
 * address carries a valid reply token the seat gets a clear reply. Returns whether a reply was queued.
 */
export async function intakeOversize(deps: ServiceDeps, msg: InboundMessage): Promise<IntakeOutcome> {
  const head = rawHeaders(msg.raw);
  const messageId = inboundMessageId(msg.raw);
  const id = await store(deps, msg, messageId, msg.raw.subarray(0, OVERSIZE_KEEP), 'refused');
  if (!id) return { status: 'duplicate', replied: false };
  const to = [...(msg.envelopeTo ?? []), ...[...head.matchAll(/^(?:to|cc|delivered-to|x-original-to):(.*)$/gim)].map((m) => m[1])];
  const principal = await principalFromAddresses(deps, to);
  let replied = false;
  if (principal?.kind === 'seat') {
    const seat = await deps.db.seat.findUniqueOrThrow({ where: { id: principal.seatId }, select: { email: true } });
    const inReplyTo = /^<[^>]+>$/.test(messageId) && !messageId.startsWith('<sha256.') ? messageId : undefined;
    replied = await refuse(deps, seat.email, 'too-large', inReplyTo, undefined, { gameId: principal.gameId, seatId: principal.seatId });
  }
  await finish(deps, id, 'refused', { gameId: principal?.gameId, seatId: principal?.kind === 'seat' ? principal.seatId : undefined, result: { reason: 'too-large', size: msg.raw.length, replied } });
  return { status: 'refused', inboundId: id, reason: 'too-large', replied };
}

/** Runs one inbound mail through the pipeline. */
export async function intakeMail(deps: ServiceDeps, msg: InboundMessage): Promise<IntakeOutcome> {
  if (msg.raw.length > deps.config.INBOUND_MAX_BYTES) return intakeOversize(deps, msg);
  const messageId = inboundMessageId(msg.raw);
  const id = await store(deps, msg, messageId, msg.raw, 'received');
  if (!id) return { status: 'duplicate', replied: false };
  try {
    return await process(deps, msg, id);
  } catch (error) {
    deps.log.error({ err: error, inboundId: id }, 'inbound mail failed');
    await finish(deps, id, 'failed', { result: { error: String((error as Error).message ?? error).slice(0, 500) } }).catch(() => {});
    return { status: 'failed', inboundId: id, reason: 'internal', replied: false };
  }
}

async function process(deps: ServiceDeps, msg: InboundMessage, id: string): Promise<IntakeOutcome> {
  const parsed = await simpleParser(msg.raw, { skipImageLinks: true, skipTextToHtml: true, maxHtmlLengthToParse: 2_000_000 });
  const subject = withoutNul(parsed.subject);
  const from = parsed.from?.value[0]?.address ? bareAddress(parsed.from.value[0].address) : undefined;
  const automatic = automaticKind({
    headers: parsed.headers as unknown as Map<string, string | string[]>,
    envelopeFrom: msg.envelopeFrom,
    from,
    contentType: String((parsed.headers.get('content-type') as { value?: string } | undefined)?.value ?? ''),
    subject,
    ownDomain: deps.config.MAIL_DOMAIN,
    ownFrom: bareAddress(deps.config.MAIL_FROM),
  });
  if (automatic) {
    await finish(deps, id, 'ignored', { result: { reason: automatic } });
    return { status: 'ignored', inboundId: id, reason: automatic, replied: false };
  }
  const inReplyTo = parsed.messageId && !messageIdIsSynthetic(parsed.messageId) && !parsed.messageId.includes('\u0000') ? parsed.messageId : undefined;
  const text = bodyText(parsed);
  const recipients = [...(msg.envelopeTo ?? []), ...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...headerList(parsed, 'delivered-to'), ...headerList(parsed, 'x-original-to')];
  let principal: MailPrincipal | null = await principalFromAddresses(deps, recipients);
  if (!principal) {
    const signon = signonIn(text, subject ?? '');
    if (signon) principal = await principalFromSignon(deps, signon);
  }
  if (!principal) {
    const replied = await refuse(deps, from, 'unauthenticated', inReplyTo, subject);
    await finish(deps, id, 'refused', { result: { reason: 'unauthenticated', replied } });
    return { status: 'refused', inboundId: id, reason: 'unauthenticated', replied };
  }
  const result = await processOrderMail(deps, principal, {
    text,
    subject,
    from,
    inReplyTo,
    references: [...(Array.isArray(parsed.references) ? parsed.references : parsed.references ? [parsed.references] : [])].filter((r) => !r.includes('\u0000')),
    attachments: parsed.attachments.length,
  });
  await finish(deps, id, 'processed', { gameId: principal.gameId, seatId: principal.kind === 'seat' ? principal.seatId : undefined, result: { ...result, via: principal.via } });
  return { status: 'processed', inboundId: id, reason: result.outcome, replied: result.replied };
}

function messageIdIsSynthetic(id: string): boolean {
  return id.startsWith('<sha256.');
}
