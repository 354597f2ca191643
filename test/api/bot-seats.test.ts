/**
 * Bot seats (src/services/bot-seats.ts) over the real app and Postgres: a seat created as the computer player's has
 * no address, no token and gets no mail; the moderator hands a player's seat to the computer and back, audited, every
 * player told in its language; the computer's seat takes no player's orders; a player takes its seat back, and
 * cannot once a replacement holds it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGame } from '../../src/services/games.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { bearerOf, buildTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/app.ts';
import { client, csrfOf } from '../web/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A toy game: seat a played by a Japanese-speaking player, seat b by the computer. */
async function toyWithBot(tag: string) {
  const created = await createGame(t.deps, {
    game: 'toy',
    mode: 'mail',
    options: { rounds: 4 },
    moderatorEmail: `mod-${tag}@example.org`,
    seats: [
      { side: 'a', email: `a-${tag}@example.org`, locale: 'ja', timeZone: 'Asia/Tokyo' },
      { side: 'b', bot: true },
    ],
  });
  const token = (side: string) => created.seats.find((s) => s.side === side)!.token;
  return { created, moderator: bearerOf(created.moderatorToken), a: bearerOf(token('a')) };
}

const handOver = (gameId: string, side: string, auth: { authorization: string }, method: 'POST' | 'DELETE') =>
  t.app.inject({ method, url: `/api/games/${gameId}/seats/${side}/bot`, headers: auth });

describe('a seat created for the computer player', () => {
  test('is stored as the computer’s, has neither address nor token, and gets no mail', async () => {
    const { created } = await toyWithBot('create');
    expect(created.seats.find((s) => s.side === 'b')).toEqual({
      side: 'b',
      email: '',
      name: null,
      token: '',
      bot: true,
    });
    const seats = await t.db.seat.findMany({ where: { gameId: created.id }, orderBy: { side: 'asc' } });
    expect(seats.map((s) => [s.side, s.bot, s.email])).toEqual([
      ['a', false, 'a-create@example.org'],
      ['b', true, ''],
    ]);
    const mails = await t.db.outbox.findMany({ where: { gameId: created.id } });
    expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([['welcome', 'a-create@example.org']]);
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { gameId: created.id, action: 'game.create' } });
    expect(audit.detail).toMatchObject({ bots: ['b'] });
  });

  test('over the API: a seat is a player’s address or `bot: true`, never both', async () => {
    const body = (b: unknown) => ({ game: 'toy', mode: 'mail', seats: [{ side: 'a', email: 'x@example.org' }, b] });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: t.adminAuth,
      payload: body({ side: 'b', bot: true }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().seats[1]).toMatchObject({ side: 'b', bot: true, token: '' });
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: t.adminAuth,
      payload: body({ side: 'b', bot: true, email: 'y@example.org' }),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toMatch(/^request\//);
  });

  test('cannot be given back to a player it never had: 409 seat/no-player', async () => {
    const { created, moderator } = await toyWithBot('noplayer');
    const res = await handOver(created.id, 'b', moderator, 'DELETE');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('seat/no-player');
  });
});

