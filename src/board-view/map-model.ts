/**
 * Where everything of a board goes in the picture: a pure function of the board (src/engine/board.ts) and the
 * layout. `map` draws the board's frame at 1000 units wide; `column` is for phones and narrow mail clients: 340 units
 * wide (about one unit per CSS pixel on a phone), with area panels stacked in one column, or the map scaled to the
 * width with its texts kept at their size. Spaces without geometry go below the map in trays (boxes, holding areas).
 */
import type { Board, Piece, Point, Space } from '../engine/board.ts';
import type { Text } from '../engine/types.ts';
import { hexCentre, hexCorners } from './hex-grid.ts';
import { textWidth } from './svg-text.ts';

export type MapLayoutKind = 'map' | 'column';

/** Output sizes, in units of the SVG's viewBox. */
export const WIDE_WIDTH = 1000;
export const PANEL_W = 320;
export const NARROW_WIDTH = PANEL_W + 20;
/** A counter in a panel or tray, with every detail. */
export const COUNTER = 48;
export const GAP = 4;
/** A counter on a hex, point or polygon: tag and value only. */
export const SMALL = { map: 34, column: 24 } as const;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A space placed on the map. */
export interface PlacedSpace {
  space: Space;
  shape: 'panel' | 'polygon' | 'hex' | 'point';
  /** Panels: the panel. */
  box?: Box;
  /** Polygons and hexes: the outline. */
  outline?: Point[];
  /** Where connections meet the space. */
  centre: Point;
  /** Hexes, polygons: the middle of the pieces' cluster; points: its top-left corner. */
  anchor: Point;
  /** Counter size on hexes, polygons and points. */
  small: number;
  pieces: Piece[];
  /** A limit is exceeded. */
  over: boolean;
}

/** A space off the map, in a tray. */
export interface TrayBox {
  space: Space;
  box: Box;
  perRow: number;
  pieces: Piece[];
  over: boolean;
}

/** One band of the tray: a group of off-map spaces (or one space alone, its name as the title). */
export interface TrayBand {
  title: Text;
  y: number;
  h: number;
  /** Several spaces, each in its own box; false: one space drawn straight on the band. */
  boxed: boolean;
  boxes: TrayBox[];
}

export interface MapLayout {
  kind: MapLayoutKind;
  width: number;
  /** The map is drawn as stacked panels (no shapes, no connections). */
  stacked: boolean;
  shapes: { points: Point[]; fill: string; stroke?: string }[];
  spaces: PlacedSpace[];
  /** Connections; `panels`: between two panels (drawn beneath them, which cover where they meet). */
  links: { a: Point; b: Point; kind: string; panels: boolean }[];
  /** The top of the tray (the bottom of the map). */
  trayY: number;
  bands: TrayBand[];
  /** The top of the tracks. */
  tracksY: number;
}

/** The rows of a panel: one per side of `space.sides` (then any other side present), or one group of every piece. */
export function sideRows(space: Space, pieces: Piece[]): { side: string | null; pieces: Piece[] }[] {
  if (!space.sides?.length) return [{ side: null, pieces }];
  const sides = [...space.sides];
  for (const p of pieces) if (!sides.includes(p.side)) sides.push(p.side);
  return sides.map((side) => ({ side, pieces: pieces.filter((p) => p.side === side) }));
}

/** Panel height: title and facts, then each row of counters (`perRow` to a line; a side's row has a heading). */
export function panelHeight(space: Space, pieces: Piece[], perRow: number): number {
  const lines = (n: number) => Math.max(1, Math.ceil(n / perRow)) * (COUNTER + GAP);
  return (
    64 + 8 + sideRows(space, pieces).reduce((h, row) => h + (row.side === null ? 0 : 18) + lines(row.pieces.length), 0)
  );
}

/** How many full counters fit in a row of a box `w` wide. */
export const perRowIn = (w: number): number => Math.max(1, Math.floor((w - 12 + GAP) / (COUNTER + GAP)));

const isOver = (s: Space): boolean => (s.limits ?? []).some((l) => l.count > l.max);

/** A small-counter cluster's size: up to `cols` a row, at most `max` counters (the last may read "+n"). */
export function clusterSize(n: number, cols: number, max: number, small: number): { w: number; h: number } {
  const shown = Math.min(n, max);
  const c = Math.min(shown, cols);
  return { w: c * (small + 2) - 2, h: Math.ceil(shown / cols) * (small + 2) - 2 };
}

