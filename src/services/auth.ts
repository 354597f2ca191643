/**
 * Who is calling: the operator (ADMIN_TOKEN, creates games), a game's moderator, one seat of one game, or a person
 * holding several seats of one game (src/services/persons.ts). Tokens are bearer tokens; only their SHA-256 hashes
 * are stored, compared in constant time.
 */
import type { ServiceDeps } from './deps.ts';
import { touch } from './lru.ts';
import { seatsOfPerson, type PersonPrincipal } from './persons.ts';
import { hashToken, newToken, safeEqual } from './tokens.ts';

export type { PersonPrincipal } from './persons.ts';

/**
 * An authenticated caller of one game. A seat token only ever acts for its own seat and game; a person's token for
 * the seats that person holds in that game, and no other.
 */
export type Principal = { kind: 'moderator'; gameId: string } | SeatPrincipal | PersonPrincipal;

export interface SeatPrincipal {
  kind: 'seat';
  gameId: string;
  seatId: string;
  side: string;
  /**
   * Set when the seat was recognised from an earlier request (`rememberedSeat`) and the token was not checked now:
   * its hash, which the order submission's write checks (see submitOrders). Never set for any other route.
   */
  tokenHashToCheck?: string;
}

/**
 * The principal a bearer token stands for in game `gameId`, or null (unknown game, wrong token, other game).
 * One indexed query by the token's hash, every time: a rotated or replaced token stops working at once in every
 * process.
 */
export async function authenticate(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  gameId: string,
  bearerToken: string | undefined | null,
): Promise<Principal | null> {
  if (!bearerToken) return null;
  const hash = hashToken(bearerToken);
  const game = deps.pool ? await byHashSql(deps.pool, gameId, hash) : await byHashPrisma(deps, gameId, hash);
  if (!game) return null;
  if (safeEqual(game.moderatorTokenHash, hash)) return { kind: 'moderator', gameId };
  const seat = game.seat;
  if (seat && safeEqual(seat.tokenHash, hash)) return { kind: 'seat', gameId, seatId: seat.id, side: seat.side };
  const person = game.person;
  if (person && safeEqual(person.tokenHash, hash)) {
    const seats = await seatsOfPerson(deps, person.id);
    return seats.length ? { kind: 'person', gameId, personId: person.id, seats } : null;
  }
  return null;
}

interface TokenMatch {
  moderatorTokenHash: string;
  seat: { id: string; side: string; tokenHash: string } | null;
  person: { id: string; tokenHash: string } | null;
}

const BY_HASH_SQL = `
  SELECT g."moderatorTokenHash", se.id, se.side, se."tokenHash", p.id AS "personId", p."tokenHash" AS "personTokenHash"
  FROM "Game" g
  LEFT JOIN "Seat" se ON se."gameId" = g.id AND se."tokenHash" = $2
  LEFT JOIN "Person" p ON p."gameId" = g.id AND p."tokenHash" = $2
  WHERE g.id = $1`;

async function byHashSql(
  pool: NonNullable<ServiceDeps['pool']>,
  gameId: string,
  hash: string,
): Promise<TokenMatch | null> {
  const { rows } = await pool.query<{
    moderatorTokenHash: string;
    id: string | null;
    side: string | null;
    tokenHash: string | null;
    personId: string | null;
    personTokenHash: string | null;
  }>({ name: 'auth/by-hash', text: BY_HASH_SQL, values: [gameId, hash] });
  const r = rows[0];
  if (!r) return null;
  return {
    moderatorTokenHash: r.moderatorTokenHash,
    seat: r.id && r.side && r.tokenHash ? { id: r.id, side: r.side, tokenHash: r.tokenHash } : null,
    person: r.personId && r.personTokenHash ? { id: r.personId, tokenHash: r.personTokenHash } : null,
  };
}

