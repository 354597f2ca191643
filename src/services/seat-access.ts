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
 *
 * A seat held by a person with others (src/services/persons.ts): given to a new player, it leaves the person (whose
 * token, page, mails and sessions then reach only its other seats, at once); its tokens rotated, the person's
 * secrets rotate with them (the person's token is the one its player was given) and the person's browser sessions
 * end, since the person's link, reply address and calendar reach this seat too.
 */
import type { SeatId } from '../engine/types.ts';
import { audit } from './audit.ts';
import { forgetRememberedSeat } from './auth.ts';
import type { ServiceDeps, Tx } from './deps.ts';
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
  /** Browser sessions of the seat (and of its person, rotated with it) that were ended. */
  sessionsEnded: number;
  /** The seat's person's new bearer token, when the seat's tokens were rotated with its person's (shown once). */
  personToken?: string;
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
        ...(player ? { ...newPlayer(player), personId: null } : {}),
        tokenHash: hashToken(token),
        mailTokenHash: hashToken(mailToken),
        mailToken,
        calendarToken: newToken(),
        tokenVersion: { increment: 1 },
      },
    });
    const seatSessions = await tx.webSession.deleteMany({ where: { seatId: before.id } });
    const person = !player && before.personId ? await rotatePerson(tx, before.personId) : null;
    const ended = { count: seatSessions.count + (person?.sessionsEnded ?? 0) };
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
      const detail = { side, sessionsEnded: ended.count, ...(person ? { personRotated: true } : {}) };
      await audit(tx, gameId, 'moderator', 'seat.rotate-tokens', detail, now);
    }
    const personToken = person ? { personToken: person.token } : {};
    return {
      seatId: before.id,
      result: { side, email: after.email, token, sessionsEnded: ended.count, ...personToken },
    };
  });
  forgetRememberedSeat(gameId, renewed.seatId);
  return renewed.result;
}

/** New secrets for a person (bearer, reply-to, calendar) and the end of its browser sessions. */
async function rotatePerson(tx: Tx, personId: string): Promise<{ token: string; sessionsEnded: number }> {
  const token = newToken();
  const mailToken = newToken();
  await tx.person.update({
    where: { id: personId },
    data: { tokenHash: hashToken(token), mailTokenHash: hashToken(mailToken), mailToken, calendarToken: newToken() },
  });
  const ended = await tx.webSession.deleteMany({ where: { personId } });
  return { token, sessionsEnded: ended.count };
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
