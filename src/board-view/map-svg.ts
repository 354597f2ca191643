/**
 * A board (src/engine/board.ts) as one SVG string: a pure function of (board, locale, options), shared by the
 * player's page, the moderator's console and the mails (whose PNG is rendered from it). Area maps, hex grids and
 * point-to-point maps are drawn from the board alone; no game is named here. Every text is XML-escaped; no script,
 * no style element, no external reference, so the picture is safe inline in a page under a strict CSP.
 *
 * Layers, bottom to top: the land and sea shapes, panel frames and area and hex outlines, the connections, leader
 * lines, the spaces' contents (panel contents, dots, counters), then the labels of points and areas, placed so that
 * none covers another or a counter and none runs off the edge (src/board-view/map-float.ts). `crop` draws only a
 * region of the map around the spaces named in `focus` (the mail's picture), small enough that its labels stay
 * readable on a phone; spaces whose labels or counters would be cut by the region's edge are drawn without them.
 */
import type { Board } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { inside } from './label-place.ts';
import { type Box, layoutBoard, type MapLayout, type MapLayoutKind, type PlacedSpace } from './map-model.ts';
import { type Floats, outlineBox, placeFloats } from './map-float.ts';
import { cropFrame, focusIds } from './map-focus.ts';
import { r, text } from './map-pieces.ts';
import {
  factsLine,
  hexSvg,
  labelsSvg,
  leadersSvg,
  linksSvg,
  type PanelParts,
  panelSvg,
  pointSvg,
  polygonSvg,
  traySvg,
} from './map-spaces.ts';
import { tracksSvg } from './map-tracks.ts';
import { el, openTag, textWidth, xmlEscape } from './svg-text.ts';

export { xmlEscape } from './svg-text.ts';
export { counterSvg } from './map-pieces.ts';

/** Options of the renderer: a title other than the board's; the layout; a region around `focus` only (`crop`). */
export interface MapSvgOptions {
  title?: string;
  layout?: MapLayoutKind;
  /** What the picture is about: any value (choices, events); the spaces and pieces it names are the focus. */
  focus?: unknown;
  /** Draw only the region of the map around the focus (a mail's picture). */
  crop?: boolean;
  /** One part of the board: the map's frame, or the tray and tracks below it (default: all of it). */
  part?: 'all' | 'map' | 'rest';
}

const FONTS = `'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', Arial, sans-serif`;
/** Width of a cropped picture: its smallest text (9 units) stays 8 px tall when a phone shows it 360 px wide. */
export const CROP_WIDTH = 420;
const NOTE_SIZE = 11;
/** The height of a line of notes: the text and room below its baseline for the font's descent (a browser's own). */
const NOTE_LINE = NOTE_SIZE + 6;

/** A board laid out with everything placed: the basis of the picture and of its focus region. */
interface Prepared {
  lay: MapLayout;
  floats: Map<string, Floats>;
  panels: Map<string, PanelParts>;
  /** The map's frame (the tray and tracks lie below it). */
  frame: Box;
  notes: string[];
}

/** The board's notes wrapped to the map's width. */
function noteLines(board: Board, locale: Locale, width: number): string[] {
  if (!board.notes?.length) return [];
  const words = `(${board.notes.map((n) => n[locale]).join(' · ')})`.split(/(?<=\s)|(?<=[、。・])/);
  const lines: string[] = [''];
  for (const w of words) {
    const line = lines[lines.length - 1] + w;
    if (textWidth(line.trim(), NOTE_SIZE) * 1.06 > width - 24 && lines[lines.length - 1]) lines.push(w);
    else lines[lines.length - 1] = line;
  }
  return lines.map((l) => l.trim());
}

function prepare(board: Board, locale: Locale, kind: MapLayoutKind): Prepared {
  const notes = noteLines(board, locale, kind === 'column' ? 340 : 1000);
  const lay = layoutBoard(board, kind, notes.length * NOTE_LINE);
  const panels = new Map<string, PanelParts>();
  for (const ps of lay.spaces) if (ps.shape === 'panel') panels.set(ps.space.id, panelSvg(ps, board, locale));
  const frame = { x: 0, y: 0, w: lay.width, h: lay.trayY - notes.length * NOTE_LINE };
  const fixed = [...panels.values()].flatMap((p) => p.boxes);
  const labelOf = (ps: PlacedSpace) => ({ name: ps.space.name[locale], facts: factsLine(ps.space, locale) });
  const floats = placeFloats(lay, frame, fixed, labelOf);
  return { lay, floats, panels, frame, notes };
}

/** What a placed space takes on the map: its panel, its outline, its dot, its counters and labels. */
function extentOf(p: Prepared, ps: PlacedSpace): Box {
  if (ps.box) return ps.box;
  const f = p.floats.get(ps.space.id);
  if (f) return f.extent;
  return ps.outline ? outlineBox(ps.outline) : { x: ps.centre[0] - 8, y: ps.centre[1] - 8, w: 16, h: 16 };
}

/**
 * The region of the map (in the picture's units) that `focus` is about: the crop window holding the most of the
 * spaces it names; null when it names none.
 */
export function focusBox(board: Board, locale: Locale, focus: unknown): Box | null {
  const ids = focusIds(board, focus);
  if (!ids.size) return null;
  const p = prepare(board, locale, 'map');
  if (!p.lay.spaces.some((ps) => ids.has(ps.space.id))) return null;
  return cropFrame(p.frame, ids, p.lay.spaces, (ps) => extentOf(p, ps));
}

