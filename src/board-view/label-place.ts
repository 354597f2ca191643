/**
 * Collision-aware placement of what floats on a map: the counters hanging at a point or an area, and the names and
 * facts of points and areas. Each item gets the first of its candidate positions that stays inside the map's frame
 * and touches nothing placed before it (dots, panel contents, counters, other labels); an item with no free
 * candidate takes the one that overlaps least. Boxes are estimates from `textWidth` (a little wider than the ink), so
 * labels that clear here clear on the page at any zoom: the picture scales uniformly.
 */
import type { Point } from '../engine/board.ts';
import type { Box } from './map-model.ts';
import { textWidth } from './svg-text.ts';

/** Height of a line of text of `size` for collisions (the ink and a little room). */
export const lineHeight = (size: number): number => size * 1.25;

/** A text's box, its baseline at `y`, anchored at `x` by `anchor`. */
export function textBox(x: number, y: number, body: string, size: number, anchor: 'start' | 'middle' | 'end'): Box {
  const w = textWidth(body, size) * 1.06 + 2;
  const left = anchor === 'start' ? x : anchor === 'middle' ? x - w / 2 : x - w;
  return { x: left, y: y - size * 0.95, w, h: lineHeight(size) };
}

/** Whether two boxes overlap (touching edges do not count), and by how much. */
export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Whether `inner` lies within `outer`. */
export const inside = (inner: Box, outer: Box): boolean =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.w <= outer.x + outer.w &&
  inner.y + inner.h <= outer.y + outer.h;

/** The smallest box holding every box given (none: an empty box at the origin). */
export function union(boxes: Box[]): Box {
  if (!boxes.length) return { x: 0, y: 0, w: 0, h: 0 };
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.w));
  const bottom = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, w: right - x, h: bottom - y };
}

/** A box moved by (dx, dy). */
export const shifted = (b: Box, dx: number, dy: number): Box => ({ x: b.x + dx, y: b.y + dy, w: b.w, h: b.h });

/** Boxes taken on a map, and the frame every placed item stays inside. */
export class Placer {
  private readonly taken: Box[] = [];

  constructor(private readonly frame: Box) {}

  /** Marks a box as taken whatever it overlaps (a dot, a panel's contents, a hex's own texts). */
  fix(box: Box): void {
    this.taken.push(box);
  }

  private cost(b: Box, pad: number): number {
    const grown = { x: b.x - pad, y: b.y - pad, w: b.w + 2 * pad, h: b.h + 2 * pad };
    let sum = 0;
    for (const t of this.taken) sum += overlapArea(grown, t);
    return sum;
  }

  /** Whether one of the candidates is free (inside the frame, overlapping nothing). */
  probe(candidates: Box[], pad = 1.5): boolean {
    return candidates.some((c) => inside(c, this.frame) && this.cost(c, pad) === 0);
  }

  /** The first candidate inside the frame that overlaps nothing (else the least overlapping one), now taken. */
  place(candidates: Box[], pad = 1.5): number {
    let best = -1;
    let bestCost = Infinity;
    candidates.forEach((c, i) => {
      if (bestCost === 0 || !inside(c, this.frame)) return;
      const cost = this.cost(c, pad);
      if (cost < bestCost) {
        best = i;
        bestCost = cost;
      }
    });
    if (best < 0) best = 0;
    this.taken.push(candidates[best]);
    return best;
  }
}

/** Offsets tried around a preferred position: itself, then rings of eight directions, `step` apart, `rings` deep. */
export function ringOffsets(step: number, rings: number): Point[] {
  const out: Point[] = [[0, 0]];
  for (let k = 1; k <= rings; k++) {
    const d = step * k;
    out.push([0, d], [0, -d], [d, 0], [-d, 0], [d, d], [-d, d], [d, -d], [-d, -d]);
  }
  return out;
}
