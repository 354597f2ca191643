/**
 * The one inbound pipeline behind the three doors (SMTP listener, IMAP polling, HTTP raw MIME): store the raw
 * message first (once per Message-ID, or a hash of the raw bytes, and recipient seat: src/mail/inbound-store.ts),
 * parse it, drop bounces (counted against the address they return: src/mail/bounces.ts) and automatic replies,
 * authenticate, strip quotes and signatures, read the order text, submit through the same service path as the API,
 * and reply through the outbox. Never throws for a bad mail:
 * every mail ends in a stored status. A mail whose process died before that is processed again (by a retry of the
 * delivery, or the recovery sweep), and its order and answer are stored once whatever the number of attempts.
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { isTransactionConflict } from '../db/faults.ts';
import { crashPoint } from '../services/crash-points.ts';
import type { ServiceDeps } from '../services/deps.ts';
import { automaticKind } from './classify.ts';
import { bareAddress, bounceTokensIn } from './addresses.ts';
import { recordBounce } from './bounces.ts';
import { composeMailGivenUp, composeRefusal } from './compose-refusal.ts';
import { principalFromAddresses, principalFromSignon, type MailPrincipal } from './auth.ts';
import {
  finishInbound,
  rawHeaders,
  recipientKeys,
  storeInbound,
  takeAbandoned,
  type FinishedStatus,
  type InboundMessage,
  type StoredMail,
} from './inbound-store.ts';
import { mailAnswerId, processOrderMail } from './order-mail.ts';
import { answerRepeat, messageIdIsSynthetic } from './repeats.ts';
import { uuidFromKey } from '../services/tokens.ts';
import { queueAnswer, writeOutbox } from './outbox.ts';
import { stripReply } from './strip.ts';
import { unsubscribeByMail } from './unsubscribe.ts';
import { answerFormerPlayer } from './former-player.ts';
import { commandWord } from '../orders-text/parse.ts';
import { normalizeText, tokenize } from '../orders-text/normalize.ts';

/** What happened to one inbound mail (to the first of its recipient seats; `others`: to the rest). */
export interface IntakeOutcome {
  status: 'duplicate' | 'processed' | 'refused' | 'ignored' | 'failed';
  inboundId?: string;
  reason?: string;
  replied: boolean;
  others?: IntakeOutcome[];
}

/** Most bytes of an over-size mail kept in the store (its headers, for the record). */
const OVERSIZE_KEEP = 64 * 1024;

export { rawHeaders, type InboundMessage };

/** The Message-ID a raw mail is stored under: its own, or `<sha256:...>` of the bytes when it has none. */
export function inboundMessageId(raw: Buffer): string {
  // No control characters: Postgres text cannot hold NUL, and such an id is no use for threading anyway.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern names the control characters to refuse them
  const m = /^message-id:[ \t]*(<[^<>\s\x00-\x1f\x7f]{1,900}>|[^\s\x00-\x1f\x7f]{1,900})(?=\s|$)/im.exec(
    rawHeaders(raw),
  );
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
  return (text === undefined ? text : text.replaceAll('\u0000', '')) as T;
}

/** The body a person wrote: the text part, or text made from the HTML part; quotes and signatures removed. */
export function bodyText(parsed: ParsedMail): string {
  return stripReply(withoutNul(parsed.text ?? '')).text;
}

/** The SIGNON line of a body, if any (read before authentication, without the game's grammar). */
function signonIn(text: string, subject: string): { secret: string; game?: string; side?: string } | null {
  for (const line of [subject, ...text.split(/\r?\n/).slice(0, 50)]) {
    if (commandWord(line) !== 'signon') continue;
    const rest = tokenize(normalizeText(line).trim())
      .slice(1)
      .filter((t) => t !== ':');
    if (rest.length === 1) return { secret: rest[0] };
    if (rest.length === 3) return { game: rest[0], side: rest[1], secret: rest[2] };
  }
  return null;
}

interface Finished {
  status: FinishedStatus;
  gameId?: string;
  seatId?: string;
  reason?: string;
  replied: boolean;
  result: Record<string, unknown>;
}

