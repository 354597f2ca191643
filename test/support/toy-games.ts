/** Toy games created through the service, for tests of what happens to a seat. */
import type { Seat } from '../../src/generated/prisma/client.ts';
import { createGame } from '../../src/services/games.ts';
import type { TestApp } from './app.ts';

/**
 * A toy game by mail of two players and a moderator, addresses named by `tag` (`a-<tag>@example.org`, ...), seat a's
 * player reading Japanese; its id and seat a's row.
 */
export async function toyOfTwoPlayers(t: TestApp, tag: string): Promise<{ gameId: string; seatA: Seat }> {
  const created = await createGame(t.deps, {
    game: 'toy',
    mode: 'mail',
    options: { rounds: 4 },
    moderatorEmail: `mod-${tag}@example.org`,
    seats: [
      { side: 'a', email: `a-${tag}@example.org`, locale: 'ja' },
      { side: 'b', email: `b-${tag}@example.org` },
    ],
  });
  const seatA = await t.db.seat.findFirstOrThrow({ where: { gameId: created.id, side: 'a' } });
  return { gameId: created.id, seatA };
}
