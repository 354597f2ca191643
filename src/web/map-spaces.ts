/**
 * The spaces of a board in SVG: area panels with their rows of counters, polygons, hexes (number, VP, owner's flag)
 * and named points, the connections between them, and the tray of off-map boxes. Every text is escaped.
 */
import type { Board, Point, Space } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { COUNTER, GAP, perRowIn, sideRows, type PlacedSpace, type TrayBand, type TrayBox } from './map-model.ts';
import { clusterSvg, counterSvg, r, text } from './map-pieces.ts';
import { xmlEscape } from './svg-text.ts';

const RED = '#c0392b';
const NAVY = '#10324f';
const HALO = 'stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"';
const NONE = { en: 'no units', ja: 'ユニットなし' } as const;

/** How each kind of connection is drawn. */
const LINK_STYLE: Record<string, string> = {
  adjacent: 'stroke="#1f4e79" stroke-width="4" stroke-dasharray="10 7" stroke-opacity="0.6"',
  road: 'stroke="#7a5230" stroke-width="4" stroke-linecap="round"',
  'minor-road': 'stroke="#7a5230" stroke-width="2.5" stroke-dasharray="7 4"',
  rail: 'stroke="#2d2d2d" stroke-width="2.5" stroke-dasharray="2 3"',
  sea: 'stroke="#1f4e79" stroke-width="3" stroke-dasharray="3 6" stroke-linecap="round"',
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

/** Full counters in rows of `perRow` from (x, y); "no units" when there are none. */
function counterRows(p: PlacedSpace['pieces'], board: Board, x: number, y: number, perRow: number, locale: Locale): string {
  if (!p.length) return text(x + 4, y + 28, NONE[locale], 'font-size="12" fill="#6b7785" font-style="italic"');
  return p.map((u, i) => counterSvg(u, board, x + (i % perRow) * (COUNTER + GAP), y + Math.floor(i / perRow) * (COUNTER + GAP), locale)).join('');
}

/** An area panel: name, facts (red when a limit is exceeded), then a row of counters per side. */
export function panelSvg(ps: PlacedSpace, board: Board, locale: Locale): string {
  const { space: a, box } = ps;
  const { x, y, w, h } = box!;
  const out = [`<g class="space area" data-space="${xmlEscape(a.id)}" data-area="${xmlEscape(a.id)}">`];
  out.push(`<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="10" fill="#ffffff" fill-opacity="0.97" stroke="${ps.over ? RED : '#1f4e79'}" stroke-width="${ps.over ? 4 : 2.5}"/>`);
  out.push(text(x + 12, y + 27, a.name[locale], `font-size="21" font-weight="700" fill="${NAVY}"`));
  const facts = factsLine(a, locale);
  if (facts) out.push(text(x + 12, y + 49, facts, `font-size="13.5" fill="${ps.over ? RED : '#33475b'}" font-weight="600"`));
  const perRow = perRowIn(w);
  const left = x + (w - (perRow * (COUNTER + GAP) - GAP)) / 2;
  let cy = y + 60;
  for (const row of sideRows(a, ps.pieces)) {
    if (row.side !== null) {
      const side = sideOf(board, row.side);
      out.push(text(left, cy + 13, side?.name[locale] ?? row.side, `font-size="11.5" font-weight="700" fill="${xmlEscape(side?.colour ?? '#33475b')}"`));
      cy += 18;
    }
    out.push(counterRows(row.pieces, board, left, cy, perRow, locale));
    cy += Math.max(1, Math.ceil(row.pieces.length / perRow)) * (COUNTER + GAP);
  }
  return out.join('') + '</g>';
}

function terrainOf(board: Board, s: Space) {
  return s.terrain ? board.map.terrain?.[s.terrain] : undefined;
}

/** A flag in the owner's colour (a controlled point, a home hex). */
function flag(board: Board, owner: string | undefined, x: number, y: number): string {
  const side = owner ? sideOf(board, owner) : undefined;
  if (!side) return '';
  return `<path d="M${r(x)} ${r(y)} l0 -14 l11 4 l-11 4" fill="${xmlEscape(side.colour)}" stroke="#1b1f23" stroke-width="1"><title>${xmlEscape(side.name.en)}</title></path>`;
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
  const faint = t?.unused ? ' opacity="0.45"' : '';
  const ground = `<polygon class="hex" data-space="${xmlEscape(s.id)}" points="${pts(ps.outline!)}" fill="${xmlEscape(t?.fill ?? '#dbe9f5')}" stroke="${ps.over ? RED : xmlEscape(t?.stroke ?? '#6f8ba5')}" stroke-width="${ps.over ? 3 : 1}"${faint}><title>${xmlEscape(s.name[locale])}</title></polygon>`;
  const out = [`<g class="space hex" data-space="${xmlEscape(s.id)}"${faint}>`];
  const font = r(Math.max(8, Math.min(12, size * 0.3)));
  if (s.code) out.push(text(cx, cy - size * 0.52, s.code, `text-anchor="middle" font-size="${font}" fill="${NAVY}"`));
  if (s.name[locale] !== s.code && !ps.pieces.length) out.push(text(cx, cy + font * 0.35, s.name[locale], `text-anchor="middle" font-size="${font}" font-weight="700" fill="${NAVY}" ${HALO}`));
  if (s.vp !== undefined) out.push(text(cx, cy + size * 0.72, String(s.vp), `text-anchor="middle" font-size="${font}" font-weight="700" fill="${RED}"`));
  out.push(flag(board, s.owner, cx - size * 0.55, cy - size * 0.1));
  out.push(clusterSvg(ps.pieces, board, ps.centre, ps.small, 2, 4, 'centre', locale));
  return { ground, top: out.join('') + '</g>' };
}

/** A named point: a dot (in its owner's colour), its name beside it, its pieces hanging below. */
export function pointSvg(ps: PlacedSpace, board: Board, locale: Locale): string {
  const s = ps.space;
  const [x, y] = ps.centre;
  const owner = s.owner ? sideOf(board, s.owner) : undefined;
  const out = [`<g class="space point" data-space="${xmlEscape(s.id)}">`];
  out.push(`<circle cx="${r(x)}" cy="${r(y)}" r="7" fill="${xmlEscape(owner?.colour ?? '#ffffff')}" stroke="${ps.over ? RED : '#1b1f23'}" stroke-width="2.5"/>`);
  const facts = factsLine(s, locale);
  out.push(text(x + 11, y - 6, s.name[locale], `font-size="12.5" font-weight="700" fill="${NAVY}" ${HALO}`));
  if (facts) out.push(text(x + 11, y + 8, facts, `font-size="10" fill="${ps.over ? RED : '#33475b'}" ${HALO}`));
  out.push(clusterSvg(ps.pieces, board, ps.anchor, ps.small, 4, 4, 'corner', locale));
  return out.join('') + '</g>';
}

/** An area outline: its name and facts at its anchor, the pieces below them. */
export function polygonSvg(ps: PlacedSpace, board: Board, locale: Locale): SpaceLayers {
  const s = ps.space;
  const t = terrainOf(board, s);
  const [x, y] = ps.centre;
  const ground = `<polygon class="area" data-space="${xmlEscape(s.id)}" points="${pts(ps.outline!)}" fill="${xmlEscape(t?.fill ?? '#f3eddc')}" stroke="${ps.over ? RED : xmlEscape(t?.stroke ?? '#6b5d45')}" stroke-width="${ps.over ? 4 : 2}"/>`;
  const out = [`<g class="space area" data-space="${xmlEscape(s.id)}" data-area="${xmlEscape(s.id)}">`];
  out.push(text(x, y, s.name[locale], `text-anchor="middle" font-size="13" font-weight="700" fill="${NAVY}" ${HALO}`));
  const facts = factsLine(s, locale);
  if (facts) out.push(text(x, y + 14, facts, `text-anchor="middle" font-size="10" fill="${ps.over ? RED : '#33475b'}" ${HALO}`));
  out.push(flag(board, s.owner, x - 8, y - 16));
  out.push(clusterSvg(ps.pieces, board, ps.anchor, ps.small, 3, 9, 'top', locale));
  return { ground, top: out.join('') + '</g>' };
}

/** The connections drawn on the map, under the spaces. */
export function linksSvg(links: { a: Point; b: Point; kind: string }[]): string {
  return links.map((l) => `<line x1="${r(l.a[0])}" y1="${r(l.a[1])}" x2="${r(l.b[0])}" y2="${r(l.b[1])}" ${LINK_STYLE[l.kind] ?? LINK_STYLE.adjacent}/>`).join('');
}

function trayBoxSvg(t: TrayBox, board: Board, locale: Locale): string {
  const { x, y, w, h } = t.box;
  const facts = factsLine(t.space, locale);
  const out = [`<g class="space box" data-space="${xmlEscape(t.space.id)}">`];
  out.push(`<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="6" fill="#ffffff" stroke="${t.over ? RED : '#8aa1b8'}" stroke-width="${t.over ? 3 : 1}"/>`);
  out.push(text(x + 8, y + 18, facts ? `${t.space.name[locale]} · ${facts}` : t.space.name[locale], `font-size="12" font-weight="700" fill="${t.over ? RED : NAVY}"`));
  out.push(counterRows(t.pieces, board, x + 6, y + 26, t.perRow, locale));
  return out.join('') + '</g>';
}

/** The tray under the map: one band per group of off-map spaces, or per single space. */
export function traySvg(bands: TrayBand[], board: Board, width: number, locale: Locale): string {
  return bands
    .map((b) => {
      const out = [`<g class="tray"><rect x="0" y="${r(b.y)}" width="${width}" height="${r(b.h)}" fill="#e4ecf3"/>`];
      if (b.boxed) {
        out.push(text(12, b.y + 22, b.title[locale], `font-size="14" font-weight="700" fill="${NAVY}"`));
        for (const t of b.boxes) out.push(trayBoxSvg(t, board, locale));
      } else {
        const t = b.boxes[0];
        const facts = factsLine(t.space, locale);
        out.push(`<g class="space box" data-space="${xmlEscape(t.space.id)}">`);
        out.push(text(12, b.y + 22, facts ? `${b.title[locale]} · ${facts}` : b.title[locale], `font-size="14" font-weight="700" fill="${t.over ? RED : NAVY}"`));
        out.push(counterRows(t.pieces, board, t.box.x, t.box.y, t.perRow, locale), '</g>');
      }
      return out.join('') + '</g>';
    })
    .join('');
}
