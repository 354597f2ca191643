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
 * Every seat is held by a person (src/services/persons.ts). Given to a new player, the seat goes to a new person
 * made for that player, whose secrets are the seat's new ones (a seat held alone); the person it leaves keeps its
 * other seats, if any, and its token, page, mails and sessions reach only those, at once. Its tokens rotated, the
 * person's secrets rotate with them: for a seat held alone they stay the seat's (the same values); a person holding
 * several seats gets secrets of its own (its token is the one its player was given, returned as `personToken`) and
 * its browser sessions end, since the person's link, reply address and calendar reach this seat too.
 * Moving a seat to another person of the game, or to a new one: src/services/seat-holders.ts.
 */
import type { SeatId } from '../engine/types.ts';
import { audit } from './audit.ts';
import { forgetRememberedSeat } from './auth.ts';
import type { ServiceDeps, Tx } from './deps.ts';
import { lockSeatRow } from './seat-lock.ts';
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
    const before = await tx.seat.findUniqueOrThrow({ where: { id: await lockSeatRow(tx, gameId, side) } });
    const secrets = newSecrets();
    const holder = player ? await newPersonFor(tx, { gameId, ...newPlayer(player) }, secrets) : before.personId;
    const after = await tx.seat.update({
      where: { id: before.id },
      data: {
        // A new player plays the seat, should the computer have played it (src/services/bot-seats.ts).
        ...(player ? { ...newPlayer(player), personId: holder, bot: false } : {}),
        ...seatSecrets(secrets),
        tokenVersion: { increment: 1 },
      },
    });
    const seatSessions = await tx.webSession.deleteMany({ where: { seatId: before.id } });
    const person = player ? null : await rotatePerson(tx, before.personId, secrets);
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
      result: { side, email: after.email, token: secrets.token, sessionsEnded: ended.count, ...personToken },
    };
  });
  forgetRememberedSeat(gameId, renewed.seatId);
  return renewed.result;
}

/** A player's secrets, as given out: bearer token, reply-to token, calendar token. */
export interface Secrets {
  token: string;
  mailToken: string;
  calendarToken: string;
}

/** Fresh secrets. */
export const newSecrets = (): Secrets => ({ token: newToken(), mailToken: newToken(), calendarToken: newToken() });

/** The stored form of secrets (a seat's or a person's columns). */
export const seatSecrets = (s: Secrets) => ({
  tokenHash: hashToken(s.token),
  mailTokenHash: hashToken(s.mailToken),
  mailToken: s.mailToken,
  calendarToken: s.calendarToken,
});

/** A new person of a game holding the seat about to be given to it: its secrets are the seat's (held alone). */
export async function newPersonFor(
  tx: Tx,
  player: { gameId: string; email: string; playerName: string | null; locale?: string; timeZone?: string },
  secrets: Secrets,
): Promise<string> {
  const person = await tx.person.create({ data: { ...player, ...seatSecrets(secrets) }, select: { id: true } });
  return person.id;
}

/**
 * A person's secrets rotated with its seat's: a person holding only that seat takes the seat's new ones (no token
 * of its own to return); a person holding several gets fresh ones of its own, and its browser sessions end.
 */
async function rotatePerson(
  tx: Tx,
  personId: string,
  seat: Secrets,
): Promise<{ token: string; sessionsEnded: number } | null> {
  const held = await tx.seat.count({ where: { personId } });
  if (held <= 1) {
    await tx.person.update({ where: { id: personId }, data: seatSecrets(seat) });
    return null;
  }
  const own = newSecrets();
  await tx.person.update({ where: { id: personId }, data: seatSecrets(own) });
  const ended = await tx.webSession.deleteMany({ where: { personId } });
  return { token: own.token, sessionsEnded: ended.count };
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
