/**
 * A seat's row locked for a change of who holds or plays it. The game's row is locked first (FOR SHARE), as the turn
 * processor (FOR UPDATE) and an order's submission (FOR SHARE) take it: a change holding the seat's row while it
 * waited for the game's would deadlock with a resolution writing that seat's default orders or punctuality (their
 * foreign keys lock the seat's row too).
 */
import type { SqlTx } from '../db/sql-tx.ts';
import { notFound } from './errors.ts';

/** Locks the game's row, then the seat's of `side` (FOR UPDATE); its id. 404 `seat/not-found`. */
export async function lockSeatRow(tx: SqlTx, gameId: string, side: string): Promise<string> {
  await tx.$queryRaw`SELECT 1 FROM "Game" WHERE id = ${gameId} FOR SHARE`;
  const [locked] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Seat" WHERE "gameId" = ${gameId} AND side = ${side} FOR UPDATE`;
  if (!locked) throw notFound('seat', 'seat/not-found');
  return locked.id;
}
