/**
 * The order text of any game, as email intake and the page's text box read it: the game package's grammar when it
 * has one, and JSON orders always. A game without a grammar is played by mail and on the page with JSON orders
 * alone (the generic default below). Nothing here names a game: the package says everything.
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { Locale } from '../i18n/index.ts';
import { parseOrderText } from './parse.ts';
import type { GrammarInput, OrderGrammar } from '../engine/grammar.ts';
import type { ParsedText, TextIssue } from './types.ts';

/** The games' part this module reads: its grammar, and the shape of its orders (to know what a grammar can write). */
export type TextGame = Partial<Pick<AnyGamePackage, 'grammar' | 'ordersSchema'>>;

const JSON_SYNTAX: Record<Locale, string> = {
  en: `Orders as JSON: the orders object of the API, starting on a line of its own with "{" (it may span lines).
The keys are those of the choices listed by HELP, e.g. {"key": "value"}.
Commands: HELP, STATUS, SIGNON <password>, END (stops reading); moderators: APPROVE, REJECT <reason>.`,
  ja: `JSON の命令: API の orders オブジェクトを、「{」で始まる行から書きます (複数行に分けても構いません)。
キーは HELP で返る選択肢のキーです (例: {"key": "value"})。
コマンド: HELP または ヘルプ、STATUS または 状況、SIGNON <パスワード>、END または 終了 (以降を読まない)。モデレーター: APPROVE または 承認、REJECT または 却下 <理由>。`,
};

const JSON_ALSO: Record<Locale, string> = {
  en: 'The orders may also be sent as one JSON object (the API\'s orders), starting on a line of its own with "{".',
  ja: '命令は JSON オブジェクト (API の orders) 1つでも送れます。「{」で始まる行から書いてください。',
};

/** The grammar of a game without one: no statements, only commands and JSON; orders written back as JSON. */
export const jsonOnlyGrammar: OrderGrammar<unknown, null> = {
  context: () => null,
  empty: () => ({}),
  statement: () => null,
  format: (orders) => JSON.stringify(orders ?? {}, null, 2).split('\n'),
  syntax: (locale) => JSON_SYNTAX[locale],
};

/** The grammar the game reads its order text with: its own, or JSON only. */
export function grammarOf(game: TextGame): OrderGrammar<unknown, unknown> {
  return (game.grammar ?? jsonOnlyGrammar) as OrderGrammar<unknown, unknown>;
}

/** Reads an order message: the generic commands, JSON orders, and the game's own statements. */
export function readOrderText(game: TextGame, input: GrammarInput, text: string): ParsedText {
  const grammar = grammarOf(game);
  return parseOrderText(grammar, grammar.context(input), text);
}

/** Order text as the page's text box takes it: the orders, or every problem with its line number. */
export function readOrders(
  game: TextGame,
  input: GrammarInput,
  text: string,
): { ok: true; orders: unknown; statements: number } | { ok: false; errors: TextIssue[]; orders?: unknown } {
  const parsed = readOrderText(game, input, text);
  // The lines that could be read go with the errors, so that the engine's errors of them are shown at once too.
  if (parsed.errors.length)
    return { ok: false, errors: parsed.errors, ...(parsed.statements ? { orders: parsed.orders } : {}) };
  return { ok: true, orders: parsed.orders, statements: parsed.statements };
}

/**
 * The canonical text of orders (the echo of a reply mail, the text box prefilled with the orders on file): the
 * grammar's form, or JSON when the game has no grammar or its grammar cannot write these orders (orders sent as
 * JSON that do not have the shape the game reads are echoed as they came, and the engine says what is wrong).
 */
export function formatOrderText(game: TextGame, input: GrammarInput, orders: unknown, locale: Locale): string[] {
  const grammar = grammarOf(game);
  const writable = !game.ordersSchema || game.ordersSchema.safeParse(orders).success;
  if (!writable) return jsonOnlyGrammar.format(orders, null, locale);
  try {
    return grammar.format(orders, grammar.context(input), locale);
  } catch {
    return jsonOnlyGrammar.format(orders, null, locale);
  }
}

/** The syntax summary of HELP and the welcome mail: the grammar's, with the JSON form mentioned. */
export function syntaxFor(game: TextGame, locale: Locale): string {
  return game.grammar ? `${game.grammar.syntax(locale)}\n${JSON_ALSO[locale]}` : JSON_SYNTAX[locale];
}
