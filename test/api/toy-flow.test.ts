import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, bearerOf, type TestApp } from '../support/app.ts';
import { toyGame } from '../../src/games/toy/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame] });
});
afterAll(async () => {
  await t?.close();
});

async function create(extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/games',
    headers: t.adminAuth,
    payload: {
      game: 'toy',
      mode: 'mail',
      seats: [
        { side: 'a', email: 'a@example.org' },
        { side: 'b', email: 'b@example.org', locale: 'ja' },
      ],
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; moderatorToken: string; seats: { side: string; token: string }[] };
}

describe('a toy game through the API', () => {
  it('creates, collects orders, resolves, publishes and finishes', async () => {
    const g = await create({ options: { rounds: 2 } });
    const [a, b] = g.seats.map((s) => bearerOf(s.token));
    let res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: a,
      payload: { orders: { pick: 3 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resolution).toBeNull();
    res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: b,
      payload: { orders: { pick: 4 } },
    });
    expect(res.json().resolution).toMatchObject({ resolved: true, step: 0, status: 'published' });
    res = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: b });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().step.number).toBe(1);
    expect(res.body).not.toContain('diceKey');
    res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: a,
      payload: { orders: { pick: 2 } },
    });
    expect(res.json().resolution).toMatchObject({ resolved: true, step: 1, finished: true });
    res = await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/record`, headers: a });
    const record = res.json();
    expect(record.format).toBe('pbem-record/1');
    expect(record.dice.kind).toBe('seed');
    expect(record.steps).toHaveLength(2);
  });
});
