/**
 * Reading one message of orders for several seats (a person's: docs/orders.md, "Several seats in one mail"): the
 * message is split at its SEAT lines (seat-sections.ts) and each seat's lines are read with the game's grammar for
 * that seat, exactly as that seat's own mail would be. The preamble (before any SEAT line) holds commands, and
 * either orders by seat as one JSON object (`{"<seat>": {...}, ...}`, the API's shape) or, when only one of the
 * seats owes orders now, that seat's orders. Every error keeps its line number and names its seat. Pure.
 */
import type { ChoiceTree, Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { formatOrderText, grammarOf, readOrderText, type TextGame } from './game-text.ts';
import { parseOrderText } from './parse.ts';
import { splitBySeat } from './seat-sections.ts';
import type { OrderGrammar } from '../engine/grammar.ts';
import type { ParsedText, TextCommand, TextIssue } from './types.ts';

/** One seat of the sender: its id, the names a SEAT line may call it by, its choices now and whether it owes. */
export interface SeatText {
  side: string;
  names: string[];
  choices: ChoiceTree | null;
  owes: boolean;
}

/** A text error, naming the seat whose lines it is in (none: the preamble or a SEAT line). */
export type SeatTextIssue = TextIssue & { seat?: string };

/** Everything read from a message for several seats. */
export interface ParsedBySeat {
  /** The orders of each seat the message gives orders for. */
  orders: Record<string, unknown>;
  /** Order statements read (a JSON object is one). */
  statements: number;
  commands: TextCommand[];
  errors: SeatTextIssue[];
  ignored: { line: number; text: string }[];
  /** The text each seat's orders came from, SIGNON secrets blanked. */
  raw: Record<string, string>;
}

const text = (en: string, ja: string): Text => ({ en, ja });
const NEED_SEAT = text(
  'name the seat these orders are for first: a line SEAT <seat> (several of your seats owe orders, or none does)',
  'この命令の席を先に書いてください: 「席 <席>」の行 (命令を送るべき席が複数あるか、1つもありません)',
);

const issue = (line: number, code: string, message: Text, seat?: string): SeatTextIssue => ({
  line,
  text: '',
  code,
  message,
  ...(seat ? { seat } : {}),
});

/** The grammar of the preamble when no one seat owes: commands and JSON as usual, any statement an error. */
function seatNeeded(game: TextGame, data: unknown): { grammar: OrderGrammar<unknown, unknown>; ctx: unknown } {
  const grammar = grammarOf(game);
  const ctx = grammar.context({ data });
  const statement: OrderGrammar<unknown, unknown>['statement'] = (line, c) => {
    const read = grammar.statement(line, c);
    return read?.kind === 'order' ? { kind: 'error', code: 'text/seat-needed', message: NEED_SEAT } : read;
  };
  return { grammar: { ...grammar, statement }, ctx };
}

/** The non-blank lines of a part (its own lines: the others were left blank to keep the numbering). */
const ownLines = (redacted: string) =>
  redacted
    .split('\n')
    .filter((l) => l.trim())
    .join('\n');

/** Adds a part's commands, ignored lines and errors (each naming its seat, when it has one) to the message's. */
function takeParsed(out: ParsedBySeat, parsed: ParsedText, seat?: string): void {
  out.commands.push(...parsed.commands);
  out.ignored.push(...parsed.ignored);
  out.errors.push(...parsed.errors.map((e) => (seat ? { ...e, seat } : e)));
}

/**
 * The lines before any SEAT line: a JSON object by seat, or the orders of `only`, the one seat that owes (with
 * several owing, orders there name no seat and are errors).
 */
function readPreamble(
  game: TextGame,
  data: unknown,
  seats: readonly SeatText[],
  only: SeatText | undefined,
  preambleText: string,
  out: ParsedBySeat,
): void {
  const { grammar, ctx } = seatNeeded(game, data);
  const preamble = only
    ? readOrderText(game, { data, seat: only.side, choices: only.choices }, preambleText)
    : parseOrderText(grammar, ctx, preambleText);
  const sides = new Set(seats.map((s) => s.side));
  const value = preamble.orders as Record<string, unknown>;
  const keys = preamble.json ? Object.keys(value ?? {}) : [];
  if (keys.length && keys.every((k) => sides.has(k))) {
    takeParsed(out, preamble);
    for (const side of keys) {
      out.orders[side] = value[side];
      out.raw[side] = JSON.stringify(value[side]);
    }
    out.statements += keys.length;
  } else {
    takeParsed(out, preamble, only?.side);
    if (preamble.json && !only) out.errors.push(issue(0, 'text/seat-needed', NEED_SEAT));
    else if (preamble.statements && only) {
      out.orders[only.side] = preamble.orders;
      out.raw[only.side] = ownLines(preamble.redacted);
      out.statements += preamble.statements;
    }
  }
}

/** The lines under each SEAT line, read with that seat's choices; a seat given orders twice is an error. */
function readSections(
  game: TextGame,
  data: unknown,
  seats: readonly SeatText[],
  sections: Map<string, string>,
  out: ParsedBySeat,
): void {
  for (const [side, part] of sections) {
    const seat = seats.find((s) => s.side === side);
    const parsed = readOrderText(game, { data, seat: side, choices: seat?.choices ?? null }, part);
    takeParsed(out, parsed, side);
    if (!parsed.statements) continue;
    if (side in out.orders) {
      const twice = text(
        'orders for this seat are given twice (before and under its SEAT line): send them once',
        'この席の命令が2回あります (SEAT 行の前と後): 1回だけ送ってください',
      );
      out.errors.push(issue(0, 'text/seat-twice', twice, side));
      continue;
    }
    out.orders[side] = parsed.orders;
    out.raw[side] = ownLines(parsed.redacted);
    out.statements += parsed.statements;
  }
}

/** Reads a message of orders for several seats (see the module comment). */
export function readOrdersBySeat(
  game: TextGame,
  data: unknown,
  seats: readonly SeatText[],
  message: string,
): ParsedBySeat {
  const split = splitBySeat(message, seats);
  const owing = seats.filter((s) => s.owes);
  const only = owing.length === 1 ? owing[0] : undefined;
  const out: ParsedBySeat = {
    orders: {},
    statements: 0,
    commands: [],
    errors: [...split.errors],
    ignored: [],
    raw: {},
  };
  readPreamble(game, data, seats, only, split.preamble, out);
  readSections(game, data, seats, split.sections, out);
  out.commands.sort((a, b) => a.line - b.line);
  out.ignored.sort((a, b) => a.line - b.line);
  return out;
}

/** The canonical text of orders by seat (the echo of a reply): each seat's SEAT line, then its orders. */
export function formatOrdersBySeat(
  game: TextGame,
  data: unknown,
  seats: readonly Pick<SeatText, 'side' | 'choices'>[],
  orders: Record<string, unknown>,
  locale: Locale,
): string[] {
  const keyword = locale === 'ja' ? '席' : 'SEAT';
  return seats
    .filter((s) => s.side in orders)
    .flatMap((s) => [
      `${keyword} ${s.side}`,
      ...formatOrderText(game, { data, seat: s.side, choices: s.choices }, orders[s.side], locale),
    ]);
}
