/**
 * Bearer-token authentication of API calls. `request.principal` is set by the guards below for routes under
 * /api/games/:id: the game's moderator, one of its seats (a seat token acts only for its seat and game), or a
 * person holding several of its seats (its token acts for those seats only). A route declares its guard as its
 * `preValidation` hook: a caller without the right token gets 401 (or 403) before its body or parameters are
 * validated, so nobody learns a route's schema without a token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, isAdminToken, rememberedSeat, rememberSeat, type Principal } from '../../services/auth.ts';
import { hashToken } from '../../services/tokens.ts';
import { ServiceError, unauthorized } from '../../services/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller of the game in the route (set by a guard). */
    principal?: Principal;
  }
}

/** The bearer token of a request (Authorization: Bearer <token>), or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

async function principalOf(request: FastifyRequest): Promise<Principal> {
  const { id } = request.params as { id: string };
  const principal = await authenticate(request.server.deps, id, bearerToken(request));
  if (!principal) throw unauthorized();
  request.principal = principal;
  return principal;
}

/** Guard: the game's moderator or one of its seats. */
export async function anyGameRole(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await principalOf(request);
}

/** Guard: the game's moderator only. */
export async function moderatorOnly(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const p = await principalOf(request);
  if (p.kind !== 'moderator')
    throw new ServiceError('auth/moderator-only', 403, 'only the moderator of this game may do this');
}

const seatOnlyError = () =>
  new ServiceError(
    'auth/seat-only',
    403,
    'only a seat submits its own orders (the moderator amends with PUT /api/games/:id/seats/:side/orders)',
  );

/**
 * Guard: one seat of the game only, by its own token (the moderator amends orders through its own route; a person's
 * token, which stands for several seats, is refused too: use the seat's token).
 */
export async function seatOnly(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const p = await principalOf(request);
  if (p.kind !== 'seat') throw seatOnlyError();
}

/**
 * Guard of order submission: a seat, or a person for its seats (never the moderator: see `seatOnly`). A seat token
 * that authenticated here before is taken without a query (`tokenHashToCheck` set): the submission's write stores
 * nothing unless the token still holds, and any refusal checks it first (submitOrders), so a rotated or replaced
 * token still gets 401 at once. A person's token is checked on every submission.
 */
export async function seatSubmitting(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  const { id } = request.params as { id: string };
  const hash = token ? hashToken(token) : null;
  const known = hash ? rememberedSeat(id, hash) : null;
  if (known) {
    request.principal = known;
    return;
  }
  const p = await principalOf(request);
  if (p.kind === 'moderator') throw seatOnlyError();
  if (hash && p.kind === 'seat') rememberSeat(p, hash);
}

/** Guard: a player of the game (one seat, or a person for its seats), never the moderator. */
export async function playerOnly(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const p = await principalOf(request);
  if (p.kind === 'moderator') throw seatOnlyError();
}

/** A seat the player holds (its first, for a person): absences and the like are the person's, whichever seat. */
export function playerSeat(p: Principal): string {
  if (p.kind === 'seat') return p.seatId;
  if (p.kind === 'person') return p.seats[0].seatId;
  throw seatOnlyError();
}

/** Guard: the operator (ADMIN_TOKEN). */
export async function operatorOnly(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new ServiceError('auth/unauthorized', 401, 'the operator token (ADMIN_TOKEN) is required');
  if (!(await isAdminToken(request.server.deps, token)))
    throw new ServiceError('auth/unauthorized', 401, 'the operator token (ADMIN_TOKEN) is required');
}

/** The principal a guard has set (routes behind a guard only). */
export function principal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
