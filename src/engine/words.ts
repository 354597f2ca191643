/**
 * The words every part of the game contract shares: a seat's id, a text in both languages, a language. Kept apart
 * from types.ts so that the board (board.ts), the choice trees (choice-types.ts) and the grammar (grammar.ts), which
 * the contract itself names, can use them without importing the contract back.
 */

/** A seat is one player's chair at the table: 'allied' / 'german' in AW, 'france' / 'allies' in FN. */
export type SeatId = string;

/** Player-facing text in both languages the service speaks. */
export interface Text {
  en: string;
  ja: string;
}

/** A language the service speaks: a key of every `Text`. */
export type Locale = keyof Text;
