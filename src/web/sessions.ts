/**
 * Browser sessions (WebSession rows), created when a magic link's token is exchanged. The cookie holds a random
 * session key; the table stores only its SHA-256 hash, with the role, the game and seat, and the session's CSRF
 * secret. A seat's session is scoped to its game's pages (cookie path /play/<game>), a console session to /console.
 * A seat's session also keeps the hash of the seat token it was opened with and holds only while the seat's token
 * still has it: replacing the player or rotating the token (src/services/seat-access.ts, which also deletes the
 * rows) ends it at once, even for a sign-in that raced the rotation. A person holding several seats signs in
 * with its own link: its session (role `person`) is bound to the person's token the same way.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceDeps } from '../services/deps.ts';
import { hashToken } from '../services/tokens.ts';

export type SessionRole = 'seat' | 'person' | 'moderator' | 'operator';

/** A live browser session. */
export interface WebSessionInfo {
  id: string;
  role: SessionRole;
  gameId: string | null;
  seatId: string | null;
  personId: string | null;
  csrfSecret: string;
  expiresAt: Date;
}

/** Sessions last this long after the magic link was used (the link itself can be used again). */
export const SESSION_DAYS = 30;

type Deps = Pick<ServiceDeps, 'db' | 'clock'>;

/** What a session is opened for: a seat (with the hash of the token that signed in), a moderator, the operator. */
export type NewSession =
  | { role: 'seat'; gameId: string; seatId: string; seatTokenHash: string }
  | { role: 'person'; gameId: string; personId: string; personTokenHash: string }
  | { role: 'moderator' | 'operator'; gameId?: string | null };

/** Creates a session; returns the cookie value (shown to the browser only) and the session. */
export async function createWebSession(
  deps: Deps,
  input: NewSession,
): Promise<{ key: string; session: WebSessionInfo }> {
  const key = randomBytes(32).toString('base64url');
  const seat =
    input.role === 'seat'
      ? { seatId: input.seatId, seatTokenHash: input.seatTokenHash }
      : { seatId: null, seatTokenHash: null };
  const person =
    input.role === 'person'
      ? { personId: input.personId, personTokenHash: input.personTokenHash }
      : { personId: null, personTokenHash: null };
  const row = await deps.db.webSession.create({
    data: {
      id: hashToken(key),
      role: input.role,
      gameId: input.gameId ?? null,
      ...seat,
      ...person,
      csrfSecret: randomBytes(18).toString('base64'),
      createdAt: deps.clock(),
      expiresAt: new Date(deps.clock().getTime() + SESSION_DAYS * 86_400_000),
    },
  });
  return { key, session: infoOf(row) };
}

function infoOf(row: {
  id: string;
  role: string;
  gameId: string | null;
  seatId: string | null;
  personId: string | null;
  csrfSecret: string;
  expiresAt: Date;
}): WebSessionInfo {
  return {
    id: row.id,
    role: row.role as SessionRole,
    gameId: row.gameId,
    seatId: row.seatId,
    personId: row.personId,
    csrfSecret: row.csrfSecret,
    expiresAt: row.expiresAt,
  };
}

/**
 * The live session of a cookie value, or null (unknown, expired, or a seat's or person's session whose token has
 * changed since it was opened).
 */
export async function findWebSession(deps: Deps, key: string | undefined): Promise<WebSessionInfo | null> {
  if (!key || key.length > 100) return null;
  const row = await deps.db.webSession.findUnique({ where: { id: hashToken(key) } });
  if (!row || row.expiresAt <= deps.clock()) return null;
  if (row.role === 'seat') {
    const holds =
      !!row.seatId &&
      !!row.gameId &&
      !!row.seatTokenHash &&
      (await deps.db.seat.count({ where: { id: row.seatId, gameId: row.gameId, tokenHash: row.seatTokenHash } })) === 1;
    if (!holds) return null;
  }
  if (row.role === 'person') {
    const holds =
      !!row.personId &&
      !!row.gameId &&
      !!row.personTokenHash &&
      (await deps.db.person.count({
        where: { id: row.personId, gameId: row.gameId, tokenHash: row.personTokenHash },
      })) === 1;
    if (!holds) return null;
  }
  return infoOf(row);
}

/** Ends one session (sign-out). */
export async function endWebSession(deps: Deps, key: string | undefined): Promise<void> {
  if (!key) return;
  await deps.db.webSession.deleteMany({ where: { id: hashToken(key) } });
}
