/**
 * The daily digest of a person who chose it (src/services/mail-preferences.ts): the result mails held back for it
 * (src/mail/notify-preferences.ts) gathered into one mail at the person's local morning (`DIGEST_HOUR` in its zone),
 * in its language. Run by the jobs worker's `mail-digest` queue every few minutes; exactly once a day per person: the
 * person's row is locked, the day is recorded, the entries sent are deleted and the mail's id derives from the day,
 * all in one transaction.
 */
import { localParts, zonedToInstant } from '../services/deadlines/compute.ts';
import { gameDefinition, type ServiceDeps, type Tx } from '../services/deps.ts';
import { uuidFromKey } from '../services/tokens.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { envelope, para, pre, readerOf, type ComposedMail, type PlayerMailContext } from './compose-parts.ts';
import { personMailContext, seatMailContext } from './context.ts';
import { writeOutbox } from './outbox.ts';

/** The local hour of the digest. */
export const DIGEST_HOUR = 7;

/** What the digest job needs of the service. */
type DigestDeps = Pick<ServiceDeps, 'db' | 'config' | 'clock' | 'log' | 'games'>;

/** One held-back result mail. */
interface Entry {
  id: string;
  stepNumber: number;
  subject: string;
  text: string;
}

/** A zone the clock knows: the person's, or UTC when its zone is not one (a digest is late, never lost). */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The local day of an instant in a zone (YYYY-MM-DD) and the instant of that day's digest hour. */
export function digestDayOf(now: Date, timeZone: string): { day: string; at: Date } {
  const zone = knownZone(timeZone);
  const p = localParts(now.getTime(), zone);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { day, at: new Date(zonedToInstant(p.year, p.month, p.day, DIGEST_HOUR, 0, zone)) };
}

/** The digest mail of a player: the text of each held-back mail, oldest first, under a word of what it is. */
export function composeDigest(ctx: PlayerMailContext, entries: Entry[]): ComposedMail {
  const { locale } = readerOf(ctx);
  const n = entries.length;
  const steps = entries.map((e) => e.stepNumber);
  const range = n === 1 ? `${steps[0]}` : `${Math.min(...steps)}–${Math.max(...steps)}`;
  const subject = mailText(locale, n === 1 ? 'mail.digest.subjectOne' : 'mail.digest.subjectMany', { n, range });
  const intro = mailText(locale, 'mail.digest.intro');
  // Each entry starts with its own heading (the step it reports).
  const parts = [para(intro), ...entries.map((e) => pre(e.text))];
  return envelope(ctx, 'digest', subject, parts);
}

/** The mail context of a person: its one seat's, or the person's for several. */
async function contextOf(tx: Tx, deps: DigestDeps, personId: string) {
  const person = await tx.person.findUniqueOrThrow({ where: { id: personId } });
  const game = await tx.game.findUniqueOrThrow({ where: { id: person.gameId }, include: { seats: true } });
  const held = game.seats.filter((s) => s.personId === person.id);
  const ctx: PlayerMailContext =
    held.length === 1
      ? seatMailContext(deps, game, gameDefinition(deps, game.game), held[0])
      : personMailContext(deps, game, person, game.seats);
  return { ctx };
}

/** Sends one person's digest of `day` if it is due and not sent; returns whether a mail was queued. */
async function sendDigestOf(deps: DigestDeps, personId: string, day: string, at: Date): Promise<boolean> {
  return deps.db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRawUnsafe<{ digestDay: string | null }[]>(
      `SELECT "digestDay" FROM "Person" WHERE id = $1 FOR UPDATE`,
      personId,
    );
    if (!locked || locked.digestDay === day) return false;
    const entries = await tx.digestItem.findMany({
      where: { personId, createdAt: { lt: at } },
      orderBy: [{ createdAt: 'asc' }, { stepNumber: 'asc' }],
      select: { id: true, stepNumber: true, subject: true, text: true },
    });
    if (!entries.length) return false;
    const { ctx } = await contextOf(tx, deps, personId);
    const mail = composeDigest(ctx, entries);
    const id = uuidFromKey(`digest:${personId}:${day}`);
    await writeOutbox(tx, deps.config, [{ ...mail, id }], deps.clock(), { skipDuplicates: true });
    await tx.digestItem.deleteMany({ where: { id: { in: entries.map((e) => e.id) } } });
    await tx.person.update({ where: { id: personId }, data: { digestDay: day } });
    return true;
  });
}

/**
 * Queues the digests due now: of every person with held-back mails whose local digest hour of today has come and
 * whose digest of today is not sent, the mails held before that hour. Returns how many digests were queued.
 */
export async function sendDueDigests(deps: DigestDeps): Promise<number> {
  const now = deps.clock();
  const persons = await deps.db.$queryRawUnsafe<{ id: string; timeZone: string; digestDay: string | null }[]>(
    `SELECT p.id, p."timeZone", p."digestDay" FROM "Person" p
     WHERE EXISTS (SELECT 1 FROM "DigestItem" d WHERE d."personId" = p.id)`,
  );
  let sent = 0;
  for (const p of persons) {
    const { day, at } = digestDayOf(now, p.timeZone);
    if (now < at || p.digestDay === day) continue;
    if (await sendDigestOf(deps, p.id, day, at)) sent++;
  }
  if (sent) deps.log.info({ sent }, 'mail digests queued');
  return sent;
}
