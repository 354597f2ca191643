/**
 * The generic part of every order message: line splitting, NFKC normalisation, `#` comments, the commands shared
 * by all games (HELP, STATUS, APPROVE, REJECT, RECLAIM, SIGNON, VACATION, END), orders as one JSON object (json-orders.ts), and dispatch
 * of the other lines to the game's grammar.
 * Never throws: every line is either applied, reported as an error, or reported as ignored.
 */
import { opensJson, readJsonBlock } from './json-orders.ts';
import { normalizeText, tokenize } from './normalize.ts';
import type { OrderGrammar, StatementResult } from '../engine/grammar.ts';
import type { ParsedText, TextCommand, TextIssue } from './types.ts';

/** Longest body accepted, in characters, and most lines read (the rest is reported, not parsed). */
export const MAX_TEXT_CHARS = 100_000;
export const MAX_LINES = 500;

const COMMAND_WORDS = new Map<string, TextCommand['kind'] | 'end'>(
  Object.entries({
    help: 'help',
    ヘルプ: 'help',
    '?': 'help',
    status: 'status',
    状況: 'status',
    状態: 'status',
    approve: 'approve',
    承認: 'approve',
    reject: 'reject',
    却下: 'reject',
    reclaim: 'reclaim',
    // Not 復帰: a game's orders use that word (a unit's return to the map).
    取り戻す: 'reclaim',
    vacation: 'vacation',
    休暇: 'vacation',
    signon: 'signon',
    'sign-on': 'signon',
    login: 'signon',
    end: 'end',
    終了: 'end',
    以上: 'end',
  } as Record<string, TextCommand['kind'] | 'end'>),
);

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
});

function readCommand(kind: TextCommand['kind'], rest: string[], n: number): TextCommand | TextIssue {
  switch (kind) {
    case 'help':
    case 'status':
    case 'reclaim':
      return { kind, line: n };
    case 'approve':
      return { kind, line: n, note: rest.join(' ') || undefined };
    case 'reject': {
      const reason = rest.join(' ');
      if (!reason)
        return issue(
          n,
          'REJECT',
          'text/reject-reason',
          'REJECT needs a reason: REJECT <reason>',
          'REJECT には理由が必要です: REJECT <理由>',
        );
      return { kind, line: n, reason };
    }
    case 'vacation':
      return readVacation(rest, n);
    case 'signon': {
      if (rest.length === 1) return { kind, line: n, secret: rest[0] };
      if (rest.length === 3) return { kind, line: n, game: rest[0], side: rest[1], secret: rest[2] };
      return issue(
        n,
        'SIGNON ***',
        'text/signon',
        'SIGNON takes the seat password: SIGNON <password> (or SIGNON <game> <side> <password>)',
        'SIGNON の後に席のパスワードを書いてください: SIGNON <パスワード>',
      );
    }
  }
}

/** The words withdrawing a vacation (`VACATION CANCEL`, `休暇 取消`). */
const CANCEL_WORDS = new Set(['cancel', 'withdraw', '取消', '取り消し', '取消し', 'キャンセル']);
const DAY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** `VACATION <from> <to>` (days as 2026-12-20 or 2026/12/20) or `VACATION CANCEL`. */
function readVacation(rest: string[], n: number): TextCommand | TextIssue {
  if (rest.length === 1 && CANCEL_WORDS.has(rest[0].toLowerCase())) return { kind: 'vacation', line: n, cancel: true };
  const days = rest
    .map((r) => DAY.exec(r))
    .map((m) => m && `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`);
  const [from, to] = days;
  if (days.length === 2 && from && to) return { kind: 'vacation', line: n, from, to };
  return issue(
    n,
    `VACATION ${rest.join(' ')}`.slice(0, 200),
    'text/vacation',
    'VACATION takes two days: VACATION 2026-12-20 2027-01-03 (the first and the last day away), or VACATION CANCEL',
    '休暇には日付を2つ書いてください: 休暇 2026-12-20 2027-01-03（不在の初日と最終日）、または 休暇 取消',
  );
}

/** A problem found on line `n` (its text cut to 200 characters), with the rule it rests on when there is one. */
function lineIssue(
  n: number,
  line: string,
  problem: { code: string; message: TextIssue['message']; rule?: string },
): TextIssue {
  const issue: TextIssue = { line: n, text: line.slice(0, 200), code: problem.code, message: problem.message };
  return problem.rule ? { ...issue, rule: problem.rule } : issue;
}

