/**
 * The order grammar a game package may bring (`GamePackage.grammar`): statement lines of the game's order text, in
 * English and Japanese keywords, into its orders JSON and back into canonical text. The generic layer around it
 * (normalisation, comments, commands, JSON orders, line-numbered errors) is src/orders-text/.
 */
import type { ChoiceTree, SeatId } from './types.ts';
import type { Locale, Text } from './words.ts';

/** What a grammar needs to read names: the game's component data, the seat, and its current legal choices. */
export interface GrammarInput {
  data: unknown;
  seat?: SeatId;
  choices?: ChoiceTree | null;
}

/**
 * The outcome of one statement line: it set something in the orders, it failed, or it is not an order at all. A
 * failure gives the rule id of the order the line tries to express when the grammar knows it (else none).
 */
export type StatementResult<O> =
  | { kind: 'order'; apply(orders: O): void }
  | { kind: 'error'; code: string; message: Text; rule?: string }
  | null;

/**
 * One game's order grammar (the `grammar` of its package). `C` is the grammar's prepared context (name tables and
 * so on). Lines holding a JSON object are read by the generic layer, never passed to `statement`.
 */
export interface OrderGrammar<O = unknown, C = unknown> {
  /**
   * The rule id of the game's mail order set (e.g. `AW 12.0`, the mail-play game), cited by a statement line whose
   * error names no rule of its own; none when the rulebook has no such section.
   */
  rule?: string;
  /** Builds the grammar's context once per message (name tables from the data set, the owed point). */
  context(input: GrammarInput): C;
  /** An empty orders object. */
  empty(): O;
  /** Parses one normalised, non-empty statement line (comments already removed). */
  statement(line: string, ctx: C): StatementResult<O>;
  /** Canonical text of orders: parsing it gives the same orders back. Names of units and areas go in comments. */
  format(orders: O, ctx: C, locale: Locale): string[];
  /** Syntax summary for HELP, one example per decision point. */
  syntax(locale: Locale): string;
}
