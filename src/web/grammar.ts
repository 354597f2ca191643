/**
 * The order-text grammar of a game, shared with email: the web page's text box reads exactly what a mail would.
 */
import { awTextGrammar } from '../games/atlantic-wolves/orders/text.ts';
import type { ChoiceTree } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { parseOrderText } from '../orders-text/parse.ts';
import type { OrderGrammar, TextIssue } from '../orders-text/types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const GRAMMARS: Record<string, OrderGrammar<any, any>> = { [awTextGrammar.game]: awTextGrammar };

/** The text grammar of an engine game id, if it has one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function grammarFor(game: string): OrderGrammar<any, any> | undefined {
  return GRAMMARS[game];
}

/** Reads order text for a seat at its current decision point: the orders, or every problem with a line number. */
export function readOrderText(game: string, input: { data: unknown; seat: string; choices: ChoiceTree | null }, text: string): { ok: true; orders: unknown; statements: number } | { ok: false; errors: TextIssue[]; orders?: unknown } {
  const grammar = grammarFor(game);
  if (!grammar) return { ok: false, errors: [{ line: 0, text: '', code: 'text/no-grammar', message: { en: 'this game has no text orders', ja: 'このゲームはテキスト命令に対応していません' }, rule: 'orders-text' }] };
  const parsed = parseOrderText(grammar, grammar.context(input), text);
  if (parsed.errors.length) return { ok: false, errors: parsed.errors, ...(parsed.statements ? { orders: parsed.orders } : {}) };
  return { ok: true, orders: parsed.orders, statements: parsed.statements };
}

/** The canonical text of orders (prefills the text box with the orders on file). */
export function formatOrders(game: string, input: { data: unknown; seat: string; choices: ChoiceTree | null }, orders: unknown, locale: Locale): string {
  const grammar = grammarFor(game);
  if (!grammar || !orders) return '';
  try {
    return grammar.format(orders, grammar.context(input), locale).join('\n');
  } catch {
    return '';
  }
}