/** Records how a row finished and says so. */
async function finish(deps: ServiceDeps, row: StoredMail, f: Finished): Promise<IntakeOutcome> {
  await finishInbound(deps, row.id, f.status, { gameId: f.gameId, seatId: f.seatId, result: f.result });
  return { status: f.status, inboundId: row.id, reason: f.reason, replied: f.replied };
}

/**
 * Queues the refusal of a row, within a reply budget (src/mail/outbox.ts). The text reveals nothing about any game.
 * `seat`: the refused mail was authenticated as this seat or a person of this game (an over-size mail to its reply
 * address): the refusal goes to its registered address on the player's budget; without it, to the sender's From on
 * the strangers' budget.
 */
async function refuse(
  deps: ServiceDeps,
  row: StoredMail,
  to: string | undefined,
  reason: 'unauthenticated' | 'too-large' | 'unreadable' | 'gave-up',
  inReplyTo?: string,
  subject?: string,
  seat?: { gameId: string; seatId?: string },
): Promise<boolean> {
  if (!to?.includes('@') || to.endsWith(`@${deps.config.MAIL_DOMAIN.toLowerCase()}`)) return false;
  const maxBytes = deps.config.INBOUND_MAX_BYTES;
  const composed = composeRefusal({ to, reason, inReplyTo, subject, maxBytes });
  const refusal = seat ? { ...composed, ...seat } : composed;
  return queueAnswer(deps, refusal, mailAnswerId(row.id));
}

/**
 * A mail refused for its size (at the SMTP layer, or over HTTP): the headers are kept, and when the recipient
 * address carries a valid reply token the seat gets a clear reply. Returns whether a reply was queued.
 */
export async function intakeOversize(deps: ServiceDeps, msg: InboundMessage): Promise<IntakeOutcome> {
  return intake(deps, msg, true);
}

/** Runs one inbound mail through the pipeline. */
export async function intakeMail(deps: ServiceDeps, msg: InboundMessage): Promise<IntakeOutcome> {
  return intake(deps, msg, msg.raw.length > deps.config.INBOUND_MAX_BYTES);
}

async function intake(deps: ServiceDeps, msg: InboundMessage, oversize: boolean): Promise<IntakeOutcome> {
  const messageId = inboundMessageId(msg.raw);
  // An over-size mail keeps its head, and a size that says it is over (the SMTP door stops reading past the limit).
  const overSize = Math.max(msg.raw.length, deps.config.INBOUND_MAX_BYTES + 1);
  const kept = oversize
    ? { ...msg, raw: msg.raw.subarray(0, OVERSIZE_KEEP), size: overSize }
    : { ...msg, size: msg.raw.length };
  const rows: StoredMail[] = [];
  const keys = await recipientKeys(deps, msg);
  for (const key of keys) {
    const row = await storeInbound(deps, kept, messageId, key);
    if (row) rows.push(row);
  }
  // Every row is stored (or a retry found it finished, or leased to a live process): nothing can be lost now.
  // A mail without a Message-ID is known by its bytes: the same text again is a repeat, answered as one.
  if (!rows.length) {
    const repeat = messageIdIsSynthetic(messageId) ? await answerRepeat(deps, kept.raw, messageId, keys) : false;
    return { status: 'duplicate', replied: repeat };
  }
  crashPoint('mail-stored');
  const outcomes: IntakeOutcome[] = [];
  for (const row of rows) outcomes.push(await processStored(deps, row));
  const [first, ...others] = outcomes;
  return others.length ? { ...first, others } : first;
}

/**
 * Processes a stored row to its final status (a fresh one, or one taken over from a process that died). A failure
 * is recorded as `failed`; a row taken too often is given up on.
 */
export async function processStored(deps: ServiceDeps, row: StoredMail): Promise<IntakeOutcome> {
  try {
    if (row.attempts > deps.config.INBOUND_MAX_ATTEMPTS) return await giveUp(deps, row);
    if (row.size > deps.config.INBOUND_MAX_BYTES) return await processOversize(deps, row);
    return await processRetryingConflicts(deps, row);
  } catch (error) {
    deps.log.error({ err: error, inboundId: row.id }, 'inbound mail failed');
    const result = { error: String((error as Error).message ?? error).slice(0, 500) };
    await finishInbound(deps, row.id, 'failed', { result }).catch(() => {});
    return { status: 'failed', inboundId: row.id, reason: 'internal', replied: false };
  }
}

