/**
 * Hidden identities (GF 8[2]: face-down fleet markers that neither player may identify, the owner included): the
 * view convention and the check a game's tests run. Pure.
 */
import { canonicalJson } from './canonical-json.ts';
import type { AnyGame, GameEvent, HiddenIdentity, SeatId, Viewer } from './types.ts';

/** What a view shows for a piece nobody may identify (see `HiddenIdentity`). */
export function hiddenIdentity(slot: string, side?: SeatId): HiddenIdentity {
  return side === undefined ? { hidden: true, slot } : { hidden: true, slot, side };
}

/** Whether a value of a view is a hidden identity. */
export function isHiddenIdentity(value: unknown): value is HiddenIdentity {
  return (
    !!value &&
    typeof value === 'object' &&
    (value as HiddenIdentity).hidden === true &&
    typeof (value as HiddenIdentity).slot === 'string'
  );
}

/** Two states (and optionally their events) that differ only in identities no seat may know. */
export interface HiddenPair {
  mode: string;
  a: unknown;
  b: unknown;
  /** The events that led to each state (a die that drew a hidden identity, say), compared as each viewer sees them. */
  events?: [readonly GameEvent[], readonly GameEvent[]];
}

/**
 * Every place where a seat or the public could tell the two states of `pair` apart: the view, the legal choices,
 * what is owed, the visible events. Empty when the identities are hidden from everyone, owners included. The
 * moderator is not checked: it sees everything.
 */
export function hiddenIdentityLeaks(game: AnyGame, pair: HiddenPair): string[] {
  const seats = game.sides(pair.mode).map((s) => s.seat);
  const viewers: Viewer[] = [...seats.map((seat): Viewer => ({ kind: 'seat', seat })), { kind: 'public' }];
  const leaks: string[] = [];
  const differs = (x: unknown, y: unknown) => canonicalJson(x ?? null) !== canonicalJson(y ?? null);
  for (const viewer of viewers) {
    const who = viewer.kind === 'seat' ? `seat:${viewer.seat}` : viewer.kind;
    if (differs(game.view(pair.a, viewer), game.view(pair.b, viewer))) leaks.push(`${who}: view`);
    if (pair.events && differs(game.visibleEvents(pair.events[0], viewer), game.visibleEvents(pair.events[1], viewer)))
      leaks.push(`${who}: events`);
    if (viewer.kind !== 'seat') continue;
    if (differs(game.choices(pair.a, viewer.seat), game.choices(pair.b, viewer.seat))) leaks.push(`${who}: choices`);
  }
  if (differs(game.owed(pair.a), game.owed(pair.b))) leaks.push('owed');
  return leaks;
}
