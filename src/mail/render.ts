/**
 * Pieces of a mail body in text and HTML: the events of a step (dice included) with unit and area names, the map
 * as a table of areas and units (every mail client shows a table; the SVG map goes along as an attachment), what
 * a seat owes and by when. Pure functions of what the seat may see.
 */
import type { ChoiceField, ChoiceTree, GameEvent, Owed, Text } from '../engine/types.ts';
import { describeDie, dicePurposeOf } from '../engine/dice-purpose.ts';
import { formatDateTime, type Locale } from '../i18n/index.ts';
import { mailText } from '../i18n/strings-mail.ts';
import type { Board, Piece, Space } from '../engine/board.ts';
import type { NameTable } from '../engine/names.ts';
import { factsLine } from '../board-view/map-spaces.ts';
import { pieceLabel, spaceCode } from '../board-view/text-board.ts';

/** Escapes text for HTML. */
export function esc(s: unknown): string {
  return String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A text and an HTML rendering of one section. */
export interface Part {
  text: string;
  html: string;
}

/**
 * Names of the things of a data set by id, for readable events: the game's name table when it has one (full
 * names), else the `areas` and `units` of the data.
 */
export function namesOf(data: unknown, table?: NameTable): Map<string, Text> {
  const out = new Map<string, Text>();
  if (table) {
    for (const e of table) out.set(e.id, e.name);
    return out;
  }
  const d = data as { areas?: { id: string; name: Text }[]; units?: { id: string; name: Text }[] } | null;
  for (const a of d?.areas ?? []) out.set(a.id, a.name);
  for (const u of d?.units ?? []) out.set(u.id, u.name);
  return out;
}

function valueText(v: unknown, names: Map<string, Text>, locale: Locale): string {
  if (typeof v === 'string') return names.get(v)?.[locale] ?? v;
  if (Array.isArray(v)) return v.map((x) => valueText(x, names, locale)).join(', ');
  if (v && typeof v === 'object') {
    const t = v as Record<string, unknown>;
    if (typeof t.en === 'string' && typeof t.ja === 'string') return String(t[locale]);
    return Object.entries(t)
      .map(([k, x]) => `${valueText(k, names, locale)}: ${valueText(x, names, locale)}`)
      .join('; ');
  }
  return String(v);
}

/**
 * One line per event for a game that is not installed here: type, rule id, and its fields with names. Dice read
 * `die (purpose): value/sides`, or in words when the die carries a structured purpose. An installed game words its
 * own events (GameDefinition.describeEvent).
 */
export function renderEvents(events: readonly GameEvent[], names: Map<string, Text>, locale: Locale): Part {
  const lines = events.map((e) => {
    const { type, rule, visibleTo: _v, ...rest } = e;
    const label = type;
    if (type === 'die' && dicePurposeOf(undefined, e)) return describeDie(e, locale);
    if (type === 'die')
      return `${label} (${String(rest.purpose ?? '')}): ${String(rest.value)}${rest.sides !== 6 ? `/${String(rest.sides)}` : ''}`;
    const fields = Object.entries(rest)
      .filter(([k]) => k !== 'index')
      .map(([k, v]) => `${k}=${valueText(v, names, locale)}`)
      .join(', ');
    return `${label}${rule ? ` [${rule}]` : ''}${fields ? `: ${fields}` : ''}`;
  });
  if (!lines.length) lines.push(mailText(locale, 'mail.events.none'));
  return {
    text: lines.map((l) => `  ${l}`).join('\n'),
    html: `<ul style="font-family:monospace">${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
  };
}

/** A long line of text folded at spaces to `width` columns, the lines after the first indented by `indent`. */
export function fold(line: string, indent: number, width = 78): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    if (cut <= indent) break;
    out.push(rest.slice(0, cut));
    rest = `${' '.repeat(indent)}${rest.slice(cut + 1)}`;
  }
  out.push(rest);
  return out;
}

/** The summary line: turn (of how many, its date), phase, scores, the result once over. */
export function summaryLine(board: Board, locale: Locale): string {
  const { summary: m } = board;
  const turn = m.lastTurn
    ? mailText(locale, 'mail.summary.turnOf', { turn: m.turn, last: m.lastTurn })
    : mailText(locale, 'mail.summary.turn', { turn: m.turn });
  const bits = [m.turnLabel ? `${turn} (${m.turnLabel[locale]})` : turn, m.phase[locale]];
  for (const sc of m.scores) bits.push(`${sc.label[locale]} ${sc.signed && sc.value > 0 ? '+' : ''}${sc.value}`);
  if (m.result) bits.push(m.result[locale]);
  return bits.join(' · ');
}

/** The spaces a table lists: areas, boxes and holding areas, and any hex or point with pieces on it. */
function listed(board: Board, byPlace: Map<string, Piece[]>): Space[] {
  return board.spaces.filter((s) => byPlace.has(s.id) || s.limits?.length || s.kind === 'area' || s.kind === 'box');
}

/** The map as a table: per space its facts and each side's pieces. Empty when the board has no spaces. */
export function renderMap(board: Board | null, locale: Locale): Part {
  if (!board?.spaces.length) return { text: '', html: '' };
  const byPlace = new Map<string, Piece[]>();
  for (const p of board.pieces) byPlace.set(p.at, [...(byPlace.get(p.at) ?? []), p]);
  const head = summaryLine(board, locale);
  const text: string[] = [head];
  const rows: string[] = [];
  for (const s of listed(board, byPlace)) {
    const here = byPlace.get(s.id) ?? [];
    const facts = factsLine(s, locale);
    // A space goes by its printed code (a hex number, the code orders use) and its name; never by its id.
    const code = spaceCode(s, locale);
    text.push(`  ${code ? `${code} ` : ''}${s.name[locale]}${facts ? ` (${facts})` : ''}`);
    const cells = board.sides.map((side) => here.filter((p) => p.side === side.id).map((p) => pieceLabel(p, locale)));
    board.sides.forEach((side, i) => {
      if (cells[i].length) text.push(...fold(`    ${side.name[locale]}: ${cells[i].join('; ')}`, 6));
    });
    const sideCells = cells.map((c) => `<td>${esc(c.join('; ') || '-')}</td>`).join('');
    rows.push(
      `<tr><td>${code ? `<b>${esc(code)}</b> ` : ''}${esc(s.name[locale])}</td><td>${esc(facts || '-')}</td>${sideCells}</tr>`,
    );
  }
  const th = [
    mailText(locale, 'mail.table.place'),
    mailText(locale, 'mail.table.facts'),
    ...board.sides.map((side) => side.name[locale]),
  ];
  const html =
    `<p><b>${esc(head)}</b></p><table border="1" cellpadding="4" cellspacing="0" style="border-collapse:collapse">` +
    `<tr>${th.map((t) => `<th>${esc(t)}</th>`).join('')}</tr>${rows.join('')}</table>` +
    (board.notes?.length ? `<p><small>${esc(board.notes.map((n) => n[locale]).join(' · '))}</small></p>` : '');
  return { text: text.join('\n'), html };
}

/** What the seat owes and the deadline in its time zone. */
export function renderOwed(owed: readonly Owed[], deadline: Date | null, timeZone: string, locale: Locale): Part {
  if (!owed.length) {
    const t = mailText(locale, 'mail.owed.none');
    return { text: t, html: `<p>${esc(t)}</p>` };
  }
  const lines = owed.map((o) => `${o.point} (${o.rule}): ${o.prompt[locale]}`);
  const due = deadline
    ? mailText(locale, 'mail.owed.deadline', { when: formatDateTime(deadline, timeZone, locale) })
    : mailText(locale, 'mail.owed.noDeadline');
  const owes = mailText(locale, 'mail.owed.heading');
  return {
    text: `${owes}:\n${lines.map((l) => `  ${l}`).join('\n')}\n${due}`,
    html: `<p><b>${esc(owes)}</b></p><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul><p><b>${esc(due)}</b></p>`,
  };
}

/** One field of a choice tree as a line of the HELP answer. */
function choiceLine(f: ChoiceField, locale: Locale): string {
  // Each value with its name (what the map and the order syntax call it), e.g. "WA Western Approaches".
  const named = (o: { value: string; label: { en: string; ja: string } }) =>
    o.label[locale] && o.label[locale] !== o.value ? `${o.value} ${o.label[locale]}` : o.value;
  const values = f.options.map(named).join(' | ');
  // The field by its key (what JSON orders use) and its name, e.g. "step2.WA Western Approaches".
  const key = f.label[locale] && f.label[locale] !== f.key ? `${f.key} ${f.label[locale]}` : f.key;
  const cases = f.dependsOn ? Object.keys(f.dependsOn.cases).join(' | ') : '';
  const only = f.dependsOn ? ` (${mailText(locale, 'mail.choice.onlyIf', { key: f.dependsOn.key, cases })})` : '';
  switch (f.kind) {
    case 'one':
      return `  ${key}: ${values}${only}`;
    case 'many':
      return `  ${key} [${f.min ?? 0}..${f.max ?? f.options.length}]: ${values}${only}`;
    case 'count':
      return `  ${key} [${f.min}..${f.max}]: ${mailText(locale, 'mail.choice.count')}${only}`;
    case 'allocation':
      return `  ${key}: ${mailText(locale, f.sum === 'exact' ? 'mail.choice.shareExact' : 'mail.choice.shareAtMost', { total: f.total, values })}${only}`;
    case 'path': {
      const cost = (c: number | undefined) => (c !== undefined && c !== 1 ? `(${c})` : '');
      const steps = f.path.edges.map((e) => `${e.from}>${e.to}${cost(e.cost)}`).join(' ');
      const budget =
        f.path.budget !== undefined ? mailText(locale, 'mail.choice.budget', { budget: f.path.budget }) : '';
      const what = mailText(locale, 'mail.choice.path', { from: f.path.from, budget });
      return `  ${key}: ${what}; ${steps}${only}`;
    }
  }
}

/** The seat's legal choices now (HELP), field by field. */
export function renderChoices(choices: ChoiceTree | null, locale: Locale): Part {
  if (!choices) {
    const t = mailText(locale, 'mail.choices.none');
    return { text: t, html: `<p>${esc(t)}</p>` };
  }
  const lines = [`${choices.point} (${choices.rule}): ${choices.prompt[locale]}`];
  for (const f of choices.fields) lines.push(choiceLine(f, locale));
  for (const c of choices.constraints) lines.push(`  * ${c[locale]}`);
  for (const l of choices.limits ?? []) lines.push(`  * ${l.label[locale]} (${l.rule})`);
  return {
    text: lines.join('\n'),
    html: `<pre style="white-space:pre-wrap;word-break:break-word">${esc(lines.join('\n'))}</pre>`,
  };
}