/** How often a mail is processed in a row when its transaction loses a race (a deadlock, a serialization failure). */
const CONFLICT_TRIES = 3;

/**
 * Processes a row, again when a transaction of it lost a race with another (Postgres failed it to break a deadlock,
 * or could not serialise it): that says nothing of the mail, and its player would otherwise get no answer. Processing
 * again is safe, as for a row taken over from a process that died (its order and answer are stored once).
 */
async function processRetryingConflicts(deps: ServiceDeps, row: StoredMail): Promise<IntakeOutcome> {
  for (let tries = 1; ; tries++) {
    try {
      return await process(deps, row);
    } catch (error) {
      if (tries >= CONFLICT_TRIES || !isTransactionConflict(error)) throw error;
      deps.log.warn(
        { err: error, inboundId: row.id, tries },
        'inbound mail met a transaction conflict: processing it again',
      );
      await new Promise((resolve) => setTimeout(resolve, 50 * tries));
    }
  }
}

/**
 * The recovery sweep's part for mail: processes rows whose process died before finishing them (their lease ran
 * out). Returns how many it processed.
 */
export async function recoverInboundMail(deps: ServiceDeps): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await takeAbandoned(deps, { limit: 20 });
    for (const row of rows) {
      const outcome = await processStored(deps, row);
      const about = { inboundId: row.id, messageId: row.messageId, status: outcome.status };
      deps.log.warn(about, 'recovery: processed an inbound mail whose processing had not finished');
    }
    done += rows.length;
    if (rows.length < 20) return done;
  }
}

/** A header of a raw message as it is written (not decoded: the parser may be what failed), one line, bounded. */
function rawHeader(raw: Buffer, name: string): string | undefined {
  const m = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(rawHeaders(raw));
  if (!m) return undefined;
  const printable = [...m[1]].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, 200);
}

/**
 * A row taken more than INBOUND_MAX_ATTEMPTS times (its processing kills the process, or fails, every time) is set
 * aside unread: its sender is answered with an apology (at the registered address of the seat or person its reply
 * address names, on the player's budget; else at its From, on the strangers' budget), and the game's moderator is
 * told by mail and sees it on the game's page (src/services/unread-mails.ts). Nothing of the mail is parsed.
 */
async function giveUp(deps: ServiceDeps, row: StoredMail): Promise<IntakeOutcome> {
  const principal = row.recipient ? await principalFromAddresses(deps, [row.recipient]) : null;
  const from = rawHeader(row.raw, 'from');
  const subject = rawHeader(row.raw, 'subject');
  const messageId = row.messageId;
  const inReplyTo = /^<[^>]+>$/.test(messageId) && !messageIdIsSynthetic(messageId) ? messageId : undefined;
  let replied: boolean;
  if (principal && principal.kind !== 'moderator') {
    const { email } =
      principal.kind === 'seat'
        ? await deps.db.seat.findUniqueOrThrow({ where: { id: principal.seatId }, select: { email: true } })
        : await deps.db.person.findUniqueOrThrow({ where: { id: principal.personId }, select: { email: true } });
    const owner = { gameId: principal.gameId, seatId: principal.kind === 'seat' ? principal.seatId : undefined };
    replied = await refuse(deps, row, email, 'gave-up', inReplyTo, subject, owner);
  } else {
    replied = await refuse(deps, row, from ? bareAddress(from) : undefined, 'gave-up', inReplyTo, subject);
  }
  const gameId = principal?.gameId ?? (await storedGameOf(deps, row.id));
  if (gameId) await tellModeratorGivenUp(deps, row, gameId, { from: from ?? '?', subject: subject ?? '' });
  deps.log.error({ inboundId: row.id, gameId, from, replied }, 'inbound mail set aside unread after its attempts');
  const seatId = principal?.kind === 'seat' ? principal.seatId : undefined;
  const limit = deps.config.INBOUND_MAX_ATTEMPTS;
  const result = { error: `gave up after ${limit} attempts`, reason: 'gave-up', replied, from, subject };
  return finish(deps, row, { status: 'failed', gameId, seatId, reason: 'gave-up', replied, result });
}