async function byHashPrisma(deps: Pick<ServiceDeps, 'db'>, gameId: string, hash: string): Promise<TokenMatch | null> {
  const game = await deps.db.game.findUnique({
    where: { id: gameId },
    select: {
      moderatorTokenHash: true,
      seats: { where: { tokenHash: hash }, select: { id: true, side: true, tokenHash: true } },
      persons: { where: { tokenHash: hash }, select: { id: true, tokenHash: true } },
    },
  });
  if (!game) return null;
  return { moderatorTokenHash: game.moderatorTokenHash, seat: game.seats[0] ?? null, person: game.persons[0] ?? null };
}

// Seat tokens that authenticated here before, by game and token hash (least recently used evicted). Only order
// submission uses them: its write stores nothing unless the seat's token still has this hash, and it checks the
// token afresh before giving any other answer, so a rotated or replaced token is refused as at once as above.
const REMEMBERED_MAX = 10_000;
const rememberedSeats = new Map<string, SeatPrincipal>();

/** A seat this game's token authenticated before, as an unchecked principal (`tokenHashToCheck` set), or null. */
export function rememberedSeat(gameId: string, tokenHash: string): SeatPrincipal | null {
  const key = `${gameId}:${tokenHash}`;
  const known = rememberedSeats.get(key);
  if (!known) return null;
  touch(rememberedSeats, key, known, REMEMBERED_MAX);
  return { ...known, tokenHashToCheck: tokenHash };
}

/** Remembers a seat its token just authenticated. */
export function rememberSeat(principal: SeatPrincipal, tokenHash: string): void {
  const { tokenHashToCheck: _unchecked, ...seat } = principal;
  touch(rememberedSeats, `${principal.gameId}:${tokenHash}`, seat, REMEMBERED_MAX);
}

/**
 * Forgets every token this process remembered for a seat (its tokens were just rotated: src/services/seat-access.ts).
 * Other processes may still remember one: their write refuses it (see `seatTokenHolds` and the order store).
 */
export function forgetRememberedSeat(gameId: string, seatId: string): void {
  for (const [key, seat] of rememberedSeats)
    if (seat.gameId === gameId && seat.seatId === seatId) rememberedSeats.delete(key);
}

/** Whether the seat's token still has this hash (one indexed query); forgets the remembered seat if not. */
export async function seatTokenHolds(
  deps: Pick<ServiceDeps, 'db'>,
  seat: { gameId: string; seatId: string },
  tokenHash: string,
): Promise<boolean> {
  const holds = (await deps.db.seat.count({ where: { id: seat.seatId, gameId: seat.gameId, tokenHash } })) === 1;
  if (!holds) rememberedSeats.delete(`${seat.gameId}:${tokenHash}`);
  return holds;
}

const ADMIN_KEY = 'admin_token_hash';

/**
 * Makes sure an operator token exists. With ADMIN_TOKEN set, its hash replaces the stored one. Without it, the
 * stored hash is kept; at first start a token is generated, stored (hashed) and returned so that start-up prints it
 * once. Returns the generated token, or null.
 */
export async function ensureAdminToken(deps: Pick<ServiceDeps, 'db' | 'config'>): Promise<string | null> {
  if (deps.config.ADMIN_TOKEN) {
    const value = hashToken(deps.config.ADMIN_TOKEN);
    await deps.db.setting.upsert({ where: { key: ADMIN_KEY }, create: { key: ADMIN_KEY, value }, update: { value } });
    return null;
  }
  const existing = await deps.db.setting.findUnique({ where: { key: ADMIN_KEY } });
  if (existing) return null;
  const token = newToken();
  const created = await deps.db.setting.createMany({
    data: [{ key: ADMIN_KEY, value: hashToken(token) }],
    skipDuplicates: true,
  });
  return created.count === 1 ? token : null; // another process won the race and printed its own
}

/** Whether a bearer token is the operator's. */
export async function isAdminToken(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  bearerToken: string | undefined | null,
): Promise<boolean> {
  if (!bearerToken) return false;
  const hash = hashToken(bearerToken);
  if (deps.config.ADMIN_TOKEN) return safeEqual(hashToken(deps.config.ADMIN_TOKEN), hash);
  const stored = await deps.db.setting.findUnique({ where: { key: ADMIN_KEY } });
  return !!stored && safeEqual(stored.value, hash);
}
