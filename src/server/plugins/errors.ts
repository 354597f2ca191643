/**
 * The one error handler: every error a client sees is `{ error: { code, message, messages: { en, ja }, requestId,
 * details? } }` with a stable code; invalid orders are 422 `{ error: { code: 'orders/invalid', message, messages,
 * requestId, errors: [...] } }`; a request that does not match its route's schema is 400 with every problem in
 * `details` (`{ path, code, message: { en, ja } }`).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/faults.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  OrdersInvalidError,
  ServiceError,
} from '../../services/errors.ts';
import { inputIssuesOfValidation, invalidCode, type InputSections } from '../../services/input-issues.ts';
import { errorText } from '../error-text.ts';
import { global } from './global.ts';
import { isInputRefused } from './input-guard.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Parts of the route's body whose problems have codes of their own (e.g. `{ deadlines: 'deadlines' }`). */
    inputSections?: InputSections;
  }
}

/** The body of every error response. */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    messages: { en: string; ja: string };
    requestId: string;
    details?: unknown;
    errors?: unknown;
  };
}

/**
 * Sends an error body with a status. `message` is the English message; `ja` its Japanese (by default the text of
 * the code, src/server/error-text.ts).
 */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  message: string,
  extra: { details?: unknown; errors?: unknown; ja?: string } = {},
): FastifyReply {
  const { ja, ...rest } = extra;
  const messages = { en: message, ja: ja ?? errorText(code).ja };
  const body: ErrorBody = { error: { code, message, messages, requestId: String(request.id), ...rest } };
  // The header too (context.ts sets it on every response; errors raised before routing skip its hook).
  return reply
    .code(status)
    .header('x-request-id', String(request.id))
    .type('application/json; charset=utf-8')
    .send(body);
}

const FASTIFY_CODES: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'request/too-large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'request/unsupported-media-type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'request/bad-length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'request/empty-body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'request/bad-json' },
  FST_ERR_BAD_URL: { status: 400, code: 'request/bad-url' },
};

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
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OrdersInvalidError) {
      return sendError(reply, request, 422, error.code, error.message, { errors: error.errors });
    }
    if (error instanceof ServiceError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return sendError(
        reply,
        request,
        error.status,
        error.code,
        error.message,
        error.details === undefined ? {} : { details: error.details },
      );
    }
    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply);
    if (isInputRefused(error)) return sendError(reply, request, 400, error.code, error.message, { ja: error.ja });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = inputIssuesOfValidation(error.validation, request.routeOptions.config?.inputSections);
      const code = invalidCode(details);
      const where = error.validationContext ?? 'body';
      const whereJa =
        { body: '本文', querystring: 'クエリ文字列', params: 'URLパラメータ', headers: 'ヘッダー' }[where] ?? where;
      const first = details[0] ? ` (${details[0].path}: ${details[0].message.en})` : '';
      return sendError(
        reply,
        request,
        400,
        code,
        `the request's ${where} does not match the schema: ${details.length} problem(s)${first}`,
        {
          details,
          ja: `リクエストの${whereJa}が仕様に合いません（${details.length}件）`,
        },
      );
    }
    if (error.validation) {
      return sendError(reply, request, 400, 'request/invalid', error.message);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendError(reply, request, known.status, known.code, error.message);
    if (error instanceof SyntaxError)
      return sendError(reply, request, 400, 'request/bad-json', 'the body is not valid JSON');
    if (error.statusCode === 429) return sendError(reply, request, 429, 'request/rate-limited', error.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, request, error.statusCode, `request/${error.code ?? 'error'}`, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 500, 'internal', 'internal error: quote the request id when reporting it');
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, request, 404, 'route/not-found', `no route ${request.method} ${request.url.split('?')[0]}`),
  );
}

/** Registers the error and not-found handlers for the whole app. */
export default global(errorsPlugin, 'errors');
