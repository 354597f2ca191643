/**
 * The error statuses every operation of the OpenAPI document shares, answered by each operation and checked
 * against the document (test/support/openapi-check.ts): 400 (a query parameter given twice), 401 (no token, where
 * the operation takes one), 413 and 415 (a body too large, a body of a type no route reads), 429 (the rate limit),
 * 503 (the database away) and 500 (a fault). Each operation is sent a request that would otherwise pass its schema.
 */
import type { InjectOptions } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, testConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import { createDb } from '../../src/db/client.ts';
import { buildApp } from '../../src/server/app.ts';
import { withNotifier } from '../../src/server/notifier.ts';
import { bearerOf, buildTestApp, TEST_ADMIN_TOKEN as OPERATOR_OF_TEST_APP, type TestApp } from '../support/app.ts';
import { openApiChecker, type Operation } from '../support/openapi-check.ts';
import { freePort } from '../support/service-process.ts';

const INBOUND = 'inbound-secret-0123456789abcdef';
const OPERATOR = 'operator-token-0123456789abcdef';
const soon = new Date(Date.now() + 86_400_000).toISOString();
const later = new Date(Date.now() + 2 * 86_400_000).toISOString();

/** A body each operation's schema accepts (the game and the tokens need not exist). */
const VALID_BODIES: Record<string, unknown> = {
  createGame: {
    game: 'toy',
    mode: 'mail',
    seats: [
      { side: 'a', email: 'a@example.org' },
      { side: 'b', email: 'b@example.org' },
    ],
  },
  createPracticeGame: { game: 'toy', mode: 'mail', player: { email: 'p@example.org' } },
  submitOrders: { orders: { pick: 1 } },
  rejectStep: { reason: 'why' },
  amendOrders: { orders: { pick: 1 } },
  pauseGame: { reason: 'why' },
  replaceSeatPlayer: { email: 'x@example.org' },
  moveSeat: { holderOf: 'a' },
  setDeadline: { deadlineAt: soon },
  declareAbsence: { startsAt: soon, endsAt: later },
  extendDeadline: { seconds: 3600 },
  shortenDeadline: { seconds: 3600 },
  addWebhook: { url: 'https://example.org/hook' },
  postInboundMail: { raw: 'From: a@example.org\r\n\r\nHELP\r\n' },
};

const checker = openApiChecker();
let operations: Operation[];
const apps: { close(): Promise<void> }[] = [];

/** A request to an operation: its path with sample ids, a valid body, a token of someone. */
function requestTo(op: Operation, extra: Partial<InjectOptions> = {}): InjectOptions {
  const url = op.path
    .replace('{id}', 'abcdefghij')
    .replace('{n}', '0')
    .replace('{side}', 'a')
    .replace(/\{\w+\}/g, 'x');
  const body = VALID_BODIES[op.id];
  const token =
    { postInboundMail: INBOUND, createGame: OPERATOR, createPracticeGame: OPERATOR }[op.id] ??
    'some-token-0123456789abcdef';
  return {
    method: op.method as InjectOptions['method'],
    url,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    ...extra,
    headers: { ...bearerOf(token), ...extra.headers },
  };
}

/** Sends each operation its request on `app` and expects `status` of each, checked against the document. */
async function sweep(
  app: TestApp['app'],
  status: number,
  which: (op: Operation) => boolean,
  request: (op: Operation) => InjectOptions = (op) => requestTo(op),
) {
  const ops = operations.filter(which);
  expect(ops.length).toBeGreaterThan(0);
  for (const op of ops) {
    const res = await app.inject(request(op));
    expect(res.statusCode, `${op.id}: ${res.body.slice(0, 300)}`).toBe(status);
    expect(checker.check(res)).toBe(op.id);
  }
}

const takesBody = (op: Operation) => ['POST', 'PUT', 'DELETE'].includes(op.method);
const documents = (status: number) => (op: Operation) => String(status) in op.responses;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    // Behind one proxy: each request names its own client address (`from` below).
    config: { INBOUND_WEBHOOK_TOKEN: INBOUND, RATE_LIMIT_PER_MINUTE: 1, TRUST_PROXY: 1 },
    extraPlugins: [checker.recorder],
  });
  apps.push(t);
  await checker.load(t.app);
  operations = checker.operations();
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** Each request from an address of its own, so that the rate limit of one does not answer another. */
let address = 0;
const from = () => ({ 'x-forwarded-for': `10.0.${Math.floor(++address / 250)}.${address % 250}` });

