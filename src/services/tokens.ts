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
