/**
 * What a viewer sees. Everything on the map is open (spec 4: every unit is on the map); what a seat sent ahead (later
 * activations) and its standing orders are its own: no other seat and not the public sees them.
 */
import type { HiddenTwin } from '../../engine/game-package.ts';
import type { Viewer } from '../../engine/types.ts';
import { cloneState, type FnState } from './state.ts';

/** The state with only the viewer's own later activations and standing orders. */
export function view(s: FnState, viewer: Viewer): FnState {
  if (viewer.kind === 'moderator') return s;
  const mine = (rec: Record<string, unknown>) =>
    viewer.kind === 'seat' && rec[viewer.seat] !== undefined ? { [viewer.seat]: rec[viewer.seat] } : {};
  return { ...s, queued: mine(s.queued) as FnState['queued'], standing: mine(s.standing) as FnState['standing'] };
}

/** A position the viewer cannot tell from `s`: other seats' later activations and standing orders dropped. */
export function hiddenTwin(s: FnState, viewer: Viewer, rand: () => number): HiddenTwin<FnState> | null {
  if (viewer.kind === 'moderator') return null;
  const twin = cloneState(s);
  for (const seat of Object.keys(s.queued).sort())
    if (!(viewer.kind === 'seat' && viewer.seat === seat)) delete twin.queued[seat];
  for (const seat of Object.keys(s.standing).sort()) {
    if (viewer.kind === 'seat' && viewer.seat === seat) continue;
    // Another seat might as well have asked to be consulted between its nations.
    twin.standing[seat] = rand() < 0.5 ? {} : { askBetween: true };
  }
  return { state: twin, renamed: {} };
}
