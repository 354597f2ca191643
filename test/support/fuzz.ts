/**
 * Hostile inputs for the fuzz tests (test/api/fuzz.test.ts): the app's routes as fastify registered them, and
 * fast-check arbitraries of strings, URL parameters, query strings, bodies (JSON and not), tokens and raw mails.
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

/**
 * A raw mail as an inbound-mail provider would post it: headers (charsets, encodings, multipart), a recipient that
 * is often a real seat's reply address, order lines of the game's grammar mixed with hostile text and bytes.
 */
export function hostileMail(recipients: string[], senders: string[]): fc.Arbitrary<Buffer> {
  const charset = fc.constantFrom(
    'utf-8',
    'utf-16le',
    'utf-16be',
    'iso-2022-jp',
    'shift_jis',
    'x-unknown',
    'us-ascii',
    'utf-7',
  );
  const encoding = fc.constantFrom('7bit', '8bit', 'base64', 'quoted-printable', 'x-garbage', 'binary');
  const line = fc.oneof(
    fc.constantFrom(
      'PLACE C01 C02 -> WA',
      'PLACE C01 C02 C03 C04 C05 C06 -> CB',
      'ESCORT GB-DD1 U01',
      'UB U01 -> C01 C01 C03',
      'MOVE -> CG',
      'HELP',
      'STATUS',
      'SIGNON abc',
      'APPROVE',
      'REJECT no',
      'REINFORCE U01 U02 U03',
      'STANDING RESPONSE C01 stay',
      '配置 11 WA',
      '> quoted',
      '-- ',
      'END',
      '=E3=81',
      'PLACE NOSUCHUNIT -> CB',
    ),
    hostileString,
  );
  const text = fc.array(line, { maxLength: 12 }).map((l) => l.join('\r\n'));
  const headers = fc.record({
    to: fc.oneof(
      fc.constantFrom(...recipients),
      hostileString.map((s) => s.replace(/[\r\n]/g, '')),
    ),
    from: fc.oneof(
      fc.constantFrom(...senders),
      hostileString.map((s) => s.replace(/[\r\n]/g, '')),
    ),
    id: fc.option(fc.string({ minLength: 1, maxLength: 30 }).map((s) => `<${s.replace(/[\r\n<>\s]/g, '')}fuzz@x>`)),
    subject: fc.oneof(
      hostileString.map((s) => s.replace(/[\r\n]/g, '')),
      fc.constantFrom('=?utf-16?B?2ADYAA==?=', '=?iso-2022-jp?B?GyRCJEgbKEI=?=', 'Re: orders'),
    ),
    charset,
    encoding,
    multipart: fc.boolean(),
    extra: fc.array(
      fc.constantFrom(
        'Auto-Submitted: auto-replied',
        'Precedence: bulk',
        'In-Reply-To: <x@y>',
        'References: <a\u0000@b>',
        'Content-Disposition: attachment',
      ),
      { maxLength: 2 },
    ),
  });
  const body = fc.oneof(
    text.map((t) => Buffer.from(t, 'utf8')),
    text.map((t) => Buffer.from(t, 'utf16le')),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from([0x00, 0xd8, 0x41, 0x00, 0x00, 0x00, 0x0d, 0x0a])), // UTF-16LE: a lone surrogate, A, NUL
    text.map((t) => Buffer.from(Buffer.from(t, 'utf16le').toString('base64'))),
  );
  return fc.tuple(headers, body).map(([h, b]) => {
    const type = `text/plain; charset=${h.charset}`;
    const head = [
      `From: ${h.from}`,
      `To: ${h.to}`,
      ...(h.id ? [`Message-ID: ${h.id}`] : []),
      `Subject: ${h.subject}`,
      'MIME-Version: 1.0',
      ...h.extra,
    ];
    if (!h.multipart)
      return Buffer.concat([
        Buffer.from(
          [...head, `Content-Type: ${type}`, `Content-Transfer-Encoding: ${h.encoding}`, '', ''].join('\r\n'),
          'latin1',
        ),
        b,
      ]);
    const part = Buffer.concat([
      Buffer.from(['--zz', `Content-Type: ${type}`, `Content-Transfer-Encoding: ${h.encoding}`, '', ''].join('\r\n')),
      b,
      Buffer.from('\r\n--zz--\r\n'),
    ]);
    return Buffer.concat([
      Buffer.from([...head, 'Content-Type: multipart/mixed; boundary=zz', '', ''].join('\r\n'), 'latin1'),
      part,
    ]);
  });
}

// ---- bodies shaped like each route's own, so that requests get past the schema to the handlers' checks --------

