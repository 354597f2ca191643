/** Every validation and error path of the API: stable codes, the request id in every error body. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, postOrders, toyPayload } from '../support/api-helpers.ts';
import { toyGame } from '../../src/games/toy/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame], config: { BODY_LIMIT: 4096 } });
});
afterAll(async () => {
  await t?.close();
});

function expectError(
  res: { statusCode: number; json(): any; headers: Record<string, unknown> },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.messages.en).toBe(body.error.message);
  expect(body.error.messages.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/); // Japanese
  expect(body.error.requestId).toBe(res.headers['x-request-id']);
  return body.error;
}

describe('game creation errors', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['unknown game', { game: 'chess' }, 422, 'game/unknown-game'],
    ['unknown mode', { mode: 'telepathy' }, 422, 'game/unknown-mode'],
    ['a seat missing', { seats: [{ side: 'a', email: 'a@example.org' }] }, 422, 'game/seats'],
    [
      'a seat twice',
      {
        seats: [
          { side: 'a', email: 'a@example.org' },
          { side: 'a', email: 'c@example.org' },
          { side: 'b', email: 'b@example.org' },
        ],
      },
      422,
      'game/seats',
    ],
    [
      'an unknown side',
      {
        seats: [
          { side: 'a', email: 'a@example.org' },
          { side: 'b', email: 'b@example.org' },
          { side: 'z', email: 'z@example.org' },
        ],
      },
      422,
      'game/seats',
    ],
    ['bad options', { options: { rounds: 99 } }, 422, 'game/setup'],
    [
      'a bad email',
      {
        seats: [
          { side: 'a', email: 'not-an-email' },
          { side: 'b', email: 'b@example.org' },
        ],
      },
      400,
      'request/invalid',
    ],
    [
      'an unknown time zone',
      {
        seats: [
          { side: 'a', email: 'a@example.org', timeZone: 'Mars/Olympus' },
          { side: 'b', email: 'b@example.org' },
        ],
      },
      400,
      'request/invalid',
    ],
    ['a bad review mode', { review: 'sometimes' }, 400, 'request/invalid'],
  ];
  it.each(cases)('%s', async (_name, extra, status, code) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: t.adminAuth,
      payload: toyPayload(extra),
    });
    expectError(res, status, code);
  });

  it('needs the operator token', async () => {
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/games', payload: toyPayload() }),
      401,
      'auth/unauthorized',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/games',
        headers: { authorization: 'Bearer nope' },
        payload: toyPayload(),
      }),
      401,
      'auth/unauthorized',
    );
  });
});

describe('request errors', () => {
  it('413 for a body over the limit', async () => {
    const g = await createGameVia(t, toyPayload());
    const res = await postOrders(t, g.id, g.seat.a, { pick: 1, standing: { note: 'x'.repeat(5000) } });
    expectError(res, 413, 'request/too-large');
  });
  it('400 for malformed JSON', async () => {
    const g = await createGameVia(t, toyPayload());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: { ...g.seat.a, 'content-type': 'application/json' },
      payload: '{"orders": ',
    });
    expectError(res, 400, 'request/bad-json');
  });
  it('400 for a NUL character (U+0000) anywhere in a JSON body, before anything is stored', async () => {
    const g = await createGameVia(t, toyPayload());
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/games/${g.id}/orders`,
        headers: { ...g.seat.a, 'content-type': 'application/json' },
        payload,
      });
    expectError(await post('{"orders":{"pick":2,"standing":{"note":"a\\u0000b"}}}'), 400, 'request/nul-character');
    expectError(await post('{"orders":{"pick":2,"standing":{"no\\u0000te":"x"}}}'), 400, 'request/nul-character');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/games/${g.id}/pause`,
        headers: g.moderator,
        payload: { reason: 'away\u0000' },
      }),
      400,
      'request/nul-character',
    );
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);
    expect((await t.db.game.findUniqueOrThrow({ where: { id: g.id } })).status).toBe('active');
    // A backslash, then "u0000": text, not a NUL.
    expect((await post('{"orders":{"pick":2,"standing":{"note":"a\\\\u0000b"}}}')).statusCode).toBe(200);
  });
  it('415 for an unsupported content type', async () => {
    const g = await createGameVia(t, toyPayload());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: { ...g.seat.a, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expectError(res, 415, 'request/unsupported-media-type');
  });
  it('404 for an unknown route, with the request id the client sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'x-request-id': 'client-abc-123' },
    });
    expect(expectError(res, 404, 'route/not-found').requestId).toBe('client-abc-123');
  });
  it('404 for an unknown step', async () => {
    const g = await createGameVia(t, toyPayload());
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/steps/7`, headers: g.moderator }),
      404,
      'step/not-found',
    );
  });
  it('400 for a bad step number', async () => {
    const g = await createGameVia(t, toyPayload());
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/steps/minus-one`, headers: g.moderator }),
      400,
      'request/invalid',
    );
  });
});

describe('order errors', () => {
  it('422 with every rule error: code, message in both languages, rule id, path', async () => {
    const g = await createGameVia(t, toyPayload());
    const res = await postOrders(t, g.id, g.seat.a, { pick: 9, standing: { note: 'forbidden' } });
    const error = expectError(res, 422, 'orders/invalid');
    expect(error.errors).toEqual([
      {
        code: 'toy/range',
        message: { en: 'pick 1 to 6', ja: '1〜6 を選んでください' },
        rule: 'TOY toy/range',
        rules: ['TOY toy/range'],
        path: 'pick',
      },
      {
        code: 'toy/note',
        message: { en: 'that note is not allowed', ja: 'そのメモは使えません' },
        rule: 'TOY toy/note',
        rules: ['TOY toy/note'],
        path: 'standing.note',
      },
    ]);
  });
  it('422 for the wrong shape (the engine names the path)', async () => {
    const g = await createGameVia(t, toyPayload());
    const error = expectError(
      await postOrders(t, g.id, g.seat.a, { pick: 'three', extra: true }),
      422,
      'orders/invalid',
    );
    expect(error.errors.every((e: { code: string }) => e.code === 'orders/shape')).toBe(true);
    expect(error.errors.map((e: { path: string }) => e.path)).toContain('pick');
  });
  it('422 when the owed answer is missing', async () => {
    const g = await createGameVia(t, toyPayload());
    expect(expectError(await postOrders(t, g.id, g.seat.a, {}), 422, 'orders/invalid').errors[0].code).toBe(
      'toy/missing-pick',
    );
  });
  it('422 when a seat that owes nothing sends more than standing orders; standing-only is accepted', async () => {
    const g = await createGameVia(t, toyPayload());
    await postOrders(t, g.id, g.seat.a, { pick: 1 });
    await postOrders(t, g.id, g.seat.b, { pick: 1 });
    expect(expectError(await postOrders(t, g.id, g.seat.b, { pick: 2 }), 422, 'orders/invalid').errors[0].code).toBe(
      'toy/not-owed',
    );
    const ok = await postOrders(t, g.id, g.seat.b, { standing: { note: 'hold' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().resolution).toBeNull();
  });
  it('409 while paused, 409 when the step awaits review, 409 when the game is over', async () => {
    const g = await createGameVia(t, toyPayload({ review: 'moderator', options: { rounds: 1 } }));
    await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/pause`,
      headers: g.moderator,
      payload: { reason: 'holiday' },
    });
    expectError(await postOrders(t, g.id, g.seat.a, { pick: 1 }), 409, 'game/paused');
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/pause`, headers: g.moderator, payload: {} }),
      409,
      'game/paused',
    );
    await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/resume`, headers: g.moderator });
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/resume`, headers: g.moderator }),
      409,
      'game/not-paused',
    );
    await postOrders(t, g.id, g.seat.a, { pick: 1 });
    await postOrders(t, g.id, g.seat.b, { pick: 1 });
    expectError(await postOrders(t, g.id, g.seat.a, { pick: 2 }), 409, 'step/not-open');
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/steps/3/approve`, headers: g.moderator }),
      409,
      'step/not-current',
    );
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/steps/0/approve`,
      headers: g.moderator,
    });
    expect(approved.json()).toEqual({ step: 0, finished: true });
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/steps/0/approve`, headers: g.moderator }),
      409,
      'step/not-current',
    );
    expectError(await postOrders(t, g.id, g.seat.a, { pick: 2 }), 409, 'game/finished');
  });
  it('400 when the body has no orders field', async () => {
    const g = await createGameVia(t, toyPayload());
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/orders`, headers: g.seat.a, payload: {} }),
      400,
      'request/invalid',
    );
  });
});
