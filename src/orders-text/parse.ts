/**
 * The generic part of every order message: line splitting, NFKC normalisation, `#` comments, the commands shared
 * by all games (HELP, STATUS, APPROVE, REJECT, SIGNON, END), and dispatch of the other lines to the game's grammar.
 * Never throws: every line is either applied, reported as an error, or reported as ignored.
 */
import type { OrderGrammar, ParsedText, TextCommand, TextIssue } from './types.ts';
import { normalizeText, tokenize } from './normalize.ts';

/** Longest body accepted, in characters, and most lines read (the rest is reported, not parsed). */
export const MAX_TEXT_CHARS = 100_000;
export const MAX_LINES = 500;

const COMMAND_WORDS = new Map<string, TextCommand['kind'] | 'end'>(Object.entries({
  help: 'help',
  'ヘルプ': 'help',
  '?': 'help',
  status: 'status',
  '状況': 'status',
  '状態': 'status',
  approve: 'approve',
  '承認': 'approve',
  reject: 'reject',
  '却下': 'reject',
  signon: 'signon',
  'sign-on': 'signon',
  login: 'signon',
  end: 'end',
  '終了': 'end',
  '以上': 'end',
} as Record<string, TextCommand['kind'] | 'end'>));

/** The command word of a line, if it starts with one. */
export function commandWord(line: string): TextCommand['kind'] | 'end' | undefined {
  const first = normalizeText(line).trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return COMMAND_WORDS.get(first);
}

const issue = (line: number, text: string, code: string, en: string, ja: string): TextIssue => ({
  line,
  text,
  code,
  message: { en, ja },
  rule: 'orders-text',
});

function readCommand(kind: TextCommand['kind'], rest: string[], n: number): TextCommand | TextIssue {
  switch (kind) {
    case 'help':
    case 'status':
      return { kind, line: n };
    case 'approve':
      return { kind, line: n, note: rest.join(' ') || undefined };
    case 'reject': {
      const reason = rest.join(' ');
      if (!reason) return issue(n, 'REJECT', 'text/reject-reason', 'REJECT needs a reason: REJECT <reason>', 'REJECT には理由が必要です: REJECT <理由>');
      return { kind, line: n, reason };
    }
    case 'signon': {
      if (rest.length === 1) return { kind, line: n, secret: rest[0] };
      if (rest.length === 3) return { kind, line: n, game: rest[0], side: rest[1], secret: rest[2] };
      return issue(n, 'SIGNON ***', 'text/signon', 'SIGNON takes the seat password: SIGNON <password> (or SIGNON <game> <side> <password>)', 'SIGNON の後に席のパスワードを書いてください: SIGNON <パスワード>');
    }
  }
}

/**
 * Reads an order message with a game's grammar. `text` is the body after quotes and signatures were stripped.
 * Lines after `END` are not read.
 */
export function parseOrderText<O, C>(grammar: OrderGrammar<O, C>, ctx: C, text: string): ParsedText<O> {
  const orders = grammar.empty();
  const out: ParsedText<O> = { orders, statements: 0, commands: [], errors: [], ignored: [], redacted: '' };
  const source = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  if (source.length < text.length) {
    out.errors.push(issue(0, '', 'text/too-long', `the text is longer than ${MAX_TEXT_CHARS} characters; the rest was not read`, `本文が長すぎます (${MAX_TEXT_CHARS} 文字まで)。残りは読んでいません`));
  }
  const lines = source.split(/\r\n|\r|\n/);
  const redacted: string[] = [];
  let ended = false;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const original = lines[i];
    if (ended) {
      redacted.push(original);
      continue;
    }
    if (i >= MAX_LINES) {
      out.errors.push(issue(n, '', 'text/too-many-lines', `only the first ${MAX_LINES} lines are read`, `最初の ${MAX_LINES} 行だけを読みます`));
      break;
    }
    const line = normalizeText(original).replace(/(^|\s)(#|\/\/).*$/, '').trim();
    const word = line ? commandWord(line) : undefined;
    redacted.push(word === 'signon' ? 'SIGNON ***' : original);
    if (!line) continue;
    if (word === 'end') {
      ended = true;
      continue;
    }
    if (word) {
      const rest = tokenize(line).slice(1).filter((t) => t !== ':');
      const cmd = readCommand(word, rest, n);
      if ('code' in cmd) out.errors.push(cmd);
      else out.commands.push(cmd);
      continue;
    }
    let result;
    try {
      result = grammar.statement(line, ctx);
    } catch (error) {
      // A grammar bug must not lose the message: report the line instead.
      result = { kind: 'error' as const, code: 'text/internal', message: { en: `could not read this line (${(error as Error).message})`, ja: 'この行を読めませんでした' } };
    }
    if (result === null) {
      out.ignored.push({ line: n, text: line.slice(0, 200) });
    } else if (result.kind === 'error') {
      out.errors.push({ line: n, text: line.slice(0, 200), code: result.code, message: result.message, rule: 'orders-text' });
    } else {
      result.apply(orders);
      out.statements++;
    }
  }
  out.redacted = redacted.join('\n');
  return out;
}
