/**
 * Browser sessions (WebSession rows), created when a magic link's token is exchanged. The cookie holds a random
 * session key; the table stores only its SHA-256 hash, with the role, the game and seat, and the session's CSRF
 * secret. A seat's session is scoped to its game's pages (cookie path /play/<game>), a console session to /console.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceDeps } from '../services/deps.ts';
import { hashToken } from '../services/tokens.ts';

export type SessionRole = 'seat' | 'moderator' | 'operator';

/** A live browser session. */
export interface WebSessionInfo {
  id: string;
  role: SessionRole;
  gameId: string | null;
  seatId: string | null;
  csrfSecret: string;
  expiresAt: Date;
}

/** Sessions last this long after the magic link was used (the link itself can be used again). */
export const SESSION_DAYS = 30;

type Deps = Pick<ServiceDeps, 'db' | 'clock'>;

/** Creates a session; returns the cookie value (shown to the browser only) and the session. */
export async function createWebSession(deps: Deps, input: { role: SessionRole; gameId?: string | null; seatId?: string | null }): Promise<{ key: string; session: WebSessionInfo }> {
  const key = randomBytes(32).toString('base64url');
  const row = await deps.db.webSession.create({
    data: {
      id: hashToken(key),
      role: input.role,
      gameId: input.gameId ?? null,
      seatId: input.seatId ?? null,
      csrfSecret: randomBytes(18).toString('base64'),
      createdAt: deps.clock(),
      expiresAt: new Date(deps.clock().getTime() + SESSION_DAYS * 86_400_000),
    },
  });
  return { key, session: { ...row, role: row.role as SessionRole } };
}

/** The live session of a cookie value, or null (unknown or expired). */
export async function findWebSession(deps: Deps, key: string | undefined): Promise<WebSessionInfo | null> {
  if (!key || key.length > 100) return null;
  const row = await deps.db.webSession.findUnique({ where: { id: hashToken(key) } });
  if (!row || row.expiresAt <= deps.clock()) return null;
  return { ...row, role: row.role as SessionRole };
}

/** Ends one session (sign-out). */
export async function endWebSession(deps: Deps, key: string | undefined): Promise<void> {
  if (!key) return;
  await deps.db.webSession.deleteMany({ where: { id: hashToken(key) } });
}

/** Ends every session of a seat (its player was replaced or its token rotated). */
export async function endSeatSessions(deps: Deps, seatId: string): Promise<number> {
  const r = await deps.db.webSession.deleteMany({ where: { seatId } });
  return r.count;
}
