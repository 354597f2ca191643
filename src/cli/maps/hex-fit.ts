/**
 * A hex grid laid over a projected map: the upright grid (size and origin) whose named hexes lie nearest their real
 * places (least squares), then a smooth bend of the map (Gaussian radial basis functions, exact at the named places)
 * that brings each place into its hex, at most `inside` hex sizes from the centre, on the side where it really lies.
 * A printed hex map is schematic; the bend keeps the coastlines recognisable while the named hexes sit on their
 * places.
 */
import type { GeoProjection } from 'd3-geo';
import type { Point } from '../../engine/board.ts';
import type { GeoConfig } from '../../engine/geography.ts';

const SQRT3 = Math.sqrt(3);

/** The fitted grid, the bend of the map, and where each named hex's place lands after it. */
export interface HexFit {
  size: number;
  origin: Point;
  bend: (p: Point) => Point;
  places: Record<string, Point>;
}

/** The centre of hex (col, row) of an odd-r pointy grid. */
export const oddRCentre = (size: number, origin: Point, col: number, row: number): Point => [
  origin[0] + size * SQRT3 * (col + 0.5 * (row & 1)),
  origin[1] + size * 1.5 * row,
];

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[piv][c])) piv = r;
    [m[c], m[piv]] = [m[piv], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/** Fits the grid and the bend (see the module comment). */
export function fitHexGrid(fit: NonNullable<GeoConfig['hexFit']>, projection: GeoProjection): HexFit {
  const named = Object.entries(fit.hexes).map(([id, h]) => {
    const p = projection([h.at[0], h.at[1]]) as Point;
    return { id, p, a: SQRT3 * (h.col + 0.5 * (h.row & 1)), b: 1.5 * h.row, h };
  });
  // centre = origin + size * (a, b): least squares for (size, ox, oy).
  const n = named.length;
  const sum = (f: (r: (typeof named)[number]) => number) => named.reduce((s, r) => s + f(r), 0);
  const [sa, sb, sx, sy] = [sum((r) => r.a), sum((r) => r.b), sum((r) => r.p[0]), sum((r) => r.p[1])];
  const num = sum((r) => r.a * r.p[0] + r.b * r.p[1]) - (sa * sx + sb * sy) / n;
  const den = sum((r) => r.a * r.a + r.b * r.b) - (sa * sa + sb * sb) / n;
  const size = num / den;
  const origin: Point = [(sx - size * sa) / n, (sy - size * sb) / n];
  // Where each place should land: in its hex, toward where it really lies.
  const targets = named.map((r) => {
    const c = oddRCentre(size, origin, r.h.col, r.h.row);
    const dx = r.p[0] - c[0];
    const dy = r.p[1] - c[1];
    const k = Math.min(1, (fit.inside * size) / Math.max(1e-9, Math.hypot(dx, dy)));
    return [c[0] + k * dx, c[1] + k * dy] as Point;
  });
  const sigma = fit.reach * size;
  const phi = (a: Point, b: Point) => Math.exp(-((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) / (sigma * sigma));
  const kernel = named.map((r) => named.map((q) => phi(r.p, q.p)));
  const wx = solve(
    kernel,
    named.map((r, i) => targets[i][0] - r.p[0]),
  );
  const wy = solve(
    kernel,
    named.map((r, i) => targets[i][1] - r.p[1]),
  );
  const bend = (p: Point): Point => {
    let dx = 0;
    let dy = 0;
    named.forEach((r, i) => {
      const g = phi(p, r.p);
      dx += wx[i] * g;
      dy += wy[i] * g;
    });
    return [p[0] + dx, p[1] + dy];
  };
  return { size, origin, bend, places: Object.fromEntries(named.map((r, i) => [r.id, targets[i]])) };
}
