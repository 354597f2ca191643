/**
 * Who sent an inbound mail: the reply token in a recipient address (`orders+<token>@domain`: a plain reply to one
 * of our mails), or a SIGNON line with a seat's password (its bearer token) or the moderator's. The From header is
 * never trusted on its own: a forged From without a valid token is refused.
 */
import type { ServiceDeps } from '../services/deps.ts';
import { hashToken } from '../services/tokens.ts';
import { tokensIn } from './addresses.ts';

/** An authenticated mail sender. */
export type MailPrincipal =
  | { kind: 'seat'; gameId: string; seatId: string; side: string; via: 'reply-token' | 'signon' }
  | { kind: 'moderator'; gameId: string; via: 'signon' };

/** Finds the seat of a reply token among the recipient addresses. */
export async function principalFromAddresses(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  addresses: string[],
): Promise<MailPrincipal | null> {
  for (const token of tokensIn(addresses, deps.config.MAIL_DOMAIN)) {
    const seat = await deps.db.seat.findUnique({
      where: { mailTokenHash: hashToken(token) },
      select: { id: true, gameId: true, side: true },
    });
    if (seat) return { kind: 'seat', gameId: seat.gameId, seatId: seat.id, side: seat.side, via: 'reply-token' };
  }
  return null;
}

/** Finds the seat or moderator of a SIGNON password (optionally checked against the named game and side). */
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
  const game = await deps.db.game.findUnique({ where: { moderatorTokenHash: hash }, select: { id: true } });
  if (game && (!signon.game || signon.game === game.id)) return { kind: 'moderator', gameId: game.id, via: 'signon' };
  return null;
}
