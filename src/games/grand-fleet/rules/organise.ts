/**
 * GF 8[1], 8[1a], 8[2][1]: fleet organisation (D11, with the British overflow D19), fast and slow fleets, and the
 * server's shuffle of the face-down fleet markers (D12), whose order stays secret from both players.
 */
import type { ResolveContext } from '../../../engine/types.ts';
import type { Stage } from './armament.ts';
import type { Side } from '../data/schema.ts';
import {
  autoBox,
  type Battle,
  enemyOf,
  fleetSlots,
  type GfState,
  indexOf,
  SIDE_ORDER,
  shipsOf,
  typeOf,
  ddPlace,
  setPlace,
  withSide,
} from '../state.ts';

/** A fresh battle (GF 8[1]): the offensive side organises first. */
export function startBattle(s: GfState, ctx: ResolveContext): Stage | null {
  const offensive = s.offensive!;
  const empty = (): Record<Side, number[]> => ({ british: [], german: [] });
  s.battle = {
    ...{ offensive, fleets: { british: [], german: [] }, faceUp: empty(), hidden: empty(), markers: [] },
    ...{ nextSide: offensive, passes: 0, finished: [], revealed: false, queue: [], round: null },
    preSunk: { british: 0, german: 0 },
  } satisfies Battle;
  ctx.emit({ type: 'battle', offensive, rule: 'GF 8[1]' });
  s.phase = { kind: 'organise', side: offensive };
  return null;
}

/** Ships that must be organised: every ship in the fleet box (GF 8[1][6]). */
export const toOrganise = (s: GfState, side: Side): string[] => shipsOf(s, side, (p) => p === 'fleet');

/** GF 8[1][7]: how many British ships exceed the fleet boxes (none for Germany, GF-A13). */
export function surplusCount(s: GfState, side: Side): number {
  return side === 'british' ? surplusOf(s, toOrganise(s, side).length) : 0;
}

/** GF 8[1][7]: how many of `fleetBox` British ships in the fleet box exceed the fleet boxes. */
const surplusOf = (s: GfState, fleetBox: number): number =>
  Math.max(0, fleetBox - s.data.markers.british * s.data.fleetMax.british);

/**
 * GF 8[1][7]: the ships of `ships` (the side's fleet box, `toOrganise`) that go back to the DDbox, highest defence
 * first; none without a surplus (the usual case, with no sorting).
 */
export function surplusShips(s: GfState, side: Side, ships: string[]): string[] {
  const due = side === 'british' ? surplusOf(s, ships.length) : 0;
  return due > 0 ? byDefenceDown(s, ships).slice(0, due) : [];
}

/** Ships by descending defence, then id: the order in which the British surplus goes back (GF 8[1][7]). */
export function byDefenceDown(s: GfState, ids: string[]): string[] {
  const { typeOfShip, idRank } = indexOf(s.data);
  return [...ids].sort(
    (a, b) => typeOfShip.get(b)!.defence - typeOfShip.get(a)!.defence || idRank.get(a)! - idRank.get(b)!,
  );
}

/** Fleet sizes: `n` ships into `k` fleets as evenly as possible. */
const evenSizes = (n: number, k: number): number[] => Array.from({ length: k }, (_, i) => Math.floor((n + i) / k));

/**
 * The engine's organisation (the default order of D11): surplus first (GF 8[1][7]), then fast ships, ordinary,
 * pre-dreadnoughts, in as few fleets as the maximum size allows, sizes even (each at least 3 when any, GF 8[1][4]).
 */
export function autoOrganisation(s: GfState, side: Side): Record<string, number> {
  const out: Record<string, number> = {};
  const surplus = surplusShips(s, side, toOrganise(s, side));
  for (const id of surplus) out[id] = 0;
  const rank = { red: 0, black: 1, blue: 2 } as const;
  const rest = toOrganise(s, side)
    .filter((id) => !surplus.includes(id))
    .sort((a, b) => rank[typeOf(s, a).colour] - rank[typeOf(s, b).colour] || a.localeCompare(b));
  if (rest.length < 3) return out;
  const k = Math.min(s.data.markers[side], Math.ceil(rest.length / s.data.fleetMax[side]));
  let at = 0;
  evenSizes(rest.length, k).forEach((size, i) => {
    for (const id of rest.slice(at, at + size)) out[id] = i + 1;
    at += size;
  });
  return out;
}

