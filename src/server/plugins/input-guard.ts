/**
 * Limits every request input meets before any work is done on it:
 * - a JSON body is scanned before it is parsed: nested more than {@link MAX_JSON_DEPTH} levels, or holding more
 *   than {@link MAX_JSON_VALUES} values, it is refused (400 `request/too-deep`, `request/too-many-values`); its
 *   size is capped by `BODY_LIMIT` (413) as before;
 * - no string or key of a parsed body (JSON or form), of the query string or of the URL parameters may hold a NUL
 *   character (400 `request/nul-character`: Postgres text cannot store one) or a lone surrogate (400
 *   `request/lone-surrogate`: not a character; Postgres refuses it in JSON and it cannot be written as UTF-8).
 * - no query parameter may be given twice (400 `request/repeated-parameter`).
 * All run before a route's schema, its guards (authentication) and its handler: a refused request touches nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { global } from './global.ts';

/** Deepest nesting of a JSON body (objects and arrays); the deepest legitimate body (a data set) needs 6. */
export const MAX_JSON_DEPTH = 32;
/** Most values (objects, arrays, strings, numbers, literals) in one JSON body. */
export const MAX_JSON_VALUES = 100_000;

/** What is wrong with a JSON text's shape before parsing, or null. Strings are skipped, escapes included. */
export function jsonShapeProblem(text: string): { code: string; message: string; ja: string } | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      values++;
    } else if (c === 0x7b || c === 0x5b) {
      values++;
      if (++depth > MAX_JSON_DEPTH) {
        return {
          code: 'request/too-deep',
          message: `the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`,
          ja: `JSON本文の入れ子が${MAX_JSON_DEPTH}段を超えています`,
        };
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c) values++;
    if (values > MAX_JSON_VALUES) {
      return {
        code: 'request/too-many-values',
        message: `the JSON body holds more than ${MAX_JSON_VALUES} values`,
        ja: `JSON本文の値が${MAX_JSON_VALUES}個を超えています`,
      };
    }
  }
  return null;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Which forbidden character a string holds: a NUL, a lone surrogate, or none. */
function badCharacter(s: string): 'nul' | 'surrogate' | null {
  if (s.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(s) ? 'surrogate' : null;
}

/**
 * The first forbidden character in any string or key of a value, at any depth (Buffers, e.g. raw mail, are bytes
 * and may hold anything). Iterative: the depth of a value decides nothing here.
 */
export function forbiddenCharacter(value: unknown): 'nul' | 'surrogate' | null {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      const bad = badCharacter(v);
      if (bad) return bad;
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      if (Array.isArray(v)) for (const item of v) stack.push(item);
      else {
        for (const key of Object.keys(v)) {
          const bad = badCharacter(key);
          if (bad) return bad;
          stack.push((v as Record<string, unknown>)[key]);
        }
      }
    }
  }
  return null;
}

const CHARACTER_ERRORS = {
  nul: {
    code: 'request/nul-character',
    en: 'the request holds a NUL character (U+0000), which no field accepts',
    ja: 'リクエストにNUL文字（U+0000）があります。どの項目にも使えません',
  },
  surrogate: {
    code: 'request/lone-surrogate',
    en: 'the request holds a lone surrogate (half of a UTF-16 pair, not a character), which no field accepts',
    ja: 'リクエストに対になっていないサロゲート（文字ではないUTF-16の片割れ）があります。どの項目にも使えません',
  },
} as const;

/** A refusal of this guard, with the code and texts the error handler (src/server/plugins/errors.ts) sends. */
class InputRefused extends Error {
  readonly statusCode = 400;
  constructor(
    readonly code: string,
    message: string,
    readonly ja: string,
  ) {
    super(message);
  }
}

/** Whether an error is a refusal of this guard (the error handler answers it with its code). */
export function isInputRefused(error: unknown): error is InputRefused {
  return error instanceof InputRefused;
}

async function inputGuard(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonShapeProblem(body as string);
    if (problem) return done(new InputRefused(problem.code, problem.message, problem.ja), undefined);
    parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // No route takes a query parameter twice; given twice it is an array no handler expects (a token, a link back).
    const query = request.query as Record<string, unknown> | undefined;
    const repeated = query ? Object.keys(query).find((k) => Array.isArray(query[k])) : undefined;
    if (repeated !== undefined) {
      throw new InputRefused(
        'request/repeated-parameter',
        `the query parameter "${repeated}" is given more than once`,
        `クエリのパラメータ「${repeated}」が複数回指定されています`,
      );
    }
    const bad =
      forbiddenCharacter(request.body) ?? forbiddenCharacter(request.query) ?? forbiddenCharacter(request.params);
    if (!bad) return;
    const e = CHARACTER_ERRORS[bad];
    throw new InputRefused(e.code, e.en, e.ja);
  });
}

/** Registers the JSON parser with its limits and the character check, for the whole app. */
export default global(inputGuard, 'input-guard');
