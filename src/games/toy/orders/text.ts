/**
 * The toy game's order text (docs/adding-a-game.md): `PICK 3` (or `選択 3`, or the number alone) answers TOY-D1,
 * `NOTE <text>` (`メモ <text>`) sends a standing note. Lines reach `statement` normalised (NFKC, comments removed);
 * JSON orders and the shared commands (HELP, STATUS, SIGNON, END) are read by the generic layer.
 */
import type { Locale } from '../../../i18n/index.ts';
import { nameKey, tokenize } from '../../../orders-text/normalize.ts';
import type { OrderGrammar, StatementResult } from '../../../engine/grammar.ts';
import type { ToyOrders } from './schema.ts';

const PICK_WORDS = new Set(['pick', '選択', '選ぶ']);
const NOTE_WORDS = new Set(['note', 'メモ']);
const KEYWORD: Record<Locale, { pick: string; note: string }> = {
  en: { pick: 'PICK', note: 'NOTE' },
  ja: { pick: '選択', note: 'メモ' },
};

const problem = (code: string, en: string, ja: string): StatementResult<ToyOrders> => {
  return { kind: 'error', code, message: { en, ja } };
};

/** A pick: one whole number (the engine checks the range, TOY 2). */
function pick(rest: string[]): StatementResult<ToyOrders> {
  const n = rest.length === 1 && /^\d{1,3}$/.test(rest[0]) ? Number(rest[0]) : NaN;
  if (Number.isNaN(n))
    return problem('toy/text-pick', 'PICK takes one number: PICK 3', '選択の後に数を1つ書いてください: 選択 3');
  return {
    kind: 'order',
    apply: (o) => {
      o.pick = n;
    },
  };
}

/** Reads one statement line. */
function statement(line: string): StatementResult<ToyOrders> {
  const [first = '', ...rest] = tokenize(line);
  const word = nameKey(first);
  if (/^\d{1,3}$/.test(first) && rest.length === 0) return pick([first]);
  if (PICK_WORDS.has(word)) return pick(rest.filter((t) => t !== ':'));
  if (NOTE_WORDS.has(word)) {
    const note = line.slice(line.indexOf(first) + first.length).replace(/^\s*:?\s*/, '');
    if (!note) {
      return problem(
        'toy/text-note',
        'NOTE takes the text of the note: NOTE good luck',
        'メモの後に本文を書いてください: メモ よろしく',
      );
    }
    return {
      kind: 'order',
      apply: (o) => {
        o.standing = { note };
      },
    };
  }
  return null;
}

/** Canonical text of orders: parsing it gives the same orders back. */
function format(orders: ToyOrders, _ctx: null, locale: Locale): string[] {
  const out: string[] = [];
  if (orders.pick !== undefined) out.push(`${KEYWORD[locale].pick} ${orders.pick}`);
  if (orders.standing) out.push(`${KEYWORD[locale].note} ${orders.standing.note}`);
  return out;
}

const SYNTAX: Record<Locale, string> = {
  en: `One order per line, keywords in any case.
  TOY-D1  PICK 3          (or just 3: your number 1-6, TOY 2)
  any     NOTE good luck  (a standing note only you see, up to 100 characters)
Commands: HELP, STATUS, SIGNON <password>, END (stops reading); moderators: APPROVE, REJECT <reason>.`,
  ja: `1行に1命令。キーワードは大文字・小文字を問いません。
  TOY-D1  選択 3          (数字だけでも可: 1〜6 の数、TOY 2)
  いつでも メモ よろしく   (自分だけが見るメモ、100文字まで)
コマンド: HELP または ヘルプ、STATUS または 状況、SIGNON <パスワード>、END または 終了 (以降を読まない)。モデレーター: APPROVE または 承認、REJECT または 却下 <理由>。`,
};

/** The toy game's grammar: the `grammar` of its package. */
export const toyTextGrammar: OrderGrammar<ToyOrders, null> = {
  context: () => null,
  empty: () => ({}),
  statement: (line) => statement(line),
  format,
  syntax: (locale) => SYNTAX[locale],
};
