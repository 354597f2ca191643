/**
 * Fuzzing every route of the app (listed from fastify's own route tree) and the mail intake (the HTTP door of the
 * intake pipeline) with generated hostile input: random JSON, deep nesting, huge strings, lone surrogates, NUL,
 * wrong types, broken JSON, other media types, wrong and rotated tokens, hostile URL parameters and query strings,
 * raw mails in every charset and transfer encoding. Asserted: no 5xx, no mail that ends `failed`, and nothing
 * half-written: a refused request leaves the row counts of every table as they were, and the games stay whole.
 * The counts (requests per route, statuses) are printed. FUZZ_RUNS (per route) and FUZZ_SEED change the run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bearerOf, buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { createGameVia, type GameHandle } from '../support/api-helpers.ts';
import type { Envelope } from '../../src/engine/step-runner.ts';
import type { AwState } from '../../src/games/atlantic-wolves/index.ts';
import { randomLegalOrders } from '../../src/games/atlantic-wolves/orders/random-orders.ts';
import { encodeParam, hostileQuery, hostileString, routesOf, type BodySpec, type RouteSpec } from '../support/fuzz.ts';
import { bodyFor } from '../support/fuzz-bodies.ts';
import { hostileMail } from '../support/fuzz-mail.ts';
import { mutatedJson, mutation, TEMPLATES, type Mutation } from '../support/fuzz-mutate.ts';
import { clip, countsText, mulberry32, RequestTally, reporter } from '../support/fuzz-report.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const MAIL_RUNS = Number(process.env.FUZZ_MAIL_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20260101);
const WEBHOOK = 'fuzz-webhook-secret-0123456789';

let t: TestApp;
let games: GameHandle[] = [];
/** Current bearer tokens by role (updated when a fuzzed request rotates or replaces a seat's). */
const tokens: Record<string, string> = {};
let seatCookie = '';
let consoleCookie = '';
const csrf = { play: '', console: '' };
let calendarFile = '';
const mailRecipients: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      MAIL_DOMAIN: 'judge.test',
      MAIL_FROM: 'Judge <judge@judge.test>',
      INBOUND_WEBHOOK_TOKEN: WEBHOOK,
      MAIL_REPLY_LIMIT_PER_HOUR: 1000,
    },
  });
  const seats = [
    { side: 'allied', email: 'ally@example.org', name: 'Ally' },
    { side: 'german', email: 'wolf@example.jp', locale: 'ja', timeZone: 'Asia/Tokyo' },
  ];
  games = [
    await createGameVia(t, {
      game: 'atlantic-wolves',
      mode: 'mail',
      seats,
      moderatorEmail: 'mod@example.org',
      deadlines: { default: { length: '3d' } },
    }),
    await createGameVia(t, { game: 'atlantic-wolves', mode: 'standard', review: 'moderator', seats }),
  ];
  games.forEach((g, i) => {
    tokens[`mod${i}`] = g.body.moderatorToken as string;
    for (const side of ['allied', 'german']) tokens[`${side}${i}`] = g.tokens[side];
  });
  for (const s of await t.db.seat.findMany({ where: { gameId: games[0].id } })) {
    mailRecipients.push(`orders+${s.mailToken}@judge.test`);
    calendarFile = `${s.calendarToken}.ics`;
  }
  mailRecipients.push('orders@judge.test', 'someone@example.org');
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
  const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  seatCookie = cookieOf(await t.app.inject({ method: 'GET', url: `/play/${games[0].id}?token=${tokens.allied0}` }));
  csrf.play = tokenOf(
    (await t.app.inject({ method: 'GET', url: `/play/${games[0].id}`, headers: { cookie: seatCookie } })).body,
  );
  consoleCookie = cookieOf(await t.app.inject({ method: 'GET', url: `/console/login?token=${TEST_ADMIN_TOKEN}` }));
  csrf.console = tokenOf(
    (await t.app.inject({ method: 'GET', url: '/console/new', headers: { cookie: consoleCookie } })).body,
  );
  expect(csrf.play && csrf.console).toBeTruthy();
});
afterAll(async () => {
  await t?.close();
});

