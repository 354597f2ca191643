/**
 * The order of row locks between a change of a seat's holder and a step's resolution, on real Postgres. The turn
 * processor locks the game's row FOR UPDATE and then writes rows that refer to a seat (its default orders, its
 * punctuality): their foreign keys take the seat's row FOR KEY SHARE. A hand-over to the computer, a reclaim, a move
 * to another holder and a renewal of a seat's secrets lock the seat's row FOR UPDATE: taken before the game's row,
 * the two waited for each other until Postgres broke the deadlock by failing one of them (a reclaim by mail was
 * then lost). Each must wait for the game's row without holding the seat's.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { handSeatToBot, handSeatToPlayer, reclaimSeats } from '../../src/services/bot-seats.ts';
import { renewSeatAccess } from '../../src/services/seat-access.ts';
import { moveSeat } from '../../src/services/seat-holders.ts';
import { waitFor } from '../jobs/support/processes.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { anotherSessionWaitsForALock } from '../support/db.ts';
import { toyOfTwoPlayers } from '../support/toy-games.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Holds the game's row as a resolution does, lets `change` start and wait for it, then takes seat a's row FOR KEY
 * SHARE as the resolution's default orders would (with a lock timeout well under a deadlock's), and commits. Returns
 * the change's outcome: it must come after the resolution, not fail or hold the seat's row meanwhile.
 */
async function racedWithResolution<T>(gameId: string, seatA: string, change: () => Promise<T>): Promise<T> {
  const resolver = new pg.Client({ connectionString: t.database.url });
  await resolver.connect();
  try {
    await resolver.query('BEGIN');
    await resolver.query(`SELECT 1 FROM "Game" WHERE id = $1 FOR UPDATE`, [gameId]);
    const changed = change().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    expect(await waitFor(() => anotherSessionWaitsForALock(resolver), 10_000, 20)).toBe(true);
    await resolver.query(`SET LOCAL lock_timeout = '500ms'`);
    // What an insert of an order or a punctuality row of seat a takes through its foreign key.
    await resolver.query(`SELECT 1 FROM "Seat" WHERE id = $1 FOR KEY SHARE`, [seatA]);
    await resolver.query('COMMIT');
    const outcome = await changed;
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  } finally {
    await resolver.end();
  }
}

describe('a change of a seat’s holder during a resolution waits for the game’s row, holding nothing of the seat', () => {
  test('the moderator hands the seat to the computer, and back', async () => {
    const {
      gameId,
      seatA: { id: seatA },
    } = await toyOfTwoPlayers(t, 'hand');
    expect(await racedWithResolution(gameId, seatA, () => handSeatToBot(t.deps, gameId, 'a'))).toEqual({
      side: 'a',
      bot: true,
    });
    expect(await racedWithResolution(gameId, seatA, () => handSeatToPlayer(t.deps, gameId, 'a'))).toEqual({
      side: 'a',
      bot: false,
    });
  });

  test('the player takes its seat back', async () => {
    const {
      gameId,
      seatA: { id: seatA },
    } = await toyOfTwoPlayers(t, 'reclaim');
    await handSeatToBot(t.deps, gameId, 'a');
    const back = await racedWithResolution(gameId, seatA, () => reclaimSeats(t.deps, gameId, { seatId: seatA }));
    expect(back).toEqual({ ok: true, sides: ['a'] });
    expect((await t.db.seat.findUniqueOrThrow({ where: { id: seatA } })).bot).toBe(false);
  });

  test('the moderator moves the seat to a replacement, and renews its secrets', async () => {
    const {
      gameId,
      seatA: { id: seatA },
    } = await toyOfTwoPlayers(t, 'move');
    const moved = await racedWithResolution(gameId, seatA, () =>
      moveSeat(t.deps, gameId, 'a', { email: 'stand-in-move@example.org', locale: 'en' }),
    );
    expect(moved.email).toBe('stand-in-move@example.org');
    const before = await t.db.seat.findUniqueOrThrow({ where: { id: seatA } });
    const renewed = await racedWithResolution(gameId, seatA, () => renewSeatAccess(t.deps, gameId, 'a'));
    expect(renewed).toMatchObject({ side: 'a', email: 'stand-in-move@example.org' });
    const seat = await t.db.seat.findUniqueOrThrow({ where: { id: seatA }, include: { person: true } });
    expect(seat.person.email).toBe('stand-in-move@example.org');
    expect(seat.tokenHash).not.toBe(before.tokenHash);
  });
});
