/**
 * The Atlantic Wolves board as one SVG string: a pure function of (view, data set, locale), shared by the player's
 * page and the result mails. Every text is XML-escaped; no script, no style element, no external reference, so the
 * picture is safe inline in a page under a strict CSP and as a mail attachment.
 */
import type { Locale } from '../i18n/index.ts';
import { toMapModel, type MapArea, type MapModel, type MapUnit } from './map-model.ts';

/** Escapes text for XML content and attribute values. */
export function xmlEscape(s: unknown): string {
  return String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const W = 1000;
const PANEL_W = 320;
const C = 48; // counter size
const GAP = 4;
const PER_ROW = 6;

/** Panel positions (top-left) for the five printed areas, by English name: the North Atlantic, north up. */
const KNOWN: Record<string, [number, number]> = {
  'american coast': [12, 150],
  'central gap': [340, 40],
  'western approaches': [668, 150],
  caribbean: [110, 420],
  'african coast': [570, 420],
};

const L = {
  en: { allied: 'Allied', german: 'German', turn: 'Turn', vp: 'German VP table', cap: 'cap.', none: 'no units', reconstructed: 'reconstructed data', offMap: 'In use, off the map' },
  ja: { allied: '連合軍', german: 'ドイツ軍', turn: 'ターン', vp: 'ドイツ軍VP表', cap: '配置数', none: 'ユニットなし', reconstructed: '推定データ', offMap: '使用中（盤外）' },
} as const;
const TURN_LABEL = {
  en: ['1942 H1', '1942 H2', '1943 H1', '1943 H2', '1944 H1'],
  ja: ['1942前半', '1942後半', '1943前半', '1943後半', '1944前半'],
};

const FILL: Record<string, string> = { convoy: '#f6e27a', ub: '#aab1b8', us: '#7fb069', uk: '#e8b64c', unknown: '#d8d8d8', back: '#3d4a57' };

function text(x: number, y: number, body: string, attrs = ''): string {
  return `<text x="${x}" y="${y}" ${attrs}>${xmlEscape(body)}</text>`;
}

function kindLabel(u: MapUnit): string {
  return { convoy: 'CV', dd: 'DD', cve: 'CVE', air: 'AIR', ub: 'UB', unknown: '' }[u.kind];
}

function isUs(u: MapUnit): boolean {
  return /^(us|usa|american)/i.test(u.nation ?? '');
}

/** One counter: type top-left, unit number top-right, strength large in the middle, VP or damage at the bottom. */
export function counterSvg(u: MapUnit, x: number, y: number): string {
  const out: string[] = [`<g class="unit" data-unit="${xmlEscape(u.id)}">`];
  out.push(`<title>${xmlEscape(u.faceDown ? '?' : `${kindLabel(u)} ${u.number ?? u.id}`)}</title>`);
  if (u.faceDown) {
    out.push(`<rect x="${x}" y="${y}" width="${C}" height="${C}" rx="4" fill="${FILL.back}" stroke="#1b1f23" stroke-width="1.5"/>`);
    out.push(text(x + C / 2, y + C / 2 + 8, '?', 'text-anchor="middle" font-size="24" font-weight="700" fill="#ffffff"'));
    return out.join('') + '</g>';
  }
  const fill = u.kind === 'convoy' ? FILL.convoy : u.kind === 'ub' ? FILL.ub : u.kind === 'unknown' ? FILL.unknown : isUs(u) ? FILL.us : FILL.uk;
  const damaged = (u.damage ?? 0) > 0;
  const dash = u.placedDown ? ' stroke-dasharray="5 3"' : '';
  out.push(`<rect x="${x}" y="${y}" width="${C}" height="${C}" rx="4" fill="${fill}" stroke="${damaged ? '#c0392b' : '#1b1f23'}" stroke-width="${damaged ? 3 : 1.5}"${dash}/>`);
  if (u.kind === 'air') {
    // Tactical air force: green/yellow-red (AW 1.21[3]): the lower-right half in British colours.
    out.push(`<path d="M${x + C} ${y + 6} L${x + C} ${y + C - 4} Q${x + C} ${y + C} ${x + C - 4} ${y + C} L${x + 6} ${y + C} Z" fill="${FILL.uk}"/>`);
  }
  if (u.kind !== 'convoy' && u.kind !== 'ub' && u.kind !== 'unknown' && !isUs(u) && u.kind !== 'air') {
    out.push(`<rect x="${x + 1}" y="${y + 1}" width="${C - 2}" height="5" fill="#c0392b"/>`);
  }
  const small = `font-size="${u.kind === 'cve' || u.kind === 'air' ? 10 : 11}" font-weight="700" fill="#1b1f23"`;
  out.push(text(x + 3, y + 16, kindLabel(u), small));
  const num = `${u.star ? '☆' : ''}${u.number ?? ''}`;
  if (num) out.push(text(x + C - 3, y + 16, num, `text-anchor="end" ${small}`));
  const s = u.strength ?? null;
  const strength = s === null ? '' : u.kind === 'cve' ? `${s} ${s}` : String(s);
  out.push(text(x + C / 2, y + 37, strength, `text-anchor="middle" font-size="${u.kind === 'cve' ? 17 : 21}" font-weight="700" fill="#1b1f23"`));
  if (u.kind === 'convoy' && u.vp !== null && u.vp !== undefined) {
    out.push(text(x + C / 2, y + C - 1, `VP${u.vp}`, 'text-anchor="middle" font-size="9" fill="#1b1f23"'));
  }
  if (damaged) {
    out.push(`<circle cx="${x + C - 6}" cy="${y + C - 6}" r="9" fill="#c0392b"/>`);
    out.push(text(x + C - 6, y + C - 2, `-${u.damage}`, 'text-anchor="middle" font-size="11" font-weight="700" fill="#ffffff"'));
  }
  return out.join('') + '</g>';
}

function rows(n: number): number {
  return Math.max(1, Math.ceil(n / PER_ROW));
}

function panelHeight(a: MapArea): number {
  const allied = a.units.filter((u) => u.side === 'allied').length;
  const german = a.units.length - allied;
  return 64 + 2 * 18 + (rows(allied) + rows(german)) * (C + GAP) + 8;
}

function unitRows(units: MapUnit[], x: number, y: number, emptyLabel: string): string {
  if (!units.length) return text(x + 4, y + 28, emptyLabel, 'font-size="12" fill="#6b7785" font-style="italic"');
  return units.map((u, i) => counterSvg(u, x + (i % PER_ROW) * (C + GAP), y + Math.floor(i / PER_ROW) * (C + GAP))).join('');
}

function panelSvg(a: MapArea, x: number, y: number, locale: Locale): string {
  const l = L[locale];
  const allied = a.units.filter((u) => u.side === 'allied');
  const german = a.units.filter((u) => u.side === 'german');
  const h = panelHeight(a);
  const over = allied.length > a.capacity || german.length > a.ubCapacity;
  const out = [`<g class="area" data-area="${xmlEscape(a.id)}">`];
  out.push(`<rect x="${x}" y="${y}" width="${PANEL_W}" height="${h}" rx="10" fill="#ffffff" fill-opacity="0.97" stroke="${over ? '#c0392b' : '#1f4e79'}" stroke-width="${over ? 4 : 2.5}"/>`);
  out.push(text(x + 12, y + 27, a.name[locale], 'font-size="21" font-weight="700" fill="#10324f"'));
  const capLine = `${l.cap} ${a.capacity} · ${l.allied} ${allied.length}/${a.capacity} · UB ${german.length}/${a.ubCapacity}`;
  out.push(text(x + 12, y + 49, capLine, `font-size="13.5" fill="${over ? '#c0392b' : '#33475b'}" font-weight="600"`));
  const left = x + (PANEL_W - (PER_ROW * (C + GAP) - GAP)) / 2;
  let cy = y + 60;
  out.push(text(left, cy + 13, l.allied, 'font-size="11.5" font-weight="700" fill="#2e6b30"'));
  cy += 18;
  out.push(unitRows(allied, left, cy, l.none));
  cy += rows(allied.length) * (C + GAP);
  out.push(text(left, cy + 13, l.german, 'font-size="11.5" font-weight="700" fill="#4a4f55"'));
  cy += 18;
  out.push(unitRows(german, left, cy, l.none));
  return out.join('') + '</g>';
}

/** Panel positions: the printed five areas where they lie on the North Atlantic, anything else on a grid. */
function positions(model: MapModel, column: boolean): Map<string, [number, number]> {
  const pos = new Map<string, [number, number]>();
  const useKnown = !column && model.areas.every((a) => KNOWN[a.name.en.toLowerCase()]) && model.areas.length <= 5;
  let y = 10;
  model.areas.forEach((a, i) => {
    if (column) {
      pos.set(a.id, [10, y]);
      y += panelHeight(a) + 10;
    } else pos.set(a.id, useKnown ? KNOWN[a.name.en.toLowerCase()] : [12 + (i % 3) * 328, 40 + Math.floor(i / 3) * 330]);
  });
  return pos;
}

function landSvg(): string {
  // A schematic North Atlantic: North America, Greenland, Europe, Africa, South America (decoration only).
  const land = 'fill="#e9e1cc" stroke="#b9ad8d" stroke-width="1.5"';
  return [
    `<path d="M0 0 L250 0 L230 60 L160 110 L120 190 L60 300 L40 420 L90 470 L60 560 L0 600 Z" ${land}/>`,
    `<path d="M300 0 L470 0 L450 40 L390 60 L330 40 Z" ${land}/>`,
    `<path d="M760 0 L1000 0 L1000 420 L940 430 L900 370 L930 300 L880 250 L900 190 L850 140 L880 80 L820 60 Z" ${land}/>`,
    `<path d="M1000 430 L960 450 L930 520 L920 600 L960 700 L1000 720 Z" ${land}/>`,
    `<path d="M180 720 L220 690 L330 690 L390 720 Z" ${land}/>`,
  ].join('');
}

/** Units in play but off the map (e.g. still to be placed), in a tray above the tracks. */
function traySvg(model: MapModel, y: number, width: number, locale: Locale): { svg: string; height: number } {
  if (!model.offMap.length) return { svg: '', height: 0 };
  const perRow = Math.max(1, Math.floor((width - 24 + GAP) / (C + GAP)));
  const rowsN = Math.ceil(model.offMap.length / perRow);
  const height = 34 + rowsN * (C + GAP) + 6;
  const out = [`<g class="tray"><rect x="0" y="${y}" width="${width}" height="${height}" fill="#e4ecf3"/>`];
  out.push(text(12, y + 22, L[locale].offMap, 'font-size="14" font-weight="700" fill="#10324f"'));
  model.offMap.forEach((u, i) => out.push(counterSvg(u, 12 + (i % perRow) * (C + GAP), y + 32 + Math.floor(i / perRow) * (C + GAP))));
  return { svg: out.join('') + '</g>', height };
}

/** The Turn Table and the German VP Table: one row on the wide map, two rows on the narrow one. */
function stripSvg(model: MapModel, y: number, width: number, locale: Locale): { svg: string; height: number } {
  const l = L[locale];
  const narrow = width < 800;
  const height = narrow ? 170 : 96;
  const out: string[] = [`<g class="tracks">`, `<rect x="0" y="${y}" width="${width}" height="${height}" fill="#10324f"/>`];
  out.push(text(14, y + 22, l.turn, 'font-size="14" font-weight="700" fill="#ffffff"'));
  const tw = Math.min(70, (width - 28) / model.lastTurn - 6);
  for (let t = 1; t <= model.lastTurn; t++) {
    const x = 14 + (t - 1) * (tw + 6);
    const cur = t === model.turn;
    out.push(`<rect x="${x}" y="${y + 32}" width="${tw}" height="52" rx="5" fill="${cur ? '#f6c343' : '#e8eef4'}" stroke="${cur ? '#ffffff' : '#8aa1b8'}" stroke-width="${cur ? 3 : 1}"/>`);
    out.push(text(x + tw / 2, y + 56, String(t), 'text-anchor="middle" font-size="20" font-weight="700" fill="#10324f"'));
    const label = TURN_LABEL[locale][t - 1] ?? model.turnLabels?.[t - 1]?.[locale] ?? '';
    out.push(text(x + tw / 2, y + 76, label, 'text-anchor="middle" font-size="10.5" fill="#10324f"'));
  }
  const lo = Math.min(-3, model.vp - 2);
  const hi = Math.max(lo + (narrow ? 9 : 12), model.vp + 2);
  const bx = narrow ? 14 : 420;
  const by = narrow ? y + 96 : y;
  const bw = Math.min(40, (width - bx - 14) / (hi - lo + 1));
  out.push(text(bx, by + 22, `${l.vp}: ${model.vp > 0 ? '+' : ''}${model.vp}`, 'font-size="14" font-weight="700" fill="#ffffff"'));
  for (let v = lo; v <= hi; v++) {
    const x = bx + (v - lo) * bw;
    const cur = v === model.vp;
    const fill = cur ? '#f6c343' : v < 0 ? '#cfe0f1' : v === 0 ? '#ffffff' : '#e6d3d3';
    out.push(`<rect x="${x}" y="${by + 34}" width="${bw - 3}" height="34" rx="4" fill="${fill}" stroke="${cur ? '#ffffff' : '#8aa1b8'}" stroke-width="${cur ? 3 : 1}"/>`);
    out.push(text(x + (bw - 3) / 2, by + 57, `${v > 0 ? '+' : ''}${v}`, `text-anchor="middle" font-size="${cur ? 15 : 12}" font-weight="${cur ? 700 : 400}" fill="#10324f"`));
  }
  return { svg: out.join('') + '</g>', height };
}

/** Options of the renderer: `column` stacks the areas in one narrow column (phones, narrow mail clients). */
export interface MapSvgOptions {
  title?: string;
  layout?: 'map' | 'column';
}

/** Renders the board as a self-contained SVG document string. */
export function renderMapSvg(view: unknown, data: unknown, locale: Locale, opts: MapSvgOptions = {}): string {
  return renderMapModelSvg(toMapModel(view, data), locale, opts);
}

/** Renders an already normalised map model (tests and previews). */
export function renderMapModelSvg(model: MapModel, locale: Locale, opts: MapSvgOptions = {}): string {
  const column = opts.layout === 'column';
  const width = column ? PANEL_W + 20 : W;
  const pos = positions(model, column);
  let bottom = 0;
  for (const a of model.areas) {
    const [, y] = pos.get(a.id) as [number, number];
    bottom = Math.max(bottom, y + panelHeight(a));
  }
  const trayY = column ? bottom + 10 : Math.max(bottom + 16, 680);
  const tray = traySvg(model, trayY, width, locale);
  const strip = stripSvg(model, trayY + tray.height, width, locale);
  const H = trayY + tray.height + strip.height;
  const title = opts.title ?? (locale === 'ja' ? `大西洋の狼 第${model.turn}ターン` : `Atlantic Wolves, turn ${model.turn}`);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${H}" width="${width}" height="${H}" role="img" aria-label="${xmlEscape(title)}" font-family="'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', Arial, sans-serif" class="aw-map aw-map-${column ? 'column' : 'wide'}">`,
    `<title>${xmlEscape(title)}</title>`,
    `<rect width="${width}" height="${H}" fill="#bcd6ea"/>`,
  ];
  if (!column) out.push(landSvg());
  const center = (id: string): [number, number] | undefined => {
    const p = pos.get(id);
    const a = model.areas.find((x) => x.id === id);
    return p && a ? [p[0] + PANEL_W / 2, p[1] + panelHeight(a) / 2] : undefined;
  };
  if (!column) {
    for (const [a, b] of model.adjacency) {
      const p = center(a);
      const q = center(b);
      if (p && q) out.push(`<line x1="${p[0]}" y1="${p[1]}" x2="${q[0]}" y2="${q[1]}" stroke="#1f4e79" stroke-width="4" stroke-dasharray="10 7" stroke-opacity="0.6"/>`);
    }
  }
  for (const a of model.areas) {
    const [x, y] = pos.get(a.id) as [number, number];
    out.push(panelSvg(a, x, y, locale));
  }
  if (model.reconstructed) {
    out.push(text(width - 10, trayY - 4, `(${L[locale].reconstructed})`, 'text-anchor="end" font-size="11" fill="#33475b"'));
  }
  out.push(tray.svg, strip.svg, '</svg>');
  return out.join('');
}