describe('the moderator hands a seat to the computer and back', () => {
  test('audited, every player told in its language, and the player’s orders refused meanwhile', async () => {
    const { created, moderator, a } = await toyWithBot('hand');
    const g = created.id;
    expect((await handOver(g, 'a', a, 'POST')).statusCode).toBe(403); // the moderator's alone
    const handed = await handOver(g, 'a', moderator, 'POST');
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toEqual({ side: 'a', bot: true });
    expect((await handOver(g, 'a', moderator, 'POST')).json().error.code).toBe('seat/bot-already');
    expect((await t.db.seat.findFirstOrThrow({ where: { gameId: g, side: 'a' } })).bot).toBe(true);

    // The player's own orders are refused while the computer plays the seat.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g}/orders`,
      headers: a,
      payload: { orders: {} },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('seat/bot');

    // Its player is told, in Japanese, how to take the seat back.
    const notice = await t.db.outbox.findFirstOrThrow({ where: { gameId: g, kind: 'seat' } });
    expect(notice.toAddress).toBe('a-hand@example.org');
    expect(notice.subject).toContain('コンピュータが引き継ぎます');
    expect(notice.text).toContain('\n取り戻す\n');
    expect(notice.text).toContain('進行役が');

    const back = await handOver(g, 'a', moderator, 'DELETE');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ side: 'a', bot: false });
    const actions = await t.db.auditLog.findMany({
      where: { gameId: g, action: { in: ['seat.bot', 'seat.player'] } },
      orderBy: { id: 'asc' },
    });
    expect(actions.map((x) => [x.actor, x.action, (x.detail as { side: string }).side])).toEqual([
      ['moderator', 'seat.bot', 'a'],
      ['moderator', 'seat.player', 'a'],
    ]);
    const told = await t.db.outbox.findMany({ where: { gameId: g, kind: 'seat' }, orderBy: { createdAt: 'asc' } });
    expect(told.map((m) => m.subject)).toEqual([
      expect.stringContaining('コンピュータが引き継ぎます'),
      expect.stringContaining('プレイヤーが復帰しました'),
    ]);
  });

  test('a player takes its seat back; after a replacement took it, the old player is refused with a reason', async () => {
    const { created, moderator, a } = await toyWithBot('reclaim');
    const g = created.id;
    const reclaim = (auth: { authorization: string }) =>
      t.app.inject({ method: 'POST', url: `/api/games/${g}/reclaim`, headers: auth });
    expect((await reclaim(a)).json().error.code).toBe('seat/not-bot');
    await handOver(g, 'a', moderator, 'POST');
    const back = await reclaim(a);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ sides: ['a'] });
    const entry = await t.db.auditLog.findFirstOrThrow({ where: { gameId: g, action: 'seat.player' } });
    expect(entry.actor).toBe('seat:a');

    // Handed over again, then given to a replacement: the seat is the new player's, not the computer's.
    await handOver(g, 'a', moderator, 'POST');
    const formerPerson = (await t.db.seat.findFirstOrThrow({ where: { gameId: g, side: 'a' } })).personId;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g}/seats/a/holder`,
      headers: moderator,
      payload: { email: 'stand-in@example.org' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const seat = await t.db.seat.findFirstOrThrow({ where: { gameId: g, side: 'a' } });
    expect(seat.bot).toBe(false);
    const { reclaimSeats } = await import('../../src/services/bot-seats.ts');
    expect(await reclaimSeats(t.deps, g, { personId: formerPerson })).toEqual({
      ok: false,
      reason: 'replaced',
      sides: ['a'],
    });
  });

  test('the player’s page: no order form while the computer plays the seat, and a button to take it back', async () => {
    const { created, moderator } = await toyWithBot('page');
    const g = created.id;
    const token = created.seats.find((x) => x.side === 'a')!.token;
    const browser = client(t.app);
    expect((await browser.get(`/play/${g}?token=${encodeURIComponent(token)}`)).statusCode).toBe(303);
    let page = await browser.get(`/play/${g}`);
    expect(page.body).not.toContain('/reclaim');
    expect(page.body).toContain('id="to-orders"');
    await handOver(g, 'a', moderator, 'POST');
    page = await browser.get(`/play/${g}`);
    expect(page.body).toContain('コンピュータが担当しています');
    expect(page.body).toContain(`action="/play/${g}/reclaim"`);
    expect(page.body).not.toContain('id="to-orders"');
    const res = await browser.post(`/play/${g}/reclaim`, { _csrf: csrfOf(page.body) });
    expect(res.statusCode).toBe(303);
    expect((await t.db.seat.findFirstOrThrow({ where: { gameId: g, side: 'a' } })).bot).toBe(false);
    page = await browser.get(res.headers.location as string);
    expect(page.body).toContain('を取り戻しました');
    expect(page.body).toContain('id="to-orders"');
    // Once more: nothing left to take back, said in the player's language.
    const again = await browser.post(`/play/${g}/reclaim`, { _csrf: csrfOf(page.body) });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('コンピュータが担当していません');
  });

  test('the console creates a game with a bot seat', async () => {
    const operator = client(t.app);
    await operator.get(`/console/login?token=${TEST_ADMIN_TOKEN}`);
    const form = await operator.get('/console/new');
    const res = await operator.post('/console/games', {
      _csrf: csrfOf(form.body),
      game: 'toy',
      mode: 'mail',
      'seat.a.email': 'console-a@example.org',
      'seat.b.bot': 'on',
      botAfterMisses: '3',
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const game = await t.db.game.findFirstOrThrow({
      where: { seats: { some: { email: 'console-a@example.org' } } },
      include: { seats: { orderBy: { side: 'asc' } } },
    });
    expect(game.botAfterMisses).toBe(3);
    expect(game.seats.map((x) => [x.side, x.bot])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    // The moderator's console hands a seat to the computer and back, and marks the seats it plays.
    const { created } = await toyWithBot('console');
    const moderator = client(t.app);
    await moderator.get(`/console/login?token=${encodeURIComponent(created.moderatorToken)}`);
    const base = `/console/games/${created.id}`;
    let page = await moderator.get(base);
    expect(page.body).toContain(`action="${base}/bot"`);
    expect(await moderator.post(`${base}/bot`, { _csrf: csrfOf(page.body), side: 'a', to: 'bot' })).toMatchObject({
      statusCode: 303,
    });
    expect((await t.db.seat.findFirstOrThrow({ where: { gameId: created.id, side: 'a' } })).bot).toBe(true);
    page = await moderator.get(base);
    expect(page.body.match(/\(the computer plays\)/g)?.length).toBe(2);
    await moderator.post(`${base}/bot`, { _csrf: csrfOf(page.body), side: 'a', to: 'player' });
    expect((await t.db.seat.findFirstOrThrow({ where: { gameId: created.id, side: 'a' } })).bot).toBe(false);
  });

  test('a result sent back waits for the players to confirm, not for the computer: it stands by its orders', async () => {
    const created = await createGame(t.deps, {
      game: 'toy',
      mode: 'mail',
      review: 'moderator',
      seats: [
        { side: 'a', email: 'review-a@example.org' },
        { side: 'b', bot: true },
      ],
    });
    const g = created.id;
    const seat = (side: string) => t.db.seat.findFirstOrThrow({ where: { gameId: g, side } });
    // The computer's orders (as its job submits them), then the player's, which completes the step.
    const order = async (side: string, source: 'bot' | 'api') =>
      submitOrders(t.deps, { gameId: g, seatId: (await seat(side)).id, orders: { pick: 2 }, raw: '', source });
    await expect(order('a', 'bot')).rejects.toMatchObject({ code: 'seat/not-bot' });
    await order('b', 'bot');
    await order('a', 'api');
    const moderator = bearerOf(created.moderatorToken);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g}/steps/0/reject`,
      headers: moderator,
      payload: { reason: 'a typo' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().awaiting).toEqual(['a']);
    expect((await t.db.step.findFirstOrThrow({ where: { gameId: g, number: 0 } })).status).toBe('open');
    // The player confirms: the step resolves again, with the computer's orders as they were.
    await order('a', 'api');
    const step0 = await t.db.step.findFirstOrThrow({ where: { gameId: g, number: 0 } });
    expect(step0.status).toBe('awaiting_review');
  });
});
