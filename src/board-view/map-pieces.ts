/**
 * Counters: a piece drawn from its board fields alone. A full counter (panels, trays) shows its tag top left, its
 * number top right, its value large in the middle and a note along the bottom; a small one (hexes, points,
 * polygons) shows the tag and the value. Damage is a red badge, identical pieces a "×n" badge; a face-down piece
 * shows only its back.
 */
import type { Board, Piece, Point } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { el, xmlEscape, type AttrValue } from './svg-text.ts';

const INK = '#1b1f23';
const RED = '#c0392b';
const BACK = '#3d4a57';
const BLANK = '#d8d8d8';
const BOLD = { 'font-weight': '700' } as const;

/** A text element at (x, y); the body is escaped. */
export function text(x: number, y: number, body: string, attrs: Record<string, AttrValue> = {}): string {
  return el('text', { x, y, ...attrs }, xmlEscape(body));
}

/** Centred text. */
const mid = (x: number, y: number, body: string, attrs: Record<string, AttrValue>): string =>
  text(x, y, body, { 'text-anchor': 'middle', ...attrs });

/** A coordinate rounded to 0.1 (short, stable output). */
export const r = (v: number): number => Math.round(v * 10) / 10;

/** What a piece's tooltip and the mail's table call it. */
export function pieceTitle(p: Piece, locale: Locale): string {
  if (p.faceDown) return '?';
  const tag = [p.label?.[locale], p.number].filter(Boolean).join(' ');
  return [p.name?.[locale] ?? (tag || p.id), p.count && p.count > 1 ? `×${p.count}` : ''].filter(Boolean).join(' ');
}

function backColour(p: Piece, board: Board): string {
  return board.sides.find((s) => s.id === p.side)?.back ?? BACK;
}

function badges(p: Piece, x: number, y: number, size: number): string {
  const out: string[] = [];
  const rad = size >= 40 ? 9 : 6.5;
  // At least 9 units: a phone showing the map one unit a pixel keeps the badge's count readable.
  const white = { 'font-size': Math.max(9, rad + 2), ...BOLD, fill: '#ffffff' };
  if ((p.damage ?? 0) > 0) {
    const c = size - rad + 3;
    out.push(el('circle', { cx: x + c, cy: y + c, r: rad, fill: RED }));
    out.push(mid(x + c, y + c + rad * 0.45, `-${p.damage}`, white));
  }
  if ((p.count ?? 1) > 1) {
    const h = 2 * rad;
    out.push(el('rect', { x: x - 3, y: y + size - h + 3, width: h + 6, height: h, rx: rad, fill: INK }));
    out.push(mid(x + rad, y + size + 3 - rad * 0.55, `×${p.count}`, white));
  }
  return out.join('');
}

/** The back of a face-down piece: its side's colour and a question mark. */
function back(p: Piece, board: Board, x: number, y: number, size: number): string {
  const rect = el('rect', {
    x,
    y,
    width: size,
    height: size,
    rx: size >= 40 ? 4 : 3,
    fill: backColour(p, board),
    stroke: INK,
    'stroke-width': size >= 40 ? 1.5 : 1.2,
  });
  const mark =
    size >= 40 ? mid(x + size / 2, y + size / 2 + 8, '?', { 'font-size': 24, ...BOLD, fill: '#ffffff' }) : '';
  const small =
    size < 40 ? mid(x + size / 2, y + size * 0.7, '?', { 'font-size': size * 0.55, ...BOLD, fill: '#ffffff' }) : '';
  return rect + mark + small;
}

function face(p: Piece, x: number, y: number, size: number): string {
  const c = p.colours ?? { fill: BLANK };
  const damaged = (p.damage ?? 0) > 0;
  const out = [
    el('rect', {
      x,
      y,
      width: size,
      height: size,
      rx: 4,
      fill: c.fill,
      stroke: damaged ? RED : INK,
      'stroke-width': damaged ? 3 : 1.5,
      'stroke-dasharray': p.placedFaceDown ? '5 3' : undefined,
    }),
  ];
  if (c.split) {
    // The lower-right half, in the second colour (a counter of two nationalities).
    const k = size / 48;
    const [x1, y1] = [r(x + size), r(y + size)];
    const d = [
      `M${x1} ${r(y + 6 * k)}`,
      `L${x1} ${r(y1 - 4 * k)}`,
      `Q${x1} ${y1} ${r(x1 - 4 * k)} ${y1}`,
      `L${r(x + 6 * k)} ${y1} Z`,
    ];
    out.push(el('path', { d: d.join(' '), fill: c.split }));
  }
  if (c.band) out.push(el('rect', { x: x + 1, y: y + 1, width: size - 2, height: size / 9.6, fill: c.band }));
  return out.join('');
}

