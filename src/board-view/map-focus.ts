/**
 * What a picture is about, found without knowing the game: every string of a value (a seat's choices, a step's
 * events) that is the id of a space, or of a piece (which stands in a space), names a space of the focus. The crop
 * of a mail's picture is the window of the map holding the most of those spaces whole, `CROP` units wide at most.
 */
import type { Board } from '../engine/board.ts';
import { inside, union } from './label-place.ts';
import type { Box, PlacedSpace } from './map-model.ts';

/** Widest and narrowest crop, in the picture's units (of a map 1000 wide); its height at most 1.3 times its width. */
const CROP = { max: 420, min: 320, tall: 1.3 } as const;
const PAD = 14;

/** The ids of the spaces a value names, directly or by a piece standing there. */
export function focusIds(board: Board, value: unknown): Set<string> {
  const spaces = new Set(board.spaces.map((s) => s.id));
  const pieceAt = new Map(board.pieces.map((p) => [p.id, p.at]));
  const out = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 12 || v === null || v === undefined) return;
    if (typeof v === 'string') {
      if (spaces.has(v)) out.add(v);
      const at = pieceAt.get(v);
      if (at) out.add(at);
      return;
    }
    if (typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x, depth + 1);
  };
  walk(value, 0);
  return out;
}

const grow = (b: Box, d: number): Box => ({ x: b.x - d, y: b.y - d, w: b.w + 2 * d, h: b.h + 2 * d });

/** Moves and trims a box into the frame. */
function clamp(b: Box, frame: Box): Box {
  const w = Math.min(b.w, frame.w);
  const h = Math.min(b.h, frame.h);
  const x = Math.max(frame.x, Math.min(b.x, frame.x + frame.w - w));
  const y = Math.max(frame.y, Math.min(b.y, frame.y + frame.h - h));
  return { x, y, w, h };
}

/**
 * The region a cropped picture shows: the window (at most `CROP.max` wide) holding the most focused spaces whole,
 * grown around them to `CROP.min` wide; with no focus, the window holding the most spaces with pieces.
 */
export function cropFrame(
  frame: Box,
  ids: Set<string>,
  spaces: PlacedSpace[],
  extentOf: (ps: PlacedSpace) => Box,
): Box {
  let items = spaces.filter((ps) => ids.has(ps.space.id)).map(extentOf);
  if (!items.length) items = spaces.filter((ps) => ps.pieces.length).map(extentOf);
  if (!items.length) items = spaces.map(extentOf);
  const maxW = Math.min(CROP.max, frame.w);
  const maxH = Math.min(CROP.max * CROP.tall, frame.h);
  let best: Box[] = [];
  for (const a of items) {
    const win = clamp({ x: a.x - PAD, y: a.y - PAD, w: maxW, h: maxH }, frame);
    for (const shift of [0, 0.5]) {
      const w = clamp(
        { ...win, x: win.x - shift * (maxW - a.w - 2 * PAD), y: win.y - shift * (maxH - a.h - 2 * PAD) },
        frame,
      );
      const held = items.filter((b) => inside(b, w));
      if (held.length > best.length) best = held;
    }
  }
  if (!best.length) best = [items[0]];
  const core = grow(union(best), PAD);
  const w = Math.min(maxW, Math.max(core.w, Math.min(CROP.min, frame.w)));
  const h = Math.min(maxH, Math.max(core.h, w * 0.62));
  const cx = core.x + core.w / 2;
  const cy = core.y + core.h / 2;
  return clamp({ x: cx - w / 2, y: cy - h / 2, w, h }, frame);
}

/** A focus box as a page's `data-focus` attribute ("x y w h", in the picture's units), or undefined. */
export function focusAttr(b: Box | null): string | undefined {
  return b ? [b.x, b.y, b.w, b.h].map((v) => Math.round(v)).join(' ') : undefined;
}
