/**
 * One message carrying orders for several seats, as a person holding them writes it (docs/orders.md, "Several
 * seats in one mail"): a line `SEAT <seat>` (`席 <seat>`, `SEAT: <seat>`; the seat by its id or its name in either
 * language) starts the lines of that seat, up to the next SEAT line. The lines before the first SEAT line are the
 * preamble (commands, greetings, or orders by seat as one JSON object). `END` stops every section.
 *
 * Each part keeps the message's line numbering (the other lines are left blank), so that the generic reader
 * (parse.ts) reports every error at its line in the mail. Pure; never throws.
 */
import { commandWord } from './parse.ts';
import { nameKey, normalizeText } from './normalize.ts';
import type { TextIssue } from './types.ts';

/** A seat a message may name: its id and the names it may be called by. */
export interface NamedSeat {
  side: string;
  names: string[];
}

/** A message split by seat. */
export interface SeatSections {
  /** The lines before the first SEAT line (every line when there is none); the others blank. */
  preamble: string;
  /** The lines of each seat named, in the order first named; the others blank. */
  sections: Map<string, string>;
  /** SEAT lines that name no seat of the sender's (the lines under them belong to no seat). */
  errors: TextIssue[];
}

const SEAT_LINE = /^(?:seat\b|席)\s*:?\s*(.*)$/i;

/** The seat a SEAT line names ('' when it names none), or undefined when the line is not a SEAT line. */
export function seatLineName(line: string): string | undefined {
  const text = normalizeText(line)
    .replace(/(^|\s)(#|\/\/).*$/, '')
    .trim();
  const m = SEAT_LINE.exec(text);
  return m ? m[1].trim() : undefined;
}

const seatIssue = (line: number, text: string, code: string, en: string, ja: string): TextIssue => ({
  line,
  text: text.slice(0, 200),
  code,
  message: { en, ja },
});

/** Splits a message by its SEAT lines (see the module comment). */
export function splitBySeat(text: string, seats: readonly NamedSeat[]): SeatSections {
  const lines = text.split(/\r\n|\r|\n/);
  const byKey = new Map<string, string>();
  for (const seat of seats) for (const name of [seat.side, ...seat.names]) byKey.set(nameKey(name), seat.side);
  const known = seats.map((s) => s.side).join(', ');
  const owner: (string | null)[] = [];
  const errors: TextIssue[] = [];
  let current: string | null = ''; // '': the preamble; null: under a SEAT line naming no seat
  let ended = false;
  for (const [i, line] of lines.entries()) {
    if (ended) {
      owner.push(null);
      continue;
    }
    const named = seatLineName(line);
    if (named === undefined) {
      owner.push(current);
      if (commandWord(line) === 'end') ended = true;
      continue;
    }
    owner.push(null);
    current = byKey.get(nameKey(named)) ?? null;
    if (current === null)
      errors.push(
        named
          ? seatIssue(
              i + 1,
              line,
              'text/seat-unknown',
              `"${named}" is not one of your seats (${known})`,
              `「${named}」はあなたの席ではありません (${known})`,
            )
          : seatIssue(
              i + 1,
              line,
              'text/seat',
              `SEAT names a seat: SEAT <seat> (${known})`,
              `席の後に席名を書いてください: 席 <席> (${known})`,
            ),
      );
  }
  const part = (who: string) => lines.map((l, i) => (owner[i] === who ? l : '')).join('\n');
  const sections = new Map<string, string>();
  for (const who of owner) if (who && !sections.has(who)) sections.set(who, part(who));
  return { preamble: part(''), sections, errors };
}
