/**
 * Every input is validated at the edge with a clear 400: deadline settings against a strict schema (time zones
 * checked against Intl), depth and size limits on JSON bodies before any work, NUL and lone surrogates refused at
 * any depth and in URLs. Nothing is written by a refused request. Every error body has its message in en and ja.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/server/plugins/input-guard.ts';
import { createGameVia, toyPayload } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { toyGame } from '../../src/games/toy/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame], config: { INBOUND_WEBHOOK_TOKEN: WEBHOOK } });
});
afterAll(async () => {
  await t?.close();
});

const WEBHOOK = 'inbound-secret-0123456789';
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
type Res = { statusCode: number; json(): any; headers: Record<string, unknown> };
function expectError(res: Res, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const { error } = res.json();
  expect(error.code).toBe(code);
  expect(error.messages.en).toBe(error.message);
  expect(error.messages.ja).toMatch(JAPANESE);
  expect(error.requestId).toBe(res.headers['x-request-id']);
  return error;
}
const rows = async () => ({
  games: await t.db.game.count(),
  orders: await t.db.order.count(),
  audit: await t.db.auditLog.count(),
});
const nested = (depth: number, leaf: string) => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);

describe('deadline settings: strict, 400 deadlines/invalid with every problem', () => {
  const cases: [string, unknown, string, string][] = [
    ['an unknown key (lenght)', { default: { lenght: '3d' } }, '/deadlines/default', 'deadlines/unknown-key'],
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus', default: { length: '3d' } },
      '/deadlines/timeZone',
      'deadlines/time-zone',
    ],
    [
      'an unknown time zone in a step rule',
      { steps: { D1: { length: '1d', timeZone: 'Mars/Olympus' } } },
      '/deadlines/steps/D1/timeZone',
      'deadlines/time-zone',
    ],
    ['a length without a unit', { default: { length: '30' } }, '/deadlines/default/length', 'deadlines/duration'],
    ['a negative length', { default: { length: '-3d' } }, '/deadlines/default/length', 'deadlines/duration'],
    ['a negative number of seconds', { default: { length: -5 } }, '/deadlines/default/length', 'deadlines/duration'],
    ['an absurd length', { default: { length: '99999999d' } }, '/deadlines/default/length', 'deadlines/too-long'],
    ['an absurd number of seconds', { default: { length: 1e15 } }, '/deadlines/default/length', 'deadlines/too-long'],
    ['a time of day 25:99', { default: { at: '25:99' } }, '/deadlines/default/at', 'deadlines/time-of-day'],
    ['nested deadlines', { deadlines: { default: { length: '3d' } } }, '/deadlines', 'deadlines/unknown-key'],
    ['a wrong type', { skipWeekends: 'yes' }, '/deadlines/skipWeekends', 'deadlines/wrong-type'],
    ['a weekend day 7', { weekendDays: [7] }, '/deadlines/weekendDays/0', 'deadlines/too-big'],
  ];
  it.each(cases)('%s', async (_name, deadlines, path, detail) => {
    const before = await rows();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: t.adminAuth,
      payload: toyPayload({ deadlines }),
    });
    const error = expectError(res, 400, 'deadlines/invalid');
    expect(error.details).toContainEqual({
      path,
      code: detail,
      message: { en: expect.any(String), ja: expect.stringMatching(JAPANESE) },
    });
    expect(await rows()).toEqual(before);
  });

  it('lists every problem at once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: t.adminAuth,
      payload: toyPayload({
        deadlines: { timeZone: 'Mars/Olympus', default: { length: '30', at: '25:99', lenght: 1 } },
      }),
    });
    const error = expectError(res, 400, 'deadlines/invalid');
    expect(error.details.map((d: { code: string }) => d.code).sort()).toEqual([
      'deadlines/duration',
      'deadlines/time-of-day',
      'deadlines/time-zone',
      'deadlines/unknown-key',
    ]);
  });

  it('valid settings are taken and mean a deadline', async () => {
    const deadlines = {
      timeZone: 'Asia/Tokyo',
      skipWeekends: true,
      default: { length: '3d', at: '20:00' },
      steps: { 'TOY-D1': { length: 90_000 } },
    };
    const g = await createGameVia(t, toyPayload({ deadlines }));
    const step = await t.db.step.findFirstOrThrow({ where: { gameId: g.id, number: 0 } });
    expect(step.deadlineAt).not.toBeNull();
  });

  it('an unknown top-level key of the game is refused too, not ignored (reveiw)', async () => {
    const error = expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/games',
        headers: t.adminAuth,
        payload: toyPayload({ reveiw: 'moderator' }),
      }),
      400,
      'request/invalid',
    );
    expect(error.details).toContainEqual(expect.objectContaining({ path: '/', code: 'request/unknown-key' }));
  });
});

describe('JSON bodies: depth and size before any work', () => {
  it('a 5,000-level nested orders body is 400 request/too-deep, nothing stored', async () => {
    const g = await createGameVia(t, toyPayload());
    const before = await rows();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: { ...g.seat.a, 'content-type': 'application/json' },
      payload: `{"orders":${nested(5000, '1')}}`,
    });
    expectError(res, 400, 'request/too-deep');
    expect(await rows()).toEqual(before);
  });
  it('deeply nested deadlines are 400 request/too-deep, before authentication', async () => {
    const body = JSON.stringify(toyPayload({ deadlines: { steps: '@' } })).replace('"@"', nested(3000, '1'));
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/games',
        headers: { 'content-type': 'application/json' },
        payload: body,
      }),
      400,
      'request/too-deep',
    );
  });
  it(`${MAX_JSON_DEPTH} levels pass the guard, one more does not; brackets in strings do not count`, async () => {
    const g = await createGameVia(t, toyPayload());
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/games/${g.id}/orders`,
        headers: { ...g.seat.a, 'content-type': 'application/json' },
        payload,
      });
    // The body and `orders` are two levels: `standing` nested n more levels is n + 2 deep.
    expectError(
      await post(`{"orders":{"pick":1,"standing":${nested(MAX_JSON_DEPTH - 2, '1')}}}`),
      422,
      'orders/invalid',
    );
    expectError(
      await post(`{"orders":{"pick":1,"standing":${nested(MAX_JSON_DEPTH - 1, '1')}}}`),
      400,
      'request/too-deep',
    );
    expect(
      (await post(JSON.stringify({ orders: { pick: 2, standing: { note: '[[[[{{{{"\\'.repeat(9) } } }))).statusCode,
    ).toBe(200);
  });
  it('more than 100,000 values is 400 request/too-many-values', async () => {
    const g = await createGameVia(t, toyPayload());
    const payload = `{"orders":[${Array(100_001).fill('0').join(',')}]}`;
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/games/${g.id}/orders`,
        headers: { ...g.seat.a, 'content-type': 'application/json' },
        payload,
      }),
      400,
      'request/too-many-values',
    );
  });
});

describe('NUL and lone surrogates: refused at any depth, in keys, in the URL', () => {
  it('a lone surrogate in a name is 400 request/lone-surrogate, nothing created', async () => {
    const before = await rows();
    for (const name of ['x\\ud800y', 'x\\udc00', '\\udfff\\ud800']) {
      const body = JSON.stringify(toyPayload({ name: '@' })).replace('"@"', `"${name}"`);
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/games',
          headers: { ...t.adminAuth, 'content-type': 'application/json' },
          payload: body,
        }),
        400,
        'request/lone-surrogate',
      );
    }
    expect(await rows()).toEqual(before);
    // A proper pair (an emoji) is a character and is taken.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: t.adminAuth,
      payload: toyPayload({ name: 'Wolves \ud83d\udc3a' }),
    });
    expect(ok.statusCode).toBe(201);
  });
  it('in a key, in orders, in a moderator reason: 400, nothing stored', async () => {
    const g = await createGameVia(t, toyPayload());
    const before = await rows();
    const post = (url: string, payload: string, auth = g.seat.a) =>
      t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': 'application/json' }, payload });
    expectError(
      await post(`/api/games/${g.id}/orders`, '{"orders":{"pick":2,"standing":{"no\\udc00te":"x"}}}'),
      400,
      'request/lone-surrogate',
    );
    expectError(
      await post(`/api/games/${g.id}/orders`, '{"orders":{"pick":2,"standing":{"note":"a\\ud800"}}}'),
      400,
      'request/lone-surrogate',
    );
    expectError(
      await post(`/api/games/${g.id}/pause`, '{"reason":"away \\ud800"}', g.moderator),
      400,
      'request/lone-surrogate',
    );
    expect(await rows()).toEqual(before);
    expect((await t.db.game.findUniqueOrThrow({ where: { id: g.id } })).status).toBe('active');
  });
  it('a NUL below depth 64 (and at any depth the guard lets through) is refused', async () => {
    const g = await createGameVia(t, toyPayload());
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/games/${g.id}/orders`,
        headers: { ...g.seat.a, 'content-type': 'application/json' },
        payload,
      });
    expectError(await post(`{"orders":{"pick":2,"standing":${nested(70, '"a\\u0000"')}}}`), 400, 'request/too-deep');
    expectError(
      await post(`{"orders":{"pick":2,"standing":${nested(MAX_JSON_DEPTH - 2, '"a\\u0000"')}}}`),
      400,
      'request/nul-character',
    );
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(0);
  });
  it('a NUL in a URL parameter or the query string, and an undecodable URL, are 400', async () => {
    const g = await createGameVia(t, toyPayload());
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/games/%00', headers: g.moderator }),
      400,
      'request/nul-character',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/steps/%00`, headers: g.moderator }),
      400,
      'request/nul-character',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/games/${g.id}?x=%00`, headers: g.moderator }),
      400,
      'request/nul-character',
    );
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/games/${g.id}/absences/%00`, headers: g.seat.a }),
      400,
      'request/nul-character',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/games/ab%ED%A0%80', headers: g.moderator }),
      400,
      'request/bad-url',
    );
  });
});

describe('what the fuzz test found (test/api/fuzz.test.ts)', () => {
  it('a query parameter given twice is 400 request/repeated-parameter (a token given twice was a 500)', async () => {
    const g = await createGameVia(t, toyPayload());
    const res = await t.app.inject({ method: 'GET', url: `/play/${g.id}?token=${g.tokens.a}&token=x` });
    expect(res.statusCode).toBe(400);
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/games/${g.id}?x=1&x=2`, headers: g.moderator }),
      400,
      'request/repeated-parameter',
    );
  });
  it("signing out of a page under an id that is not a game's, in any script, is not an error", async () => {
    const res = await t.app.inject({ method: 'POST', url: `/play/${encodeURIComponent('\u{10ffff}狼')}/logout` });
    expect(res.statusCode).toBeLessThan(500);
  });
  it('the JSON form of an inbound mail with fields of the wrong type is 400 request/invalid', async () => {
    const headers = { authorization: `Bearer ${WEBHOOK}` };
    const raw = 'From: a@example.org\r\nTo: orders@example.org\r\nSubject: x\r\n\r\nHELP\r\n';
    const error = expectError(
      await t.app.inject({
        method: 'POST',
        url: '/mail/inbound',
        headers,
        payload: { raw, envelopeFrom: 42, envelopeTo: ['x@example.org', 7] },
      }),
      400,
      'request/invalid',
    );
    expect(error.details.map((d: { path: string }) => d.path).sort()).toEqual(['/envelopeFrom', '/envelopeTo/1']);
    expect(await t.db.inboundMail.count()).toBe(0);
  });
});
