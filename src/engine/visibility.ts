/** Event visibility shared by games: an event without `visibleTo` is public; the moderator sees everything. */
import type { GameEvent, Viewer } from './types.ts';

export function canSee(event: GameEvent, viewer: Viewer): boolean {
  if (viewer.kind === 'moderator' || !event.visibleTo) return true;
  return viewer.kind === 'seat' && event.visibleTo.includes(viewer.seat);
}

/** The events a viewer may see, in order. */
export function filterEvents(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  return events.filter((e) => canSee(e, viewer));
}
