/**
 * What each viewer sees (OC: open information, spec 4). The only hidden thing is a seat's standing orders (spec
 * 5.2): its own seat and the moderator see them, nobody else.
 */
import type { Viewer } from '../../../engine/types.ts';
import { nameOf, type OcState } from '../state.ts';

/** The state as a viewer may see it: the other seats' standing orders left out. */
export function view(s: OcState, viewer: Viewer): OcState {
  if (viewer.kind === 'moderator') return s;
  const own = viewer.kind === 'seat' ? viewer.seat : null;
  const standing = {
    british: own === 'british' ? s.standing.british : {},
    axis: own === 'axis' ? s.standing.axis : {},
  };
  return { ...s, standing };
}

export { nameOf };