function open(p: Piece, locale: Locale): string[] {
  return [`<g class="unit" data-unit="${xmlEscape(p.id)}">`, `<title>${xmlEscape(pieceTitle(p, locale))}</title>`];
}

const pieceValue = (p: Piece): string => p.strength ?? (p.steps ? String(p.steps.left) : '');

/** A full counter, 48 units square, top-left at (x, y). */
export function counterSvg(p: Piece, board: Board, x: number, y: number, locale: Locale, size = 48): string {
  if (size < 40) return smallCounterSvg(p, board, x, y, size, locale);
  const out = open(p, locale);
  if (p.faceDown) return `${out.join('') + back(p, board, x, y, size) + badges(p, x, y, size)}</g>`;
  out.push(face(p, x, y, size));
  const tag = p.label?.[locale] ?? '';
  const small = { 'font-size': tag.length >= 3 ? 10 : 11, ...BOLD, fill: INK };
  if (tag) out.push(text(x + 3, y + 16, tag, small));
  if (p.number) out.push(text(x + size - 3, y + 16, p.number, { 'text-anchor': 'end', ...small }));
  const value = pieceValue(p);
  if (value)
    out.push(mid(x + size / 2, y + 37, value, { 'font-size': value.length > 2 ? 17 : 21, ...BOLD, fill: INK }));
  const note = p.note?.[locale] ?? (p.steps && p.strength ? `${p.steps.left}/${p.steps.full}` : '');
  if (note) out.push(mid(x + size / 2, y + size - 1, note, { 'font-size': 9, fill: INK }));
  return `${out.join('') + badges(p, x, y, size)}</g>`;
}

/** A small counter: tag on top, value below; the back only when face down. */
export function smallCounterSvg(p: Piece, board: Board, x: number, y: number, size: number, locale: Locale): string {
  const out = open(p, locale);
  if (p.faceDown) return `${out.join('') + back(p, board, x, y, size) + badges(p, x, y, size)}</g>`;
  out.push(face(p, x, y, size));
  const tag = p.label?.[locale] ?? '';
  const value = pieceValue(p);
  if (tag)
    out.push(mid(x + size / 2, y + size * 0.34, tag, { 'font-size': Math.max(7, size * 0.28), ...BOLD, fill: INK }));
  if (value) {
    const font = Math.max(9, size * (tag ? 0.42 : 0.5));
    out.push(mid(x + size / 2, y + size * (tag ? 0.84 : 0.68), value, { 'font-size': font, ...BOLD, fill: INK }));
  }
  return `${out.join('') + badges(p, x, y, size)}</g>`;
}

/**
 * Small counters in a grid of `cols` columns around `at`: its centre, its top centre (`top`) or its top-left corner
 * (`corner`); beyond `max`, the last place reads "+n".
 */
export function clusterSvg(
  pieces: Piece[],
  board: Board,
  at: Point,
  size: number,
  grid: { cols: number; max: number; from: 'centre' | 'top' | 'corner' },
  locale: Locale,
): string {
  if (!pieces.length) return '';
  const { cols, max, from } = grid;
  const shown = pieces.length > max ? pieces.slice(0, max - 1) : pieces;
  const n = Math.min(pieces.length, max);
  const w = Math.min(n, cols) * (size + 2) - 2;
  const h = Math.ceil(n / cols) * (size + 2) - 2;
  const x0 = from === 'corner' ? at[0] : at[0] - w / 2;
  const y0 = from === 'centre' ? at[1] - h / 2 : at[1];
  const place = (i: number): Point => [x0 + (i % cols) * (size + 2), y0 + Math.floor(i / cols) * (size + 2)];
  const out = shown.map((p, i) => smallCounterSvg(p, board, ...place(i), size, locale));
  if (pieces.length > max) {
    const [x, y] = place(max - 1);
    const rest = pieces.slice(max - 1);
    out.push(`<g class="more"><title>${xmlEscape(rest.map((p) => pieceTitle(p, locale)).join(', '))}</title>`);
    out.push(
      el('rect', { x, y, width: size, height: size, rx: 3, fill: '#ffffff', stroke: INK, 'stroke-dasharray': '3 2' }),
    );
    out.push(
      `${mid(x + size / 2, y + size * 0.65, `+${rest.length}`, { 'font-size': size * 0.42, ...BOLD, fill: INK })}</g>`,
    );
  }
  return out.join('');
}
