/**
 * Authentication comes before validation on every route that takes a token: a request with no token, a wrong one
 * or one of the wrong role is answered 401 (or 403) whatever its body and parameters, so nobody learns what a route
 * accepts without a token. Every operation of the OpenAPI document that answers 401 is sent an invalid body and an
 * invalid step number; the operator's metrics are checked too.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toyGame } from '../../src/games/toy/index.ts';
import { createGameVia, type GameHandle, toyPayload } from '../support/api-helpers.ts';
import { bearerOf, buildTestApp, type TestApp } from '../support/app.ts';
import { openApiChecker, type Operation } from '../support/openapi-check.ts';

const INBOUND = 'inbound-secret-0123456789abcdef';
const checker = openApiChecker();
let t: TestApp;
let game: GameHandle;
let guarded: Operation[];

beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame], config: { INBOUND_WEBHOOK_TOKEN: INBOUND } });
  await checker.load(t.app);
  guarded = checker.operations().filter((op) => '401' in op.responses);
  game = await createGameVia(t, toyPayload());
});
afterAll(async () => {
  await t?.close();
});

/** Bodies no route's schema accepts: the wrong type at the top, and an object of unknown, mistyped fields. */
const INVALID_BODIES = ['"not an object"', JSON.stringify({ orders: 'x', seconds: 'x', url: 1, raw: 2, x: [null] })];

/** A request to the operation of the test's game with an invalid step number and the body given. */
function invalidRequest(op: Operation, body: string, headers: Record<string, string>): InjectOptions {
  const url = op.path
    .replace('{id}', game.id)
    .replace('{n}', 'not-a-number')
    .replace('{side}', 'a')
    .replace(/\{\w+\}/g, 'x');
  const takesBody = ['POST', 'PUT', 'DELETE', 'PATCH'].includes(op.method);
  return {
    method: op.method as InjectOptions['method'],
    url,
    headers: { ...(takesBody ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(takesBody ? { payload: body } : {}),
  };
}

const NOT_THE_CALLER: [string, Record<string, string>][] = [
  ['no token', {}],
  ['a wrong token', bearerOf('wrong-token-0123456789abcdef')],
  ['a token of another scheme', { authorization: 'Basic d3Jvbmc6d3Jvbmc=' }],
];

describe('authentication before validation', () => {
  it('finds the operations that take a token', () => {
    expect(guarded.map((op) => op.id)).toEqual(
      expect.arrayContaining(['createGame', 'getGame', 'submitOrders', 'addWebhook', 'postInboundMail']),
    );
  });

  it.each(NOT_THE_CALLER)('%s: 401 on every operation, whatever the body and parameters', async (_name, headers) => {
    const answers: string[] = [];
    for (const op of guarded) {
      for (const body of INVALID_BODIES) {
        const res = await t.app.inject(invalidRequest(op, body, headers));
        answers.push(`${op.id} ${res.statusCode} ${res.statusCode === 401 ? '' : res.body.slice(0, 200)}`);
      }
    }
    expect(answers.filter((a) => !/ 401 $/.test(a))).toEqual([]);
  });

  it('a token of the wrong role: 403 before the body is looked at', async () => {
    const moderatorOnly = guarded.filter((op) => '403' in op.responses && op.path.startsWith('/api/games/{id}'));
    const seatRoutes = new Set(['submitOrders', 'declareAbsence', 'withdrawAbsence', 'reclaimSeats']);
    const answers: string[] = [];
    for (const op of moderatorOnly) {
      const token = seatRoutes.has(op.id) ? game.moderator : game.seat.a;
      const res = await t.app.inject(invalidRequest(op, INVALID_BODIES[1], token));
      if (op.id === 'getRecord') continue; // a seat may read the record: its 403 is a person's, for another seat
      answers.push(`${op.id} ${res.statusCode}`);
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((a) => !a.endsWith(' 403'))).toEqual([]);
  });

  it('the operator’s metrics: 401', async () => {
    for (const [name, headers] of NOT_THE_CALLER) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, name).toBe(401);
    }
  });
});
