/** Small helpers for API tests: creating a game, submitting orders, reading JSON. */
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { bearerOf } from './app.ts';

/** A created game with an Authorization header per role. */
export interface GameHandle {
  id: string;
  moderator: { authorization: string };
  seat: Record<string, { authorization: string }>;
  tokens: Record<string, string>;
  body: Record<string, unknown>;
}

/** Creates a game through the API (201 expected). */
export async function createGameVia(t: TestApp, payload: Record<string, unknown>): Promise<GameHandle> {
  const res = await t.app.inject({ method: 'POST', url: '/api/games', headers: t.adminAuth, payload });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const seat: GameHandle['seat'] = {};
  const tokens: Record<string, string> = {};
  for (const s of body.seats) {
    seat[s.side] = bearerOf(s.token);
    tokens[s.side] = s.token;
  }
  return { id: body.id, moderator: bearerOf(body.moderatorToken), seat, tokens, body };
}

/** The toy game with two seats. */
export const toyPayload = (extra: Record<string, unknown> = {}) => ({
  game: 'toy',
  mode: 'mail',
  seats: [
    { side: 'a', email: 'a@example.org', name: 'Alice' },
    { side: 'b', email: 'b@example.org', name: 'Bob', locale: 'ja', timeZone: 'Asia/Tokyo' },
  ],
  ...extra,
});

/** POSTs orders as a role; returns the response. */
export function postOrders(t: TestApp, gameId: string, auth: { authorization: string }, orders: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/games/${gameId}/orders`, headers: auth, payload: { orders } });
}