function placeGeometry(s: Space, board: Board, scale: number, small: number, pieces: Piece[]): PlacedSpace | null {
  const g = s.geometry!;
  const at = (p: Point): Point => [p[0] * scale, p[1] * scale];
  const base = { space: s, pieces, small, over: isOver(s) };
  if (g.shape === 'rect') {
    const box = { x: g.x * scale, y: g.y * scale, w: g.width * scale, h: 0 };
    box.h = g.height !== undefined ? g.height * scale : panelHeight(s, pieces, perRowIn(box.w));
    return { ...base, shape: 'panel', box, centre: [box.x + box.w / 2, box.y + box.h / 2], anchor: [box.x, box.y] };
  }
  if (g.shape === 'polygon') {
    const outline = g.points.map(at);
    const mid: Point = g.anchor ? at(g.anchor) : [avg(outline.map((p) => p[0])), avg(outline.map((p) => p[1]))];
    if (g.label) return { ...base, shape: 'polygon', outline, centre: at(g.label), anchor: mid };
    return { ...base, shape: 'polygon', outline, centre: mid, anchor: [mid[0], mid[1] + 24] };
  }
  if (g.shape === 'hex') {
    const grid = board.map.hexGrid;
    if (!grid) return null;
    const c = at(hexCentre(grid, g.col, g.row));
    const size = grid.size * scale;
    const outline = hexCorners(grid.orientation, c, size);
    return {
      ...base,
      small: Math.min(small, Math.max(12, Math.round(size * 0.8))),
      shape: 'hex',
      outline,
      centre: c,
      anchor: c,
    };
  }
  const p = at([g.x, g.y]);
  return { ...base, shape: 'point', centre: p, anchor: [p[0] - small / 2, p[1] + 12] };
}

const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** The lowest point a placed space and its pieces reach. */
function bottomOf(p: PlacedSpace): number {
  if (p.box) return p.box.y + p.box.h;
  const cluster = clusterSize(p.pieces.length, p.shape === 'hex' ? 2 : p.shape === 'point' ? 4 : 3, 9, p.small).h;
  const outlineBottom = p.outline ? Math.max(...p.outline.map((q) => q[1])) : p.centre[1] + 8;
  const piecesBottom = p.shape === 'hex' ? p.anchor[1] + cluster / 2 : p.anchor[1] + cluster;
  return Math.max(outlineBottom, p.pieces.length ? piecesBottom : 0);
}

/** One off-map space alone on its band: its name as the band's title, its counters straight on the band. */
function singleBand(s: Space, pieces: Piece[], width: number, y: number): TrayBand {
  const perRow = Math.max(1, Math.floor((width - 24 + GAP) / (COUNTER + GAP)));
  const h = 34 + Math.max(1, Math.ceil(pieces.length / perRow)) * (COUNTER + GAP) + 6;
  const box = { x: 12, y: y + 32, w: width - 24, h: h - 32 };
  return { title: s.name, y, h, boxed: false, boxes: [{ space: s, box, perRow, pieces, over: isOver(s) }] };
}

/** A box's width: its counters (2 to 4 a row) or its title, whichever is wider, in both languages. */
function boxWidth(s: Space, perRow: number, width: number): number {
  const title = (lc: 'en' | 'ja') =>
    [s.name[lc], ...(s.limits ?? []).map((l) => `${l.label[lc]} ${l.count}/${l.max}`)].join(' · ');
  const widest = Math.max(
    110,
    12 + perRow * (COUNTER + GAP),
    textWidth(title('en'), 12) + 16,
    textWidth(title('ja'), 12) + 16,
  );
  return Math.min(width - 24, widest);
}

/** A group of off-map spaces (a fleet chart): one band, each space a box, the boxes flowing in rows. */
function boxedBand(
  title: Text,
  spaces: Space[],
  piecesAt: (id: string) => Piece[],
  width: number,
  y: number,
): TrayBand {
  const band: TrayBand = { title, y, h: 0, boxed: true, boxes: [] };
  let x = 12;
  let rowY = y + 32;
  let rowH = 0;
  for (const s of spaces) {
    const pieces = piecesAt(s.id);
    const perRow = Math.min(Math.max(2, Math.min(pieces.length, 4)), perRowIn(width - 24));
    const w = boxWidth(s, perRow, width);
    const h = 30 + Math.max(1, Math.ceil(pieces.length / perRow)) * (COUNTER + GAP) + 6;
    if (x + w > width - 12 && x > 12) {
      x = 12;
      rowY += rowH + 8;
      rowH = 0;
    }
    band.boxes.push({ space: s, box: { x, y: rowY, w, h }, perRow, pieces, over: isOver(s) });
    x += w + 8;
    rowH = Math.max(rowH, h);
  }
  band.h = rowY + rowH + 8 - y;
  return band;
}

