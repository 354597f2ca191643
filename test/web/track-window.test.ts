/**
 * The tracks under the board on a phone: a long or unbounded score track shows at least every value the wide map
 * shows (the phone's window used to stop at +6 where the desktop's went on), wrapped over rows that stay inside
 * the 340-unit column; every box carries its value.
 */
import { describe, expect, it } from 'vitest';
import { renderBoardSvg } from '../../src/board-view/map-svg.ts';
import { boardWithoutMap, type Track } from '../../src/engine/board.ts';

const turn: Track = {
  id: 'turn',
  kind: 'turn',
  name: { en: 'Turn', ja: 'ターン' },
  min: 1,
  max: 5,
  markers: [{ value: 2 }],
};
const score = (value: number, bounds: Partial<Track> = {}): Track => ({
  id: 'vp',
  kind: 'score',
  name: { en: 'VP table', ja: 'VP表' },
  origin: 0,
  markers: [{ value }],
  ...bounds,
});

/** The boxes of one track: value and horizontal extent. */
function boxes(svg: string, id: string): { value: number; x: number; right: number }[] {
  const track = new RegExp(`<g class="track" data-track="${id}">([\\s\\S]*?)</g>`).exec(svg)![1];
  return [...track.matchAll(/<rect class="cell" data-value="(-?\d+)" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)].map(
    (m) => ({ value: Number(m[1]), x: Number(m[2]), right: Number(m[2]) + Number(m[3]) }),
  );
}

const board = (tracks: Track[]) =>
  ({
    ...boardWithoutMap({ en: 'T', ja: 'T' }, [], {
      turn: 2,
      phase: { en: 'P', ja: 'P' },
      scores: [],
      toMove: [],
    }),
    tracks,
  }) as ReturnType<typeof boardWithoutMap>;

describe('score tracks on a phone', () => {
  it.each([
    ['an unbounded track at 0', score(0)],
    ['an unbounded track at +10', score(10)],
    ['a track bounded -10..+30 at +3', score(3, { min: -10, max: 30 })],
    ['a short bounded track', score(1, { min: -3, max: 6 })],
  ])('%s: every value of the wide window, inside the column', (_, vp) => {
    const wide = boxes(renderBoardSvg(board([turn, vp]), 'en'), 'vp').map((b) => b.value);
    const phone = boxes(renderBoardSvg(board([turn, vp]), 'en', { layout: 'column' }), 'vp');
    expect(phone.map((b) => b.value)).toEqual(expect.arrayContaining(wide));
    expect(wide.length).toBeGreaterThan(9);
    for (const b of phone) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(340);
    }
  });

  it('wraps a long window over rows of equal length', () => {
    const svg = renderBoardSvg(board([turn, score(0)]), 'en', { layout: 'column' });
    const rows = new Map<number, number>();
    const track = /<g class="track" data-track="vp">([\s\S]*?)<\/g>/.exec(svg)![1];
    for (const m of track.matchAll(/<rect class="cell" data-value="-?\d+" x="[\d.]+" y="([\d.]+)"/g))
      rows.set(Number(m[1]), (rows.get(Number(m[1])) ?? 0) + 1);
    expect(rows.size).toBe(2);
    const [a, b] = [...rows.values()];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
    // The board's height grows with the rows: the last row is not cut off.
    const height = Number(/viewBox="0 0 340 (\d+)"/.exec(svg)![1]);
    expect(Math.max(...rows.keys()) + 34).toBeLessThanOrEqual(height);
  });
});
