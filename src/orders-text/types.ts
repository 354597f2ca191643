/**
 * The generic order-text contract. A game's grammar turns statement lines into that game's orders JSON and back
 * into canonical text; the generic layer (parse.ts) handles what every game shares: normalisation, comments,
 * the commands HELP / STATUS / APPROVE / REJECT / SIGNON / VACATION / END, and line-numbered errors. The grammar a game
 * package brings is part of the game contract: src/engine/grammar.ts.
 */
import type { Text } from '../engine/types.ts';

/**
 * A problem with one line of order text. `code` is stable (`text/...`, or the game's `<game>/text-...`). `rule` is
 * the rule id of the order a game's statement line tries to express, else the rule of the game's mail order set
 * (`OrderGrammar.rule`, e.g. AW 12.0); it is absent when no rule is involved (commands, JSON, SEAT lines, a
 * message too long): the code and the message say what is wrong.
 */
export interface TextIssue {
  line: number;
  text: string;
  code: string;
  message: Text;
  rule?: string;
}

/** A command found in the text (not an order). */
export type TextCommand =
  | { kind: 'help'; line: number }
  | { kind: 'status'; line: number }
  | { kind: 'approve'; line: number; note?: string }
  | { kind: 'reject'; line: number; reason: string }
  /** A player takes back its seats the computer player plays (src/services/bot-seats.ts). */
  | { kind: 'reclaim'; line: number }
  | { kind: 'signon'; line: number; secret: string; game?: string; side?: string }
  /** A vacation for every game of the sender's address (src/services/deadlines/vacations.ts), or its withdrawal. */
  | { kind: 'vacation'; line: number; from: string; to: string }
  | { kind: 'vacation'; line: number; cancel: true };

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
