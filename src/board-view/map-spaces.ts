/**
 * The spaces of a board in SVG: area panels with their rows of counters, polygons, hexes (number, VP, owner's flag)
 * and named points, the connections between them, and the tray of off-map boxes. Every text is escaped.
 */
import type { Board, Point, Space } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { textBox } from './label-place.ts';
import { CLUSTER, type Floats } from './map-float.ts';
import {
  type Box,
  COUNTER,
  GAP,
  perRowIn,
  sideRows,
  type PlacedSpace,
  type TrayBand,
  type TrayBox,
} from './map-model.ts';
import { clusterSvg, counterSvg, r, text } from './map-pieces.ts';
import { el, openTag, textWidth, xmlEscape, type AttrValue } from './svg-text.ts';

const RED = '#c0392b';
const NAVY = '#10324f';
const GREY = '#33475b';
/** A white outline under a text, so that it reads over lines and colours. */
const HALO = { stroke: '#ffffff', 'stroke-width': 3, 'stroke-linejoin': 'round', 'paint-order': 'stroke' } as const;
const BOLD = { 'font-weight': '700' } as const;
const NONE = { en: 'no units', ja: 'ユニットなし' } as const;

/** How each kind of connection is drawn. */
const LINK_STYLE: Record<string, Record<string, AttrValue>> = {
  adjacent: { stroke: '#1f4e79', 'stroke-width': 4, 'stroke-dasharray': '10 7', 'stroke-opacity': '0.6' },
  road: { stroke: '#7a5230', 'stroke-width': 4, 'stroke-linecap': 'round' },
  'minor-road': { stroke: '#7a5230', 'stroke-width': 2.5, 'stroke-dasharray': '7 4' },
  rail: { stroke: '#2d2d2d', 'stroke-width': 2.5, 'stroke-dasharray': '2 3' },
  sea: { stroke: '#1f4e79', 'stroke-width': 3, 'stroke-dasharray': '3 6', 'stroke-linecap': 'round' },
};

/** A space's facts on one line: notes, printed VP and limits as count/max. */
export function factsLine(s: Space, locale: Locale): string {
  const bits = (s.notes ?? []).map((n) => n[locale]);
  if (s.vp !== undefined) bits.push(`VP ${s.vp}`);
  for (const l of s.limits ?? []) bits.push(`${l.label[locale]} ${l.count}/${l.max}`);
  return bits.join(' · ');
}

const pts = (ps: readonly Point[]): string => ps.map((p) => `${r(p[0])},${r(p[1])}`).join(' ');

function sideOf(board: Board, id: string) {
  return board.sides.find((s) => s.id === id);
}

function group(kind: string, s: Space, extra: Record<string, AttrValue> = {}): string {
  const area = kind === 'space area' ? { 'data-area': s.id } : {};
  return openTag('g', { class: kind, 'data-space': s.id, ...area, ...extra });
}

/** Full counters in rows of `perRow` from (x, y); "no units" when there are none. */
function counterRows(pieces: PlacedSpace['pieces'], board: Board, at: Point, perRow: number, locale: Locale): string {
  const [x, y] = at;
  if (!pieces.length)
    return text(x + 4, y + 28, NONE[locale], { 'font-size': 12, fill: '#6b7785', 'font-style': 'italic' });
  const step = COUNTER + GAP;
  return pieces
    .map((u, i) => counterSvg(u, board, x + (i % perRow) * step, y + Math.floor(i / perRow) * step, locale))
    .join('');
}

/** Pieces a line may break between: a word and its space, or one Japanese or full-width character. */
const breakable = (t: string): string[] =>
  t.match(/[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]|[^\s\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]+\s*|\s+/g) ?? [t];

/** Fills lines with pieces up to `room` wide at `size`. */
function wrapped(pieces: string[], size: number, room: number): string[] {
  const lines = [''];
  for (const piece of pieces) {
    const next = lines[lines.length - 1] + piece;
    if (lines[lines.length - 1] && textWidth(next.trim(), size) * 1.06 > room) lines.push(piece.trimStart());
    else lines[lines.length - 1] = next;
  }
  return lines.map((l) => l.trim());
}

/**
 * A panel's title at the largest size (21 down to 14) that fits its width on one line, else wrapped on two or three
 * lines (18 down to 10), in any script: a title never runs past its panel.
 */
