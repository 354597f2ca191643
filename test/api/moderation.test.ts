/** Moderator review (preview, approve, reject with orders kept), amendment, pause and resume: audited. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createGameVia, postOrders, toyPayload } from '../support/api-helpers.ts';
import { toyGame } from '../../src/games/toy/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ games: [toyGame] });
});
afterAll(async () => {
  await t?.close();
});

describe('moderator review', () => {
  it('a rejected preview reopens with its orders; a new resolution gives the same dice; approval mails', async () => {
    const g = await createGameVia(t, toyPayload({ review: 'moderator', moderatorEmail: 'mod@example.org' }));
    await postOrders(t, g.id, g.seat.a, { pick: 2 });
    const last = await postOrders(t, g.id, g.seat.b, { pick: 3 });
    expect(last.json().resolution.status).toBe('awaiting_review');
    const notice = await t.db.outbox.findMany({ where: { gameId: g.id, kind: 'moderator' } });
    expect(notice.map((m) => m.toAddress)).toEqual(['mod@example.org']);
    // Its link leads to the game in the console; the Message-ID is derived from the outbox row (stable on retries).
    const link = /http:\/\/[^/\s]+(\/g\/[^\s]+\/moderate)/.exec(notice[0].text)![1];
    expect((await t.app.inject({ method: 'GET', url: link })).headers.location).toBe(`/console/games/${g.id}`);
    expect(notice[0].messageId).toContain(notice[0].id);
    expect(await t.db.outbox.count({ where: { gameId: g.id, kind: 'result' } })).toBe(0);
    const first = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.moderator })).json()
      .preview.events;

    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/steps/0/reject`,
      headers: g.moderator,
      payload: { reason: 'b mistyped' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const view = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.moderator })).json();
    expect(view.step).toMatchObject({
      number: 0,
      status: 'open',
      rejectedReason: 'b mistyped',
      awaitingConfirmation: ['a', 'b'],
    });
    expect(await t.db.event.count({ where: { step: { gameId: g.id } } })).toBe(0);
    const orders = (
      await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/orders`, headers: g.moderator })
    ).json().orders;
    expect(Object.keys(orders).sort()).toEqual(['a', 'b']);

    // Both confirm their orders by sending them again (docs/orders.md): the same orders give the same dice.
    expect((await postOrders(t, g.id, g.seat.b, { pick: 3 })).json().resolution).toBeNull();
    const again = await postOrders(t, g.id, g.seat.a, { pick: 2 });
    expect(again.json().resolution.status).toBe('awaiting_review');
    const second = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.moderator })).json()
      .preview.events;
    expect(second).toEqual(first);

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/steps/0/approve`,
      headers: g.moderator,
    });
    expect(approve.json()).toEqual({ step: 0, finished: false });
    expect(await t.db.outbox.count({ where: { gameId: g.id, kind: 'result' } })).toBe(2);
    const audit = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/audit`, headers: g.moderator })).json()
      .entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['game.create', 'step.reject', 'step.approve']);
    expect(audit[1].detail).toMatchObject({ step: 0, reason: 'b mistyped', awaiting: ['a', 'b'] });
  });
});

describe('amend, pause, resume', () => {
  it('the moderator amends a seat’s orders (audited), also while paused; resume resolves the step', async () => {
    const g = await createGameVia(t, toyPayload());
    await postOrders(t, g.id, g.seat.a, { pick: 2 });
    await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/pause`,
      headers: g.moderator,
      payload: { reason: 'dispute' },
    });
    const amend = await t.app.inject({
      method: 'PUT',
      url: `/api/games/${g.id}/seats/b/orders`,
      headers: g.moderator,
      payload: { orders: { pick: 6 }, reason: 'b sent it by phone' },
    });
    expect(amend.statusCode, amend.body).toBe(200);
    expect(amend.json().resolution).toBeNull(); // paused: nothing resolves
    const resume = await t.app.inject({ method: 'POST', url: `/api/games/${g.id}/resume`, headers: g.moderator });
    expect(resume.json().resolution).toMatchObject({ resolved: true, step: 0, status: 'published' });
    const order = await t.db.order.findFirstOrThrow({ where: { gameId: g.id, seat: { side: 'b' } } });
    expect(order.source).toBe('moderator');
    const audit = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/audit`, headers: g.moderator })).json()
      .entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual([
      'game.create',
      'game.pause',
      'orders.amend',
      'game.resume',
    ]);
    expect(audit[2].detail).toMatchObject({ side: 'b', reason: 'b sent it by phone' });
  });

  it('a seat may revise until the step resolves; only the latest counts', async () => {
    const g = await createGameVia(t, toyPayload());
    for (const pick of [1, 2, 3]) expect((await postOrders(t, g.id, g.seat.a, { pick })).statusCode).toBe(200);
    const mine = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}/orders`, headers: g.seat.a })).json();
    expect(mine.orders.a.orders).toEqual({ pick: 3 });
    expect(await t.db.order.count({ where: { gameId: g.id } })).toBe(3);
    expect(
      (await t.db.order.findMany({ where: { gameId: g.id }, orderBy: { revision: 'asc' } })).map((o) => [
        o.revision,
        o.parsed,
      ]),
    ).toEqual([
      [1, { pick: 1 }],
      [2, { pick: 2 }],
      [3, { pick: 3 }],
    ]);
  });

  it('deadline set and cleared', async () => {
    const g = await createGameVia(t, toyPayload());
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/games/${g.id}/deadline`,
      headers: g.moderator,
      payload: { deadlineAt: '2030-01-02T03:04:05Z' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = (await t.app.inject({ method: 'GET', url: `/api/games/${g.id}`, headers: g.seat.a })).json();
    expect(view.step.deadlineAt).toBe('2030-01-02T03:04:05.000Z');
  });
});

describe('service endpoints', () => {
  it('GET /health and the OpenAPI document at /docs', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toContain('/api/games/{id}/orders');
    // Pages, the mail sink and the metrics are not API operations.
    expect(paths.filter((p) => /^\/(play|console|lang|static|g|dev|metrics)\b/.test(p))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
  });
});
