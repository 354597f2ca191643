/**
 * "Since your last turn": what changed between two boards of one viewer (what moved, what was lost or left its
 * sight, what appeared, what changed on the tracks and in control). Both boards are the viewer's own (each built by
 * the game from that viewer's view), so the summary tells nothing the viewer could not see on them; face-down pieces
 * are compared as counts per space, never by identity.
 */
import type { Board, Piece, Space } from '../engine/board.ts';
import type { Locale } from '../i18n/index.ts';
import { pieceLabel, spaceTitle } from './text-board.ts';

/** The changes in words, grouped: each list may be empty. */
export interface BoardChanges {
  moved: string[];
  lost: string[];
  appeared: string[];
  changed: string[];
  tracks: string[];
}

const W = {
  en: {
    moved: 'Moved',
    lost: 'Lost or out of sight',
    appeared: 'Appeared',
    changed: 'Changed',
    tracks: 'Tracks',
    faceDown: 'face-down pieces',
    held: 'owned by',
    nobody: 'nobody',
    none: 'Nothing you can see has changed.',
  },
  ja: {
    moved: '移動',
    lost: '失われた・見えなくなった駒',
    appeared: '現れた駒',
    changed: '変化',
    tracks: 'トラック',
    faceDown: '裏向きの駒',
    held: '所有',
    nobody: 'なし',
    none: '見える範囲で変化はありません。',
  },
} as const;

/** A piece's name without its changing values: its label (and number), else its name. */
function who(p: Piece, locale: Locale): string {
  const tag = [p.label?.[locale], p.number].filter(Boolean).join(' ');
  if (tag) return tag;
  return pieceLabel(
    { ...p, count: undefined, strength: undefined, steps: undefined, damage: undefined, marks: undefined },
    locale,
  );
}

function state(p: Piece, locale: Locale): string {
  const ja = locale === 'ja';
  return [
    p.count && p.count > 1 ? `×${p.count}` : '×1',
    p.steps ? `${ja ? 'ステップ' : 'steps'} ${p.steps.left}/${p.steps.full}` : '',
    p.strength ? `${ja ? '戦力' : 'str'} ${p.strength}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Face-down pieces per space and side. */
function faceDownCounts(board: Board): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of board.pieces.filter((x) => x.faceDown))
    out.set(`${p.at}\u0000${p.side}`, (out.get(`${p.at}\u0000${p.side}`) ?? 0) + 1);
  return out;
}

function pieceChanges(before: Board, after: Board, locale: Locale, place: (id: string) => string, out: BoardChanges) {
  const was = new Map(before.pieces.filter((p) => !p.faceDown).map((p) => [p.id, p]));
  const now = new Map(after.pieces.filter((p) => !p.faceDown).map((p) => [p.id, p]));
  for (const [id, p] of now) {
    const q = was.get(id);
    if (!q) out.appeared.push(`${pieceLabel(p, locale)}: ${place(p.at)}`);
    else {
      if (q.at !== p.at) out.moved.push(`${who(p, locale)}: ${place(q.at)} → ${place(p.at)}`);
      if (state(q, locale) !== state(p, locale))
        out.changed.push(`${who(p, locale)} (${place(p.at)}): ${state(q, locale)} → ${state(p, locale)}`);
    }
  }
  for (const [id, q] of was) if (!now.has(id)) out.lost.push(`${pieceLabel(q, locale)} (${place(q.at)})`);
  const a = faceDownCounts(before);
  const b = faceDownCounts(after);
  const side = (id: string) =>
    after.sides.find((s) => s.id === id)?.name[locale] ?? before.sides.find((s) => s.id === id)?.name[locale] ?? '';
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const [at, s] = key.split('\u0000');
    const [x, y] = [a.get(key) ?? 0, b.get(key) ?? 0];
    if (x !== y) out.changed.push(`${W[locale].faceDown} (${side(s)}), ${place(at)}: ${x} → ${y}`);
  }
}

function trackChanges(before: Board, after: Board, locale: Locale, out: BoardChanges) {
  const value = (b: Board, id: string) =>
    b.tracks
      .find((t) => t.id === id)
      ?.markers.map((m) => `${m.label ? `${m.label[locale]} ` : ''}${m.value}`)
      .join(', ');
  for (const t of after.tracks) {
    const [x, y] = [value(before, t.id), value(after, t.id)];
    if (x !== undefined && x !== y) out.tracks.push(`${t.name[locale]}: ${x} → ${y}`);
  }
  for (const sc of after.summary.scores) {
    const old = before.summary.scores.find((s) => s.label[locale] === sc.label[locale]);
    const sign = (v: number) => (sc.signed && v > 0 ? `+${v}` : String(v));
    if (old && old.value !== sc.value) out.tracks.push(`${sc.label[locale]}: ${sign(old.value)} → ${sign(sc.value)}`);
  }
}

/** What changed from `before` to `after`, two boards of the same viewer. */
export function boardChanges(before: Board, after: Board, locale: Locale): BoardChanges {
  const spaces = new Map<string, Space>([...before.spaces, ...after.spaces].map((s) => [s.id, s]));
  const place = (id: string) => {
    const s = spaces.get(id);
    return s ? spaceTitle(s, locale) : '?';
  };
  const out: BoardChanges = { moved: [], lost: [], appeared: [], changed: [], tracks: [] };
  pieceChanges(before, after, locale, place, out);
  const owner = (b: Board, s: Space) =>
    s.owner ? (b.sides.find((x) => x.id === s.owner)?.name[locale] ?? '') : W[locale].nobody;
  for (const s of after.spaces) {
    const old = before.spaces.find((x) => x.id === s.id);
    if (old && (old.owner ?? '') !== (s.owner ?? ''))
      out.changed.push(`${place(s.id)}: ${W[locale].held} ${owner(before, old)} → ${owner(after, s)}`);
  }
  trackChanges(before, after, locale, out);
  out.tracks = [...new Set(out.tracks)];
  return out;
}

/** The changes as headed lists of lines (an empty board change gives one line saying so). */
export function changeLines(c: BoardChanges, locale: Locale): { heading: string; lines: string[] }[] {
  const w = W[locale];
  const groups = (['moved', 'lost', 'appeared', 'changed', 'tracks'] as const)
    .filter((k) => c[k].length)
    .map((k) => ({ heading: w[k], lines: c[k] }));
  return groups.length ? groups : [{ heading: '', lines: [w.none] }];
}

/** The changes as plain text, a list per group. */
export function changesText(c: BoardChanges, locale: Locale): string {
  return changeLines(c, locale)
    .map((g) => [g.heading ? `${g.heading}:` : '', ...g.lines.map((l) => `  - ${l}`)].filter(Boolean).join('\n'))
    .join('\n');
}

/** The changes as HTML lists. */
export function changesHtml(c: BoardChanges, locale: Locale): string {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (x) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[x]!);
  return changeLines(c, locale)
    .map(
      (g) =>
        `${g.heading ? `<p><b>${esc(g.heading)}</b></p>` : ''}<ul>${g.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
    )
    .join('');
}
