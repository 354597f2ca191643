/**
 * Moving a seat to another holder: the person of the game holding another seat, or a new person (a replacement
 * player coming in). This is how a seat changes hands between players (src/services/persons.ts: a player is a
 * person holding one or more seats). In one transaction, under the seat's row lock:
 * - the seat points at its new person, and takes that person's address, name, language and zone (what its notices
 *   are addressed with);
 * - the seat's own secrets (its token, reply-to token and calendar token, which act for it alone) are replaced, so
 *   neither they nor any sign-in link made of them reach it any more; for a new person they are the person's secrets
 *   (a seat held alone), returned this once and mailed in its welcome;
 * - the seat's browser sessions end; the old holder's token, sessions, sign-in links, reply address and calendar
 *   reach only the seats it still holds, at once, since a person's seats are read on every use;
 * - audited as `seat.move`.
 * After the commit, the tokens this process remembered for the seat are forgotten (src/services/auth.ts).
 * A person moved a seat to keeps its secrets and gets no welcome: its page and its next mails show the seat. When it
 * held one seat until then, that seat's own secrets were the person's (the same values, which act for the seat
 * alone when presented as the seat's): that seat gets fresh own secrets, so the person's token, reply address and
 * calendar now reach both seats; its browser sessions, opened as that one seat's, end (its next sign-in is the
 * person's).
 */
import type { SeatId } from '../engine/types.ts';
import { audit } from './audit.ts';
import { forgetRememberedSeat } from './auth.ts';
import type { ServiceDeps, Tx } from './deps.ts';
import { conflict, notFound } from './errors.ts';
import { type ReplaceSeatInput, newPersonFor, newSecrets, seatSecrets } from './seat-access.ts';
import { lockSeatRow } from './seat-lock.ts';

/** Whom a seat goes to: the person holding another seat of the game (`holderOf`), or a new person. */
export type NewHolder = { holderOf: string } | ReplaceSeatInput;

/** What a move returns. */
export interface MovedSeat {
  side: string;
  /** The new holder's address. */
  email: string;
  /** Every seat the new holder holds now, sorted. */
  sides: string[];
  /** A new person's bearer token (its page, API and SIGNON), shown this once. */
  token?: string;
  /** Browser sessions of the seat that were ended. */
  sessionsEnded: number;
}

/** Moves seat `side` of the game to `to`; 404 `seat/not-found` (either seat), 409 `seat/same-holder`. */
export async function moveSeat(deps: ServiceDeps, gameId: string, side: SeatId, to: NewHolder): Promise<MovedSeat> {
  const moved = await deps.db.$transaction(async (tx) => {
    const seatId = await lockSeatRow(tx, gameId, side);
    const before = await tx.seat.findUniqueOrThrow({ where: { id: seatId }, include: { person: true } });
    const secrets = newSecrets();
    const holder = await holderFor(tx, gameId, to, secrets);
    if (holder.id === before.personId) throw conflict('seat/same-holder', 'the seat is held by that person already');
    const player = {
      email: holder.email,
      playerName: holder.playerName,
      locale: holder.locale,
      timeZone: holder.timeZone,
    };
    await tx.seat.update({
      where: { id: before.id },
      // A seat the computer played goes to its new holder (src/services/bot-seats.ts): its player can no longer
      // take it back.
      data: { ...player, personId: holder.id, ...seatSecrets(secrets), tokenVersion: { increment: 1 }, bot: false },
    });
    const ended = await tx.webSession.deleteMany({ where: { seatId: before.id } });
    const regrouped = holder.fresh ? [] : await separateSeatKeys(tx, holder);
    const held = await tx.seat.findMany({ where: { personId: holder.id }, orderBy: { side: 'asc' } });
    const sides = held.map((s) => s.side);
    const detail = {
      side,
      from: { email: before.person.email, name: before.person.playerName },
      to: { email: holder.email, name: holder.playerName, sides, new: holder.fresh },
      sessionsEnded: ended.count,
      ...(before.bot ? { fromBot: true } : {}),
    };
    await audit(tx, gameId, 'moderator', 'seat.move', detail, deps.clock());
    if (holder.fresh)
      await deps.notifier.welcome(tx, { gameId, persons: [{ personId: holder.id, token: secrets.token }] });
    const token = holder.fresh ? { token: secrets.token } : {};
    return {
      seatId: before.id,
      regrouped,
      result: { side, email: holder.email, sides, ...token, sessionsEnded: ended.count },
    };
  });
  for (const seatId of [moved.seatId, ...moved.regrouped]) forgetRememberedSeat(gameId, seatId);
  return moved.result;
}

/**
 * Fresh own secrets for the person's seats whose own secrets are the person's (its seat held alone until now), and
 * the end of their browser sessions. Returns their ids.
 */
async function separateSeatKeys(tx: Tx, person: { id: string; tokenHash: string }): Promise<string[]> {
  const shared = await tx.seat.findMany({
    where: { personId: person.id, tokenHash: person.tokenHash },
    select: { id: true },
  });
  for (const { id } of shared) {
    await tx.seat.update({ where: { id }, data: { ...seatSecrets(newSecrets()), tokenVersion: { increment: 1 } } });
    await tx.webSession.deleteMany({ where: { seatId: id } });
  }
  return shared.map((s) => s.id);
}

/** The person a seat goes to: the holder of another seat, or a new person whose secrets are `secrets`. */
async function holderFor(tx: Tx, gameId: string, to: NewHolder, secrets: ReturnType<typeof newSecrets>) {
  if ('holderOf' in to) {
    const other = await tx.seat.findUnique({
      where: { gameId_side: { gameId, side: to.holderOf } },
      select: { person: true },
    });
    if (!other) throw notFound('seat', 'seat/not-found');
    return { ...other.person, fresh: false };
  }
  const player = {
    gameId,
    email: to.email,
    playerName: to.name ?? null,
    locale: to.locale ?? 'en',
    timeZone: to.timeZone ?? 'UTC',
  };
  const id = await newPersonFor(tx, player, secrets);
  return { id, ...player, tokenHash: seatSecrets(secrets).tokenHash, fresh: true };
}
