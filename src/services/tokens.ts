/**
 * Secrets: bearer tokens (32 random bytes, base64url), their SHA-256 hashes (only hashes are stored), constant-time
 * comparison, and short unguessable game ids.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh bearer token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two strings in constant time (for equal lengths; different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const BASE32 = 'abcdefghijkmnpqrstuvwxyz23456789'; // no l, o, 0, 1: readable in mail subjects

/** A game id: 10 characters of a 32-letter alphabet (50 bits). */
export function newGameId(): string {
  const bytes = randomBytes(10);
  let id = '';
  for (const b of bytes) id += BASE32[b & 31];
  return id;
}

/** A game's secret seed: 32 random bytes as hex. */
export function newSeedSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * A UUID-shaped id derived from a key (a SHA-256 prefix, version 4 and variant bits set): the same key always gives
 * the same id, so a row written under it twice (work done again after a crash) is one row.
 */
export function uuidFromKey(key: string): string {
  const h = createHash('sha256').update(key, 'utf8').digest('hex');
  const variant = ((parseInt(h[16], 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