const TABLES = [
  'Game',
  'Seat',
  'Step',
  'Order',
  'Event',
  'AuditLog',
  'Outbox',
  'InboundMail',
  'Absence',
  'Webhook',
  'WebSession',
  'Punctuality',
];
/** Row counts of every table, in one query. */
async function rowCounts(): Promise<Record<string, number>> {
  const sql = `SELECT ${TABLES.map((n) => `(SELECT count(*) FROM "${n}")::int AS "${n}"`).join(', ')}`;
  return (await t.deps.pool!.query(sql)).rows[0];
}

/**
 * Who calls: no or a garbage token, the operator, a role of the target game (its moderator, a seat), the moderator
 * of the other game, the seat's web session, the operator's console session.
 */
const AUTHS = [
  'none',
  'garbage',
  'basic',
  'operator',
  'mod',
  'allied',
  'german',
  'other-mod',
  'cookie',
  'console',
] as const;
type Auth = (typeof AUTHS)[number];
/** The caller a route is for (test knowledge, so that most requests get past authentication to the checks). */
function roleOf(route: RouteSpec): Auth[] {
  if (route.url === '/api/games') return ['operator'];
  if (route.url.startsWith('/play/')) return ['cookie'];
  if (route.url.startsWith('/console')) return ['console'];
  if (/\/(orders|absences)/.test(route.url) && route.method !== 'GET' && !route.url.includes('/seats/'))
    return ['allied', 'german'];
  if (route.method === 'GET' && /\/api\/games\/:id(\/(steps|record|orders|absences))?/.test(route.url))
    return ['mod', 'allied', 'german'];
  if (route.url.startsWith('/api/games/:id')) return ['mod'];
  return ['none'];
}
const authsFor = (route: RouteSpec): fc.Arbitrary<Auth> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...roleOf(route)) },
    { weight: 2, arbitrary: fc.constantFrom(...AUTHS) },
  );
function headersFor(auth: Auth, target: number, body: BodySpec): Record<string, string> {
  const h: Record<string, string> = {};
  if (auth === 'garbage') h.authorization = 'Bearer not-a-token-at-all';
  else if (auth === 'basic') h.authorization = 'Basic YWxhZGRpbjpvcGVuc2VzYW1l';
  else if (auth === 'operator') Object.assign(h, bearerOf(TEST_ADMIN_TOKEN));
  else if (auth === 'cookie') h.cookie = seatCookie;
  else if (auth === 'console') h.cookie = consoleCookie;
  else if (auth === 'other-mod') Object.assign(h, bearerOf(tokens[`mod${1 - target}`]));
  else if (auth !== 'none') Object.assign(h, bearerOf(tokens[`${auth}${target}`]));
  if (body.contentType) h['content-type'] = body.contentType;
  return h;
}

/** Stands for the target game's id (or its current step) in a generated URL parameter. */
const GAME = '\u0001game';
const CURRENT = '\u0001current';

/** A value for a URL parameter, by its name: most often a real one (the target game, a side, a step), or hostile. */
function paramArbitrary(name: string): fc.Arbitrary<string> {
  const real: Record<string, fc.Arbitrary<string>> = {
    id: fc.oneof({ weight: 5, arbitrary: fc.constant(GAME) }, { weight: 1, arbitrary: fc.constant('nosuchgame') }),
    gameId: fc.oneof({ weight: 5, arbitrary: fc.constant(GAME) }, { weight: 1, arbitrary: fc.constant('nosuchgame') }),
    n: fc.constantFrom(CURRENT, CURRENT, '0', '1', '-1', '1e99', '99999999999999999999', 'abc'),
    side: fc.constantFrom('allied', 'german', 'soviet'),
    file: fc.constantFrom(calendarFile, 'x.ics', '..%2F..%2Fetc%2Fpasswd'),
  };
  return fc.oneof(
    { weight: 4, arbitrary: real[name] ?? fc.uuid() },
    { weight: 1, arbitrary: hostileString.map(encodeParam) },
  );
}

/** The URL of a route with its generated parameters, the target game's id and current step filled in. */
async function urlOf(route: RouteSpec, names: string[], values: string[], target: number): Promise<string> {
  const game = games[target];
  const current = values.includes(CURRENT)
    ? String((await t.db.game.findUniqueOrThrow({ where: { id: game.id } })).currentStep)
    : '';
  let url = route.url;
  for (const [i, name] of names.entries()) {
    url = url.replace(`:${name}`, values[i].replace(GAME, game.id).replace(CURRENT, current));
  }
  return url;
}

const tally = new RequestTally();

