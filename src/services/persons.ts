/**
 * A person holding several seats of one game (FN 6.0[2]: one Allied player runs five nations; FN 12.0[M]: the
 * nations divided among several people). Seats stay the engine's unit of decision; a person is the service's: the
 * seats of one game created with the same address, compared case-insensitively, and never matched across games.
 * Every seat is held by a person: a seat whose person holds no other is "held alone", and its person's secrets are
 * the seat's own (the same values). A person has its own token (API, sign-in link, SIGNON), reply-to token and
 * calendar token, which reach the seats it holds now and nothing else; a seat's own secrets reach that seat alone.
 *
 * What a person may see is the union of what its seats may see: `visibleToAny` for events; views, boards and
 * choices stay per seat (each is the game's answer for that seat).
 */
import type { AnyGame, GameEvent, Viewer } from '../engine/types.ts';
import type { ServiceDeps } from './deps.ts';

/** One seat of a person: its id and side. */
export interface SeatRef {
  seatId: string;
  side: string;
}

/** A person of one game, authenticated by its token: it acts for `seats` (sorted by side) and no other seat. */
export interface PersonPrincipal {
  kind: 'person';
  gameId: string;
  personId: string;
  seats: SeatRef[];
}

/** The key seats are grouped by: the address, trimmed and lower-cased. */
export function addressKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The persons of a new game: the seats grouped by address, in the order of their first seat. A seat whose address
 * no other seat shares is a group of one (a person holding that seat alone).
 */
export function personGroups<T extends { email: string }>(seats: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const seat of seats) {
    const key = addressKey(seat.email);
    groups.set(key, [...(groups.get(key) ?? []), seat]);
  }
  return [...groups.values()];
}

/**
 * The persons holding two or more of `seats` (all the seats of a game): a seat whose person is not among them is
 * held alone, and its mails and pages are a one-seat player's.
 */
export function sharedPersons(seats: readonly { personId: string }[]): Set<string> {
  const counts = new Map<string, number>();
  for (const s of seats) counts.set(s.personId, (counts.get(s.personId) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n > 1).map(([id]) => id));
}

/** The seats a person holds now, sorted by side (a seat given to another player has left it). */
export async function seatsOfPerson(deps: Pick<ServiceDeps, 'db'>, personId: string): Promise<SeatRef[]> {
  const seats = await deps.db.seat.findMany({
    where: { personId },
    orderBy: { side: 'asc' },
    select: { id: true, side: true },
  });
  return seats.map((s) => ({ seatId: s.id, side: s.side }));
}

/** A player as its page and mails show it: address, name, language, zone and calendar token. */
export interface PlayerInfo {
  email: string;
  playerName: string | null;
  locale: string;
  timeZone: string;
  calendarToken: string;
}

/**
 * The person of a game with the seats it holds now (sorted by side), or null when it is not the game's or holds no
 * seat any more.
 */
export async function personOf(
  deps: Pick<ServiceDeps, 'db'>,
  gameId: string,
  personId: string,
): Promise<{ person: PlayerInfo & { id: string }; principal: PersonPrincipal } | null> {
  const person = await deps.db.person.findFirst({
    where: { id: personId, gameId },
    select: { id: true, email: true, playerName: true, locale: true, timeZone: true, calendarToken: true },
  });
  const seats = person ? await seatsOfPerson(deps, person.id) : [];
  if (!person || !seats.length) return null;
  return { person, principal: { kind: 'person', gameId, personId: person.id, seats } };
}

/** The person's seat of this side, or undefined when the person does not hold it. */
export function seatOfPerson(person: PersonPrincipal, side: string): SeatRef | undefined {
  return person.seats.find((s) => s.side === side);
}

/** The engine viewers of a person: one per seat. */
export function personViewers(person: Pick<PersonPrincipal, 'seats'>): Viewer[] {
  return person.seats.map((s) => ({ kind: 'seat', seat: s.side }));
}

/**
 * The events any of `viewers` may see, in order: the union of what each may see, and nothing else. With one
 * viewer this is the game's `visibleEvents`; with several, each event is asked about alone and shown as the first
 * viewer that may see it sees it (a game may reshape an event for a viewer, e.g. sort a field).
 */
export function visibleToAny(def: AnyGame, events: readonly GameEvent[], viewers: readonly Viewer[]): GameEvent[] {
  if (viewers.length === 1) return def.visibleEvents(events, viewers[0]);
  const out: GameEvent[] = [];
  for (const event of events) {
    for (const viewer of viewers) {
      const seen = def.visibleEvents([event], viewer);
      if (seen.length) {
        out.push(...seen);
        break;
      }
    }
  }
  return out;
}
