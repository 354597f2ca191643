/**
 * The toy game's board: a race along the score. Points 0..3×rounds lie on a winding road (TOY 3: a right pick scores
 * 3); each seat's pawn stands on its score. A Turn track counts the rounds. A seat's standing note is its own: the
 * board shows it to that seat (and the moderator) only.
 */
import type { Board, Connection, Piece, Space } from '../../../engine/board.ts';
import type { Text, Viewer } from '../../../engine/types.ts';

/** The parts of the toy state the board shows. */
export interface ToyBoardState {
  step: number;
  rounds: number;
  score: Record<string, number>;
  notes: Record<string, string>;
}

const SEATS = ['a', 'b'] as const;
const COLOURS: Record<string, string> = { a: '#90cdf4', b: '#fbd38d' };
const PER_ROW = 7;
const same = (s: string): Text => ({ en: s, ja: s });

/** Point i of the road: rows of seven, every other row run backwards so that the road winds. */
function pointAt(i: number): [number, number] {
  const row = Math.floor(i / PER_ROW);
  const col = row % 2 ? PER_ROW - 1 - (i % PER_ROW) : i % PER_ROW;
  return [60 + col * 80, 50 + row * 100];
}

/** TOY 2: on even steps both seats owe a pick, on odd steps only "a". */
function toMove(state: ToyBoardState): string[] {
  if (state.step >= state.rounds) return [];
  return state.step % 2 === 0 ? ['a', 'b'] : ['a'];
}

/** The toy board for a viewer. */
export function toyBoard(state: ToyBoardState, viewer: Viewer): Board {
  const last = 3 * state.rounds;
  const spaces: Space[] = [];
  const connections: Connection[] = [];
  for (let i = 0; i <= last; i++) {
    const [x, y] = pointAt(i);
    spaces.push({ id: `p${i}`, kind: 'point', name: same(String(i)), geometry: { shape: 'point', x, y } });
    if (i > 0) connections.push({ from: `p${i - 1}`, to: `p${i}`, kind: 'road' });
  }
  const pieces: Piece[] = SEATS.map((seat) => ({
    id: `pawn-${seat}`,
    at: `p${Math.min(last, state.score[seat] ?? 0)}`,
    side: seat,
    kind: 'pawn',
    name: { en: `Pawn ${seat.toUpperCase()}`, ja: `${seat.toUpperCase()}のコマ` },
    label: same(seat.toUpperCase()),
    strength: String(state.score[seat] ?? 0),
    colours: { fill: COLOURS[seat] },
  }));
  const shown =
    viewer.kind === 'moderator' ? SEATS : viewer.kind === 'seat' ? SEATS.filter((s) => s === viewer.seat) : [];
  const notes = shown
    .filter((s) => state.notes[s])
    .map((s) => ({
      en: `Note of ${s.toUpperCase()}: ${state.notes[s]}`,
      ja: `${s.toUpperCase()}のメモ: ${state.notes[s]}`,
    }));
  const over = state.step >= state.rounds;
  const rows = Math.ceil((last + 1) / PER_ROW);
  return {
    title: { en: `Toy, step ${state.step}`, ja: `トイ ステップ${state.step}` },
    sides: SEATS.map((seat) => ({ id: seat, name: same(seat.toUpperCase()), colour: COLOURS[seat] })),
    map: { width: 600, height: rows * 100, background: '#eef3e8' },
    spaces,
    connections,
    pieces,
    tracks: [
      {
        id: 'turn',
        kind: 'turn',
        name: { en: 'Round', ja: 'ラウンド' },
        min: 1,
        max: state.rounds,
        markers: [{ value: Math.min(state.rounds, state.step + 1) }],
      },
    ],
    summary: {
      turn: Math.min(state.rounds, state.step + 1),
      lastTurn: state.rounds,
      phase: over ? { en: 'Game over', ja: 'ゲーム終了' } : { en: 'Pick a number', ja: '数を選ぶ' },
      scores: SEATS.map((seat) => ({ label: same(seat.toUpperCase()), value: state.score[seat] ?? 0 })),
      toMove: toMove(state).map((seat) => ({ seat, name: same(seat.toUpperCase()) })),
    },
    ...(notes.length ? { notes } : {}),
  };
}
