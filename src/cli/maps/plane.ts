/**
 * Plane geometry for drawing maps: a ring's signed area and centroid, point in polygon, Douglas-Peucker
 * simplification of a closed ring, Sutherland-Hodgman clipping of any ring by a convex one, and a Voronoi cell as the
 * frame clipped by half-planes.
 */
import type { Point } from '../../engine/board.ts';

/** Signed area of a ring (positive when clockwise on screen, y down). */
export function signedArea(ring: readonly Point[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return a / 2;
}

/** The centroid of a ring (its vertices' mean when its area is nil). */
export function centroid(ring: readonly Point[]): Point {
  const a = signedArea(ring);
  if (Math.abs(a) < 1e-9) return [mean(ring.map((p) => p[0])), mean(ring.map((p) => p[1]))];
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    cx += (ring[j][0] + ring[i][0]) * f;
    cy += (ring[j][1] + ring[i][1]) * f;
  }
  return [cx / (6 * a), cy / (6 * a)];
}

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

/** Whether a point lies inside a ring (even-odd rule). */
export function inside(p: Point, ring: readonly Point[]): boolean {
  let yes = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) yes = !yes;
  }
  return yes;
}

/** The distance from a point to a ring's edge. */
export function distanceToRing(p: Point, ring: readonly Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    best = Math.min(best, segDistance(p, ring[j], ring[i]));
  return best;
}

function segDistance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function simplifyOpen(pts: Point[], tol: number): Point[] {
  if (pts.length < 3) return pts;
  let far = 0;
  let at = 0;
  for (let i = 1; i < pts.length - 1; i++) {
    const d = segDistance(pts[i], pts[0], pts[pts.length - 1]);
    if (d > far) [far, at] = [d, i];
  }
  if (far <= tol) return [pts[0], pts[pts.length - 1]];
  const left = simplifyOpen(pts.slice(0, at + 1), tol);
  return [...left.slice(0, -1), ...simplifyOpen(pts.slice(at), tol)];
}

/** A closed ring simplified (Douglas-Peucker), split at its first vertex and the vertex farthest from it. */
export function simplifyRing(ring: readonly Point[], tol: number): Point[] {
  const pts = [...ring];
  if (pts.length > 1 && pts[0][0] === pts.at(-1)![0] && pts[0][1] === pts.at(-1)![1]) pts.pop();
  if (pts.length < 4) return pts;
  let far = 0;
  let at = 0;
  for (let i = 1; i < pts.length; i++) {
    const d = Math.hypot(pts[i][0] - pts[0][0], pts[i][1] - pts[0][1]);
    if (d > far) [far, at] = [d, i];
  }
  const a = simplifyOpen(pts.slice(0, at + 1), tol);
  const b = simplifyOpen([...pts.slice(at), pts[0]], tol);
  return [...a.slice(0, -1), ...b.slice(0, -1)];
}

type HalfPlane = (p: Point) => number; // >= 0 inside

function clipHalf(ring: readonly Point[], side: HalfPlane): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < ring.length; i++) {
    const cur = ring[i];
    const prev = ring[(i + ring.length - 1) % ring.length];
    const sc = side(cur);
    const sp = side(prev);
    if (sc >= 0 !== sp >= 0) {
      const t = sp / (sp - sc);
      out.push([prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])]);
    }
    if (sc >= 0) out.push(cur);
  }
  return out;
}

/** A ring clipped by a convex ring (Sutherland-Hodgman): may be empty. */
export function clipConvex(subject: readonly Point[], clip: readonly Point[]): Point[] {
  const c = signedArea(clip) < 0 ? [...clip].reverse() : clip;
  let out = [...subject];
  for (let i = 0; i < c.length && out.length; i++) {
    const a = c[i];
    const b = c[(i + 1) % c.length];
    out = clipHalf(out, (p) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]));
  }
  return out;
}

/** The Voronoi cell of `seed` among `others`, within the rectangle 0..width x 0..height. */
export function voronoiCell(seed: Point, others: readonly Point[], width: number, height: number): Point[] {
  let cell: Point[] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  for (const o of others) {
    const mx = (seed[0] + o[0]) / 2;
    const my = (seed[1] + o[1]) / 2;
    const nx = seed[0] - o[0];
    const ny = seed[1] - o[1];
    cell = clipHalf(cell, (p) => (p[0] - mx) * nx + (p[1] - my) * ny);
  }
  return cell;
}
