/**
 * A game's row, its seats' rows (by side) and its persons' rows, as statements to read with others (`readTogether`,
 * `queryMany`); their columns named rather than `*`, so that a process keeps reading them when a newer process's
 * migration adds a column.
 */
import { columnsOf } from '../db/sql-tx.ts';
import { type Game, Prisma, type Seat } from '../generated/prisma/client.ts';
import { statement } from './prepared-statements.ts';

export const GAME_ROW = statement(
  'mail_game_row',
  ['text'],
  `SELECT ${columnsOf(Prisma.GameScalarFieldEnum)} FROM "Game" WHERE id = $1`,
);
export const GAME_SEATS = statement(
  'mail_game_seats',
  ['text'],
  `SELECT ${columnsOf(Prisma.SeatScalarFieldEnum)} FROM "Seat" WHERE "gameId" = $1 ORDER BY side`,
);
export const GAME_PERSONS = statement(
  'game_persons',
  ['text'],
  `SELECT ${columnsOf(Prisma.PersonScalarFieldEnum)} FROM "Person" WHERE "gameId" = $1 ORDER BY id`,
);

/** A game and its seats as GAME_ROW and GAME_SEATS read them, in the shape Prisma's `include: { seats }` gives. */
export function gameWithSeats(games: unknown[], seats: unknown[], gameId: string): Game & { seats: Seat[] } {
  const [game] = games as Game[];
  if (!game) throw new Error(`No Game found: ${gameId}`);
  return { ...game, seats: seats as Seat[] };
}
