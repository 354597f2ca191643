/**
 * Hex grids (GF 2-2: the North Sea hexes): axial coordinates, the four offset layouts printed maps use, distance,
 * neighbours, rings, and a graph of the hexes a map has. Pure. Axial (q, r) with s = -q - r; pointy-top hexes
 * for the `r` (row) layouts, flat-top for the `q` (column) layouts.
 */
import { graphOf, type Edge, type Graph } from './graph.ts';

/** Axial coordinates of a hex. */
export interface Hex {
  q: number;
  r: number;
}

/** Offset coordinates as printed: column and row. */
export interface OffsetHex {
  col: number;
  row: number;
}

/** Offset layouts: odd or even rows (pointy-top) or columns (flat-top) shoved by half a hex. */
export type OffsetLayout = 'odd-r' | 'even-r' | 'odd-q' | 'even-q';

/** The six axial directions, clockwise from east. */
export const HEX_DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

/** The sum of two hexes (a hex and a direction). */
export function hexAdd(a: Hex, b: Hex): Hex {
  return { q: a.q + b.q, r: a.r + b.r };
}

/** Hex distance: the fewest steps between two hexes on an open grid. */
export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The six hexes around one, clockwise from east. */
export function hexNeighbours(h: Hex): Hex[] {
  return HEX_DIRECTIONS.map((d) => hexAdd(h, d));
}

/** The hexes at exactly `radius` steps from `center` (the center alone for 0), clockwise. */
export function hexRing(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [center];
  const out: Hex[] = [];
  let h = hexAdd(center, { q: HEX_DIRECTIONS[4].q * radius, r: HEX_DIRECTIONS[4].r * radius });
  for (let side = 0; side < 6; side++) {
    for (let i = 0; i < radius; i++) {
      out.push(h);
      h = hexAdd(h, HEX_DIRECTIONS[side]);
    }
  }
  return out;
}

const parity = (n: number): number => n & 1;

/** Axial coordinates of a printed offset position. */
export function fromOffset(o: OffsetHex, layout: OffsetLayout): Hex {
  switch (layout) {
    case 'odd-r':
      return { q: o.col - (o.row - parity(o.row)) / 2, r: o.row };
    case 'even-r':
      return { q: o.col - (o.row + parity(o.row)) / 2, r: o.row };
    case 'odd-q':
      return { q: o.col, r: o.row - (o.col - parity(o.col)) / 2 };
    case 'even-q':
      return { q: o.col, r: o.row - (o.col + parity(o.col)) / 2 };
  }
}

/** The printed offset position of a hex. */
export function toOffset(h: Hex, layout: OffsetLayout): OffsetHex {
  switch (layout) {
    case 'odd-r':
      return { col: h.q + (h.r - parity(h.r)) / 2, row: h.r };
    case 'even-r':
      return { col: h.q + (h.r + parity(h.r)) / 2, row: h.r };
    case 'odd-q':
      return { col: h.q, row: h.r + (h.q - parity(h.q)) / 2 };
    case 'even-q':
      return { col: h.q, row: h.r + (h.q + parity(h.q)) / 2 };
  }
}

/** A stable key of a hex (`q,r`). */
export const hexKey = (h: Hex): string => `${h.q},${h.r}`;

/**
 * The graph of a map's hexes: `hexes` maps each hex id (e.g. GF's printed 3-digit numbers) to its axial position;
 * two hexes are joined (both ways, cost 1) when they are neighbours on the grid, unless `blocked` says the side
 * between them cannot be crossed (land, a prohibited hex: GF 2-2[3d]).
 */
export function hexGraph(
  hexes: Readonly<Record<string, Hex>>,
  opts: { blocked?: (a: string, b: string) => boolean } = {},
): Graph {
  const byKey = new Map<string, string>();
  for (const [id, h] of Object.entries(hexes)) {
    const k = hexKey(h);
    if (byKey.has(k)) throw new Error(`hexes ${byKey.get(k)} and ${id} share the position ${k}`);
    byKey.set(k, id);
  }
  const edges: Edge[] = [];
  for (const [id, h] of Object.entries(hexes)) {
    for (const n of hexNeighbours(h)) {
      const other = byKey.get(hexKey(n));
      if (other !== undefined && !opts.blocked?.(id, other)) edges.push({ from: id, to: other, cost: 1 });
    }
  }
  return graphOf(edges, { nodes: Object.keys(hexes) });
}
