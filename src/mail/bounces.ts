/**
 * What a bounce does (docs/email.md, "Bounces"): the bounce names the mail it returns by the VERP token of its
 * recipient address (bounces+<token>@MAIL_DOMAIN, the envelope sender of every outbox row), or failing that by the
 * returned mail's own Message-ID quoted in it. Its reading (hard or soft: src/mail/bounce-read.ts) is counted against
 * the address that mail went to, when that address is a seat's of the mail's game (src/services/mail-status.ts), and
 * when the address's status changes the game's moderator gets a mail. A bounce is never read as orders and never
 * answered.
 */
import type { ParsedMail } from 'mailparser';
import type { Outbox } from '../generated/prisma/client.ts';
import type { ServiceDeps } from '../services/deps.ts';
import { type MailStatus, noteBounce } from '../services/mail-status.ts';
import { addressKey } from '../services/persons.ts';
import { uuidFromKey } from '../services/tokens.ts';
import { bounceTokensIn } from './addresses.ts';
import { quotedMessageIds, readBounce } from './bounce-read.ts';
import { mailTexts } from '../i18n/strings-mail.ts';
import type { ComposedMail } from './compose-parts.ts';
import { moderatorNotice } from './compose-refusal.ts';
import type { StoredMail } from './inbound-store.ts';
import { writeOutbox } from './outbox.ts';

/** What a bounce did, stored with the inbound row. */
export interface BounceOutcome {
  address: string | null;
  hard: boolean;
  status: string | null;
  reason: string;
  mailStatus?: MailStatus['status'];
  gameId?: string;
  seatId?: string;
}

/** The outbox row a bounce returns: by the VERP token of its recipients, else by a quoted Message-ID of ours. */
async function returnedRow(
  deps: ServiceDeps,
  row: StoredMail,
  parsed: ParsedMail,
  recipients: string[],
): Promise<Outbox | null> {
  const domain = deps.config.MAIL_DOMAIN;
  for (const token of bounceTokensIn([...row.envelopeTo, ...recipients], domain)) {
    const found = await deps.db.outbox.findUnique({ where: { bounceToken: token } });
    if (found) return found;
  }
  const ids = quotedMessageIds(row.raw, parsed.text ?? '', domain);
  return ids.length ? deps.db.outbox.findFirst({ where: { messageId: { in: ids } } }) : null;
}

/**
 * Records a bounce stored as `row`: reads it, finds the mail it returns, and counts it against that mail's address
 * when the address is a seat's of its game. Never throws for a bounce it cannot place (the outcome says so).
 */
export async function recordBounce(
  deps: ServiceDeps,
  row: StoredMail,
  parsed: ParsedMail,
  recipients: string[],
): Promise<BounceOutcome> {
  const reading = readBounce(row.raw, parsed.text ?? '', parsed.subject ?? '');
  const returned = await returnedRow(deps, row, parsed, recipients);
  const seat =
    returned?.gameId &&
    (await deps.db.seat.findFirst({
      where: { gameId: returned.gameId, email: { equals: addressKey(returned.toAddress), mode: 'insensitive' } },
      select: { id: true },
    }));
  if (!returned || !seat) return { address: returned?.toAddress ?? null, ...reading };
  const effect = await noteBounce(deps.db, returned.toAddress, { ...reading, at: deps.clock(), inboundId: row.id });
  const changed = effect.counted && effect.before !== effect.after.status;
  if (changed && returned.gameId) await tellModerator(deps, returned.gameId, returned.toAddress, effect.after);
  return {
    address: addressKey(returned.toAddress),
    ...reading,
    mailStatus: effect.after.status,
    gameId: returned.gameId ?? undefined,
    seatId: seat.id,
  };
}

/** The moderator's mail about an address that began to bounce or was suppressed (once per address and status). */
async function tellModerator(deps: ServiceDeps, gameId: string, address: string, status: MailStatus): Promise<void> {
  const game = await deps.db.game.findUnique({ where: { id: gameId }, select: { name: true, moderatorEmail: true } });
  if (!game?.moderatorEmail || addressKey(game.moderatorEmail) === addressKey(address)) return;
  const sides = await deps.db.seat.findMany({
    where: { gameId, email: { equals: address, mode: 'insensitive' } },
    select: { side: true },
  });
  const mail = composeBounceNotice(deps.config.MAIL_DOMAIN, deps.config.PUBLIC_URL, {
    gameId,
    gameName: game.name,
    to: game.moderatorEmail,
    address,
    sides: sides.map((s) => s.side),
    status,
  });
  const id = uuidFromKey(`bounce:${gameId}:${addressKey(address)}:${status.status}:${status.since?.toISOString()}`);
  await writeOutbox(deps.db, deps.config, [{ ...mail, id }], deps.clock(), { skipDuplicates: true });
}

/** The text of the moderator's notice of a bouncing or suppressed address, in English and Japanese. */
export function composeBounceNotice(
  domain: string,
  publicUrl: string,
  input: { gameId: string; gameName: string; to: string; address: string; sides: string[]; status: MailStatus },
): ComposedMail {
  const link = `${publicUrl.replace(/\/$/, '')}/console/games/${input.gameId}`;
  const who = `${input.address} (${input.sides.join(', ')})`;
  const suppressed = input.status.status === 'suppressed';
  const reason = input.status.reason ?? '';
  const text = mailTexts(suppressed ? 'mail.bounce.suppressed' : 'mail.bounce.bouncing', { who, reason, link }).join(
    '\n',
  );
  const label = mailTexts(suppressed ? 'mail.bounce.suppressedLabel' : 'mail.bounce.bouncingLabel').join(' / ');
  return moderatorNotice(domain, {
    gameId: input.gameId,
    gameName: input.gameName,
    to: input.to,
    kind: 'moderator',
    subject: `[${input.gameName}] ${label}: ${input.address}`.slice(0, 200),
    text,
    html: '',
  });
}