/** The game a row was stored for (its reply address's), if any. */
async function storedGameOf(deps: ServiceDeps, id: string): Promise<string | undefined> {
  const row = await deps.db.inboundMail.findUnique({ where: { id }, select: { gameId: true } });
  return row?.gameId ?? undefined;
}

/** The moderator's mail about a mail of the game set aside unread (once per row, whatever the attempts). */
async function tellModeratorGivenUp(
  deps: ServiceDeps,
  row: StoredMail,
  gameId: string,
  about: { from: string; subject: string },
): Promise<void> {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { name: true, moderatorEmail: true } });
  if (!game?.moderatorEmail) return;
  const site = { domain: deps.config.MAIL_DOMAIN, from: deps.config.MAIL_FROM, publicUrl: deps.config.PUBLIC_URL };
  const received = await deps.db.inboundMail.findUnique({ where: { id: row.id }, select: { receivedAt: true } });
  const notice = composeMailGivenUp(site, {
    gameId,
    gameName: game.name,
    to: game.moderatorEmail,
    ...about,
    receivedAt: received?.receivedAt ?? deps.clock(),
    attempts: row.attempts - 1,
  });
  const id = uuidFromKey(`inbound-gave-up:${row.id}`);
  await writeOutbox(deps.db, deps.config, [{ ...notice, id }], deps.clock(), { skipDuplicates: true });
}

/**
 * Processes the unfinished mail of some games whose lease has run out (its process died), as the recovery sweep
 * would: deadline jobs of the games run this first (src/jobs/worker.ts), so such a mail is applied before default
 * orders. One statement when there is none. Returns how many it processed.
 */
export async function recoverInboundMailOf(deps: ServiceDeps, gameIds: string[]): Promise<number> {
  if (!gameIds.length) return 0;
  const rows = await takeAbandoned(deps, { gameIds, limit: 20 * gameIds.length });
  for (const row of rows) {
    const outcome = await processStored(deps, row);
    const about = { inboundId: row.id, status: outcome.status };
    deps.log.warn(about, 'deadline: processed a mail of the game whose processing had not finished');
  }
  return rows.length;
}

async function processOversize(deps: ServiceDeps, row: StoredMail): Promise<IntakeOutcome> {
  const principal = row.recipient ? await principalFromAddresses(deps, [row.recipient]) : null;
  let replied = false;
  if (principal && principal.kind !== 'moderator') {
    const { email } =
      principal.kind === 'seat'
        ? await deps.db.seat.findUniqueOrThrow({ where: { id: principal.seatId }, select: { email: true } })
        : await deps.db.person.findUniqueOrThrow({ where: { id: principal.personId }, select: { email: true } });
    const messageId = row.messageId;
    const inReplyTo = /^<[^>]+>$/.test(messageId) && !messageIdIsSynthetic(messageId) ? messageId : undefined;
    const owner = { gameId: principal.gameId, seatId: principal.kind === 'seat' ? principal.seatId : undefined };
    replied = await refuse(deps, row, email, 'too-large', inReplyTo, undefined, owner);
  }
  const seatId = principal?.kind === 'seat' ? principal.seatId : undefined;
  const result = { reason: 'too-large', size: row.size, replied };
  const gameId = principal?.gameId;
  return finish(deps, row, { status: 'refused', gameId, seatId, reason: 'too-large', replied, result });
}

/** The recipients a mail's headers name: To, Cc, Delivered-To and X-Original-To. */
function headerRecipients(parsed: ParsedMail): string[] {
  const headers = [...addressesOf(parsed.to), ...addressesOf(parsed.cc)];
  headers.push(...headerList(parsed, 'delivered-to'), ...headerList(parsed, 'x-original-to'));
  return headers;
}

/** Who sent a row: its recipient seat's reply token, else (no seat's address, or a rotated one) SIGNON in the body. */
async function principalOf(
  deps: ServiceDeps,
  row: StoredMail,
  parsed: ParsedMail,
  text: string,
  subject: string | undefined,
): Promise<MailPrincipal | null> {
  if (row.owner) return row.owner; // found when the row was stored, a moment ago
  const recipients = row.recipient ? [row.recipient] : [...row.envelopeTo, ...headerRecipients(parsed)];
  const principal = await principalFromAddresses(deps, recipients);
  if (principal) return principal;
  const signon = signonIn(text, subject ?? '');
  return signon ? principalFromSignon(deps, signon) : null;
}

