/**
 * Acknowledgements of accepted orders: every accepted order mail of a player is answered, however many, outside the
 * hourly reply budget (which limits refusals and unknown senders only: src/mail/outbox.ts). A burst is folded: an
 * acknowledgement that follows another to the same address of the same game within a minute is held a minute, and
 * the next ones of that minute join it, each mail's section (its orders as understood) kept, above one "what
 * happens next" as the game stands after the last one.
 */
import type { ServiceDeps } from '../services/deps.ts';
import { readOne, type Statement, statement } from '../services/prepared-statements.ts';
import type { Locale } from '../i18n/index.ts';
import type { ComposedMail } from './compose-parts.ts';
import { nextHeading } from './compose-reply.ts';
import { ACK_HEADER, type KnownPeople, writeOutbox, writeOutboxNow } from './outbox.ts';
import type { Part } from './render.ts';

/** How long an acknowledgement is held to fold the next ones into it, and the window that starts holding. */
export const ACK_FOLD_MS = 60_000;

/** The reader of an acknowledgement. */
interface AckReader {
  gameId: string;
  email: string;
  locale: Locale;
  /**
   * The mail completed the step (its result is mailed now): the acknowledgement, and a held one it is folded into,
   * go at once rather than after the result.
   */
  release?: boolean;
  /** The Message-ID of the mail acknowledged (listed in the acknowledgement's `X-PBEM-Acknowledges`). */
  mailId?: string;
}

/**
 * The header listing the Message-IDs of the mails an acknowledgement answers (one, or every mail folded into it):
 * a mail processed again after a crash finds its answer there, and is not acknowledged twice.
 */
export const ACKS_HEADER = 'X-PBEM-Acknowledges';

/** A held acknowledgement, as stored. */
interface HeldRow {
  id: string;
  messageId: string;
  text: string;
  html: string | null;
  nextAttemptAt: Date;
}

/**
 * The sections of a held acknowledgement (everything above its "what happens next"), to head the mail it is folded
 * into; null when the row does not read as one.
 */
export function foldedSections(row: Pick<HeldRow, 'text' | 'html'>, locale: Locale): Part | null {
  const marker = nextHeading(locale);
  const t = row.text.indexOf(marker.text);
  const bodyAt = row.html?.indexOf('<body') ?? -1;
  const start = bodyAt < 0 ? -1 : row.html!.indexOf('>', bodyAt) + 1;
  const h = row.html?.indexOf(marker.html, start) ?? -1;
  if (t <= 0 || start <= 0 || h < start) return null;
  return { text: row.text.slice(0, t).trimEnd(), html: row.html!.slice(start, h).trim() };
}

/**
 * Queues the acknowledgement `compose` makes (given the sections of a held one it is folded into, or null) under
 * `answerId`: folded into the held acknowledgement of this minute when there is one not yet taken by delivery,
 * held a minute when another acknowledgement went to the reader within the last one (a correction after a refusal
 * is acknowledged at once), sent at once otherwise. Always true. `read`: the rows of its `ackStateRead` at `now`, read
 * by the caller with its own (one round trip for both); `people`: the game's seats and persons as the caller read
 * them (src/mail/outbox.ts `writeOutboxNow`).
 */
export async function queueAck(
  deps: Pick<ServiceDeps, 'db' | 'pool' | 'config' | 'clock'>,
  reader: AckReader,
  answerId: string,
  compose: (folded: Part | null) => ComposedMail,
  read?: { rows: unknown[]; now: Date },
  people?: KnownPeople,
): Promise<boolean> {
  const now = read?.now ?? deps.clock();
  const [found] = (read?.rows ?? (await readOne(deps, ...ackStateRead(reader, now)))) as AckRow[];
  if (found.answered) return true;
  const held = found.id ? (found as AckRow & HeldRow) : null;
  const sections = held ? foldedSections(held, reader.locale) : null;
  const release = reader.release ? { nextAttemptAt: now } : {};
  const acks = (earlier: string | undefined) => [earlier, reader.mailId].filter(Boolean).join(' ');
  if (held && sections) {
    const earlier = (held.headers as Record<string, string>)[ACKS_HEADER];
    const mail = compose(sections);
    mail.headers = { ...mail.headers, ...(acks(earlier) ? { [ACKS_HEADER]: acks(earlier) } : {}) };
    if (await foldInto(deps, { ...held, ...release }, mail, now)) return true;
  }
  const hold = found.recent && !reader.release ? { nextAttemptAt: new Date(now.getTime() + ACK_FOLD_MS) } : {};
  const composed = compose(null);
  if (reader.mailId) composed.headers = { ...composed.headers, [ACKS_HEADER]: reader.mailId };
  const mail = ackMail(composed, { id: answerId, ...hold });
  await writeOutboxNow(deps, [mail], now, { skipDuplicates: true, people });
  return true;
}