function layersOf(p: Prepared, ps: PlacedSpace, board: Board, locale: Locale) {
  const f = p.floats.get(ps.space.id);
  switch (ps.shape) {
    case 'panel': {
      const parts = p.panels.get(ps.space.id)!;
      return { ground: parts.ground, top: parts.top, labels: '', leaders: '' };
    }
    case 'hex':
      return { ...hexSvg(ps, board, locale), labels: '', leaders: '' };
    case 'point':
      return { ground: '', top: pointSvg(ps, board, locale, f), labels: labelsSvg(ps, f), leaders: leadersSvg(f) };
    case 'polygon':
      return { ...polygonSvg(ps, board, locale, f), labels: labelsSvg(ps, f), leaders: leadersSvg(f) };
  }
}

/** Drops every text smaller than `min` units (a cropped picture shows fewer labels rather than smaller ones). */
function dropSmallTexts(svg: string, min: number): string {
  return svg.replace(/<text [^>]*font-size="([\d.]+)"[^>]*>[^<]*<\/text>/g, (t, size) => (Number(size) < min ? '' : t));
}

/** The map's frame: shapes, panels, outlines, connections, contents and labels (in `crop`, its spaces whole). */
function mapBody(p: Prepared, board: Board, locale: Locale, crop: Box | null): string[] {
  const { lay } = p;
  const out: string[] = [];
  for (const s of lay.shapes) {
    const points = s.points.map((q) => `${r(q[0])},${r(q[1])}`).join(' ');
    out.push(el('polygon', { points, fill: s.fill, stroke: s.stroke ?? 'none', 'stroke-width': 1.5 }));
  }
  // Panels first (beneath what stands in them), then outlines, connections, contents, and the labels on top.
  const order = [...lay.spaces].sort((a, b) => Number(b.shape === 'panel') - Number(a.shape === 'panel'));
  const whole = (ps: PlacedSpace) => !crop || inside(extentOf(p, ps), crop);
  const layers = order.map((ps) => ({ ...layersOf(p, ps, board, locale), whole: whole(ps) }));
  const shown = layers.filter((l) => l.whole);
  out.push(linksSvg(lay.links.filter((l) => l.panels)));
  out.push(...layers.map((l) => l.ground), linksSvg(lay.links.filter((l) => !l.panels)));
  out.push(...shown.map((l) => l.leaders), ...shown.map((l) => l.top), ...shown.map((l) => l.labels));
  if (crop) return out;
  p.notes.forEach((line, i) => {
    const y = p.frame.h + (i + 1) * NOTE_LINE - 5;
    out.push(text(lay.width - 12, y, line, { 'text-anchor': 'end', 'font-size': NOTE_SIZE, fill: '#33475b' }));
  });
  return out;
}

/**
 * Renders a board as a self-contained SVG document string: the whole board, or one `part` of it (`map`: the map's
 * frame and notes; `rest`: the tray and the tracks below it, empty when the board has none).
 */
export function renderBoardSvg(board: Board, locale: Locale, opts: MapSvgOptions = {}): string {
  const kind = opts.layout ?? 'map';
  const part = opts.crop ? 'map' : (opts.part ?? 'all');
  const p = prepare(board, locale, kind);
  const { lay } = p;
  const width = lay.width;
  const tracks = tracksSvg(board.tracks, lay.tracksY, width, locale);
  const bottom = Math.ceil(lay.tracksY + tracks.height);
  const crop = opts.crop ? cropFrame(p.frame, focusIds(board, opts.focus), lay.spaces, (ps) => extentOf(p, ps)) : null;
  const top = part === 'rest' ? lay.trayY : 0;
  if (part === 'rest' && bottom - top < 1) return '';
  const view = crop ?? { x: 0, y: top, w: width, h: (part === 'map' ? lay.trayY : bottom) - top };
  const title = opts.title ?? board.title[locale];
  const root = openTag('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `${r(view.x)} ${r(view.y)} ${r(view.w)} ${r(view.h)}`,
    width: Math.round(view.w),
    height: Math.round(view.h),
    role: 'img',
    'aria-label': title,
    'font-family': FONTS,
    class: `board-map board-map-${kind === 'column' ? 'column' : 'wide'}${crop ? ' board-map-crop' : ''}${part === 'all' ? '' : ` board-map-${part}`}`,
  });
  const out = [root, `<title>${xmlEscape(title)}</title>`];
  out.push(el('rect', { x: view.x, y: view.y, width: view.w, height: view.h, fill: board.map.background }));
  if (part !== 'rest') out.push(...mapBody(p, board, locale, crop));
  if (part !== 'map') out.push(traySvg(lay.bands, board, width, locale), tracks.svg);
  out.push('</svg>');
  return crop ? dropSmallTexts(out.join(''), (8 * crop.w) / 360 / 1.1) : out.join('');
}

/** The tray and tracks of a board for a page: wide, and in a column for a phone (empty strings when it has none). */
export function boardRest(board: Board, locale: Locale): { wide: string; column: string } {
  return {
    wide: renderBoardSvg(board, locale, { part: 'rest' }),
    column: renderBoardSvg(board, locale, { part: 'rest', layout: 'column' }),
  };
}

export type { Box };
