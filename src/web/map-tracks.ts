/**
 * The tracks under the map (a Turn Table, a VP table, a morale track), side by side on the wide map and wrapped to
 * rows on the narrow one. A long or unbounded track shows a window around its markers and its origin.
 */
import type { Track } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { r, text } from './map-pieces.ts';
import { signed, xmlEscape } from './svg-text.ts';

const NAVY = '#10324f';
const MARKED = '#f6c343';
const PLAIN = '#e8eef4';
const EDGE = '#8aa1b8';
/** Boxes of a score or level track's window: wide, narrow. */
const SPAN = { wide: 13, narrow: 10 } as const;
const MIN_BOX = 24;

interface Placed {
  track: Track;
  x: number;
  y: number;
  values: number[];
  box: number;
}

const marked = (t: Track, v: number): boolean => t.markers.some((m) => m.value === v);

/** The values a track shows in `room` units: all of a short bounded track, else a window around markers and origin. */
function valuesOf(t: Track, narrow: boolean, room: number): number[] {
  const vs = t.markers.map((m) => m.value);
  const lo0 = t.min ?? -Infinity;
  const hi0 = t.max ?? Infinity;
  const fits = Math.max(2, Math.floor(room / (t.kind === 'turn' ? 30 : MIN_BOX)));
  if (Number.isFinite(lo0) && Number.isFinite(hi0) && hi0 - lo0 + 1 <= fits) {
    return range(lo0, hi0);
  }
  const span = Math.min(fits, SPAN[narrow ? 'narrow' : 'wide']);
  const origin = t.origin ?? (vs.length ? Math.min(...vs) : 0);
  const vMin = vs.length ? Math.min(...vs) : origin;
  const vMax = vs.length ? Math.max(...vs) : origin;
  let lo = Math.min(origin - 3, vMin - 2);
  let hi = Math.max(lo + span - 1, vMax + 2);
  if (hi - lo + 1 > span && vMax + 2 - (vMin - 2) < span) lo = hi - span + 1; // keep the markers, drop the origin
  lo = Math.max(lo, lo0);
  hi = Math.min(hi, hi0, lo + Math.max(span, vMax - vMin + 1) - 1);
  return range(lo, Math.max(lo, hi));
}

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function turnTrackSvg(p: Placed, locale: Locale): string {
  const { track: t, x, y, values, box } = p;
  const out = [text(x, y + 22, t.name[locale], 'font-size="14" font-weight="700" fill="#ffffff"')];
  const labelled = box >= 48 && values.some((v) => t.labels?.[v]);
  values.forEach((v, i) => {
    const bx = x + i * (box + 6);
    const cur = marked(t, v);
    out.push(`<rect x="${r(bx)}" y="${y + 32}" width="${r(box)}" height="52" rx="5" fill="${cur ? MARKED : PLAIN}" stroke="${cur ? '#ffffff' : EDGE}" stroke-width="${cur ? 3 : 1}"/>`);
    out.push(text(bx + box / 2, y + (labelled ? 56 : 65), String(v), `text-anchor="middle" font-size="20" font-weight="700" fill="${NAVY}"`));
    const label = t.labels?.[v]?.[locale];
    if (label && labelled) out.push(text(bx + box / 2, y + 76, label, `text-anchor="middle" font-size="10.5" fill="${NAVY}"`));
  });
  return out.join('');
}

function scoreTrackSvg(p: Placed, locale: Locale): string {
  const { track: t, x, y, values, box } = p;
  const first = t.markers[0];
  const title = first && t.kind !== 'turn' ? `${t.name[locale]}: ${t.kind === 'score' ? signed(first.value) : first.value}` : t.name[locale];
  const out = [text(x, y + 22, title, 'font-size="14" font-weight="700" fill="#ffffff"')];
  const origin = t.origin ?? 0;
  values.forEach((v, i) => {
    const bx = x + i * box;
    const cur = marked(t, v);
    const tint = !t.tints ? PLAIN : v < origin ? t.tints.below : v === origin ? '#ffffff' : t.tints.above;
    out.push(`<rect x="${r(bx)}" y="${y + 34}" width="${r(box - 3)}" height="34" rx="4" fill="${xmlEscape(cur ? MARKED : tint)}" stroke="${cur ? '#ffffff' : EDGE}" stroke-width="${cur ? 3 : 1}"/>`);
    const label = t.kind === 'score' ? signed(v) : String(v);
    out.push(text(bx + (box - 3) / 2, y + 57, label, `text-anchor="middle" font-size="${cur ? 15 : 12}" font-weight="${cur ? 700 : 400}" fill="${NAVY}"`));
  });
  return out.join('');
}

/** Natural width of a track given the room left on its row. */
function place(t: Track, narrow: boolean, room: number, full: number): { values: number[]; box: number; width: number } {
  if (t.kind === 'turn') {
    const values = valuesOf(t, narrow, full);
    const box = Math.min(70, full / values.length - 6);
    return { values, box, width: values.length * (box + 6) };
  }
  const values = valuesOf(t, narrow, room);
  const box = Math.min(40, room / values.length);
  return { values, box, width: values.length * box };
}

/** The tracks strip from `y` down; its height is 0 when the board has no track. */
export function tracksSvg(tracks: readonly Track[], y: number, width: number, locale: Locale): { svg: string; height: number } {
  if (!tracks.length) return { svg: '', height: 0 };
  const narrow = width < 800;
  const full = width - 28;
  const placed: Placed[] = [];
  let x = 14;
  let rowY = y;
  let rowH = 0;
  for (const t of tracks) {
    const h = t.kind === 'turn' ? 96 : 74;
    let fit = place(t, narrow, width - 14 - x, full);
    if (x > 14 && (x + fit.width > width - 14 || fit.values.length < Math.min(5, place(t, narrow, full, full).values.length))) {
      rowY += rowH;
      rowH = 0;
      x = 14;
      fit = place(t, narrow, full, full);
    }
    placed.push({ track: t, x, y: rowY, values: fit.values, box: fit.box });
    rowH = Math.max(rowH, h);
    x += fit.width + 26;
  }
  const height = rowY + rowH - y;
  const out = [`<g class="tracks">`, `<rect x="0" y="${r(y)}" width="${width}" height="${r(height)}" fill="${NAVY}"/>`];
  for (const p of placed) out.push(`<g class="track" data-track="${xmlEscape(p.track.id)}">`, p.track.kind === 'turn' ? turnTrackSvg(p, locale) : scoreTrackSvg(p, locale), '</g>');
  return { svg: out.join('') + '</g>', height };
}
