/**
 * Where the floating parts of points and areas go: each one's counters (a cluster hanging near it) and its name and
 * facts, placed by `Placer` so that no label covers another label, a counter, a dot or a panel's contents, and none
 * runs off the map's edge. Dots, panels and hexes stay where the board puts them; only what floats moves, and a name
 * or a cluster moved away from its space is tied to it by a leader line. When a name and its facts find no free room
 * together, the name goes alone (the facts stay in the tooltip and the text board).
 */
import type { Point } from '../engine/board.ts';
import { Placer, lineHeight, ringOffsets, textBox, union } from './label-place.ts';
import { type Box, type MapLayout, type PlacedSpace, clusterSize } from './map-model.ts';
import { textWidth } from './svg-text.ts';

/** One line of a label: its baseline position and anchor. */
export interface LabelLine {
  x: number;
  y: number;
  body: string;
  size: number;
  anchor: 'start' | 'middle' | 'end';
  role: 'name' | 'facts';
}

/** A space's floating parts as placed. */
export interface Floats {
  /** Top-left corner of the counters' cluster. */
  clusterAt?: Point;
  lines: LabelLine[];
  /** Lines from the space to a name or cluster placed away from it. */
  leaders: [Point, Point][];
  /** Everything the space draws over the map (for cropping). */
  extent: Box;
}

/** Name and facts sizes: points, areas. */
const NAME = { point: 12.5, polygon: 13 } as const;
const FACTS = 10;
/** Cluster grid of points and areas: columns, most counters shown. */
export const CLUSTER = { point: { cols: 4, max: 4 }, polygon: { cols: 3, max: 9 } } as const;

const around = (c: Point, w: number, h: number, gap: number): Box[] => [
  { x: c[0] - w / 2, y: c[1] + gap, w, h },
  { x: c[0] + gap, y: c[1] - h / 2, w, h },
  { x: c[0] - gap - w, y: c[1] - h / 2, w, h },
  { x: c[0] - w / 2, y: c[1] - gap - h, w, h },
  { x: c[0] + gap - 4, y: c[1] + gap - 4, w, h },
  { x: c[0] - gap - w + 4, y: c[1] + gap - 4, w, h },
  { x: c[0] + gap - 4, y: c[1] - gap - h + 4, w, h },
  { x: c[0] - gap - w + 4, y: c[1] - gap - h + 4, w, h },
];

/** Candidates near a point (rings of eight, farther and farther), or around an area's anchor. */
function candidates(ps: PlacedSpace, start: Point, w: number, h: number, gap: number): Box[] {
  if (ps.shape === 'point') {
    const out: Box[] = [];
    for (const extra of [0, 12, 26, 42, 60]) out.push(...around(ps.centre, w, h, gap + extra));
    return out;
  }
  return ringOffsets(9, 6).map(([dx, dy]) => ({ x: start[0] - w / 2 + dx, y: start[1] + dy, w, h }));
}

/** The nearest point of a box to `p` (where a leader line ends). */
function nearest(b: Box, p: Point): Point {
  return [Math.max(b.x, Math.min(p[0], b.x + b.w)), Math.max(b.y, Math.min(p[1], b.y + b.h))];
}

/** A leader when the box sits farther than `near` from the space's centre. */
function leaderTo(ps: PlacedSpace, b: Box, near: number): [Point, Point][] {
  const end = nearest(b, ps.centre);
  return Math.hypot(end[0] - ps.centre[0], end[1] - ps.centre[1]) > near ? [[ps.centre, end]] : [];
}

function lineOf(b: Box, body: string, size: number, top: number, role: LabelLine['role'], c: Point): LabelLine {
  const anchor = b.x >= c[0] ? 'start' : b.x + b.w <= c[0] ? 'end' : 'middle';
  const x = anchor === 'start' ? b.x + 1 : anchor === 'end' ? b.x + b.w - 1 : b.x + b.w / 2;
  return { x, y: top + size * 0.95, body, size, anchor, role };
}

/** Places a label block (name, then facts when they fit) for a point or an area. */
function placeLabel(placer: Placer, ps: PlacedSpace, name: string, facts: string): { lines: LabelLine[]; box: Box } {
  const kind = ps.shape === 'point' ? 'point' : 'polygon';
  const size = NAME[kind];
  const attempt = (withFacts: boolean) => {
    const w = Math.max(textWidth(name, size), withFacts ? textWidth(facts, FACTS) : 0) * 1.06 + 2;
    const h = lineHeight(size) + (withFacts ? lineHeight(FACTS) : 0);
    const start: Point = [ps.centre[0], ps.centre[1] - lineHeight(size) * 0.75];
    return candidates(ps, start, w, h, 10);
  };
  let cands = attempt(!!facts);
  let withFacts = !!facts;
  if (facts && !placer.probe(cands)) {
    const alone = attempt(false);
    if (placer.probe(alone)) {
      cands = alone;
      withFacts = false;
    }
  }
  const box = cands[placer.place(cands)];
  const lines = [lineOf(box, name, size, box.y, 'name', ps.centre)];
  if (withFacts) lines.push(lineOf(box, facts, FACTS, box.y + lineHeight(size), 'facts', ps.centre));
  return { lines, box };
}

/** Places the counters of every point and area, then their names, avoiding `fixed` boxes and each other. */
export function placeFloats(
  lay: MapLayout,
  frame: Box,
  fixed: Box[],
  labelOf: (ps: PlacedSpace) => { name: string; facts: string },
): Map<string, Floats> {
  const placer = new Placer(frame);
  for (const b of fixed) placer.fix(b);
  const floating = lay.spaces.filter((ps) => ps.shape === 'point' || ps.shape === 'polygon');
  for (const ps of floating) if (ps.shape === 'point') placer.fix(dotBox(ps.centre));
  const out = new Map<string, Floats>();
  for (const ps of floating) {
    const grid = CLUSTER[ps.shape === 'point' ? 'point' : 'polygon'];
    const f: Floats = {
      lines: [],
      leaders: [],
      extent: ps.outline ? union([outlineBox(ps.outline)]) : dotBox(ps.centre),
    };
    if (ps.pieces.length) {
      const { w, h } = clusterSize(ps.pieces.length, grid.cols, grid.max, ps.small);
      const start: Point = [ps.anchor[0] + (ps.shape === 'point' ? ps.small / 2 : 0), ps.anchor[1]];
      const cands = candidates(ps, start, w, h, 11);
      const box = cands[placer.place(cands, 2)];
      f.clusterAt = [box.x, box.y];
      f.leaders.push(...leaderTo(ps, box, ps.shape === 'point' ? 14 : 60));
      f.extent = union([f.extent, box]);
    }
    out.set(ps.space.id, f);
  }
  for (const ps of floating) {
    const f = out.get(ps.space.id)!;
    const { name, facts } = labelOf(ps);
    const { lines, box } = placeLabel(placer, ps, name, facts);
    f.lines = lines;
    if (ps.shape === 'point') f.leaders.push(...leaderTo(ps, box, 14));
    f.extent = union([f.extent, box]);
  }
  return out;
}

/** The box a point's dot takes. */
export const dotBox = (c: Point): Box => ({ x: c[0] - 8, y: c[1] - 8, w: 16, h: 16 });

/** The bounding box of an outline. */
export function outlineBox(ps: readonly Point[]): Box {
  return union(ps.map((p) => ({ x: p[0], y: p[1], w: 0, h: 0 })));
}

/** A box of a text line, for callers that mark their own texts as taken. */
export const lineBox = (l: LabelLine): Box => textBox(l.x, l.y, l.body, l.size, l.anchor);