function panelTitle(title: string, room: number): { lines: string[]; size: number } {
  const fit = Math.min(21, room / Math.max(1, textWidth(title, 1) * 1.06));
  if (fit >= 14) return { lines: [title], size: fit };
  const pieces = breakable(title);
  for (let size = 18; size >= 10; size--) {
    const lines = wrapped(pieces, size, room);
    if (lines.length <= 3 && lines.every((l) => textWidth(l, size) * 1.06 <= room)) return { lines, size };
  }
  return { lines: wrapped(pieces, 10, room), size: 10 };
}

/** An area panel as drawn: its frame (under the connections), its contents, and the boxes its contents take. */
export interface PanelParts {
  ground: string;
  top: string;
  boxes: Box[];
}

/** An area panel: name, facts (red when a limit is exceeded), then a row of counters per side. */
export function panelSvg(ps: PlacedSpace, board: Board, locale: Locale): PanelParts {
  const { space: a, box } = ps;
  const { x, y, w, h } = box!;
  const out = [group('space area', a)];
  const boxes: Box[] = [];
  const edge = { stroke: ps.over ? RED : '#1f4e79', 'stroke-width': ps.over ? 4 : 2.5 };
  const ground = el('rect', {
    class: 'panel',
    'data-space': a.id,
    x,
    y,
    width: w,
    height: h,
    rx: 10,
    fill: '#ffffff',
    'fill-opacity': '0.97',
    ...edge,
  });
  // The code the orders use ("AM") before the name, so the map shows what a mail or a form names.
  const title = a.code && a.code !== a.name[locale] ? `${a.code} ${a.name[locale]}` : a.name[locale];
  const fitted = panelTitle(title, w - 24);
  let ty = y + 6;
  for (const line of fitted.lines) {
    ty += fitted.size * 1.05;
    out.push(text(x + 12, ty, line, { 'font-size': fitted.size, ...BOLD, fill: NAVY }));
    boxes.push(textBox(x + 12, ty, line, fitted.size, 'start'));
  }
  const facts = factsLine(a, locale);
  const extra = ty - (y + 27);
  if (facts) {
    const size = Math.max(10, Math.min(13.5, (w - 24) / Math.max(1, textWidth(facts, 1) * 1.06)));
    out.push(
      text(x + 12, y + 49 + extra, facts, { 'font-size': size, fill: ps.over ? RED : GREY, 'font-weight': 600 }),
    );
    boxes.push(textBox(x + 12, y + 49 + extra, facts, size, 'start'));
  }
  const rows = sideRows(a, ps.pieces);
  const fit = panelCounters(
    rows,
    w,
    ps.box!.y + h - (y + 60 + extra) - 4,
    !!a.geometry && a.geometry.shape === 'rect' && a.geometry.height !== undefined,
  );
  const step = fit.size + fit.gap;
  const left = x + (w - (fit.cols * step - fit.gap)) / 2;
  let cy = y + 60 + extra;
  for (const row of rows) {
    if (row.side !== null) {
      const side = sideOf(board, row.side);
      const name = side?.name[locale] ?? row.side;
      out.push(text(left, cy + 13, name, { 'font-size': 11.5, ...BOLD, fill: side?.colour ?? GREY }));
      boxes.push(textBox(left, cy + 13, name, 11.5, 'start'));
      cy += 18;
    }
    if (fit.size === COUNTER) out.push(counterRows(row.pieces, board, [left, cy], fit.cols, locale));
    else if (!row.pieces.length)
      out.push(text(left + 4, cy + 22, NONE[locale], { 'font-size': 12, fill: '#6b7785', 'font-style': 'italic' }));
    else
      out.push(
        clusterSvg(
          row.pieces,
          board,
          [left, cy],
          fit.size,
          { cols: fit.cols, max: fit.lines * fit.cols, from: 'corner' },
          locale,
        ),
      );
    const lines = Math.min(fit.lines, Math.max(1, Math.ceil(row.pieces.length / fit.cols)));
    const n = Math.min(fit.cols, Math.max(1, row.pieces.length));
    boxes.push({ x: left, y: cy, w: n * step, h: lines * step });
    cy += lines * step;
  }
  return { ground, top: `${out.join('')}</g>`, boxes };
}

/**
 * How a panel's counters fit its room: full counters when they fit (or the panel grows with them), else small
 * ones, and when even those overflow, as many lines per side as fit, the last counter reading "+n".
 */