describe('the statuses every operation shares', () => {
  it('400: a query parameter given twice', async () => {
    await sweep(
      t.app,
      400,
      () => true,
      (op) => {
        const r = requestTo(op, { headers: from() });
        return { ...r, url: `${r.url}?x=1&x=2` };
      },
    );
  });

  it('401: no token, where the operation takes one', async () => {
    await sweep(t.app, 401, documents(401), (op) => {
      const { headers, ...r } = requestTo(op);
      return { ...r, headers: from() };
    });
  });

  it('403: a token of the game, of the wrong role', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: { ...bearerOf(OPERATOR_OF_TEST_APP), ...from() },
      payload: VALID_BODIES.createGame as InjectOptions['payload'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const game = created.json() as { id: string; moderatorToken: string; seats: { token: string }[] };
    // A seat's own routes refuse the moderator; the moderator's refuse a seat. (A person's token naming a seat not
    // its own, getRecord's 403, is in openapi-contract.test.ts.)
    const seatOnly = new Set(['submitOrders', 'declareAbsence', 'withdrawAbsence', 'reclaimSeats']);
    await sweep(
      t.app,
      403,
      (op) => documents(403)(op) && op.id !== 'getRecord',
      (op) => {
        const token = seatOnly.has(op.id) ? game.moderatorToken : game.seats[0].token;
        const r = requestTo(op, { headers: { ...bearerOf(token), ...from() } });
        return { ...r, url: String(r.url).replace('abcdefghij', game.id) };
      },
    );
  });

  it('413 and 415: a body too large, a body of a type no route reads', async () => {
    const big = JSON.stringify({ orders: { pick: 1, pad: 'x'.repeat(300_000) } });
    // The mail door reads mails up to 32 MB: its 413 (over INBOUND_MAX_BYTES) is in openapi-contract.test.ts.
    await sweep(
      t.app,
      413,
      (op) => takesBody(op) && op.id !== 'postInboundMail',
      (op) => requestTo(op, { payload: big, headers: { 'content-type': 'application/json', ...from() } }),
    );
    await sweep(t.app, 415, takesBody, (op) =>
      requestTo(op, { payload: '<orders/>', headers: { 'content-type': 'application/xml', ...from() } }),
    );
  });

  it('429: over the rate limit', async () => {
    for (const op of operations) {
      const headers = from();
      await t.app.inject(requestTo(op, { headers }));
      const res = await t.app.inject(requestTo(op, { headers }));
      expect(res.statusCode, op.id).toBe(429);
      expect(checker.check(res)).toBe(op.id);
    }
  });

  it('503: the database away', async () => {
    const url = `postgresql://postgres@127.0.0.1:${await freePort()}/nowhere`;
    const db = createDb(url, { max: 2 });
    const app = await appOn(db, url);
    apps.push({
      async close() {
        await app.close();
        await db.$disconnect();
      },
    });
    await sweep(app, 503, () => true);
  });

  it('500: a fault of the service', async () => {
    const app = await appOn(brokenDb(), 'postgresql://postgres@127.0.0.1:1/none');
    apps.push(app);
    await sweep(app, 500, (op) => op.id !== 'getHealth'); // /health answers a fault of the database as 503
  });

  it('404: the mail door closed (no INBOUND_WEBHOOK_TOKEN)', async () => {
    const app = await appOn(brokenDb(), 'postgresql://postgres@127.0.0.1:1/none', { INBOUND_WEBHOOK_TOKEN: undefined });
    apps.push(app);
    await sweep(app, 404, (op) => op.id === 'postInboundMail');
  });

  it('answered and checked every shared status of every operation', () => {
    for (const op of operations) {
      const shared = [
        '400',
        '429',
        '503',
        ...(op.id === 'getHealth' ? [] : ['500']),
        ...(String(401) in op.responses ? ['401'] : []),
        ...(takesBody(op) ? ['415'] : []),
        ...(takesBody(op) && op.id !== 'postInboundMail' ? ['413'] : []),
      ];
      expect([...(checker.covered.get(op.id) ?? [])], op.id).toEqual(expect.arrayContaining(shared));
    }
    const pairs = [...checker.covered.values()].reduce((n, s) => n + s.size, 0);
    console.info(
      `openapi statuses: ${operations.length} operations, ${pairs} (operation, status) pairs answered and checked`,
    );
  });
});

/** A database client whose every call fails with a plain error: a bug, not an outage. */
function brokenDb(): Db {
  return new Proxy({} as Db, {
    get: (_target, key) => (key === 'then' ? undefined : () => Promise.reject(new Error('a fault'))),
  });
}

/** The app on a database client of the test's (no pool: every query goes through it). */
async function appOn(db: Db, url: string, settings: Partial<Config> = {}) {
  const config = testConfig({ DATABASE_URL: url, ADMIN_TOKEN: OPERATOR, INBOUND_WEBHOOK_TOKEN: INBOUND, ...settings });
  const deps = withNotifier({ db, log: pino({ level: 'silent' }), config, clock: () => new Date() });
  return buildApp({ deps, extraPlugins: [checker.recorder] });
}
