/**
 * A board (src/engine/board.ts) as one SVG string: a pure function of (board, locale, layout), shared by the
 * player's page, the moderator's console and the mails (whose PNG is rendered from it). Area maps, hex grids and
 * point-to-point maps are drawn from the board alone; no game is named here. Every text is XML-escaped; no script,
 * no style element, no external reference, so the picture is safe inline in a page under a strict CSP. The viewBox
 * lets it scale to any width: `column` is the layout for phones (about one unit per CSS pixel).
 */
import type { Board } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { layoutBoard, type MapLayoutKind, type PlacedSpace } from './map-model.ts';
import { r, text } from './map-pieces.ts';
import { hexSvg, linksSvg, panelSvg, pointSvg, polygonSvg, traySvg, type SpaceLayers } from './map-spaces.ts';
import { tracksSvg } from './map-tracks.ts';
import { el, openTag, xmlEscape } from './svg-text.ts';

export { xmlEscape } from './svg-text.ts';
export { counterSvg } from './map-pieces.ts';

/** Options of the renderer: a title other than the board's; `column` for phones and narrow mail clients. */
export interface MapSvgOptions {
  title?: string;
  layout?: MapLayoutKind;
}

const FONTS = `'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', Arial, sans-serif`;

/** A space's drawing under the connections and over them (panels: all over, covering the lines they join). */
function layersOf(ps: PlacedSpace, board: Board, locale: Locale): SpaceLayers {
  switch (ps.shape) {
    case 'panel':
      return { ground: '', top: panelSvg(ps, board, locale) };
    case 'hex':
      return hexSvg(ps, board, locale);
    case 'point':
      return { ground: '', top: pointSvg(ps, board, locale) };
    case 'polygon':
      return polygonSvg(ps, board, locale);
  }
}

/** Renders a board as a self-contained SVG document string. */
export function renderBoardSvg(board: Board, locale: Locale, opts: MapSvgOptions = {}): string {
  const kind = opts.layout ?? 'map';
  const lay = layoutBoard(board, kind);
  const width = lay.width;
  const tracks = tracksSvg(board.tracks, lay.tracksY, width, locale);
  const height = Math.ceil(lay.tracksY + tracks.height);
  const title = opts.title ?? board.title[locale];
  const root = openTag('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: 'img',
    'aria-label': title,
    'font-family': FONTS,
    class: `board-map board-map-${kind === 'column' ? 'column' : 'wide'}`,
  });
  const out = [root, `<title>${xmlEscape(title)}</title>`, el('rect', { width, height, fill: board.map.background })];
  for (const s of lay.shapes) {
    const points = s.points.map((p) => `${r(p[0])},${r(p[1])}`).join(' ');
    out.push(el('polygon', { points, fill: s.fill, stroke: s.stroke ?? 'none', 'stroke-width': 1.5 }));
  }
  // Outlines, then connections, then texts and pieces; panels last, covering the lines that join their centres.
  const order = [...lay.spaces].sort((a, b) => Number(a.shape === 'panel') - Number(b.shape === 'panel'));
  const layers = order.map((ps) => layersOf(ps, board, locale));
  out.push(...layers.map((l) => l.ground), linksSvg(lay.links), ...layers.map((l) => l.top));
  if (board.notes?.length) {
    const notes = board.notes.map((n) => n[locale]).join(' · ');
    out.push(text(width - 10, lay.trayY - 4, `(${notes})`, { 'text-anchor': 'end', 'font-size': 11, fill: '#33475b' }));
  }
  out.push(traySvg(lay.bands, board, width, locale), tracks.svg, '</svg>');
  return out.join('');
}
