/**
 * The toy game's rules: a tiny two-seat dice game, the worked example of a game package (docs/adding-a-game.md).
 *   TOY 1  A game lasts `rounds` steps (an option, 1 to 10, default 4).
 *   TOY 2  Even steps: both seats pick a number 1-6; odd steps: only "a" picks ("b" may send standing orders only).
 *          A standing order is a note of up to 100 characters that the seat keeps (only it sees its note).
 *   TOY 3  For each pick the engine rolls a secret d6 that only the picking seat sees: a pick equal to it scores 3.
 *          Then one public d6 is rolled for the round. After the last step the higher score wins; equal scores draw.
 * Pure: every die through `ctx.roll`, no clock, no I/O.
 */
/** The seats, in order. */
export const TOY_SEATS = ['a', 'b'] as const;

/** The state between steps. */
export interface ToyState {
  step: number;
  rounds: number;
  score: Record<string, number>;
  notes: Record<string, string>;
}
