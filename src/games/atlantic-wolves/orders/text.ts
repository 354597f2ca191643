/**
 * The Atlantic Wolves order grammar (docs/orders.md): text lines -> AwOrders, and AwOrders -> canonical text.
 * Units are named by id (`U01`), unit number (`51`), type and number (`UB51`, `DD25`) or name (`Convoy HX`,
 * `HX船団`); areas by id (`WA`), name (`Western Approaches`, `ウエスタン・アプローチ`) or initials. Keywords are
 * English, with Japanese aliases. Shared by email and the web form's text mode.
 *
 * text/context.ts builds the name tables, text/items.ts reads a line's names, text/statement.ts chooses the reader
 * of the line's keyword; each decision point has its reader and writer (text/reinforce.ts D1, text/step2.ts D2,
 * text/placement.ts D3 to D6, text/response.ts D7, text/attacks.ts D8 to D10), text/format.ts puts the writers in
 * order.
 */
import type { OrderGrammar } from '../../../engine/grammar.ts';
import type { AwOrders } from './schema.ts';
import { type AwTextContext, awContext } from './text/context.ts';
import { format } from './text/format.ts';
import { statement } from './text/statement.ts';
import { SYNTAX } from './text/syntax.ts';

/** The Atlantic Wolves grammar: the `grammar` of its package (index.ts). */
export const awTextGrammar: OrderGrammar<AwOrders, AwTextContext> = {
  // AW 12.0: the mail-play game, whose orders this text writes; cited by a line that names no order's rule.
  rule: 'AW 12.0',
  context: awContext,
  empty: () => ({}),
  statement,
  format,
  syntax: (locale) => SYNTAX[locale],
};
