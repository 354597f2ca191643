/**
 * What a viewer sees. Everything is open (GF-A12 R1: fleet charts open) except: which fleet is under each face-down
 * marker until the reveal (from both players, GF 8[2][1], [3]), and another seat's standing orders (spec 5.2).
 */
import type { Viewer } from '../../../engine/types.ts';
import type { Side } from '../data/schema.ts';
import { type GfState, placesById } from '../state.ts';

/** The battle as a player sees it: face-down markers by slot only. */
function battleView(s: GfState) {
  const b = s.battle;
  if (!b) return null;
  return {
    offensive: b.offensive,
    fleets: b.fleets,
    faceUp: b.faceUp,
    faceDownCount: { british: b.hidden.british.length, german: b.hidden.german.length },
    markers: b.markers.map((m) => ({
      ...{ id: m.id, side: m.side, hex: m.hex, up: m.up, moved: m.moved, out: m.out },
      ...(m.up ? { fleet: m.fleet } : {}),
    })),
    nextSide: b.nextSide,
    passes: b.passes,
    finished: b.finished,
    revealed: b.revealed,
    queue: b.queue,
    round: b.round,
    ...(b.hexes ? { hexes: b.hexes } : {}),
  };
}

/** The view of a state for a viewer (the moderator sees the whole state but the data set). */
export function view(s: GfState, viewer: Viewer): unknown {
  const { data: _data, places: _places, ...rest } = s;
  if (viewer.kind === 'moderator') return { ...rest, ships: placesById(s) };
  const own: Partial<Record<Side, unknown>> = {};
  if (viewer.kind === 'seat' && (viewer.seat === 'british' || viewer.seat === 'german'))
    own[viewer.seat] = s.standing[viewer.seat];
  return {
    ...{ turn: s.turn, vp: s.vp, ships: placesById(s), preSunk: s.preSunk, usw: s.usw, phase: s.phase },
    ...{ offensive: s.offensive, difference: s.difference, options: s.options, result: s.result },
    standing: own,
    battle: battleView(s),
  };
}
