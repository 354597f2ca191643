/**
 * The seats and persons of the games a transaction locked, as it read them under the game locks
 * (src/services/turn-processor.ts `lockGamesWithSeats`). The mails and notices the same transaction writes (notice
 * recipients, mail preferences, unsubscribe keys, sign-in links) take them from here instead of reading them again;
 * nothing on the resolution path changes a seat or a person after taking the lock. Kept per transaction object and
 * forgotten with it; a reader that finds an id not here reads the database as before.
 */
import type { Person, Seat } from '../generated/prisma/client.ts';

interface LockedPeople {
  seats: Map<string, Seat>;
  persons: Map<string, Person>;
  /** Per person, how many seats it holds (all its seats are in its game, and every seat of the game is here). */
  held: Map<string, number>;
}

const byTx = new WeakMap<object, LockedPeople>();

/** Remembers the seats and persons of locked games (every seat and every person of each game) for `tx`. */
export function rememberLockedPeople(tx: object, seats: readonly Seat[], persons: readonly Person[]): void {
  const known = byTx.get(tx) ?? { seats: new Map(), persons: new Map(), held: new Map() };
  for (const s of seats) {
    if (!known.seats.has(s.id)) known.held.set(s.personId, (known.held.get(s.personId) ?? 0) + 1);
    known.seats.set(s.id, s);
  }
  for (const p of persons) known.persons.set(p.id, p);
  byTx.set(tx, known);
}

/** A seat of a game `tx` locked, with its person and how many seats that person holds; undefined when not read. */
export function lockedSeat(tx: object, seatId: string): { seat: Seat; person: Person; held: number } | undefined {
  const known = byTx.get(tx);
  const seat = known?.seats.get(seatId);
  const person = seat && known?.persons.get(seat.personId);
  return seat && person && known ? { seat, person, held: known.held.get(person.id) ?? 0 } : undefined;
}

/** A person of a game `tx` locked; undefined when not read. */
export function lockedPerson(tx: object, personId: string): Person | undefined {
  return byTx.get(tx)?.persons.get(personId);
}
