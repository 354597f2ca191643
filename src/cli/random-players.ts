/** Random legal players per game, used by `pbem simulate` and `pbem odds`. */
import type { SeatId } from '../engine/types.ts';
import { randomLegalOrders } from '../games/atlantic-wolves/random-orders.ts';

export type RandomPlayer = (state: unknown, seat: SeatId, rand: () => number) => unknown;

const players: Record<string, RandomPlayer> = {
  'atlantic-wolves': randomLegalOrders as RandomPlayer,
};

export function randomPlayerFor(gameId: string): RandomPlayer {
  const player = players[gameId];
  if (!player) throw new Error(`no random player for "${gameId}"`);
  return player;
}
