/**
 * The board in words, for screen readers and for mail: every space with what the viewer sees in it and what it
 * touches, as an HTML table (a caption, header cells with scope) and as plain text. Drawn from the typed board
 * alone, so it shows exactly what the board shows that viewer; pieces and spaces go by their labels and names,
 * never by their ids.
 */
import type { Board, Piece, Space } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { hexCentre } from './hex-grid.ts';
import { factsLine } from './map-spaces.ts';
import { xmlEscape } from './svg-text.ts';

/** One space of the text board. */
export interface TextBoardRow {
  /** Its printed code and name ("101 Scapa Flow"). */
  title: string;
  /** Its facts (capacity, VP, owner, notes). */
  facts: string;
  /** What each side has in it, in words, sides in the board's order (only the sides with pieces). */
  pieces: { side: string; list: string[] }[];
  /** The titles of the spaces it touches (connections, and neighbouring hexes). */
  touches: string[];
}

const KIND: Record<Space['kind'], { en: string; ja: string }> = {
  area: { en: 'area', ja: 'エリア' },
  hex: { en: 'hex', ja: 'ヘクス' },
  point: { en: 'point', ja: 'ポイント' },
  box: { en: 'box', ja: 'ボックス' },
  holding: { en: 'holding area', ja: '保持エリア' },
};

/** The code printed before a space's name, unless the name already says it ("101 Scapa Flow", not "101 101 ..."). */
export function spaceCode(s: Space, locale: Locale): string {
  if (!s.code) return '';
  return s.name[locale].includes(s.code) ? '' : s.code;
}

/** A space's title: its code (when the name does not already carry it) and its name. */
export function spaceTitle(s: Space, locale: Locale): string {
  const code = spaceCode(s, locale);
  const group = s.group ? `${s.group[locale]}: ` : '';
  return `${group}${code ? `${code} ` : ''}${s.name[locale]}`;
}

/**
 * A piece in words: its counter label (and number), how many, its full name, value, steps, damage, marks; a
 * face-down piece only as such. Never its id: the id is the data's key, not a name a player knows.
 */
export function pieceLabel(p: Piece, locale: Locale): string {
  const ja = locale === 'ja';
  if (p.faceDown) return ja ? '(裏向き)' : '(face down)';
  const name = p.name?.[locale];
  const tag = [p.label?.[locale], p.number].filter(Boolean).join(' ');
  const bits = [
    tag || name || (ja ? '駒' : 'piece'),
    p.count && p.count > 1 ? `×${p.count}` : undefined,
    name && tag && name !== tag ? `(${name})` : undefined,
    p.strength ? `${ja ? '戦力' : 'str'} ${p.strength}` : undefined,
    p.steps ? `${ja ? 'ステップ' : 'steps'} ${p.steps.left}/${p.steps.full}` : undefined,
    p.damage ? `${ja ? '損害' : 'dmg'} ${p.damage}` : undefined,
    ...(p.marks ?? []).map((m) => `[${m[locale]}]`),
  ];
  return bits.filter(Boolean).join(' ');
}

/** Pairs of hex spaces whose centres are one hex apart (hex maps list no connections: the grid shows them). */
function hexNeighbours(board: Board): [string, string][] {
  const grid = board.map.hexGrid;
  if (!grid) return [];
  const hexes = board.spaces.flatMap((s) =>
    s.geometry?.shape === 'hex' ? [{ id: s.id, c: hexCentre(grid, s.geometry.col, s.geometry.row) }] : [],
  );
  const reach = grid.size * Math.sqrt(3) * 1.05;
  const out: [string, string][] = [];
  for (let i = 0; i < hexes.length; i++)
    for (let j = i + 1; j < hexes.length; j++) {
      const [a, b] = [hexes[i].c, hexes[j].c];
      if (Math.hypot(a[0] - b[0], a[1] - b[1]) <= reach) out.push([hexes[i].id, hexes[j].id]);
    }
  return out;
}

/** Every space of the board, in the board's order, with its pieces, facts and neighbours. */
export function textBoardRows(board: Board, locale: Locale): TextBoardRow[] {
  const byId = new Map(board.spaces.map((s) => [s.id, s]));
  const touches = new Map<string, Set<string>>();
  const touch = (a: string, b: string) => {
    if (!byId.has(a) || !byId.has(b) || a === b) return;
    touches.set(a, (touches.get(a) ?? new Set()).add(b));
    touches.set(b, (touches.get(b) ?? new Set()).add(a));
  };
  for (const c of board.connections) touch(c.from, c.to);
  for (const [a, b] of hexNeighbours(board)) touch(a, b);
  const unused = (s: Space) => !!(s.terrain && board.map.terrain?.[s.terrain]?.unused);
  return board.spaces.map((s) => {
    const here = board.pieces.filter((p) => p.at === s.id);
    const pieces = board.sides
      .map((side) => ({
        side: side.name[locale],
        list: here.filter((p) => p.side === side.id).map((p) => pieceLabel(p, locale)),
      }))
      .filter((x) => x.list.length);
    const owner = s.owner ? board.sides.find((x) => x.id === s.owner)?.name[locale] : undefined;
    const facts = [
      KIND[s.kind][locale],
      s.terrain ? board.map.terrain?.[s.terrain]?.name[locale] : undefined,
      factsLine(s, locale) || undefined,
      owner ? `${locale === 'ja' ? '所有' : 'owned by'} ${owner}` : undefined,
      unused(s) ? (locale === 'ja' ? '使用不可' : 'not in play') : undefined,
    ];
    const near = [...(touches.get(s.id) ?? [])].map((id) => spaceTitle(byId.get(id)!, locale)).sort();
    return {
      title: spaceTitle(s, locale),
      facts: [...new Set(facts.filter(Boolean))].join(' · '),
      pieces,
      touches: near,
    };
  });
}