const UNITS = [
  'C01',
  'C02',
  'C03',
  'C07',
  'C09',
  'GB-DD1',
  'US-DD1',
  'US-DD2',
  'GB-CVE1',
  'AIR1',
  'U01',
  'U02',
  'U05',
  'U12',
  'ZZ9',
];
const AREAS = ['AF', 'AM', 'CB', 'CG', 'WA', 'XX'];
/** A plausible value most of the time, a hostile one sometimes. */
const mostly = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: hostileValue });
const unit = fc.constantFrom(...UNITS);
const area = fc.constantFrom(...AREAS);

/** Atlantic Wolves orders of every field, with real and unknown unit and area ids. */
export const awOrdersLike: fc.Arbitrary<unknown> = fc.record(
  {
    placement: mostly(fc.dictionary(unit, area, { maxKeys: 14 })),
    escorts: mostly(fc.dictionary(unit, fc.array(unit, { maxLength: 3 }), { maxKeys: 4 })),
    ubs: mostly(fc.dictionary(unit, fc.array(unit, { maxLength: 4 }), { maxKeys: 4 })),
    air: mostly(fc.dictionary(unit, fc.array(unit, { maxLength: 3 }), { maxKeys: 2 })),
    response: mostly(fc.oneof(area, fc.constant('stay'))),
    reinforce: mostly(fc.array(unit, { maxLength: 4 })),
    step2: mostly(fc.dictionary(area, fc.integer({ min: -1, max: 13 }), { maxKeys: 5 })),
    step3: mostly(
      fc.dictionary(unit, fc.record({ area, face: fc.constantFrom('up', 'down', 'sideways') }), { maxKeys: 5 }),
    ),
    overflow: mostly(fc.array(unit, { maxLength: 3 })),
    replace: mostly(fc.dictionary(unit, area, { maxKeys: 3 })),
    standing: mostly(
      fc.record(
        {
          responseTable: fc.dictionary(
            unit,
            fc.array(fc.oneof(area, fc.constantFrom('stay', 'ask')), { minLength: 1, maxLength: 3 }),
            { maxKeys: 3 },
          ),
          step2Plan: fc.array(area, { maxLength: 12 }),
          reinforce: fc.array(unit, { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);

const iso = fc.oneof(
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  hostileString,
);
const deadlinesLike = fc.record(
  {
    timeZone: mostly(fc.constantFrom('UTC', 'Asia/Tokyo', 'Mars/Olympus')),
    skipWeekends: mostly(fc.boolean()),
    weekendDays: mostly(fc.array(fc.integer({ min: -1, max: 7 }), { maxLength: 3 })),
    default: mostly(
      fc.record(
        {
          length: mostly(fc.constantFrom('3d', '36h', '30', '-3d', '99999999d', 90_000)),
          at: mostly(fc.constantFrom('20:00', '25:99')),
        },
        { requiredKeys: [] },
      ),
    ),
    steps: mostly(
      fc.dictionary(fc.constantFrom('AW-D5', 'D3', 'x y'), fc.record({ length: fc.constantFrom('1d', '7d') }), {
        maxKeys: 2,
      }),
    ),
  },
  { requiredKeys: [] },
);
const seatLike = (side: string) =>
  fc.record(
    {
      side: mostly(fc.constant(side)),
      email: mostly(fc.constantFrom('a@example.org', 'b@example.org', 'bad')),
      name: mostly(fc.string({ maxLength: 20 })),
      locale: mostly(fc.constantFrom('en', 'ja', 'fr')),
      timeZone: mostly(fc.constantFrom('UTC', 'Asia/Tokyo', 'Mars/Olympus')),
    },
    { requiredKeys: ['side', 'email'] },
  );

/** Bodies shaped like each JSON route's own, by `METHOD url`. */
const JSON_BODIES: Record<string, fc.Arbitrary<unknown>> = {
  'POST /api/games': fc.record(
    {
      game: mostly(fc.constantFrom('atlantic-wolves', 'chess')),
      mode: mostly(fc.constantFrom('mail', 'standard')),
      name: mostly(fc.string({ maxLength: 30 })),
      moderatorEmail: mostly(fc.constantFrom('m@example.org')),
      seats: mostly(fc.tuple(seatLike('allied'), seatLike('german'))),
      deadlines: deadlinesLike,
      review: mostly(fc.constantFrom('auto', 'moderator')),
      options: mostly(fc.constant({})),
      graceSeconds: mostly(fc.nat()),
      reminderHours: mostly(fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 6 })),
    },
    { requiredKeys: ['game', 'mode', 'seats', 'deadlines'] },
  ),
  'POST /api/games/:id/orders': fc.record({ orders: awOrdersLike }),
  'PUT /api/games/:id/seats/:side/orders': fc.record(
    { orders: awOrdersLike, reason: mostly(fc.string({ maxLength: 40 })) },
    { requiredKeys: ['orders'] },
  ),
  'POST /api/games/:id/steps/:n/reject': fc.record({ reason: mostly(fc.string({ minLength: 1, maxLength: 40 })) }),
  'POST /api/games/:id/pause': fc.record({ reason: mostly(fc.string({ maxLength: 40 })) }, { requiredKeys: [] }),
  'PUT /api/games/:id/seats/:side': fc.record(
    {
      email: mostly(fc.constantFrom('new@example.org', 'x')),
      name: mostly(fc.string({ maxLength: 20 })),
      locale: mostly(fc.constantFrom('en', 'ja')),
      timeZone: mostly(fc.constantFrom('UTC', 'Mars/Olympus')),
    },
    { requiredKeys: ['email'] },
  ),
  'PUT /api/games/:id/deadline': fc.record({ deadlineAt: mostly(fc.oneof(iso, fc.constant(null))) }),
  'POST /api/games/:id/deadline/extend': fc.record({ seconds: mostly(fc.integer({ min: -100, max: 6_000_000 })) }),
  'POST /api/games/:id/deadline/shorten': fc.record({ seconds: mostly(fc.integer({ min: -100, max: 6_000_000 })) }),
  'POST /api/games/:id/absences': fc.record({ startsAt: iso, endsAt: iso }),
  'POST /api/games/:id/webhooks': fc.record(
    {
      url: mostly(
        fc.constantFrom(
          'https://example.org/hook',
          'http://127.0.0.1:1/x',
          'ftp://x',
          'https://discord.com/api/webhooks/1/abc',
        ),
      ),
      events: mostly(fc.array(fc.constantFrom('result', 'reminder', 'missed', 'moved', 'nope'), { maxLength: 3 })),
    },
    { requiredKeys: ['url'] },
  ),
};

/** Form fields of the web routes (CSRF token given or not), by `METHOD url`. */
function formBodies(csrf: string): Record<string, fc.Arbitrary<Record<string, string>>> {
  const token = fc.constantFrom(csrf, 'forged', '');
  const field = fc.oneof(
    fc.constantFrom(
      ...UNITS.map((u) => `placement.${u}`),
      'response',
      'text',
      'reason',
      'email',
      'deadlineAt',
      'orders',
    ),
    hostileString,
  );
  const fields = fc.dictionary(field, fc.oneof(area, unit, hostileString), { maxKeys: 8 });
  const text = fc
    .array(
      fc.constantFrom(
        'PLACE C01 C02 -> WA',
        'PLACE C01 C02 C03 C04 C05 C06 -> CB',
        'ESCORT GB-DD1 U01',
        'HELP',
        'PLACE NOSUCHUNIT -> CB',
        '配置 11 WA',
      ),
      { maxLength: 4 },
    )
    .map((l) => l.join('\n'));
  const withToken = (a: fc.Arbitrary<Record<string, string>>) =>
    fc.tuple(token, a).map(([t, f]) => ({ ...f, _csrf: t }));
  return {
    'POST /play/:gameId/orders': withToken(fields),
    'POST /play/:gameId/orders/text': withToken(fc.oneof(text, hostileString).map((t) => ({ text: t }))),
    'POST /console/games': withToken(
      fc.record({
        game: fc.constantFrom('atlantic-wolves', 'x'),
        mode: fc.constantFrom('mail', 'standard'),
        'seat.allied.email': fc.constantFrom('a@example.org', 'bad'),
        'seat.german.email': fc.constant('g@example.org'),
        deadlinesJson: fc.oneof(fc.constantFrom('{"default":{"length":"3d"}}', '{"lenght":1}', '{'), hostileString),
        data: fc.oneof(fc.constant(''), fc.constant(nestedText(40))),
      }),
    ),
  };
}

/** A body for a route: one shaped like the route's own (JSON or form) most of the time, any hostile body otherwise. */
export function bodyFor(route: RouteSpec, csrf: string): fc.Arbitrary<BodySpec> {
  const key = `${route.method} ${route.url}`;
  const json = JSON_BODIES[key];
  const form =
    formBodies(csrf)[key] ??
    (route.url.startsWith('/console/games/') && route.method === 'POST'
      ? formBodies(csrf)['POST /play/:gameId/orders']
      : undefined);
  const shaped: fc.Arbitrary<BodySpec>[] = [];
  if (json)
    shaped.push(
      json.map((v) => ({ kind: 'shaped-json', contentType: 'application/json', payload: JSON.stringify(v) })),
    );
  if (form)
    shaped.push(
      form.map((f) => ({
        kind: 'shaped-form',
        contentType: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(f).toString(),
      })),
    );
  if (!shaped.length) return hostileBody;
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...shaped) }, { weight: 2, arbitrary: hostileBody });
}
