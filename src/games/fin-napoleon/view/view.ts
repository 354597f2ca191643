/**
 * What a viewer sees. Everything on the map is open (spec 4: every unit is on the map); what a seat sent ahead (later
 * activations) and its standing orders are its own: no other seat and not the public sees them.
 */
import type { Viewer } from '../../../engine/types.ts';
import type { FnState } from '../state.ts';

/** The state with only the viewer's own later activations and standing orders. */
export function view(s: FnState, viewer: Viewer): FnState {
  if (viewer.kind === 'moderator') return s;
  const mine = (rec: Record<string, unknown>) =>
    viewer.kind === 'seat' && rec[viewer.seat] !== undefined ? { [viewer.seat]: rec[viewer.seat] } : {};
  return { ...s, queued: mine(s.queued) as FnState['queued'], standing: mine(s.standing) as FnState['standing'] };
}
