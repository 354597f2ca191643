/**
 * The one error handler: every error a client sees is `{ error: { code, message, requestId, details? } }` with a
 * stable code; invalid orders are 422 `{ error: { code: 'orders/invalid', message, requestId, errors: [...] } }`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/faults.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, OrdersInvalidError, ServiceError,
} from '../../services/errors.ts';
import { global } from './global.ts';

/** The body of every error response. */
export interface ErrorBody {
  error: { code: string; message: string; requestId: string; details?: unknown; errors?: unknown };
}

/** Sends an error body with a status. */
export function sendError(reply: FastifyReply, request: FastifyRequest, status: number, code: string, message: string, extra: { details?: unknown; errors?: unknown } = {}): FastifyReply {
  const body: ErrorBody = { error: { code, message, requestId: String(request.id), ...extra } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'request/too-large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'request/unsupported-media-type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'request/bad-length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'request/empty-body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'request/bad-json' },
};

/** Whether a parsed body holds U+0000 in any string or key (Buffers, e.g. raw mail, are bytes and may). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const key in value) if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/**
 * The 503 of a request that met the database away: a warning in the log (not an error with a stack: an outage
 * answers every request so), `Retry-After`, the message in English and Japanese.
 */
function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const e = databaseUnavailable();
  request.log.warn({ code: e.code }, 'database unavailable: answered 503');
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendError(reply, request, e.status, e.code, e.message, { details: e.details });
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  // Postgres text cannot hold U+0000 and nobody types one: refuse it up front rather than fail at the write.
  app.addHook('preValidation', async (request, reply) => {
    if (holdsNul(request.body)) return sendError(reply, request, 400, 'request/nul-character', 'the request holds a NUL character (U+0000), which no field accepts');
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OrdersInvalidError) {
      return sendError(reply, request, 422, error.code, error.message, { errors: error.errors });
    }
    if (error instanceof ServiceError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return sendError(reply, request, error.status, error.code, error.message, error.details === undefined ? {} : { details: error.details });
    }
    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({ path: v.instancePath || '/', message: v.message }));
      return sendError(reply, request, 400, 'request/invalid', `the request does not match the schema (${error.validationContext ?? 'body'})`, { details });
    }
    if (error.validation) {
      return sendError(reply, request, 400, 'request/invalid', error.message);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendError(reply, request, known.status, known.code, error.message);
    if (error instanceof SyntaxError) return sendError(reply, request, 400, 'request/bad-json', 'the body is not valid JSON');
    if (error.statusCode === 429) return sendError(reply, request, 429, 'request/rate-limited', error.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, request, error.statusCode, `request/${error.code ?? 'error'}`, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 500, 'internal', 'internal error: quote the request id when reporting it');
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, request, 404, 'route/not-found', `no route ${request.method} ${request.url.split('?')[0]}`));
}

/** Registers the error and not-found handlers for the whole app. */
export default global(errorsPlugin, 'errors');