/** The read of what an acknowledgement needs to know of the reader's outbox at `now` (ACK_STATE). */
export function ackStateRead(reader: AckReader, now: Date): [Statement, unknown[]] {
  const since = new Date(now.getTime() - ACK_FOLD_MS);
  const params = [reader.gameId, reader.email, now.toISOString(), since.toISOString(), reader.mailId ?? null];
  return [ACK_STATE, [...params, ACK_HEADER, ACKS_HEADER]];
}

/** What an acknowledgement needs to know of the reader's outbox: see ACK_STATE. */
interface AckRow extends Partial<HeldRow> {
  answered: boolean;
  recent: number;
  headers?: unknown;
}

// In one statement, for the reader ($2, any case) in the game ($1): whether the mail ($5) is acknowledged already
// (its Message-ID listed in an acknowledgement to the reader: a mail processed again after a crash); the acknowledgement held to
// fold this minute's next ones into, not yet taken by delivery (its columns, null when none); and how many
// acknowledgements went to the reader in the last minute ($4). Times as UTC instants.
const ACK_STATE = statement(
  'ack_state',
  ['text', 'text', 'timestamp(3)', 'timestamp(3)', 'text', 'text', 'text'],
  `
  SELECT
    EXISTS (SELECT 1 FROM "Outbox"
      WHERE "gameId" = $1 AND lower("toAddress") = lower($2) AND kind = 'reply' AND strpos(headers ->> $7, $5) > 0
    ) AS answered,
    (SELECT count(*)::int FROM "Outbox"
      WHERE "gameId" = $1 AND lower("toAddress") = lower($2) AND kind = 'reply' AND "createdAt" > $4::timestamp(3)
        AND headers ->> $6 = 'accepted') AS recent,
    held.*
  FROM (SELECT 1) one LEFT JOIN LATERAL (
    SELECT id, "messageId", text, html, "nextAttemptAt" AT TIME ZONE 'UTC' AS "nextAttemptAt", headers FROM "Outbox"
    WHERE "gameId" = $1 AND lower("toAddress") = lower($2) AND kind = 'reply' AND status = 'pending' AND attempts = 0
      AND "nextAttemptAt" > $3::timestamp(3) AND headers ->> $6 = 'accepted'
    ORDER BY "createdAt" DESC LIMIT 1) held ON true`,
);

/** An acknowledgement as an outbox row: marked (outside the reply budget), with the given id and timing. */
function ackMail(mail: ComposedMail, row: { id: string; messageId?: string; nextAttemptAt?: Date }) {
  return { ...mail, ...row, headers: { ...mail.headers, [ACK_HEADER]: 'accepted' } };
}

/**
 * Replaces a held acknowledgement by the folded one (same row id, Message-ID and send time), unless delivery took
 * it meanwhile (its claim locks the row: the delete then finds it taken and nothing is folded).
 */
async function foldInto(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  held: HeldRow,
  mail: ComposedMail,
  now: Date,
): Promise<boolean> {
  return deps.db.$transaction(async (tx) => {
    const gone = await tx.outbox.deleteMany({ where: { id: held.id, status: 'pending', attempts: 0 } });
    if (!gone.count) return false;
    const row = { id: held.id, messageId: held.messageId, nextAttemptAt: held.nextAttemptAt };
    await writeOutbox(tx, deps.config, [ackMail(mail, row)], now);
    return true;
  });
}
