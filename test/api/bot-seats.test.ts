/**
 * Bot seats (src/services/bot-seats.ts) over the real app and Postgres: a seat created as the computer player's has
 * no address, no token and gets no mail; the moderator hands a player's seat to the computer and back, audited, every
 * player told in its language; the computer's seat takes no player's orders; a player takes its seat back, and
 * cannot once a replacement holds it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGame } from '../../src/services/games.ts';
import { bearerOf, buildTestApp, type TestApp } from '../support/app.ts';

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
    expect(notice.text).toContain('復帰');
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
});
