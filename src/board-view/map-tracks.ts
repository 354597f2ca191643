/**
 * The tracks under the map (a Turn Table, a VP table, a morale track), side by side on the wide map and wrapped to
 * rows on the narrow one. A long or unbounded track shows a window around its markers and its origin; a phone shows
 * the same window as the wide map, its boxes wrapped over as many rows as it takes (never a shorter window).
 * Every box carries `data-value`, so that a page can tell which values a track shows.
 */
import type { Track } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { text } from './map-pieces.ts';
import { el, signed } from './svg-text.ts';

const NAVY = '#10324f';
const MARKED = '#f6c343';
const PLAIN = '#e8eef4';
const EDGE = '#8aa1b8';
/** Boxes of a score or level track's window: wide, narrow. */
const SPAN = { wide: 13, narrow: 10 } as const;
const MIN_BOX = 24;
/** The most room a wide map gives a score track: a phone shows at least the window any wide map shows. */
const WIDE_ROOM = 1172;
/** Narrowest box of a wrapped score track on a phone (a "+10" in 12 px still fits). */
const PHONE_BOX = 34;
/** Height of one row of score boxes. */
const SCORE_ROW = 40;

interface Placed {
  track: Track;
  x: number;
  y: number;
  values: number[];
  box: number;
  /** Boxes per row (a score track wrapped on a phone); all of them on one row otherwise. */
  perRow: number;
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

const TITLE = { 'font-size': 14, 'font-weight': '700', fill: '#ffffff' } as const;

/** A box of a track, marked (the marker's box) or plain in its tint. */
function box(
  x: number,
  y: number,
  w: number,
  h: number,
  cur: boolean,
  fill: string,
  rx: number,
  value: number,
): string {
  return el('rect', {
    class: 'cell',
    'data-value': value,
    x,
    y,
    width: w,
    height: h,
    rx,
    fill: cur ? MARKED : fill,
    stroke: cur ? '#ffffff' : EDGE,
    'stroke-width': cur ? 3 : 1,
  });
}

function turnTrackSvg(p: Placed, locale: Locale): string {
  const { track: t, x, y, values, box: w } = p;
  const out = [text(x, y + 22, t.name[locale], TITLE)];
  const labelled = w >= 48 && values.some((v) => t.labels?.[v]);
  const centred = { 'text-anchor': 'middle', fill: NAVY };
  values.forEach((v, i) => {
    const bx = x + i * (w + 6);
    out.push(box(bx, y + 32, w, 52, marked(t, v), PLAIN, 5, v));
    out.push(
      text(bx + w / 2, y + (labelled ? 56 : 65), String(v), { ...centred, 'font-size': 20, 'font-weight': '700' }),
    );
    const label = t.labels?.[v]?.[locale];
    if (label && labelled) out.push(text(bx + w / 2, y + 76, label, { ...centred, 'font-size': 10.5 }));
  });
  return out.join('');
}

function scoreTrackSvg(p: Placed, locale: Locale): string {
  const { track: t, x, y, values, box: w, perRow } = p;
  const first = t.markers[0];
  const shown = (v: number) => (t.kind === 'score' ? signed(v) : String(v));
  const out = [text(x, y + 22, first ? `${t.name[locale]}: ${shown(first.value)}` : t.name[locale], TITLE)];
  const origin = t.origin ?? 0;
  values.forEach((v, i) => {
    const bx = x + (i % perRow) * w;
    const by = y + Math.floor(i / perRow) * SCORE_ROW;
    const cur = marked(t, v);
    const tint = !t.tints ? PLAIN : v < origin ? t.tints.below : v === origin ? '#ffffff' : t.tints.above;
    out.push(box(bx, by + 34, w - 3, 34, cur, tint, 4, v));
    const font = { 'font-size': cur ? 15 : 12, 'font-weight': cur ? '700' : '400' };
    out.push(text(bx + (w - 3) / 2, by + 57, shown(v), { 'text-anchor': 'middle', ...font, fill: NAVY }));
  });
  return out.join('');
}

/** A track's values, box width, boxes per row and natural width, given the room left on its row. */
function place(
  t: Track,
  narrow: boolean,
  room: number,
  full: number,
): { values: number[]; box: number; width: number; perRow: number; rows: number } {
  if (t.kind === 'turn') {
    const values = valuesOf(t, narrow, full);
    const box = Math.min(70, full / values.length - 6);
    return { values, box, width: values.length * (box + 6), perRow: values.length, rows: 1 };
  }
  if (narrow) {
    // A phone shows the wide map's window, wrapped over rows of equal length.
    const values = valuesOf(t, false, WIDE_ROOM);
    const rows = Math.ceil(values.length / Math.max(1, Math.floor(full / PHONE_BOX)));
    const perRow = Math.ceil(values.length / rows);
    const box = Math.min(40, full / perRow);
    return { values, box, width: perRow * box, perRow, rows };
  }
  const values = valuesOf(t, narrow, room);
  const box = Math.min(40, room / values.length);
  return { values, box, width: values.length * box, perRow: values.length, rows: 1 };
}

/** The tracks strip from `y` down; its height is 0 when the board has no track. */
export function tracksSvg(
  tracks: readonly Track[],
  y: number,
  width: number,
  locale: Locale,
): { svg: string; height: number } {
  if (!tracks.length) return { svg: '', height: 0 };
  const narrow = width < 800;
  const full = width - 28;
  const placed: Placed[] = [];
  let x = 14;
  let rowY = y;
  let rowH = 0;
  for (const t of tracks) {
    let fit = place(t, narrow, width - 14 - x, full);
    if (
      x > 14 &&
      (x + fit.width > width - 14 || fit.values.length < Math.min(5, place(t, narrow, full, full).values.length))
    ) {
      rowY += rowH;
      rowH = 0;
      x = 14;
      fit = place(t, narrow, full, full);
    }
    placed.push({ track: t, x, y: rowY, values: fit.values, box: fit.box, perRow: fit.perRow });
    rowH = Math.max(rowH, t.kind === 'turn' ? 96 : 74 + (fit.rows - 1) * SCORE_ROW);
    x += fit.width + 26;
  }
  const height = rowY + rowH - y;
  const out = [`<g class="tracks">`, el('rect', { x: 0, y, width, height, fill: NAVY })];
  for (const p of placed) {
    const drawn = p.track.kind === 'turn' ? turnTrackSvg(p, locale) : scoreTrackSvg(p, locale);
    out.push(el('g', { class: 'track', 'data-track': p.track.id }, drawn));
  }
  return { svg: `${out.join('')}</g>`, height };
}
