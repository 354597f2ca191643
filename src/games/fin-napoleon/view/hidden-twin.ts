/**
 * The hidden twin (spec 4): a position another seat cannot tell from this one. Later activations and standing orders
 * are a seat's own; every unit is on the map and open.
 */
import type { HiddenTwin } from '../../../engine/game-package.ts';
import type { Viewer } from '../../../engine/types.ts';
import { cloneState, type FnState, queuedToChange, standingToChange } from '../state.ts';

/** A position the viewer cannot tell from `s`: other seats' later activations and standing orders dropped. */
export function hiddenTwin(s: FnState, viewer: Viewer, rand: () => number): HiddenTwin<FnState> | null {
  if (viewer.kind === 'moderator') return null;
  const twin = cloneState(s);
  for (const seat of Object.keys(s.queued).sort())
    if (!(viewer.kind === 'seat' && viewer.seat === seat)) delete queuedToChange(twin)[seat];
  for (const seat of Object.keys(s.standing).sort()) {
    if (viewer.kind === 'seat' && viewer.seat === seat) continue;
    // Another seat might as well have asked to be consulted between its nations.
    standingToChange(twin)[seat] = rand() < 0.5 ? {} : { askBetween: true };
  }
  return { state: twin, renamed: {} };
}
