/**
 * The OpenAPI document of the API (served at /docs/json, shown at /docs): one operation per JSON route, each with
 * an `operationId`, every status it can answer and the schema of each body, the shared objects as components, and
 * the orders of each installed game (its `ordersSchema`) as a component of its own. HTML pages, the calendar feeds
 * and the development mail sink are hidden (`schema.hide`); a route without `hide` must name its operation.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { gameOrdersComponents } from './orders-schema.ts';
import { errorBody } from './shared-schemas.ts';

type JsonObject = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request bodies of a route that reads its body itself (not through a schema), by content type, as the
     * document shows them: `{ 'application/json': { schema: <JSON Schema> }, ... }`.
     */
    openapiBody?: Record<string, { schema: JsonObject }>;
  }
}

/** What each status of the standard error body means, as the document says it (docs/api.md lists the codes). */
const ERROR_STATUS_TEXT: Record<string, string> = {
  400: 'the request is malformed or does not match the schema (request/invalid with every problem in details, request/bad-json, request/repeated-parameter, request/nul-character, ...)',
  401: 'no token, a wrong one, or a token of another game (auth/unauthorized)',
  403: 'the token acts for another role (auth/moderator-only, auth/seat-only, auth/not-your-seat)',
  404: 'not found (step/not-found, seat/not-found, absence/not-found, webhook/not-found, ...)',
  409: 'the game is not in a state that allows this (game/paused, game/finished, step/not-open, step/not-current, ...)',
  413: 'the body is larger than BODY_LIMIT (request/too-large)',
  415: 'the body is not of a type this route reads (request/unsupported-media-type)',
  422: 'refused by the rules (orders/invalid with every problem in errors; game/unknown-game, game/seats, ...)',
  429: 'too many requests from this address (request/rate-limited, when RATE_LIMIT_PER_MINUTE is set)',
  500: 'a fault of the service (internal): quote the request id',
  503: 'the database is away for a moment (service/database-unavailable): retry after Retry-After seconds',
};

/** Methods whose requests carry a body fastify parses (and so may be too large, or of a type it does not read). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses every documented operation can answer whatever it does: a malformed request (the input guard
 * reads every query and URL), a rate limit, a fault, the database away; a body too large or of an unread type.
 */
function standardErrors(methods: string[]): number[] {
  const body = methods.some((m) => BODY_METHODS.has(m.toUpperCase()));
  return [400, ...(body ? [413, 415] : []), 429, 500, 503];
}

/** Adds the standard error statuses to a documented route's responses (the route's own answers come first). */
function addStandardErrors(route: RouteOptions): void {
  const schema = route.schema as (JsonObject & { operationId?: string; response?: JsonObject }) | undefined;
  if (!schema?.operationId) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const response = { ...schema.response };
  for (const status of standardErrors(methods)) response[status] ??= errorBody;
  schema.response = response;
}

/** Every `$ref` target under a value. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.add(v.replace('#/components/schemas/', ''));
      else refsIn(v, found);
    }
  }
  return found;
}

/** The components reachable from the operations (each shared schema is registered for input and output alike). */
function reachableSchemas(paths: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const kept = new Set<string>();
  let next = refsIn(paths, new Set());
  while (next.size) {
    const more = new Set<string>();
    for (const name of next) {
      if (kept.has(name) || !(name in schemas)) continue;
      kept.add(name);
      refsIn(schemas[name], more);
    }
    next = more;
  }
  return Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .filter((name) => kept.has(name))
      .map((n) => [n, schemas[n]]),
  );
}

type TransformArg = Parameters<typeof jsonSchemaTransform>[0];

/** One route into the document: hidden, or an operation with an id and a description of each error status. */
function documentRoute(arg: TransformArg) {
  const { schema, url, route } = arg as TransformArg & { route: RouteOptions };
  const hidden = !schema || (schema as { hide?: boolean }).hide;
  if (!hidden && !(schema as { operationId?: string }).operationId) {
    throw new Error(`${String(route?.method)} ${url}: a documented route needs an operationId (or schema.hide)`);
  }
  const out = jsonSchemaTransform(arg);
  const body = (route?.config as { openapiBody?: JsonObject } | undefined)?.openapiBody;
  if (body && !hidden) (out.schema as JsonObject).body = { content: body };
  const response = (out.schema as { response?: Record<string, JsonObject> }).response ?? {};
  for (const [status, body] of Object.entries(response)) {
    if (body.$ref === '#/components/schemas/Error' && ERROR_STATUS_TEXT[status])
      response[status] = { ...body, description: ERROR_STATUS_TEXT[status] };
  }
  return out;
}

/** The response headers the document names: the request id on every answer, Retry-After where a retry is due. */
const HEADERS = {
  RequestId: {
    description: "the request id (the client's own x-request-id when it is sane): in every log line of the request",
    required: true,
    schema: { type: 'string' },
  },
  RetryAfter: { description: 'seconds to wait before trying again', required: true, schema: { type: 'string' } },
};

/** The reason phrase of a success status, for a response the route gave no description. */
const SUCCESS_TEXT: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };

type Responses = Record<string, JsonObject>;

/**
 * Each response's headers (`x-request-id` always; `Retry-After` on a 429 and on the database's 503) and a
 * description for a success the route did not describe.
 */
function describeResponses(paths: Record<string, Record<string, { operationId?: string; responses?: Responses }>>) {
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const retry = status === '429' || (status === '503' && op.operationId !== 'getHealth');
        response.headers = { 'x-request-id': ref('RequestId'), ...(retry ? { 'retry-after': ref('RetryAfter') } : {}) };
        if (response.description === 'Default Response' && SUCCESS_TEXT[status])
          response.description = SUCCESS_TEXT[status];
      }
    }
  }
}

/** The whole document: the shared components that operations use, each game's orders, the response headers. */
function documentObject(arg: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const doc = jsonSchemaTransformObject(arg) as JsonObject & { paths?: unknown; components?: JsonObject };
  const schemas = { ...(doc.components?.schemas as JsonObject), ...gameOrdersComponents() };
  describeResponses((doc.paths ?? {}) as Parameters<typeof describeResponses>[0]);
  const components = { ...doc.components, schemas: reachableSchemas(doc.paths, schemas), headers: HEADERS };
  return { ...doc, components } as ReturnType<typeof jsonSchemaTransformObject>;
}

const TAGS = [
  {
    name: 'games',
    description: 'Create a game (operator); read it, its history and its record (moderator, seat, person)',
  },
  { name: 'orders', description: "A seat's or a person's orders for the current step" },
  { name: 'moderation', description: "The moderator's actions, each audited" },
  { name: 'deadlines', description: 'Absences, deadline moves, punctuality, webhooks' },
  { name: 'mail', description: 'The inbound-mail door of order mails' },
  { name: 'service', description: 'Health and metrics' },
];

/**
 * Registers the document and its UI (/docs). Call before the routes: the standard error statuses are added to each
 * documented route as it is declared (so fastify also serializes those bodies by the Error schema).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', addStandardErrors);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PBEM wargames adjudication API',
        version: '1',
        description:
          'Every error answers the Error schema with a stable code and the message in English and Japanese; ' +
          'every response carries x-request-id. docs/api.md tells the codes, the record format and the orders.',
      },
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: documentRoute,
    transformObject: documentObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
