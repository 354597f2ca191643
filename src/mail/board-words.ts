/**
 * The board in words in a result mail: "since your last turn" (what the seat saw change between the position the
 * mail starts from and now, from the seat's own two boards) and the text board (every space, what is in it, what
 * touches it) for a reader who cannot see the picture.
 */
import { boardChanges, changesHtml, changesText } from '../board-view/board-changes.ts';
import { textBoardListHtml, textBoardText } from '../board-view/text-board.ts';
import type { Board } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { esc, type Part, summaryLine } from './render.ts';

const h = (t: string, level: number): Part => ({ text: `== ${t} ==`, html: `<h${level}>${t}</h${level}>` });

/** "Since your last turn", headed; nothing when there is no earlier board of the seat. */
export function sinceParts(before: Board | null | undefined, after: Board | null, lc: Locale, level = 3): Part[] {
  if (!before || !after) return [];
  const c = boardChanges(before, after, lc);
  const nothing = Object.values(c).every((x) => !x.length);
  // A board with no map (a small test game) says nothing rather than "nothing changed".
  if (nothing && !after.spaces.length && !after.tracks.length) return [];
  return [h(mailText(lc, 'mail.since'), level), { text: changesText(c, lc), html: changesHtml(c, lc) }];
}

/**
 * The board in words as a mail's map table: the summary line, then every space with what is in it and what touches
 * it (text), or the same as a block per space (HTML, readable 360 px wide); the board's notes under it.
 */
export function boardInWords(board: Board, lc: Locale): Part {
  const head = summaryLine(board, lc);
  const notes = board.notes?.length ? `<p><small>${esc(board.notes.map((n) => n[lc]).join(' · '))}</small></p>` : '';
  return {
    text: `${head}\n${textBoardText(board, lc)}`,
    html: `<p><b>${esc(head)}</b></p>${textBoardListHtml(board, lc)}${notes}`,
  };
}