const JSON_TWICE = ['only one JSON object of orders may be sent', 'JSON の命令は1つだけ送ってください'] as const;
const JSON_MIXED = [
  'send the orders either as JSON or as order lines, not both',
  '命令は JSON か命令文のどちらか一方で送ってください',
] as const;

/** Runs one statement line through the grammar, turning a grammar bug into a reported line, never a lost message. */
function readStatement<O, C>(grammar: OrderGrammar<O, C>, ctx: C, line: string): StatementResult<O> {
  try {
    return grammar.statement(line, ctx);
  } catch (error) {
    const en = `could not read this line (${(error as Error).message})`;
    return { kind: 'error', code: 'text/internal', message: { en, ja: 'この行を読めませんでした' } };
  }
}

/** The issue of a text cut at MAX_TEXT_CHARS. */
const tooLong = (): TextIssue =>
  issue(
    0,
    '',
    'text/too-long',
    `the text is longer than ${MAX_TEXT_CHARS} characters; the rest was not read`,
    `本文が長すぎます (${MAX_TEXT_CHARS} 文字まで)。残りは読んでいません`,
  );

/** A command line (HELP, STATUS, SIGNON ...): the command, or its error. */
function readCommandLine<O>(out: ParsedText<O>, word: TextCommand['kind'], line: string, n: number): void {
  const args = tokenize(line)
    .slice(1)
    .filter((t) => t !== ':');
  const cmd = readCommand(word, args, n);
  if ('code' in cmd) out.errors.push(cmd);
  else out.commands.push(cmd);
}

/** A statement line: applied to the orders, an error, or (not an order at all) ignored. */
function readStatementLine<O, C>(
  grammar: OrderGrammar<O, C>,
  ctx: C,
  out: ParsedText<O>,
  line: string,
  n: number,
): void {
  const result = readStatement(grammar, ctx, line);
  if (result === null) out.ignored.push({ line: n, text: line.slice(0, 200) });
  else if (result.kind === 'error')
    out.errors.push(lineIssue(n, line, { ...result, rule: result.rule ?? grammar.rule }));
  else {
    result.apply(out.orders);
    out.statements++;
  }
}

/**
 * Reads an order message with a game's grammar. `text` is the body after quotes and signatures were stripped.
 * Lines after `END` are not read. A JSON object (docs/orders.md) gives the orders whole; it cannot be mixed with
 * statements.
 */
export function parseOrderText<O, C>(grammar: OrderGrammar<O, C>, ctx: C, text: string): ParsedText<O> {
  const out: ParsedText<O> = {
    orders: grammar.empty(),
    statements: 0,
    commands: [],
    errors: [],
    ignored: [],
    redacted: '',
  };
  const source = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  if (source.length < text.length) out.errors.push(tooLong());
  const lines = source.split(/\r\n|\r|\n/);
  const redacted: string[] = [];
  let json: { line: number; value: Record<string, unknown> } | null = null;
  let ended = false;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const original = lines[i];
    if (ended) {
      redacted.push(original);
      continue;
    }
    if (i >= MAX_LINES) {
      out.errors.push(
        issue(
          n,
          '',
          'text/too-many-lines',
          `only the first ${MAX_LINES} lines are read`,
          `最初の ${MAX_LINES} 行だけを読みます`,
        ),
      );
      break;
    }
    const line = normalizeText(original)
      .replace(/(^|\s)(#|\/\/).*$/, '')
      .trim();
    if (opensJson(line)) {
      const block = readJsonBlock(lines, i, MAX_LINES - i);
      redacted.push(...lines.slice(i, block.end + 1));
      if (!block.ok) out.errors.push(lineIssue(n, line, block));
      else if (json) out.errors.push(issue(n, line.slice(0, 200), 'text/json-twice', ...JSON_TWICE));
      else json = { line: n, value: block.value };
      i = block.end;
      continue;
    }
    const word = line ? commandWord(line) : undefined;
    redacted.push(word === 'signon' ? 'SIGNON ***' : original);
    if (!line) continue;
    if (word === 'end') {
      ended = true;
      continue;
    }
    if (word) readCommandLine(out, word, line, n);
    else readStatementLine(grammar, ctx, out, line, n);
  }
  if (json) takeJson(out, json);
  out.redacted = redacted.join('\n');
  return out;
}

/** The JSON object becomes the orders, unless statements were read too (then neither is taken). */
function takeJson<O>(out: ParsedText<O>, json: { line: number; value: Record<string, unknown> }): void {
  if (out.statements > 0) {
    out.errors.push(issue(json.line, '{', 'text/json-mixed', ...JSON_MIXED));
    return;
  }
  out.orders = json.value as O;
  out.statements = 1;
  out.json = true;
}
