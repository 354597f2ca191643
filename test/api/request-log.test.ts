/**
 * Every log line a request causes carries its request id (`reqId`): fastify's own lines and the lines of the
 * services the route calls ("game created", "step resolved"), through src/server/request-log.ts.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger.ts';
import { bearerOf, buildTestApp, type TestApp } from '../support/app.ts';
import { toyPayload } from '../support/api-helpers.ts';

interface Line {
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

const lines: Line[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text) as Line);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ log: createLogger('info', sink) });
});
afterAll(async () => {
  await t?.close();
});

/** The lines written while `fn` runs (the test app runs no workers: nothing else writes meanwhile). */
async function linesOf(fn: () => Promise<unknown>): Promise<Line[]> {
  const from = lines.length;
  await fn();
  await new Promise((resolve) => setImmediate(resolve));
  return lines.slice(from);
}

it('puts the request id on "game created" and every other line of the creating request', async () => {
  let id = '';
  const written = await linesOf(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: { ...t.adminAuth, 'x-request-id': 'create-1' },
      payload: toyPayload(),
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
  });
  expect(written.map((l) => l.msg)).toEqual(['incoming request', 'game created', 'request completed']);
  expect(written.find((l) => l.msg === 'game created')).toMatchObject({ gameId: id, game: 'toy' });
  for (const line of written) expect(line.reqId, JSON.stringify(line)).toBe('create-1');
});

it('puts the request id of the completing submission on "step resolved"', async () => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/games',
    headers: t.adminAuth,
    payload: toyPayload(),
  });
  const game = created.json() as { id: string; seats: { side: string; token: string }[] };
  const submit = (i: number, reqId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/games/${game.id}/orders`,
      headers: { ...bearerOf(game.seats[i].token), 'x-request-id': reqId },
      payload: { orders: { pick: i + 1 } },
    });
  expect((await submit(0, 'orders-a')).statusCode).toBe(200);
  const written = await linesOf(async () => expect((await submit(1, 'orders-b')).statusCode).toBe(200));
  const resolved = written.filter((l) => l.msg === 'step resolved');
  expect(resolved).toHaveLength(1);
  expect(resolved[0]).toMatchObject({ gameId: game.id, step: 0 });
  expect(written.length).toBeGreaterThanOrEqual(3);
  for (const line of written) expect(line.reqId, JSON.stringify(line)).toBe('orders-b');
});

it('leaves lines outside a request without a request id', async () => {
  const { createGame } = await import('../../src/services/games.ts');
  const written = await linesOf(() => createGame(t.deps, toyPayload() as Parameters<typeof createGame>[1]));
  expect(written.map((l) => l.msg)).toEqual(['game created']);
  expect(written[0].reqId).toBeUndefined();
});
