/**
 * Counters: a piece drawn from its board fields alone. A full counter (panels, trays) shows its tag top left, its
 * number top right, its value large in the middle and a note along the bottom; a small one (hexes, points,
 * polygons) shows the tag and the value. Damage is a red badge, identical pieces a "×n" badge; a face-down piece
 * shows only its back.
 */
import type { Board, Piece, Point } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { xmlEscape } from './svg-text.ts';

const INK = '#1b1f23';
const RED = '#c0392b';
const BACK = '#3d4a57';
const BLANK = '#d8d8d8';

/** A text element; the body is escaped. */
export function text(x: number, y: number, body: string, attrs = ''): string {
  return `<text x="${r(x)}" y="${r(y)}" ${attrs}>${xmlEscape(body)}</text>`;
}

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
  const rad = size >= 40 ? 9 : 6;
  if ((p.damage ?? 0) > 0) {
    out.push(`<circle cx="${r(x + size - rad + 3)}" cy="${r(y + size - rad + 3)}" r="${rad}" fill="${RED}"/>`);
    out.push(text(x + size - rad + 3, y + size - rad + 3 + rad * 0.45, `-${p.damage}`, `text-anchor="middle" font-size="${rad + 2}" font-weight="700" fill="#ffffff"`));
  }
  if ((p.count ?? 1) > 1) {
    out.push(`<rect x="${r(x - 3)}" y="${r(y + size - 2 * rad + 3)}" width="${2 * rad + 6}" height="${2 * rad}" rx="${rad}" fill="${INK}"/>`);
    out.push(text(x + rad, y + size + 3 - rad * 0.55, `×${p.count}`, `text-anchor="middle" font-size="${rad + 2}" font-weight="700" fill="#ffffff"`));
  }
  return out.join('');
}

function face(p: Piece, x: number, y: number, size: number): string {
  const c = p.colours ?? { fill: BLANK };
  const damaged = (p.damage ?? 0) > 0;
  const dash = p.placedFaceDown ? ' stroke-dasharray="5 3"' : '';
  const out = [`<rect x="${r(x)}" y="${r(y)}" width="${size}" height="${size}" rx="4" fill="${xmlEscape(c.fill)}" stroke="${damaged ? RED : INK}" stroke-width="${damaged ? 3 : 1.5}"${dash}/>`];
  if (c.split) {
    const k = size / 48;
    out.push(`<path d="M${r(x + size)} ${r(y + 6 * k)} L${r(x + size)} ${r(y + size - 4 * k)} Q${r(x + size)} ${r(y + size)} ${r(x + size - 4 * k)} ${r(y + size)} L${r(x + 6 * k)} ${r(y + size)} Z" fill="${xmlEscape(c.split)}"/>`);
  }
  if (c.band) out.push(`<rect x="${r(x + 1)}" y="${r(y + 1)}" width="${size - 2}" height="${r(size / 9.6)}" fill="${xmlEscape(c.band)}"/>`);
  return out.join('');
}

/** A full counter, 48 units square, top-left at (x, y). */
export function counterSvg(p: Piece, board: Board, x: number, y: number, locale: Locale, size = 48): string {
  if (size < 40) return smallCounterSvg(p, board, x, y, size, locale);
  const out = [`<g class="unit" data-unit="${xmlEscape(p.id)}">`, `<title>${xmlEscape(pieceTitle(p, locale))}</title>`];
  if (p.faceDown) {
    out.push(`<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="4" fill="${xmlEscape(backColour(p, board))}" stroke="${INK}" stroke-width="1.5"/>`);
    out.push(text(x + size / 2, y + size / 2 + 8, '?', 'text-anchor="middle" font-size="24" font-weight="700" fill="#ffffff"'));
    return out.join('') + badges(p, x, y, size) + '</g>';
  }
  out.push(face(p, x, y, size));
  const tag = p.label?.[locale] ?? '';
  const small = `font-size="${tag.length >= 3 ? 10 : 11}" font-weight="700" fill="${INK}"`;
  if (tag) out.push(text(x + 3, y + 16, tag, small));
  if (p.number) out.push(text(x + size - 3, y + 16, p.number, `text-anchor="end" ${small}`));
  const value = p.strength ?? (p.steps ? String(p.steps.left) : '');
  if (value) out.push(text(x + size / 2, y + 37, value, `text-anchor="middle" font-size="${value.length > 2 ? 17 : 21}" font-weight="700" fill="${INK}"`));
  const note = p.note?.[locale] ?? (p.steps && p.strength ? `${p.steps.left}/${p.steps.full}` : '');
  if (note) out.push(text(x + size / 2, y + size - 1, note, `text-anchor="middle" font-size="9" fill="${INK}"`));
  return out.join('') + badges(p, x, y, size) + '</g>';
}

