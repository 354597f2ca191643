/**
 * The two words every part of the game contract shares: a seat's id and a text in both languages. Kept apart from
 * types.ts so that the board (board.ts) and the choice trees (choice-types.ts), which types.ts itself names, can
 * use them without importing the contract back.
 */

/** A seat is one player's chair at the table: 'allied' / 'german' in AW, 'france' / 'allies' in FN. */
export type SeatId = string;

/** Player-facing text in both languages the service speaks. */
export interface Text {
  en: string;
  ja: string;
}
