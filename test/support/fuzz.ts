/**
 * Hostile inputs for the fuzz tests (test/api/fuzz.test.ts): the app's routes as fastify registered them, and
 * fast-check arbitraries of strings, URL parameters, query strings and bodies (JSON and not). Raw mails are in
 * fuzz-mail.ts, bodies shaped like each route's own in fuzz-bodies.ts.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/** One route of the app: method and URL pattern (`/api/games/:id/orders`). */
export interface RouteSpec {
  method: string;
  url: string;
}

/**
 * Every route of the app, read from fastify's own route tree (`printRoutes`), HEAD left out (fastify answers it
 * as GET). Each line of the tree is a path segment appended to its parent's path, with its methods.
 */
export function routesOf(app: FastifyInstance): RouteSpec[] {
  const out: RouteSpec[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = url;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push({ method, url });
  }
  return out;
}

/** Strings people and attackers send: empty, huge, NUL, lone surrogates, control characters, look-alikes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udc00y',
      '\udfff\ud800',
      '\ud83d\udc3a',
      '../../etc/passwd',
      '%',
      '%00',
      '%zz',
      'Mars/Olympus',
      'Asia/Tokyo',
      '99999999d',
      '-3d',
      '30',
      '25:99',
      '20:00',
      'C01',
      'U01',
      'WA',
      'allied',
      'german',
      'stay',
      'ask',
      'AW-D5',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: hostile input, template syntax no server may evaluate
      '${7*7}',
      '__proto__',
      'constructor',
      '2026-01-01T00:00:00Z',
      '1970-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      'not-a-date',
      'http://127.0.0.1/',
      'https://example.org/hook',
      'a@example.org',
      'not-an-email',
      '\u202e\u200b',
      'ｕｎｉｃｏｄｅ',
      '配置',
      'NaN',
    ),
  },
  { weight: 1, arbitrary: fc.nat({ max: 70_000 }).map((n) => 'x'.repeat(n)) },
);

/** A URL component for a string, lone surrogates included (as the bytes a client would send, which do not decode). */
export function encodeParam(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .split('')
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

/** The names of fields the routes take, so that generated objects often reach the handlers' own checks. */
const FIELDS = [
  'orders',
  'placement',
  'step2',
  'step3',
  'overflow',
  'replace',
  'response',
  'air',
  'escorts',
  'ubs',
  'reinforce',
  'standing',
  'responseTable',
  'step2Plan',
  'reason',
  'email',
  'name',
  'locale',
  'timeZone',
  'deadlineAt',
  'seconds',
  'url',
  'events',
  'startsAt',
  'endsAt',
  'game',
  'mode',
  'seats',
  'side',
  'deadlines',
  'default',
  'length',
  'at',
  'steps',
  'skipWeekends',
  'weekendDays',
  'review',
  'options',
  'data',
  'raw',
  'encoding',
  'envelopeFrom',
  'envelopeTo',
  'text',
  '_csrf',
  'token',
  'pick',
  'note',
  'C01',
  'U01',
  'GB-DD1',
  '__proto__',
  'lenght',
  '',
];

/** Any JSON-able value, weighted towards the shapes the routes take, at most `depth` levels deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 2, 3, 6, 12, 1e15, -1e15, Number.MAX_SAFE_INTEGER)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), hostileString), tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** `{"a":` nested `depth` times around a leaf: the deep bodies that once broke the server. */
export const nestedText = (depth: number, leaf = '1', open = '{"a":', close = '}'): string =>
  open.repeat(depth) + leaf + close.repeat(depth);

/** A request body as sent: content type (or none) and payload text. */
export interface BodySpec {
  contentType?: string;
  payload?: string;
  kind: string;
}

/** Bodies: generated JSON, deep nesting, raw escapes (surrogates, NUL), broken JSON, other media types, none. */
export const hostileBody: fc.Arbitrary<BodySpec> = fc.oneof(
  {
    weight: 5,
    arbitrary: hostileValue.map((v) => ({
      kind: 'json',
      contentType: 'application/json',
      payload: JSON.stringify(v) ?? 'null',
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ depth: fc.integer({ min: 20, max: 6000 }), leaf: fc.constantFrom('1', '"\\u0000"', '"\\ud800"', '[]') })
      .map(({ depth, leaf }) => ({
        kind: 'deep',
        contentType: 'application/json',
        payload: `{"orders":${nestedText(depth, leaf)},"reason":${nestedText(depth, leaf, '[', ']')}}`,
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...FIELDS),
        fc.constantFrom('"\\ud800"', '"a\\u0000"', '"\\udc00x"', '{"\\ud800":1}', '{"k\\u0000":1}'),
      )
      .map(([k, v]) => ({
        kind: 'escape',
        contentType: 'application/json',
        payload: `{"${k}":${v},"orders":{"placement":{"C01":${v}}}}`,
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 60 })
      .map((s) => ({ kind: 'broken-json', contentType: 'application/json', payload: s })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'message/rfc822',
          'application/octet-stream',
          'text/csv',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
        ),
        hostileString,
      )
      .map(([contentType, s]) => ({ kind: 'other', contentType, payload: s })),
  },
  { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
);

/** A query string of hostile keys and values (or none). */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom('token', 'to', 'back', 'x', 'n', 'saved', '__proto__'), hostileString), {
        minLength: 1,
        maxLength: 3,
      })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeParam(v)}`).join('&')}`),
  },
);
