/**
 * A seat's access, renewed in one place: every path that gives a seat to a new player or rotates its token (the
 * API's `PUT /api/games/:id/seats/:side` and `POST .../rotate-token`, the console's "replace a seat's player")
 * goes through `renewSeatAccess`. In one transaction it writes the new player (if any), new secrets (bearer token,
 * mail reply token, calendar token) and ends the seat's browser sessions; after the commit it forgets the tokens
 * this process remembered. What stops working at once:
 * - the old bearer token and every sign-in link made of it (`/play/:id?token=`), the SIGNON password by mail;
 * - the old reply address (`orders+<token>@`) and calendar feed URL;
 * - every browser session of the seat: deleted here, and bound to the token hash it was opened with in any case
 *   (src/web/sessions.ts), so a sign-in racing this transaction cannot outlive it either;
 * - a token remembered by order submission (src/services/auth.ts): forgotten here, and checked by the write in
 *   every other process.
 * Short links (`/g/:id`) carry no secret: they lead to the sign-in, which the ousted player no longer passes.
 */
import type { SeatId } from '../engine/types.ts';
import { audit } from './audit.ts';
import { forgetRememberedSeat } from './auth.ts';
import type { ServiceDeps } from './deps.ts';
import { notFound } from './errors.ts';
import { hashToken, newToken } from './tokens.ts';

/** The new player of a seat. */
export interface ReplaceSeatInput {
  email: string;
  name?: string | null;
  locale?: 'en' | 'ja';
  timeZone?: string;
}

/** What renewing a seat's access returns: the new bearer token, shown this once. */
export interface RenewedSeat {
  side: string;
  email: string;
  token: string;
  /** Browser sessions of the seat that were ended. */
  sessionsEnded: number;
}

/**
 * Gives the seat new secrets, and with `player` a new player (address, name, language, zone); ends every browser
 * session of the seat; audited as `seat.replace` or `seat.rotate-tokens`. Throws 404 `seat/not-found`.
 */
export async function renewSeatAccess(
  deps: ServiceDeps,
  gameId: string,
  side: SeatId,
  player?: ReplaceSeatInput,
): Promise<RenewedSeat> {
  const renewed = await deps.db.$transaction(async (tx) => {
    // The seat row lock orders this against any other renewal of the same seat.
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Seat" WHERE "gameId" = ${gameId} AND side = ${side} FOR UPDATE`;
    if (!locked) throw notFound('seat', 'seat/not-found');
    const before = await tx.seat.findUniqueOrThrow({ where: { id: locked.id } });
    const token = newToken();
    const mailToken = newToken();
    const after = await tx.seat.update({
      where: { id: before.id },
      data: {
        ...(player ? newPlayer(player) : {}),
        tokenHash: hashToken(token),
        mailTokenHash: hashToken(mailToken),
        mailToken,
        calendarToken: newToken(),
        tokenVersion: { increment: 1 },
      },
    });
    const ended = await tx.webSession.deleteMany({ where: { seatId: before.id } });
    const now = deps.clock();
    if (player) {
      const detail = {
        side,
        from: { email: before.email, name: before.playerName },
        to: { email: after.email, name: after.playerName },
        sessionsEnded: ended.count,
      };
      await audit(tx, gameId, 'moderator', 'seat.replace', detail, now);
    } else {
      await audit(tx, gameId, 'moderator', 'seat.rotate-tokens', { side, sessionsEnded: ended.count }, now);
    }
    return { seatId: before.id, result: { side, email: after.email, token, sessionsEnded: ended.count } };
  });
  forgetRememberedSeat(gameId, renewed.seatId);
  return renewed.result;
}

/** The seat columns a new player sets (language and zone only when given). */
function newPlayer(player: ReplaceSeatInput) {
  return {
    email: player.email,
    playerName: player.name ?? null,
    ...(player.locale ? { locale: player.locale } : {}),
    ...(player.timeZone ? { timeZone: player.timeZone } : {}),
  };
}
