/**
 * The order grammars of every game with a text form. A game adds its grammar here (one line) and documents it in
 * docs/orders.md. Email intake and the web form's text mode both read orders through this registry.
 */
import { awTextGrammar } from '../games/atlantic-wolves/orders/text.ts';
import type { Locale } from '../i18n/index.ts';
import { parseOrderText } from './parse.ts';
import type { GrammarInput, OrderGrammar, ParsedText } from './types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const grammars = new Map<string, OrderGrammar<any, any>>([[awTextGrammar.game, awTextGrammar]]);

/** The grammar of a game id, or undefined when the game has no text form yet. */
export function grammarFor(game: string): OrderGrammar | undefined {
  return grammars.get(game);
}

/** Parses an order message of a game: the generic commands plus the game's own statements. */
export function readOrderText(game: string, input: GrammarInput, text: string): ParsedText | undefined {
  const grammar = grammars.get(game);
  if (!grammar) return undefined;
  return parseOrderText(grammar, grammar.context(input), text);
}

/** The canonical text of a game's orders JSON (the echo of a reply mail, the web form's text mode). */
export function formatOrderText(game: string, input: GrammarInput, orders: unknown, locale: Locale): string[] {
  const grammar = grammars.get(game);
  if (!grammar) return [JSON.stringify(orders)];
  return grammar.format(orders, grammar.context(input), locale);
}

/** The syntax summary of a game's grammar (HELP), or a generic note when there is none. */
export function syntaxFor(game: string, locale: Locale): string {
  return grammars.get(game)?.syntax(locale) ?? (locale === 'ja' ? 'このゲームの命令は JSON で送ってください。' : 'Send this game\'s orders as JSON.');
}