const WORDS = {
  en: {
    caption: 'The board in words',
    space: 'Space',
    facts: 'Facts',
    pieces: 'Pieces',
    touches: 'Touches',
    none: 'none',
  },
  ja: { caption: '文字で見る盤面', space: '場所', facts: '情報', pieces: '駒', touches: '隣接', none: 'なし' },
} as const;

/** The board as an accessible HTML table: one row per space (the page and the mail's HTML part). */
export function textBoardHtml(board: Board, locale: Locale, opts: { id?: string } = {}): string {
  const w = WORDS[locale];
  const cell = (x: string) => xmlEscape(x || w.none);
  const rows = textBoardRows(board, locale).map((r) => {
    const pieces = r.pieces.map((p) => `<b>${xmlEscape(p.side)}</b>: ${xmlEscape(p.list.join('; '))}`).join('<br>');
    // data-label: the column's name, shown before the cell where a narrow page stacks the rows.
    const td = (label: string, html: string) => `<td data-label="${xmlEscape(label)}">${html}</td>`;
    return `<tr><th scope="row">${xmlEscape(r.title)}</th>${td(w.facts, cell(r.facts))}${td(w.pieces, pieces || w.none)}${td(w.touches, cell(r.touches.join(', ')))}</tr>`;
  });
  const id = opts.id ? ` id="${xmlEscape(opts.id)}"` : '';
  return (
    `<table class="text-board"${id} border="1" cellpadding="4" cellspacing="0" style="border-collapse:collapse">` +
    `<caption>${xmlEscape(`${w.caption}: ${board.title[locale]}`)}</caption>` +
    `<thead><tr><th scope="col">${w.space}</th><th scope="col">${w.facts}</th><th scope="col">${w.pieces}</th><th scope="col">${w.touches}</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

/**
 * The board in words as stacked blocks, one per space, for a mail: a mail app offers no media query to stack a
 * table's rows on a phone, and four columns do not fit 360 px (the table stays for the page).
 */
export function textBoardListHtml(board: Board, locale: Locale): string {
  const w = WORDS[locale];
  const line = (label: string, html: string) => `<br><span style="color:#555">${xmlEscape(label)}:</span> ${html}`;
  const blocks = textBoardRows(board, locale).map((r) => {
    const pieces = r.pieces.map((p) => `<b>${xmlEscape(p.side)}</b>: ${xmlEscape(p.list.join('; '))}`).join('; ');
    const facts = line(w.facts, xmlEscape(r.facts || w.none));
    const touches = line(w.touches, xmlEscape(r.touches.join(', ') || w.none));
    return `<p style="margin:0 0 10px"><b>${xmlEscape(r.title)}</b>${facts}${line(w.pieces, pieces || w.none)}${touches}</p>`;
  });
  return `<p><b>${xmlEscape(`${w.caption}: ${board.title[locale]}`)}</b></p>${blocks.join('')}`;
}

/** Columns of a line of text: a full-width character counts two. */
const columns = (s: string) => [...s].reduce((n, c) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 2 : 1), 0);

/**
 * A long line folded to `width` columns after a space or a Japanese comma, the lines after the first indented by
 * `indent` spaces.
 */
export function foldLine(line: string, indent: number, width = 78): string[] {
  const out: string[] = [];
  let rest = line;
  while (columns(rest) > width) {
    let cut = -1;
    let col = 0;
    for (let i = 0; i < rest.length && col <= width; i++) {
      col += columns(rest[i]);
      if ((rest[i] === ' ' || rest[i] === '、') && i > indent && col <= width) cut = i;
    }
    if (cut < 0) break;
    out.push(rest.slice(0, rest[cut] === '、' ? cut + 1 : cut));
    rest = `${' '.repeat(indent)}${rest.slice(cut + 1)}`;
  }
  out.push(rest);
  return out;
}

/** The board as plain text: a paragraph per space, long lists one piece a line and folded (the mail's text). */
export function textBoardText(board: Board, locale: Locale): string {
  const w = WORDS[locale];
  const out: string[] = [];
  for (const r of textBoardRows(board, locale)) {
    out.push(...foldLine(`* ${r.title}${r.facts ? ` (${r.facts})` : ''}`, 4));
    for (const p of r.pieces) {
      const one = `    ${p.side}: ${p.list.join('; ')}`;
      if (columns(one) <= 78) out.push(one);
      else out.push(`    ${p.side}:`, ...p.list.flatMap((x) => foldLine(`      - ${x}`, 8)));
    }
    if (r.touches.length) out.push(...foldLine(`    ${w.touches}: ${r.touches.join(', ')}`, 6));
  }
  return out.join('\n');
}
