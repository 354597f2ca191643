/** The hidden twin: a position the viewer cannot tell apart (only standing orders are hidden, spec 5.2). */
import type { HiddenTwin } from '../../../engine/game-package.ts';
import type { Viewer } from '../../../engine/types.ts';
import type { OcPreference } from '../orders/schema.ts';
import type { OcSide, OcState } from '../state.ts';

const PREFS: (OcPreference | undefined)[] = [
  undefined,
  { order: 'lowest-hit' },
  { arm: 'tank', order: 'most-steps' },
  { arm: 'infantry' },
  { order: 'fewest-steps' },
];

/** A position the viewer cannot tell apart: the other seats' standing orders replaced (null for the moderator). */
export function hiddenTwin(s: OcState, viewer: Viewer, rand: () => number): HiddenTwin<OcState> | null {
  if (viewer.kind === 'moderator') return null;
  const standing = { ...s.standing };
  for (const side of ['british', 'axis'] as OcSide[]) {
    if (viewer.kind === 'seat' && viewer.seat === side) continue;
    const pref = PREFS[Math.floor(rand() * PREFS.length)];
    const own = s.data.units.filter((u) => u.side === side && s.units[u.id].status === 'map').map((u) => u.id);
    const queue = own.length && rand() < 0.3 ? [{ at: s.units[own[0]].at!, units: [own[0]], path: [] }] : [];
    standing[side] = { ...(pref ? { counterattack: pref } : {}), ...(queue.length ? { queue } : {}) };
  }
  return { state: { ...s, standing }, renamed: {} };
}