/** Off-map spaces in bands: each group in one band of boxes, each ungrouped space a band of its own. */
function trayBands(tray: Space[], piecesAt: (id: string) => Piece[], width: number, top: number) {
  const order: { title: Text; spaces: Space[]; boxed: boolean }[] = [];
  for (const s of tray) {
    const g = s.group ? order.find((b) => b.boxed && b.title.en === s.group!.en) : undefined;
    if (g) g.spaces.push(s);
    else order.push({ title: s.group ?? s.name, spaces: [s], boxed: !!s.group });
  }
  const bands: TrayBand[] = [];
  let y = top;
  for (const b of order) {
    const band = b.boxed
      ? boxedBand(b.title, b.spaces, piecesAt, width, y)
      : singleBand(b.spaces[0], piecesAt(b.spaces[0].id), width, y);
    bands.push(band);
    y += band.h;
  }
  return { bands, bottom: y };
}

/** A panel without geometry: stacked in the phone's column, or on a plain grid of three a row. */
function loosePanel(
  s: Space,
  pieces: Piece[],
  at: { stacked: boolean; index: number; bottom: number; small: number },
): PlacedSpace {
  const w = PANEL_W;
  const { index: i } = at;
  const box = at.stacked
    ? { x: 10, y: at.bottom + 10, w, h: 0 }
    : { x: 12 + (i % 3) * 328, y: 40 + Math.floor(i / 3) * 330, w, h: 0 };
  box.h = panelHeight(s, pieces, perRowIn(w));
  const centre: Point = [box.x + w / 2, box.y + box.h / 2];
  return { space: s, shape: 'panel', box, centre, anchor: [box.x, box.y], small: at.small, pieces, over: isOver(s) };
}

/** Lays a board out for the picture, with `notesHeight` units for the board's notes between the map and the tray. */
export function layoutBoard(board: Board, kind: MapLayoutKind, notesHeight = 0): MapLayout {
  const width = kind === 'column' ? NARROW_WIDTH : WIDE_WIDTH;
  const byPlace = new Map<string, Piece[]>();
  for (const p of board.pieces) byPlace.set(p.at, [...(byPlace.get(p.at) ?? []), p]);
  const piecesAt = (id: string) => byPlace.get(id) ?? [];
  const onMap = board.spaces.filter((s) => s.geometry || s.kind === 'area' || s.kind === 'hex' || s.kind === 'point');
  const tray = board.spaces.filter((s) => !onMap.includes(s));
  const panelsOnly = onMap.every((s) => !s.geometry || s.geometry.shape === 'rect');
  const stacked = kind === 'column' && panelsOnly;
  const scale = width / board.map.width;
  const small = SMALL[kind];
  const spaces: PlacedSpace[] = [];
  let bottom = 0;
  let loose = 0;
  for (const s of onMap) {
    const pieces = piecesAt(s.id);
    let placed: PlacedSpace | null = null;
    if (!stacked && s.geometry) placed = placeGeometry(s, board, scale, small, pieces);
    placed ??= loosePanel(s, pieces, { stacked, index: loose++, bottom, small });
    spaces.push(placed);
    bottom = Math.max(bottom, bottomOf(placed));
  }
  const frameBottom = stacked ? 0 : board.map.height * scale;
  // Room for the board's notes under the map (printed just above the tray).
  const gap = (kind === 'column' ? 10 : 16) + notesHeight;
  const trayY = stacked ? bottom + gap : Math.max(frameBottom + notesHeight, bottom + gap);
  const centre = new Map(spaces.map((p) => [p.space.id, p.centre]));
  const panel = new Set(spaces.filter((p) => p.shape === 'panel').map((p) => p.space.id));
  const links = stacked
    ? []
    : board.connections
        .filter((c) => !c.implicit && centre.has(c.from) && centre.has(c.to))
        .map((c) => ({
          a: centre.get(c.from)!,
          b: centre.get(c.to)!,
          kind: c.kind,
          panels: panel.has(c.from) && panel.has(c.to),
        }));
  const shapes = stacked
    ? []
    : (board.map.shapes ?? []).map((s) => ({ ...s, points: s.points.map((p): Point => [p[0] * scale, p[1] * scale]) }));
  const { bands, bottom: tracksY } = trayBands(tray, piecesAt, width, trayY);
  return { kind, width, stacked, shapes, spaces, links, trayY, bands, tracksY };
}