function panelCounters(rows: { side: string | null; pieces: unknown[] }[], w: number, room: number, fixed: boolean) {
  const need = (size: number, gap: number, cols: number) =>
    rows.reduce(
      (sum, r) => sum + (r.side === null ? 0 : 18) + Math.max(1, Math.ceil(r.pieces.length / cols)) * (size + gap),
      0,
    );
  const full = perRowIn(w);
  if (!fixed || need(COUNTER, GAP, full) <= room) return { size: COUNTER, gap: GAP, cols: full, lines: Infinity };
  const size = 34;
  const cols = Math.max(1, Math.floor((w - 12 + 2) / (size + 2)));
  if (need(size, 2, cols) <= room) return { size, gap: 2, cols, lines: Infinity };
  const headings = rows.filter((r) => r.side !== null).length * 18;
  const lines = Math.max(1, Math.floor((room - headings) / (size + 2) / Math.max(1, rows.length)));
  return { size, gap: 2, cols, lines };
}

function terrainOf(board: Board, s: Space) {
  return s.terrain ? board.map.terrain?.[s.terrain] : undefined;
}

/** A flag in the owner's colour (a controlled point, a home hex). */
function flag(board: Board, owner: string | undefined, x: number, y: number): string {
  const side = owner ? sideOf(board, owner) : undefined;
  if (!side) return '';
  const d = `M${r(x)} ${r(y)} l0 -14 l11 4 l-11 4`;
  return el(
    'path',
    { d, fill: side.colour, stroke: '#1b1f23', 'stroke-width': 1 },
    `<title>${xmlEscape(side.name.en)}</title>`,
  );
}

/** What a space draws under the connections (its outline) and over them (its texts and pieces). */
export interface SpaceLayers {
  ground: string;
  top: string;
}

/** A hex: its outline coloured by terrain, its number on top, printed VP in red, the pieces in the middle. */
export function hexSvg(ps: PlacedSpace, board: Board, locale: Locale): SpaceLayers {
  const s = ps.space;
  const t = terrainOf(board, s);
  const [cx, cy] = ps.centre;
  const size = Math.hypot(ps.outline![0][0] - cx, ps.outline![0][1] - cy);
  const faint = t?.unused ? '0.45' : undefined;
  const ground = el(
    'polygon',
    {
      class: 'hex',
      'data-space': s.id,
      points: pts(ps.outline!),
      fill: t?.fill ?? '#dbe9f5',
      stroke: ps.over ? RED : (t?.stroke ?? '#6f8ba5'),
      'stroke-width': ps.over ? 3 : 1,
      'fill-opacity': faint,
      'stroke-opacity': faint,
    },
    `<title>${xmlEscape(s.name[locale])}</title>`,
  );
  // Faint by fill and stroke opacity, inherited by what the hex holds (a group's opacity crashes resvg's renderer when
  // the group lies partly outside a cropped picture).
  const out = [group('space hex', s, { 'fill-opacity': faint, 'stroke-opacity': faint })];
  const font = { 'text-anchor': 'middle', 'font-size': Math.max(8, Math.min(12, size * 0.3)) };
  if (s.code) out.push(text(cx, cy - size * 0.52, s.code, { ...font, fill: NAVY }));
  if (s.name[locale] !== s.code && !ps.pieces.length) {
    out.push(text(cx, cy + font['font-size'] * 0.35, s.name[locale], { ...font, ...BOLD, fill: NAVY, ...HALO }));
  }
  if (s.vp !== undefined) out.push(text(cx, cy + size * 0.72, String(s.vp), { ...font, ...BOLD, fill: RED }));
  out.push(flag(board, s.owner, cx - size * 0.55, cy - size * 0.1));
  out.push(clusterSvg(ps.pieces, board, ps.centre, ps.small, { cols: 2, max: 4, from: 'centre' }, locale));
  return { ground, top: `${out.join('')}</g>` };
}

/** A space's labels as placed (names and facts of points and areas), over everything else of the map. */
export function labelsSvg(ps: PlacedSpace, f: Floats | undefined): string {
  if (!f?.lines.length) return '';
  const out = [group('label', ps.space)];
  for (const l of f.lines) {
    const look = l.role === 'name' ? { ...BOLD, fill: NAVY } : { fill: ps.over ? RED : GREY };
    out.push(text(l.x, l.y, l.body, { 'text-anchor': l.anchor, 'font-size': l.size, ...look, ...HALO }));
  }
  return `${out.join('')}</g>`;
}

/** Thin lines from spaces to names or counters placed away from them. */
export function leadersSvg(f: Floats | undefined): string {
  const line = ([a, b]: [Point, Point]) =>
    el('line', {
      x1: a[0],
      y1: a[1],
      x2: b[0],
      y2: b[1],
      stroke: '#33475b',
      'stroke-width': 1,
      'stroke-opacity': '0.7',
    });
  return (f?.leaders ?? []).map(line).join('');
}

