/**
 * Checks real responses against the app's own OpenAPI document (/docs/json): each response of a documented
 * operation must have a status the operation lists, a body its schema for that status allows (Ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 writes it), and the body the route's handler gave, unchanged by fastify's serializer
 * (a field a schema forgets is dropped silently by the serializer: this catches it). `recorder` is the app plugin
 * that remembers, per request id, the route and the handler's value; `checker.check(res)` judges one response.
 */
import type { ValidateFunction } from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { global } from '../../src/server/plugins/global.ts';

type Json = Record<string, unknown>;

// Both are CommonJS modules whose export is also their `default` (the form TypeScript sees under NodeNext).
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

/** What the recorder saw of one request. */
interface Seen {
  method: string;
  /** The route's path pattern (`/api/games/:id`), absent when no route matched. */
  route?: string;
  /** The handler's value as JSON, before the serializer (absent for a string or empty body). */
  handed?: unknown;
}

/** An operation of the document, with the statuses seen answered. */
export interface Operation {
  id: string;
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: Json }>; headers?: Record<string, Json> }>;
}

/** The OpenAPI path of a fastify route pattern: `/api/games/:id` → `/api/games/{id}`. */
const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

/** A recorder plugin and the checker that reads what it records. */
export function openApiChecker() {
  const seen = new Map<string, Seen>();
  const recorder: FastifyPluginAsync = global(async (app: FastifyInstance) => {
    app.addHook('preSerialization', async (request, _reply, payload) => {
      const entry = seen.get(String(request.id));
      if (entry) entry.handed = JSON.parse(JSON.stringify(payload));
      return payload;
    });
    app.addHook('onRequest', async (request) => {
      seen.set(String(request.id), { method: request.method, route: request.routeOptions.url });
    });
  }, 'openapi-recorder');

  let operations = new Map<string, Operation>();
  const validators = new Map<string, ValidateFunction>();
  /** operationId → statuses seen answered and checked. */
  const covered = new Map<string, Set<string>>();
  let ajv: InstanceType<typeof Ajv2020>;
  let components: Json = {};

  /** Reads the document of the app (after it is ready). */
  async function load(app: FastifyInstance): Promise<Json> {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Json & { paths: Record<string, Record<string, Json>>; components: Json };
    components = doc.components;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    operations = new Map();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const id = op.operationId as string;
        operations.set(`${method.toUpperCase()} ${path}`, {
          id,
          method: method.toUpperCase(),
          path,
          responses: op.responses as Operation['responses'],
        });
      }
    }
    return doc;
  }

  /** A component the document refers to (`#/components/headers/RequestId`). */
  function resolve(ref: string): unknown {
    return ref
      .replace('#/components/', '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], components);
  }

  /** The validator of one response schema, with the document's components reachable by `#/components/...`. */
  function validatorOf(key: string, schema: Json): ValidateFunction {
    const known = validators.get(key);
    if (known) return known;
    const compiled = ajv.compile({ ...schema, components });
    validators.set(key, compiled);
    return compiled;
  }

  /**
   * Judges one response: its operation (if its route is documented), its status, its body against the schema of
   * that status, and the body against the handler's value. Returns the operation id, or null for no operation.
   */
  function check(res: LightMyRequestResponse): string | null {
    const entry = seen.get(String(res.headers['x-request-id']));
    expect(entry, `no record of request ${res.headers['x-request-id']}`).toBeDefined();
    if (!entry?.route) return null; // no route matched (404 route/not-found): not an operation
    const op = operations.get(`${entry.method} ${openApiPath(entry.route)}`);
    if (!op) return null; // a hidden route (a page, the calendar feed)
    const status = String(res.statusCode);
    const where = `${op.id} (${entry.method} ${op.path}) answered ${status}: ${res.body.slice(0, 600)}`;
    expect(Object.keys(op.responses), `${where}\nthis status is not documented`).toContain(status);
    for (const [name, header] of Object.entries(op.responses[status].headers ?? {})) {
      const declared = (header.$ref ? resolve(String(header.$ref)) : header) as { required?: boolean };
      if (declared.required) expect(res.headers, `${where}\nno ${name} header`).toHaveProperty(name.toLowerCase());
    }
    const content = op.responses[status].content;
    if (status === '204') expect(res.body, where).toBe('');
    else if (content?.['application/json']) {
      expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
      const body = res.json();
      const validate = validatorOf(`${op.id} ${status}`, content['application/json'].schema ?? {});
      const valid = validate(body);
      expect(validate.errors ?? [], `${where}\ndoes not match its documented schema`).toEqual([]);
      expect(valid).toBe(true);
      // What the client got is what the handler gave: the serializer dropped or changed nothing.
      if (entry.handed !== undefined)
        expect(body, `${where}\nthe serializer changed the handler's value`).toEqual(entry.handed);
    } else {
      const [type] = Object.keys(content ?? {});
      expect(type, `${where}\nno body is documented`).toBeDefined();
      expect(String(res.headers['content-type']), where).toContain(type);
    }
    const statuses = covered.get(op.id) ?? new Set<string>();
    statuses.add(status);
    covered.set(op.id, statuses);
    return op.id;
  }

  return { recorder, load, check, operations: () => [...operations.values()], covered };
}

export type OpenApiChecker = ReturnType<typeof openApiChecker>;
