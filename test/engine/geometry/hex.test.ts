/** Hex grids: properties of distance, neighbours, rings and the offset layouts, and a hex map as a graph. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { shortestPath } from '../../../src/engine/geometry/graph.ts';
import {
  fromOffset,
  hexDistance,
  hexGraph,
  hexKey,
  hexNeighbours,
  hexRing,
  toOffset,
  type Hex,
  type OffsetLayout,
} from '../../../src/engine/geometry/hex.ts';

const coord = fc.integer({ min: -50, max: 50 });
const hex = fc.record({ q: coord, r: coord });
const LAYOUTS: OffsetLayout[] = ['odd-r', 'even-r', 'odd-q', 'even-q'];

describe('hex distance', () => {
  test('is zero exactly on the same hex and symmetric', () => {
    fc.assert(
      fc.property(
        hex,
        hex,
        (a, b) => hexDistance(a, b) === hexDistance(b, a) && (hexDistance(a, b) === 0) === (a.q === b.q && a.r === b.r),
      ),
    );
  });

  test('obeys the triangle inequality', () => {
    fc.assert(fc.property(hex, hex, hex, (a, b, c) => hexDistance(a, c) <= hexDistance(a, b) + hexDistance(b, c)));
  });

  test('the six neighbours are distinct and one step away; a step changes the distance to any hex by at most 1', () => {
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const ns = hexNeighbours(a);
        expect(new Set(ns.map(hexKey)).size).toBe(6);
        for (const n of ns) {
          expect(hexDistance(a, n)).toBe(1);
          expect(Math.abs(hexDistance(n, b) - hexDistance(a, b))).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  test('a ring of radius k holds 6k hexes (1 for k = 0), each k steps from its centre', () => {
    fc.assert(
      fc.property(hex, fc.integer({ min: 0, max: 6 }), (c, k) => {
        const ring = hexRing(c, k);
        expect(ring).toHaveLength(k === 0 ? 1 : 6 * k);
        expect(new Set(ring.map(hexKey)).size).toBe(ring.length);
        for (const h of ring) expect(hexDistance(c, h)).toBe(k);
      }),
    );
  });
});

describe('offset layouts', () => {
  test.each(LAYOUTS)('%s: offset to axial and back is the identity both ways', (layout) => {
    fc.assert(
      fc.property(coord, coord, (col, row) => {
        const back = toOffset(fromOffset({ col, row }, layout), layout);
        return back.col === col && back.row === row;
      }),
    );
    fc.assert(
      fc.property(hex, (h) => {
        const back = fromOffset(toOffset(h, layout), layout);
        return back.q === h.q && back.r === h.r;
      }),
    );
  });

  test('odd-r: the printed neighbours of a row are where the layout says (known values)', () => {
    // In odd-r, (col 1, row 1) touches (1,0), (2,0), (0,1), (2,1), (1,2), (2,2).
    const around = hexNeighbours(fromOffset({ col: 1, row: 1 }, 'odd-r')).map((h) => toOffset(h, 'odd-r'));
    expect(around.map((o) => `${o.col},${o.row}`).sort()).toEqual(['0,1', '1,0', '1,2', '2,0', '2,1', '2,2']);
  });
});

describe('a hex map as a graph', () => {
  /** A rectangle of hexes named by printed number ccrr (GF 2-2[4]: 3-digit numbers on the real map). */
  const map = (cols: number, rows: number): Record<string, Hex> => {
    const out: Record<string, Hex> = {};
    for (let col = 0; col < cols; col++)
      for (let row = 0; row < rows; row++)
        out[`${col}${String(row).padStart(2, '0')}`] = fromOffset({ col, row }, 'odd-q');
    return out;
  };

  test('on an open map the shortest path length is the hex distance', () => {
    const hexes = map(6, 6);
    const g = hexGraph(hexes);
    const ids = Object.keys(hexes);
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.constantFrom(...ids),
        (a, b) => shortestPath(g, a, b)?.cost === hexDistance(hexes[a], hexes[b]),
      ),
    );
  });

  test('GF 2-2[3d]: a prohibited hex is never crossed, so paths go around it', () => {
    const hexes = map(3, 2);
    const prohibited = '100';
    const g = hexGraph(hexes, { blocked: (a, b) => a === prohibited || b === prohibited });
    expect(shortestPath(hexGraph(hexes), '000', '200')?.path).toEqual(['000', '100', '200']);
    const p = shortestPath(g, '000', '200');
    expect(p?.path).not.toContain(prohibited);
    expect(p!.cost).toBeGreaterThan(hexDistance(hexes['000'], hexes['200']));
  });

  test('two hexes at one position are refused', () => {
    expect(() => hexGraph({ a: { q: 0, r: 0 }, b: { q: 0, r: 0 } })).toThrow(/share the position/);
  });
});