/** The engine's random legal orders of the seat that owes them in the game of the URL, or none. */
async function legalOrders(url: string, seed: number): Promise<{ orders: unknown; side?: Auth }> {
  const id = /\/api\/games\/([^/]+)\//.exec(url)?.[1];
  const game = id ? await t.db.game.findUnique({ where: { id } }) : null;
  if (!game) return { orders: {} };
  const step = await t.db.step.findUniqueOrThrow({
    where: { gameId_number: { gameId: game.id, number: game.currentStep } },
  });
  const state = (step.envelope as unknown as Envelope<AwState>).state;
  for (const side of ['allied', 'german'] as const) {
    const orders = randomLegalOrders(state, side, mulberry32(seed));
    if (Object.keys(orders).length) return { orders, side };
  }
  return { orders: {} };
}

const ORDER_ROUTES = new Set(['POST /api/games/:id/orders', 'PUT /api/games/:id/seats/:side/orders']);
/** A generated body: a valid one with one mutation (made at request time), or one from `bodyFor`. */
type Generated = BodySpec | { kind: 'mutated'; seed: number; mutation: Mutation };
function generatedFor(route: RouteSpec): fc.Arbitrary<Generated> {
  const key = `${route.method} ${route.url}`;
  const others = bodyFor(route, route.url.startsWith('/console') ? csrf.console : csrf.play);
  if (!TEMPLATES[key] && !ORDER_ROUTES.has(key)) return others;
  const mutated = fc.record({ kind: fc.constant('mutated' as const), seed: fc.integer(), mutation });
  return fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 2, arbitrary: others });
}

/**
 * The body to send: for a mutation, the route's valid body (for orders the engine's legal orders, sent with the
 * owing seat's token so that the game moves on) with the mutation applied.
 */
async function bodyOf(route: RouteSpec, url: string, g: Generated): Promise<{ body: BodySpec; auth?: Auth }> {
  if (g.kind !== 'mutated') return { body: g as BodySpec };
  const { seed, mutation: m } = g as { seed: number; mutation: Mutation };
  const key = `${route.method} ${route.url}`;
  let template: unknown;
  let auth: Auth | undefined;
  if (ORDER_ROUTES.has(key)) {
    const legal = await legalOrders(url, seed);
    template = route.method === 'PUT' ? { orders: legal.orders, reason: 'typo' } : { orders: legal.orders };
    if (route.method === 'POST') auth = legal.side;
  } else template = TEMPLATES[key]();
  return {
    body: { kind: `mutated-${m.kind}`, contentType: 'application/json', payload: mutatedJson(template, m) },
    auth,
  };
}

/** After a rotation or a replacement answered 200, later requests use the seat's new token. */
function followTokens(route: RouteSpec, url: string, status: number, body: string): void {
  if (status !== 200 || !/\/seats\/:side(\/rotate-token)?$/.test(route.url)) return;
  const [, id, side] = /\/api\/games\/([^/]+)\/seats\/([^/]+)/.exec(url) ?? [];
  const i = games.findIndex((g) => g.id === id);
  const token = (JSON.parse(body) as { token?: string }).token;
  if (i >= 0 && token && (side === 'allied' || side === 'german')) tokens[`${side}${i}`] = token;
}

/** The games stay whole: steps 0..currentStep without a gap, the current step present, two seats each. */
async function gamesWhole(): Promise<void> {
  for (const g of await t.db.game.findMany({
    include: { steps: { select: { number: true } }, seats: { select: { id: true } } },
  })) {
    const numbers = g.steps.map((s) => s.number).sort((a, b) => a - b);
    expect(numbers, `steps of ${g.id}`).toEqual(numbers.map((_, i) => i));
    expect(numbers.at(-1), `current step of ${g.id}`).toBe(g.currentStep);
    expect(g.seats.length, `seats of ${g.id}`).toBeGreaterThan(0);
  }
}

/**
 * One request to a route with generated input (target game, caller, URL parameters, query, body): never a 5xx;
 * a refused one writes no row.
 */
