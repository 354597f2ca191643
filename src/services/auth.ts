/**
 * Who is calling: the operator (ADMIN_TOKEN, creates games), a game's moderator, or one seat of one game. Tokens
 * are bearer tokens; only their SHA-256 hashes are stored, compared in constant time.
 */
import type { ServiceDeps } from './deps.ts';
import { hashToken, newToken, safeEqual } from './tokens.ts';

/** An authenticated caller of one game. A seat token only ever acts for its own seat and game. */
export type Principal = { kind: 'moderator'; gameId: string } | { kind: 'seat'; gameId: string; seatId: string; side: string };

/** The principal a bearer token stands for in game `gameId`, or null (unknown game, wrong token, other game). */
export async function authenticate(deps: Pick<ServiceDeps, 'db'>, gameId: string, bearerToken: string | undefined | null): Promise<Principal | null> {
  if (!bearerToken) return null;
  const hash = hashToken(bearerToken);
  const game = await deps.db.game.findUnique({
    where: { id: gameId },
    select: { moderatorTokenHash: true, seats: { where: { tokenHash: hash }, select: { id: true, side: true, tokenHash: true } } },
  });
  if (!game) return null;
  if (safeEqual(game.moderatorTokenHash, hash)) return { kind: 'moderator', gameId };
  const seat = game.seats[0];
  if (seat && safeEqual(seat.tokenHash, hash)) return { kind: 'seat', gameId, seatId: seat.id, side: seat.side };
  return null;
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
  const created = await deps.db.setting.createMany({ data: [{ key: ADMIN_KEY, value: hashToken(token) }], skipDuplicates: true });
  return created.count === 1 ? token : null; // another process won the race and printed its own
}

/** Whether a bearer token is the operator's. */
export async function isAdminToken(deps: Pick<ServiceDeps, 'db' | 'config'>, bearerToken: string | undefined | null): Promise<boolean> {
  if (!bearerToken) return false;
  const hash = hashToken(bearerToken);
  if (deps.config.ADMIN_TOKEN) return safeEqual(hashToken(deps.config.ADMIN_TOKEN), hash);
  const stored = await deps.db.setting.findUnique({ where: { key: ADMIN_KEY } });
  return !!stored && safeEqual(stored.value, hash);
}