/** A small counter: tag on top, value below; the back only when face down. */
export function smallCounterSvg(p: Piece, board: Board, x: number, y: number, size: number, locale: Locale): string {
  const out = [`<g class="unit" data-unit="${xmlEscape(p.id)}">`, `<title>${xmlEscape(pieceTitle(p, locale))}</title>`];
  if (p.faceDown) {
    out.push(`<rect x="${r(x)}" y="${r(y)}" width="${size}" height="${size}" rx="3" fill="${xmlEscape(backColour(p, board))}" stroke="${INK}" stroke-width="1.2"/>`);
    out.push(text(x + size / 2, y + size * 0.7, '?', `text-anchor="middle" font-size="${r(size * 0.55)}" font-weight="700" fill="#ffffff"`));
    return out.join('') + badges(p, x, y, size) + '</g>';
  }
  out.push(face(p, x, y, size));
  const tag = p.label?.[locale] ?? '';
  const value = p.strength ?? (p.steps ? String(p.steps.left) : '');
  if (tag) out.push(text(x + size / 2, y + size * 0.34, tag, `text-anchor="middle" font-size="${r(Math.max(7, size * 0.28))}" font-weight="700" fill="${INK}"`));
  if (value) out.push(text(x + size / 2, y + size * (tag ? 0.84 : 0.68), value, `text-anchor="middle" font-size="${r(Math.max(9, size * (tag ? 0.42 : 0.5)))}" font-weight="700" fill="${INK}"`));
  return out.join('') + badges(p, x, y, size) + '</g>';
}

/**
 * Small counters in a grid of `cols` columns around `at`: its centre, its top centre (`top`) or its top-left corner
 * (`corner`); beyond `max`, the last place reads "+n".
 */
export function clusterSvg(pieces: Piece[], board: Board, at: Point, size: number, cols: number, max: number, from: 'centre' | 'top' | 'corner', locale: Locale): string {
  if (!pieces.length) return '';
  const shown = pieces.length > max ? pieces.slice(0, max - 1) : pieces;
  const n = Math.min(pieces.length, max);
  const c = Math.min(n, cols);
  const w = c * (size + 2) - 2;
  const h = Math.ceil(n / cols) * (size + 2) - 2;
  const x0 = from === 'corner' ? at[0] : at[0] - w / 2;
  const y0 = from === 'centre' ? at[1] - h / 2 : at[1];
  const out = shown.map((p, i) => smallCounterSvg(p, board, x0 + (i % cols) * (size + 2), y0 + Math.floor(i / cols) * (size + 2), size, locale));
  if (pieces.length > max) {
    const i = max - 1;
    const x = x0 + (i % cols) * (size + 2);
    const y = y0 + Math.floor(i / cols) * (size + 2);
    const rest = pieces.slice(max - 1);
    out.push(`<g class="more"><title>${xmlEscape(rest.map((p) => pieceTitle(p, locale)).join(', '))}</title>`);
    out.push(`<rect x="${r(x)}" y="${r(y)}" width="${size}" height="${size}" rx="3" fill="#ffffff" stroke="${INK}" stroke-dasharray="3 2"/>`);
    out.push(text(x + size / 2, y + size * 0.65, `+${rest.length}`, `text-anchor="middle" font-size="${r(size * 0.42)}" font-weight="700" fill="${INK}"`) + '</g>');
  }
  return out.join('');
}
