/**
 * The app on a database that does not answer (nothing listens on its port): every route that needs it answers
 * 503 `service/database-unavailable` with the message in English and Japanese and Retry-After, the web pages a
 * 503 page in the reader's language, and /health says only that the database is down. (The outage of a real
 * server under load, killed and restarted: test/server/database-outage.test.ts.)
 */
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { createDb } from '../../src/db/client.ts';
import { isDatabaseUnavailable } from '../../src/db/faults.ts';
import { buildApp } from '../../src/server/app.ts';
import { createSqlPool, type ServiceDeps } from '../../src/services/deps.ts';
import { awMailGame, freePort } from '../support/service-process.ts';
import type { FastifyInstance } from 'fastify';
import { withNotifier } from '../../src/server/notifier.ts';

const OPERATOR = 'operator-token-0123456789abcdef';
const SEAT = 'some-seat-token-0123456789abcdef';
let app: FastifyInstance;
let deps: ServiceDeps;

beforeAll(async () => {
  const url = `postgresql://postgres:not-a-real-password@127.0.0.1:${await freePort()}/nowhere`;
  const config = testConfig({ DATABASE_URL: url, ADMIN_TOKEN: OPERATOR, MAIL_SINK_PAGE: 'off' });
  const log = pino({ level: 'silent' });
  deps = withNotifier({
    db: createDb(url, { max: 2 }),
    pool: createSqlPool(url, { max: 2 }),
    log,
    config,
    clock: () => new Date(),
  });
  app = await buildApp({ deps });
});
afterAll(async () => {
  await app?.close();
  await deps?.pool?.end();
  await deps?.db.$disconnect();
});

test("/health: 503 naming what is down, without the driver's error text", async () => {
  const res = await app.inject({ method: 'GET', url: '/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
  expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|nowhere|password/i);
});

test.each([
  ['submission (pg pool)', 'POST', '/api/games/abcdefghij/orders', { orders: { pick: 1 } }, `Bearer ${SEAT}`],
  ['game view', 'GET', '/api/games/abcdefghij', undefined, `Bearer ${SEAT}`],
  ['game creation (Prisma)', 'POST', '/api/games', awMailGame('x'), `Bearer ${OPERATOR}`],
])('%s: 503 service/database-unavailable, en + ja, Retry-After', async (_name, method, url, payload, authorization) => {
  const res = await app.inject({ method: method as 'GET' | 'POST', url, payload, headers: { authorization } });
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  const { error } = res.json();
  expect(error.code).toBe('service/database-unavailable');
  expect(error.requestId).toBe(res.headers['x-request-id']);
  expect(error.details.message.en).toMatch(/database is unavailable/);
  expect(error.details.message.ja).toMatch(/データベース/);
  expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
});

test("a web page: 503 in the reader's language", async () => {
  const headers = { 'accept-language': 'ja' };
  const res = await app.inject({ method: 'GET', url: `/play/abcdefghij?token=${SEAT}`, headers });
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.body).toContain('データベースに一時的に接続できません');
});

test('what counts as the database being away, and what does not', () => {
  const away = [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('Connection terminated unexpectedly'),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('wrapped'), { cause: { kind: 'DatabaseNotReachable' } }),
    Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: 'P1001' }),
    new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'),
    // Prisma's raw-query failure with the database's SQLSTATE in meta, and messages with no code at all.
    Object.assign(new Error('Raw query failed'), { code: 'P2010', meta: { code: '57P02' } }),
    new Error('FATAL: terminating connection because of crash of another server process'),
    new Error('server closed the connection unexpectedly'),
  ];
  for (const e of away) expect(isDatabaseUnavailable(e), e.message).toBe(true);
  const bugs = [
    new TypeError("Cannot read properties of undefined (reading 'id')"),
    Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }),
    Object.assign(new Error('Raw query failed'), { code: 'P2010', meta: { code: '23505' } }),
    Object.assign(new Error('wrapped'), { cause: { kind: 'UniqueConstraintViolation' } }),
    undefined,
    'ECONNREFUSED',
  ];
  for (const e of bugs) expect(isDatabaseUnavailable(e), String(e)).toBe(false);
});
