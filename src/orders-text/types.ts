/**
 * The generic order-text contract. A game's grammar turns statement lines into that game's orders JSON and back
 * into canonical text; the generic layer (parse.ts) handles what every game shares: normalisation, comments,
 * the commands HELP / STATUS / APPROVE / REJECT / SIGNON / END, and line-numbered errors.
 */
import type { ChoiceTree, SeatId, Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';

/** A problem with one line of order text. `code` is stable (`text/...`), `rule` is the grammar or rule id. */
export interface TextIssue {
  line: number;
  text: string;
  code: string;
  message: Text;
  rule: string;
}

/** A command found in the text (not an order). */
export type TextCommand =
  | { kind: 'help'; line: number }
  | { kind: 'status'; line: number }
  | { kind: 'approve'; line: number; note?: string }
  | { kind: 'reject'; line: number; reason: string }
  | { kind: 'signon'; line: number; secret: string; game?: string; side?: string };

/** What a grammar needs to read names: the game's component data, the seat, and its current legal choices. */
export interface GrammarInput {
  data: unknown;
  seat?: SeatId;
  choices?: ChoiceTree | null;
}

/** The outcome of one statement line: it set something in the orders, it failed, or it is not an order at all. */
export type StatementResult<O> =
  | { kind: 'order'; apply(orders: O): void }
  | { kind: 'error'; code: string; message: Text }
  | null;

/**
 * One game's order grammar (the `grammar` of its package). `C` is the grammar's prepared context (name tables and
 * so on). Lines holding a JSON object are read by the generic layer, never passed to `statement`.
 */
export interface OrderGrammar<O = unknown, C = unknown> {
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

/** Everything read from one message body. */
export interface ParsedText<O = unknown> {
  orders: O;
  /** Number of order statements applied (0: the message held only commands or nothing); a JSON object is one. */
  statements: number;
  /** True when the orders came as one JSON object rather than as statements. */
  json?: boolean;
  commands: TextCommand[];
  errors: TextIssue[];
  /** Lines that were neither orders nor commands (greetings and so on): reported back, not an error. */
  ignored: { line: number; text: string }[];
  /** The text with SIGNON secrets blanked: safe to store and to echo. */
  redacted: string;
}
