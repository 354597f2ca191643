/**
 * Domain errors with a stable code and the HTTP status they map to. Services throw them; the server's one error
 * handler turns them into `{ error: { code, message, requestId, details? } }`.
 */
import type { RuleError } from '../engine/types.ts';

/** An error a client may see: `code` is stable and namespaced (e.g. `game/not-found`). */
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/**
 * A rule error of submitted orders; `seat` names the seat it concerns when one request carried several seats'
 * orders (a person's: its `path` then starts with the seat).
 */
export type OrdersError = RuleError & { seat?: string };

/** The 422 of invalid orders: every rule error the engine found. */
export class OrdersInvalidError extends ServiceError {
  constructor(readonly errors: OrdersError[]) {
    super('orders/invalid', 422, `the orders have ${errors.length} problem(s)`);
  }
}

/**
 * A stored game whose package is not installed in this service (its id is in no registry the deps know): a fault of
 * the installation, not of the request, hence 500 with the stable code `game/unknown-game`.
 */
export class GameNotInstalledError extends ServiceError {
  constructor(readonly gamePackage: string) {
    super('game/unknown-game', 500, `game "${gamePackage}" is not installed`);
    this.name = 'GameNotInstalledError';
  }
}

export const notFound = (what: string, code = 'game/not-found'): ServiceError =>
  new ServiceError(code, 404, `${what} not found`);
export const conflict = (code: string, message: string, details?: unknown): ServiceError =>
  new ServiceError(code, 409, message, details);
export const forbidden = (code: string, message: string): ServiceError => new ServiceError(code, 403, message);
export const unauthorized = (): ServiceError =>
  new ServiceError('auth/unauthorized', 401, 'a valid bearer token of this game is required');
export const badRequest = (code: string, message: string, details?: unknown): ServiceError =>
  new ServiceError(code, 400, message, details);

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The words of the 503 answered while the database is away (en and ja, as every player-facing text). */
export const DATABASE_UNAVAILABLE_MESSAGE = {
  en: 'the database is unavailable for a moment: try again in a few seconds',
  ja: 'データベースに一時的に接続できません。数秒後にもう一度お試しください。',
} as const;

/** The 503 of a request that met the database away (restarting, crashed, unreachable): safe to retry. */
export const databaseUnavailable = (): ServiceError =>
  new ServiceError('service/database-unavailable', 503, DATABASE_UNAVAILABLE_MESSAGE.en, {
    message: DATABASE_UNAVAILABLE_MESSAGE,
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