/** D11 applied: fleets formed, surplus to the DDbox; the other side organises next, then the shuffle. */
export function applyOrganisation(
  s: GfState,
  side: Side,
  plan: Record<string, number>,
  ctx: ResolveContext,
): Stage | null {
  const b = s.battle!;
  const fleets: string[][] = Array.from({ length: s.data.markers[side] }, () => []);
  for (const id of toOrganise(s, side)) {
    // GF-A13: with fewer than 3 usable ships no fleet can be formed; ships left out stay unorganised.
    const n = plan[id];
    if (n === undefined) continue;
    if (n === 0) {
      setPlace(s, id, ddPlace(autoBox(s, side)));
      continue;
    }
    fleets[n - 1].push(id);
  }
  b.fleets = withSide(b.fleets, side, fleets);
  if (!ctx.silent) {
    const kinds = fleets.map((f, i) => ({ fleet: i + 1, ships: f, speed: speedOf(s, f) }));
    ctx.emit({ type: 'organised', side, fleets: kinds, rule: 'GF 8[1]' });
  }
  if (side === b.offensive) {
    s.phase = { kind: 'organise', side: enemyOf(side) };
    return null;
  }
  return 'shuffle';
}

/** GF 8[1a]: slow if any pre-dreadnought (blue), fast if every ship is a red type, else ordinary. */
export function speedOf(s: GfState, ships: string[]): 'fast' | 'slow' | 'ordinary' | 'empty' {
  if (!ships.length) return 'empty';
  if (ships.some((id) => typeOf(s, id).colour === 'blue')) return 'slow';
  if (ships.every((id) => typeOf(s, id).colour === 'red')) return 'fast';
  return 'ordinary';
}

/** `speedOf` the side's fleet `n` (1-based), its ships' types read by position (`fleetSlots`). */
export function fleetSpeed(s: GfState, side: Side, n: number): 'fast' | 'slow' | 'ordinary' | 'empty' {
  const slots = fleetSlots(s, side, n);
  if (!slots) return speedOf(s, s.battle!.fleets[side][n - 1]);
  if (!slots.length) return 'empty';
  const { typeAt } = indexOf(s.data);
  let red = true;
  for (const slot of slots) {
    const colour = typeAt[slot].colour;
    if (colour === 'blue') return 'slow';
    if (colour !== 'red') red = false;
  }
  return red ? 'fast' : 'ordinary';
}

/** The fast fleets of a side (candidates to be shuffled face up, D12). */
export function fastFleets(s: GfState, side: Side): number[] {
  const out: number[] = [];
  for (let n = 1; n <= s.battle!.fleets[side].length; n++) if (fleetSpeed(s, side, n) === 'fast') out.push(n);
  return out;
}

/** D12: owed by each side with a fast fleet; with none, the shuffle follows at once. */
export function enterShuffle(s: GfState, ctx: ResolveContext): Stage | null {
  const sides = SIDE_ORDER.filter((side) => fastFleets(s, side).length > 0);
  if (sides.length) {
    s.phase = { kind: 'shuffle', sides };
    return null;
  }
  shuffleMarkers(s, ctx);
  return 'place';
}

/** The purpose of the shuffle dice of each side's markers. */
const SHUFFLE_DIE: Record<Side, string> = {
  british: 'GF 8[2][1] shuffle of the british markers',
  german: 'GF 8[2][1] shuffle of the german markers',
};

/**
 * GF 8[2][1]: the server shuffles each side's face-down markers (Fisher-Yates, one die per swap). The dice are
 * seen by nobody but the moderator: neither the owner nor the opponent knows which marker is which.
 */
export function shuffleMarkers(s: GfState, ctx: ResolveContext): void {
  const b = s.battle!;
  for (const side of SIDE_ORDER) {
    const order = b.fleets[side].map((_, i) => i + 1).filter((n) => !b.faceUp[side].includes(n));
    for (let i = order.length - 1; i > 0; i--) {
      const j = ctx.roll(i + 1, SHUFFLE_DIE[side], []) - 1;
      [order[i], order[j]] = [order[j], order[i]];
    }
    b.hidden = withSide(b.hidden, side, order);
  }
  const count = (side: Side) => b.hidden[side].length;
  ctx.emit({
    type: 'shuffled',
    faceUp: b.faceUp,
    down: { british: count('british'), german: count('german') },
    rule: 'GF 8[2][1]',
  });
}