/** A named point: a dot (in its owner's colour) and its pieces where they were placed; its name is a label. */
export function pointSvg(ps: PlacedSpace, board: Board, locale: Locale, f?: Floats): string {
  const s = ps.space;
  const [x, y] = ps.centre;
  const owner = s.owner ? sideOf(board, s.owner) : undefined;
  const out = [group('space point', s)];
  const dot = { fill: owner?.colour ?? '#ffffff', stroke: ps.over ? RED : '#1b1f23', 'stroke-width': 2.5 };
  out.push(el('circle', { cx: x, cy: y, r: 7, ...dot }, `<title>${xmlEscape(s.name[locale])}</title>`));
  const at = f?.clusterAt ?? ps.anchor;
  out.push(clusterSvg(ps.pieces, board, at, ps.small, { ...CLUSTER.point, from: 'corner' }, locale));
  return `${out.join('')}</g>`;
}

/** An area outline: its flag, its pieces where they were placed; its name and facts are a label. */
export function polygonSvg(ps: PlacedSpace, board: Board, locale: Locale, f?: Floats): SpaceLayers {
  const s = ps.space;
  const t = terrainOf(board, s);
  const [x, y] = ps.centre;
  const ground = el(
    'polygon',
    {
      class: 'area',
      'data-space': s.id,
      points: pts(ps.outline!),
      fill: t?.fill ?? '#f3eddc',
      stroke: ps.over ? RED : (t?.stroke ?? '#6b5d45'),
      'stroke-width': ps.over ? 4 : 2,
    },
    `<title>${xmlEscape(s.name[locale])}</title>`,
  );
  const out = [group('space area', s)];
  out.push(flag(board, s.owner, x - 8, y - 16));
  const at = f?.clusterAt;
  const grid = { ...CLUSTER.polygon, from: at ? ('corner' as const) : ('top' as const) };
  out.push(clusterSvg(ps.pieces, board, at ?? ps.anchor, ps.small, grid, locale));
  return { ground, top: `${out.join('')}</g>` };
}

/** The connections drawn on the map, under the spaces. */
export function linksSvg(links: { a: Point; b: Point; kind: string }[]): string {
  const line = (l: { a: Point; b: Point; kind: string }) =>
    el('line', { x1: l.a[0], y1: l.a[1], x2: l.b[0], y2: l.b[1], ...(LINK_STYLE[l.kind] ?? LINK_STYLE.adjacent) });
  return links.map(line).join('');
}

function titled(name: string, facts: string): string {
  return facts ? `${name} · ${facts}` : name;
}

function trayBoxSvg(t: TrayBox, board: Board, locale: Locale): string {
  const { x, y, w, h } = t.box;
  const out = [group('space box', t.space)];
  const edge = { stroke: t.over ? RED : '#8aa1b8', 'stroke-width': t.over ? 3 : 1 };
  out.push(el('rect', { x, y, width: w, height: h, rx: 6, fill: '#ffffff', ...edge }));
  const title = titled(t.space.name[locale], factsLine(t.space, locale));
  out.push(text(x + 8, y + 18, title, { 'font-size': 12, ...BOLD, fill: t.over ? RED : NAVY }));
  out.push(counterRows(t.pieces, board, [x + 6, y + 26], t.perRow, locale));
  return `${out.join('')}</g>`;
}

function bandSvg(b: TrayBand, board: Board, width: number, locale: Locale): string {
  const out = [`<g class="tray">`, el('rect', { x: 0, y: b.y, width, height: b.h, fill: '#e4ecf3' })];
  if (b.boxed) {
    out.push(text(12, b.y + 22, b.title[locale], { 'font-size': 14, ...BOLD, fill: NAVY }));
    for (const t of b.boxes) out.push(trayBoxSvg(t, board, locale));
  } else {
    const t = b.boxes[0];
    const title = titled(b.title[locale], factsLine(t.space, locale));
    out.push(group('space box', t.space));
    out.push(text(12, b.y + 22, title, { 'font-size': 14, ...BOLD, fill: t.over ? RED : NAVY }));
    out.push(counterRows(t.pieces, board, [t.box.x, t.box.y], t.perRow, locale), '</g>');
  }
  return `${out.join('')}</g>`;
}

/** The tray under the map: one band per group of off-map spaces, or per single space. */
export function traySvg(bands: TrayBand[], board: Board, width: number, locale: Locale): string {
  return bands.map((b) => bandSvg(b, board, width, locale)).join('');
}
