/**
 * The board in words (src/board-view/text-board.ts) and "since your last turn" (board-changes.ts), for every
 * registered game along random games: the text board lists every space of the board, and a seat's text board and
 * changes never name a piece another seat hides from it (a piece the moderator sees by name that the seat's own
 * board does not show face up).
 */
import { describe, expect, test } from 'vitest';
import { boardChanges, changesText } from '../../src/board-view/board-changes.ts';
import { spaceTitle, textBoardHtml, textBoardText } from '../../src/board-view/text-board.ts';
import type { Board } from '../../src/engine/board.ts';
import { playRandomGame, registered } from '../conformance/support/random-game.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const word = (name: string) => new RegExp(`(?<![\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`);

/** The names of the pieces the moderator sees that `seat`'s board does not show face up. */
function hiddenFrom(moderator: Board, seat: Board): string[] {
  const shown = new Set(seat.pieces.filter((p) => !p.faceDown).flatMap((p) => [p.name?.en, p.name?.ja]));
  return moderator.pieces
    .filter((p) => !p.faceDown && p.name)
    .flatMap((p) => [p.name!.en, p.name!.ja])
    .filter((n) => !shown.has(n));
}

/** Hidden pieces met along the games: the check below must have had something to check. */
let hiddenMet = 0;

describe.each(registered)('%s', (_id, game) => {
  const mode = game.shortGame?.mode ?? game.modes[0];
  const played = playRandomGame(game, { mode, seed: `text-board-${game.id}`, maxSteps: 12 });
  const seats = game.sides(mode).map((s) => s.seat);

  test('the text board lists every space, in both languages', () => {
    for (const state of played.states) {
      const board = game.board(state, { kind: 'seat', seat: seats[0] });
      for (const locale of ['en', 'ja'] as const) {
        const text = textBoardText(board, locale);
        const html = textBoardHtml(board, locale);
        for (const s of board.spaces) {
          expect(text).toContain(`* ${spaceTitle(s, locale)}`);
          expect(html).toContain(`<th scope="row">${esc(spaceTitle(s, locale))}</th>`);
        }
      }
    }
  });

  test("a seat's text board and changes name no piece hidden from it", () => {
    for (const [i, state] of played.states.entries()) {
      const moderator = game.board(state, { kind: 'moderator' });
      for (const seat of seats) {
        const board = game.board(state, { kind: 'seat', seat });
        const before = game.board(played.states[Math.max(0, i - 1)], { kind: 'seat', seat });
        const words = [
          textBoardText(board, 'en'),
          textBoardText(board, 'ja'),
          changesText(boardChanges(before, board, 'en'), 'en'),
          changesText(boardChanges(before, board, 'ja'), 'ja'),
        ].join('\n');
        // The names the seat may read are taken out first ("Convoy OS 2" shown, "Convoy OS" hidden).
        // (a piece the seat saw at its last turn may be named as lost).
        const seen = [...board.pieces, ...before.pieces];
        const shown = seen.flatMap((p) => (p.faceDown || !p.name ? [] : [p.name.en, p.name.ja]));
        const rest = shown.sort((a, b) => b.length - a.length).reduce((text, n) => text.split(n).join(' '), words);
        for (const name of hiddenFrom(moderator, { ...board, pieces: seen })) {
          hiddenMet++;
          expect(rest, `${seat} reads "${name}"`).not.toMatch(word(name));
        }
      }
    }
  });
});

test('the games above met pieces hidden from a seat', () => expect(hiddenMet).toBeGreaterThan(0));

test('since your last turn: a move, a loss and a track change in words', () => {
  const base: Board = {
    title: { en: 'T', ja: 'T' },
    sides: [{ id: 'a', name: { en: 'Red', ja: '赤' }, colour: '#f00' }],
    map: { width: 10, height: 10, background: '#fff' },
    spaces: [
      { id: 'x1', kind: 'area', name: { en: 'Hill', ja: '丘' } },
      { id: 'x2', kind: 'area', name: { en: 'Ford', ja: '浅瀬' } },
    ],
    connections: [{ from: 'x1', to: 'x2', kind: 'road' }],
    pieces: [
      { id: 'u1', at: 'x1', side: 'a', kind: 'inf', label: { en: '1 Inf', ja: '1歩' } },
      { id: 'u2', at: 'x1', side: 'a', kind: 'inf', label: { en: '2 Inf', ja: '2歩' } },
    ],
    tracks: [{ id: 'vp', kind: 'score', name: { en: 'VP', ja: 'VP' }, markers: [{ value: 1 }] }],
    summary: { turn: 1, phase: { en: 'p', ja: 'p' }, scores: [], toMove: [] },
  };
  const after: Board = {
    ...base,
    pieces: [{ ...base.pieces[0], at: 'x2' }],
    tracks: [{ ...base.tracks[0], markers: [{ value: 3 }] }],
  };
  const c = boardChanges(base, after, 'en');
  expect(c).toMatchObject({ moved: ['1 Inf: Hill → Ford'], lost: ['2 Inf (Hill)'], tracks: ['VP: 1 → 3'] });
  expect(textBoardText(after, 'en')).toContain('Touches: Ford');
  expect(changesText(boardChanges(base, base, 'ja'), 'ja')).toBe('  - 見える範囲で変化はありません。');
});
