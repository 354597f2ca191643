/**
 * Who sent an inbound mail: the reply token in a recipient address (`orders+<token>@domain`: a plain reply to one
 * of our mails), or a SIGNON line with a seat's password (its bearer token), a person's (several seats held by one
 * address: src/services/persons.ts) or the moderator's. The From header is never trusted on its own: a forged From
 * without a valid token is refused.
 */
import type { ServiceDeps } from '../services/deps.ts';
import { type SeatRef, seatsOfPerson } from '../services/persons.ts';
import { hashToken } from '../services/tokens.ts';
import { tokensIn } from './addresses.ts';

/** An authenticated mail sender. */
export type MailPrincipal =
  | { kind: 'seat'; gameId: string; seatId: string; side: string; via: 'reply-token' | 'signon' }
  | { kind: 'person'; gameId: string; personId: string; seats: SeatRef[]; via: 'reply-token' | 'signon' }
  | { kind: 'moderator'; gameId: string; via: 'signon' };

/** The seat or person whose reply token this is, or null. */
export async function replyTokenOwner(
  deps: Pick<ServiceDeps, 'db'>,
  token: string,
): Promise<Exclude<MailPrincipal, { kind: 'moderator' }> | null> {
  const hash = hashToken(token);
  // In SQL: once per mail, and through Prisma's query compiler the lookup cost several times its own work.
  const [seat] = await deps.db.$queryRawUnsafe<{ id: string; gameId: string; side: string }[]>(
    'SELECT id, "gameId", side FROM "Seat" WHERE "mailTokenHash" = $1',
    hash,
  );
  if (seat) return { kind: 'seat', gameId: seat.gameId, seatId: seat.id, side: seat.side, via: 'reply-token' };
  const person = await deps.db.person.findUnique({
    where: { mailTokenHash: hash },
    select: { id: true, gameId: true },
  });
  const seats = person ? await seatsOfPerson(deps, person.id) : [];
  if (!person || !seats.length) return null;
  return { kind: 'person', gameId: person.gameId, personId: person.id, seats, via: 'reply-token' };
}

/** Finds the seat or person of a reply token among the recipient addresses. */
export async function principalFromAddresses(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  addresses: string[],
): Promise<MailPrincipal | null> {
  for (const token of tokensIn(addresses, deps.config.MAIL_DOMAIN)) {
    const owner = await replyTokenOwner(deps, token);
    if (owner) return owner;
  }
  return null;
}

/**
 * Finds the seat, person or moderator of a SIGNON password (optionally checked against the named game and side; a
 * person's side must be one of its seats).
 */
export async function principalFromSignon(
  deps: Pick<ServiceDeps, 'db'>,
  signon: { secret: string; game?: string; side?: string },
): Promise<MailPrincipal | null> {
  const hash = hashToken(signon.secret);
  const seat = await deps.db.seat.findUnique({
    where: { tokenHash: hash },
    select: { id: true, gameId: true, side: true },
  });
  if (seat) {
    if (signon.game && signon.game !== seat.gameId) return null;
    if (signon.side && signon.side.toLowerCase() !== seat.side.toLowerCase()) return null;
    return { kind: 'seat', gameId: seat.gameId, seatId: seat.id, side: seat.side, via: 'signon' };
  }
  const person = await deps.db.person.findUnique({ where: { tokenHash: hash }, select: { id: true, gameId: true } });
  if (person) {
    const seats = await seatsOfPerson(deps, person.id);
    if (!seats.length || (signon.game && signon.game !== person.gameId)) return null;
    if (signon.side && !seats.some((s) => s.side.toLowerCase() === signon.side?.toLowerCase())) return null;
    return { kind: 'person', gameId: person.gameId, personId: person.id, seats, via: 'signon' };
  }
  const game = await deps.db.game.findUnique({ where: { moderatorTokenHash: hash }, select: { id: true } });
  if (game && (!signon.game || signon.game === game.id)) return { kind: 'moderator', gameId: game.id, via: 'signon' };
  return null;
}