async function process(deps: ServiceDeps, row: StoredMail): Promise<IntakeOutcome> {
  const parsed = await simpleParser(row.raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    maxHtmlLengthToParse: 2_000_000,
  });
  const subject = withoutNul(parsed.subject);
  const from = parsed.from?.value[0]?.address ? bareAddress(parsed.from.value[0].address) : undefined;
  // Before the automatic-mail check: a provider's unsubscribe on the reader's behalf may be marked automatic.
  const unsub = await unsubscribeByMail(deps, [
    ...row.envelopeTo,
    ...addressesOf(parsed.to),
    ...addressesOf(parsed.cc),
  ]);
  if (unsub) return finish(deps, row, { ...unsub, replied: false, result: { reason: unsub.reason } });
  const recipients = headerRecipients(parsed);
  const classify = {
    headers: parsed.headers as unknown as Map<string, string | string[]>,
    envelopeFrom: row.envelopeFrom ?? undefined,
    from,
    contentType: String((parsed.headers.get('content-type') as { value?: string } | undefined)?.value ?? ''),
    subject,
    ownDomain: deps.config.MAIL_DOMAIN,
    ownFrom: bareAddress(deps.config.MAIL_FROM),
    toBounceAddress: bounceTokensIn([...row.envelopeTo, ...recipients], deps.config.MAIL_DOMAIN).length > 0,
  };
  const automatic = automaticKind(classify);
  if (automatic) {
    // A null sender is a bounce when the mail also looks like one (an auto-reply may come from <> too).
    const bounced =
      automatic === 'bounce' ||
      (automatic === 'null-sender' && automaticKind({ ...classify, envelopeFrom: undefined }) === 'bounce');
    const bounce = bounced ? await recordBounce(deps, row, parsed, recipients) : undefined;
    const result = { reason: automatic, ...(bounce ? { bounce } : {}) };
    const about = { gameId: bounce?.gameId, seatId: bounce?.seatId };
    return finish(deps, row, { status: 'ignored', reason: automatic, replied: false, result, ...about });
  }
  const inReplyTo =
    parsed.messageId && !messageIdIsSynthetic(parsed.messageId) && !parsed.messageId.includes('\u0000')
      ? parsed.messageId
      : undefined;
  const text = bodyText(parsed);
  const principal = await principalOf(deps, row, parsed, text, subject);
  if (!principal) {
    // RECLAIM from a player whose seat went to a replacement: answered with why (former-player.ts).
    const recipients = row.recipient ? [row.recipient] : [...row.envelopeTo, ...headerRecipients(parsed)];
    const answerId = mailAnswerId(row.id);
    const former = await answerFormerPlayer(deps, { recipients, text, subject, inReplyTo, answerId });
    if (former) {
      const result = { reason: 'former-player', replied: former.replied };
      return finish(deps, row, { status: 'refused', gameId: former.gameId, ...result, result });
    }
    const replied = await refuse(deps, row, from, 'unauthenticated', inReplyTo, subject);
    const refused = { reason: 'unauthenticated', replied };
    return finish(deps, row, { status: 'refused', reason: 'unauthenticated', replied, result: refused });
  }
  const result = await processOrderMail(deps, principal, {
    text,
    subject,
    from,
    inReplyTo,
    references: [
      ...(Array.isArray(parsed.references) ? parsed.references : parsed.references ? [parsed.references] : []),
    ].filter((r) => !r.includes('\u0000')),
    attachments: parsed.attachments.length,
    inboundId: row.id,
  });
  crashPoint('mail-replied');
  const seatId = principal.kind === 'seat' ? principal.seatId : undefined;
  const summary = { ...result, via: principal.via };
  const gameId = principal.gameId;
  const { outcome: reason, replied } = result;
  return finish(deps, row, { status: 'processed', gameId, seatId, reason, replied, result: summary });
}