function routeProperty(route: RouteSpec) {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  const params = fc.tuple(...names.map(paramArbitrary));
  return fc.asyncProperty(
    fc.constantFrom(0, 1),
    authsFor(route),
    params,
    hostileQuery,
    generatedFor(route),
    async (target, generatedAuth, values, query, generated) => {
      const url = await urlOf(route, names, values, target);
      const { body, auth: owing } = await bodyOf(route, url, generated);
      const auth = owing ?? generatedAuth;
      const before = await rowCounts();
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: url + query,
        headers: headersFor(auth, target, body),
        ...(body.payload !== undefined && route.method !== 'GET' ? { payload: body.payload } : {}),
      });
      tally.count(`${route.method} ${route.url}`, res.statusCode);
      const sent = `${auth}, ${body.kind}: ${clip(body.payload ?? '', 200)}`;
      expect(
        res.statusCode,
        `${route.method} ${route.url} as ${clip(url + query)} [${sent}]: ${clip(res.body)}`,
      ).toBeLessThan(500);
      if (res.statusCode >= 400)
        expect(await rowCounts(), `${route.method} ${url} ${res.statusCode} wrote rows`).toEqual(before);
      followTokens(route, url, res.statusCode, res.body);
    },
  );
}

test('every route: hostile input never gives a 5xx, and a refused request writes nothing', {
  timeout: 240_000,
}, async () => {
  const routes = routesOf(t.app).filter((r) => !r.url.startsWith('/docs') && !r.url.includes('*'));
  expect(routes.length).toBeGreaterThan(40);
  const started = Date.now();
  for (const route of routes) {
    await fc.assert(routeProperty(route), {
      numRuns: RUNS,
      seed: SEED,
      endOnFailure: true,
      asyncReporter: async (out) => reporter(out),
    });
  }
  await gamesWhole();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const line of tally.summary(routes.length, seconds, SEED)) console.log(line);
});

/** Posts a raw mail to the HTTP door of the intake: as a message/rfc822 body, or in JSON (base64, wrong types). */
function postMail(raw: Buffer, how: string) {
  const auth = { authorization: `Bearer ${how === 'wrong-token' ? 'nope' : WEBHOOK}` };
  if (!how.startsWith('json')) {
    return t.app.inject({
      method: 'POST',
      url: '/mail/inbound',
      headers: { ...auth, 'content-type': 'message/rfc822' },
      payload: raw,
    });
  }
  const payload =
    how === 'json-wrong-types'
      ? { raw: raw.toString('latin1'), envelopeFrom: 42, envelopeTo: [mailRecipients[0], 7, { x: 1 }, null] }
      : {
          raw: how === 'json-base64' ? raw.toString('base64') : raw.toString('utf8'),
          encoding: how === 'json-base64' ? 'base64' : undefined,
          envelopeTo: [mailRecipients[0]],
        };
  return t.app.inject({ method: 'POST', url: '/mail/inbound', headers: auth, payload });
}

test('the mail intake: hostile mails never fail, nothing is stored for a refused one', {
  timeout: 240_000,
}, async () => {
  const outcomes = new Map<string, number>();
  const started = Date.now();
  const door = fc.constantFrom('raw', 'raw', 'json', 'json-base64', 'json-wrong-types', 'wrong-token');
  await fc.assert(
    fc.asyncProperty(
      hostileMail(mailRecipients, ['ally@example.org', 'wolf@example.jp', 'mod@example.org']),
      door,
      async (raw, how) => {
        const before = await rowCounts();
        const res = await postMail(raw, how);
        const outcome =
          res.statusCode < 300
            ? `${(res.json() as { status: string }).status}${res.json().reason ? `/${res.json().reason}` : ''}`
            : `${res.statusCode} ${res.json().error?.code}`;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        tally.count('POST /mail/inbound (mail fuzz)', res.statusCode);
        expect(res.statusCode, `${how}: ${clip(res.body)}\n${clip(raw.toString('latin1'), 400)}`).toBeLessThan(500);
        expect(outcome.startsWith('failed'), `${outcome}\n${clip(raw.toString('latin1'), 400)}`).toBe(false);
        const after = await rowCounts();
        if (outcome !== 'processed/accepted') expect(after.Order, `orders stored by ${outcome}`).toBe(before.Order);
        expect(after.Game).toBe(before.Game);
        expect(after.Seat).toBe(before.Seat);
      },
    ),
    { numRuns: MAIL_RUNS, seed: SEED, endOnFailure: true, asyncReporter: async (out) => reporter(out) },
  );
  expect(await t.db.inboundMail.count({ where: { status: 'failed' } })).toBe(0);
  await gamesWhole();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: ${MAIL_RUNS} mails in ${seconds} s: ${countsText(outcomes)}`);
});
