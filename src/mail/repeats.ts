/**
 * A mail without a Message-ID is stored under a hash of its bytes (src/mail/intake.ts), so the same mail again is
 * known as a repeat and not processed twice. A repeat is answered, saying so and of which mail (when it was
 * received, its subject, what became of it): at the registered address of the seat, person or moderator the
 * earlier mail was from, on the player's reply budget, or, when the earlier one was refused as unauthenticated, at
 * its From on the strangers' budget, saying nothing about any game. An automatic mail (ignored), a mail still
 * being processed (its own answer is coming) and a mail set aside unread (answered when it was) get nothing more.
 * At most MAX_ANSWERED repeats of one mail are answered.
 */
import { simpleParser } from 'mailparser';
import type { ServiceDeps } from '../services/deps.ts';
import { uuidFromKey } from '../services/tokens.ts';
import { bareAddress } from './addresses.ts';
import { mailTexts } from '../i18n/strings-mail.ts';
import type { ComposedMail } from './compose-parts.ts';
import type { RecipientKey } from './inbound-store.ts';
import { queueAnswer } from './outbox.ts';
import { esc } from './render.ts';

/** Repeats of one mail answered at most (a client resending in a loop is not fed). */
const MAX_ANSWERED = 20;

/** Whether a stored Message-ID was made from the mail's bytes (the mail had none of its own). */
export function messageIdIsSynthetic(id: string): boolean {
  return id.startsWith('<sha256.');
}

/** The earlier mail a repeat repeats, as stored. */
interface Earlier {
  id: string;
  status: string;
  gameId: string | null;
  seatId: string | null;
  receivedAt: Date;
  result: unknown;
}

/** Who the earlier mail was from, answered at the registered address; null: a stranger (or nobody to answer). */
async function registeredReader(
  deps: ServiceDeps,
  earlier: Earlier,
): Promise<{ email: string; gameId: string; seatId?: string } | null> {
  const result = (earlier.result ?? {}) as { personId?: string; via?: string };
  if (!earlier.gameId || earlier.status !== 'processed') return null;
  if (earlier.seatId) {
    const seat = await deps.db.seat.findUnique({ where: { id: earlier.seatId }, select: { email: true } });
    return seat ? { email: seat.email, gameId: earlier.gameId, seatId: earlier.seatId } : null;
  }
  if (result.personId) {
    const person = await deps.db.person.findUnique({ where: { id: result.personId }, select: { email: true } });
    return person ? { email: person.email, gameId: earlier.gameId } : null;
  }
  const game = await deps.db.game.findUnique({ where: { id: earlier.gameId }, select: { moderatorEmail: true } });
  return game?.moderatorEmail ? { email: game.moderatorEmail, gameId: earlier.gameId } : null;
}

/** Counts one more repeat of a finished mail; its number, or null when the mail is not finished or too repeated. */
async function countRepeat(deps: ServiceDeps, id: string): Promise<number | null> {
  const rows = await deps.db.$queryRawUnsafe<{ n: number }[]>(
    `UPDATE "InboundMail" SET result = jsonb_set(COALESCE(result, '{}'::jsonb), '{repeats}',
       to_jsonb(COALESCE((result ->> 'repeats')::int, 0) + 1))
     WHERE id = $1 AND status <> 'received' RETURNING (result ->> 'repeats')::int AS n`,
    id,
  );
  const n = rows[0]?.n;
  return n && n <= MAX_ANSWERED ? n : null;
}

/** What became of the earlier mail, in both languages. */
function fateOf(earlier: Earlier): [string, string] {
  const outcome = (earlier.result as { outcome?: string } | null)?.outcome;
  if (earlier.status === 'refused') return mailTexts('mail.repeat.refused');
  if (outcome === 'accepted') return mailTexts('mail.repeat.accepted');
  if (outcome === 'rejected') return mailTexts('mail.repeat.rejected');
  return mailTexts('mail.repeat.answered');
}

/** The answer to a repeat: what it repeats, and that nothing was done again. Bounded (a few hundred bytes). */
function composeRepeat(input: {
  to: string;
  subject?: string;
  earlier: Earlier;
  owner?: { gameId: string; seatId?: string };
}): ComposedMail {
  const when = `${input.earlier.receivedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const subject = input.subject?.slice(0, 150);
  const [fateEn, fateJa] = fateOf(input.earlier);
  const key = subject ? 'mail.repeat.textAbout' : 'mail.repeat.text';
  const [en] = mailTexts(key, { when, subject: subject ?? '', fate: fateEn });
  const [, ja] = mailTexts(key, { when, subject: subject ?? '', fate: fateJa });
  return {
    // Never a `reply`: the last reply to a player marks its earlier refusals as told (src/mail/unanswered.ts),
    // and this answer does not tell them. Tied to the game, it counts on the player's budget all the same.
    kind: 'refusal',
    ...(input.owner ?? {}),
    to: input.to,
    subject: subject ? `Re: ${subject}` : mailTexts('mail.repeat.subject').join(' / '),
    text: `${en}\n\n${ja}\n`,
    html: `<p>${esc(en)}</p><p>${esc(ja)}</p>`,
    references: [],
    headers: { 'Auto-Submitted': 'auto-replied', 'X-PBEM-Judge': 'duplicate' },
    attachments: [],
  };
}

/**
 * Answers a repeat of a mail without a Message-ID (the first recipient row that is finished says what it repeats).
 * Returns whether an answer was queued.
 */
export async function answerRepeat(
  deps: ServiceDeps,
  raw: Buffer,
  messageId: string,
  keys: RecipientKey[],
): Promise<boolean> {
  for (const { recipient } of keys) {
    const earlier = await deps.db.inboundMail.findUnique({
      where: { messageId_recipient: { messageId, recipient } },
      select: { id: true, status: true, gameId: true, seatId: true, receivedAt: true, result: true },
    });
    if (!earlier || earlier.status === 'received') continue;
    const reason = (earlier.result as { reason?: string } | null)?.reason;
    const reader = await registeredReader(deps, earlier);
    const stranger = !reader && earlier.status === 'refused' && reason === 'unauthenticated';
    if (!reader && !stranger) return false;
    const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
    const from = parsed.from?.value[0]?.address;
    const to = reader?.email ?? (from ? bareAddress(from) : '');
    const domain = `@${deps.config.MAIL_DOMAIN.toLowerCase()}`;
    if (!to.includes('@') || to.endsWith(domain)) return false;
    const n = await countRepeat(deps, earlier.id);
    if (!n) return false;
    const owner = reader ? { gameId: reader.gameId, seatId: reader.seatId } : undefined;
    const answer = composeRepeat({ to, subject: parsed.subject, earlier, owner });
    return queueAnswer(deps, answer, uuidFromKey(`inbound-repeat:${earlier.id}:${n}`));
  }
  return false;
}
