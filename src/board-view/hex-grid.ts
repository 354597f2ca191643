/**
 * Hex grid drawing geometry: where a hex's centre lies for each coordinate system of `HexGrid` (axial, or offset rows
 * or columns), and its six corners. The formulas are the usual ones for pointy-top and flat-top hexes.
 */
import type { HexGrid, Point } from '../engine/board.ts';

const SQRT3 = Math.sqrt(3);

/** The centre of hex (col, row) in the map's frame. */
export function hexCentre(grid: HexGrid, col: number, row: number): Point {
  const s = grid.size;
  const [ox, oy] = grid.origin;
  switch (grid.coordinates) {
    case 'axial':
      return grid.orientation === 'pointy'
        ? [ox + s * SQRT3 * (col + row / 2), oy + s * 1.5 * row]
        : [ox + s * 1.5 * col, oy + s * SQRT3 * (row + col / 2)];
    case 'odd-r': // pointy: odd rows shifted half a hex right
      return [ox + s * SQRT3 * (col + 0.5 * (row & 1)), oy + s * 1.5 * row];
    case 'even-r': // pointy: even rows half a hex right of odd rows
      return [ox + s * SQRT3 * (col - 0.5 * (row & 1)), oy + s * 1.5 * row];
    case 'odd-q': // flat: odd columns shifted half a hex down
      return [ox + s * 1.5 * col, oy + s * SQRT3 * (row + 0.5 * (col & 1))];
    case 'even-q': // flat: even columns half a hex below odd columns
      return [ox + s * 1.5 * col, oy + s * SQRT3 * (row - 0.5 * (col & 1))];
  }
}

/** The six corners of a hex of `size` (centre to corner) around `centre`. */
export function hexCorners(orientation: HexGrid['orientation'], centre: Point, size: number): Point[] {
  const start = orientation === 'pointy' ? -30 : 0;
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = ((start + 60 * i) * Math.PI) / 180;
    return [centre[0] + size * Math.cos(a), centre[1] + size * Math.sin(a)];
  });
}
