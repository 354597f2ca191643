/**
 * Random legal orders for `pbem simulate` and the conformance suite: every decision point, drawn with `rand` only,
 * leaning towards short battles (markers gathered in few hexes, few continuations) so random games end quickly.
 */
import type { SeatId } from '../../../engine/types.ts';
import { withdrawalOrder } from '../rules/armament.ts';
import { situationCount } from '../rules/combat.ts';
import type { Side } from '../data/schema.ts';
import { defaultCommit, defaultOrders, fireInOrder } from './defaults.ts';
import { fastFleets, surplusShips, toOrganise } from '../rules/organise.ts';
import type { GfOrders } from './schema.ts';
import { hexPoints, pointOf } from '../rules/owed.ts';
import { interceptableHexes, interceptionTargets, placeableHexes, unplaced } from '../rules/placement.ts';
import { enemyOf, type GfState, type Situation, shipRecord } from '../state.ts';
import { markersIn, targetsOf } from '../rules/combat.ts';
import { pickOne as pick, shuffled } from '../../../engine/shuffled.ts';

type Rand = () => number;
/** True with probability `p`. */
export const chance = (p: number, rand: Rand) => rand() < p;

/** A random legal organisation (GF 8[1][3-7]). */
function randomOrganisation(s: GfState, side: Side, rand: Rand): Record<string, number> {
  const out = shipRecord<number>();
  const ships = toOrganise(s, side);
  const surplus = surplusShips(s, side, ships);
  for (const id of surplus) out[id] = 0;
  const rest = shuffled(surplus.length ? ships.filter((id) => !surplus.includes(id)) : ships, rand);
  const max = s.data.fleetMax[side];
  const least = Math.ceil(rest.length / max);
  const most = Math.min(s.data.markers[side], Math.floor(rest.length / 3));
  if (most < 1) return out;
  const k = least + Math.floor(rand() * (most - least + 1));
  const sizes: number[] = [];
  for (let i = 0; i < k; i++) sizes.push(3);
  // The fleets with room, in fleet order (a full one leaves the list: the same list as made anew for each ship).
  const open: number[] = [];
  for (let i = 0; i < k; i++) if (sizes[i] < max) open.push(i);
  for (let left = rest.length - 3 * k; left > 0; left--) {
    const i = pick(open, rand);
    if (++sizes[i] >= max) open.splice(open.indexOf(i), 1);
  }
  const numbers: number[] = [];
  for (let i = 1; i <= s.data.markers[side]; i++) numbers.push(i);
  const fleets = shuffled(numbers, rand);
  let at = 0;
  for (let i = 0; i < sizes.length; i++) {
    const end = Math.min(at + sizes[i], rest.length);
    for (let j = at; j < end; j++) out[rest[j]] = fleets[i];
    at += sizes[i];
  }
  return out;
}

/** Legal situations drawn at random (GF 8[4.2][9]). */
function randomSituations(s: GfState, side: Side, rand: Rand): Situation[] {
  const r = s.battle!.round!;
  const out: Situation[] = [];
  const range = pick(['long', 'short'] as const, rand);
  const pool: Situation[] = ['continue', range, range];
  if (r.init[side]!.half) pool.push('cancelHalf');
  if (!r.init[enemyOf(side)]!.half) pool.push('enemyHalf');
  for (const x of shuffled(pool, rand)) if (out.length < situationCount(r) && chance(0.5, rand)) out.push(x);
  return out;
}

/** Random legal orders for the point the seat owes. */
export function randomOrders(s: GfState, seat: SeatId, rand: Rand): GfOrders {
  const side = seat as Side;
  switch (pointOf(s, side)) {
    case 'D3':
    case 'D4': {
      const dice = pick([0, 1, 2, 2], rand);
      if (dice === 0) return { commit: { dice: 0 } };
      const commit = { ...defaultCommit(s, side), dice };
      const stop = dice === 2 && s.options.commitDice === 'afterFirst' && chance(0.3, rand);
      return { commit: stop ? { ...commit, stopIf: [1 + Math.floor(rand() * 6)] } : commit };
    }
    case 'D5':
    case 'D6':
      // GF 6[15-16]: a roll comes with its ordered list of min(6, fleet box) ships (the weakest first).
      return {
        withdraw: chance(0.25, rand) ? { roll: true, ships: withdrawalOrder(s, side).slice(0, 6) } : { roll: false },
      };
    case 'D7':
      return { usw: chance(0.5, rand) ? 'occur' : 'decline' };
    case 'D8': {
      const orders: GfOrders = { dice: chance(0.5, rand) ? 2 : 1 };
      if (chance(0.3, rand)) orders.standing = { ifOffensive: chance(0.6, rand), ifIntercepting: chance(0.7, rand) };
      return orders;
    }
    case 'D9':
      return { battle: chance(0.6, rand) };
    case 'D10':
      return { accept: chance(0.7, rand) };
    case 'D11': {
      const orders: GfOrders = { organise: randomOrganisation(s, side, rand) };
      if (chance(0.3, rand)) orders.standing = { placements: randomPlacements(s, rand) };
      return orders;
    }
    case 'D12': {
      const up = fastFleets(s, side).filter(() => chance(0.5, rand));
      return up.length ? { faceUp: up } : {};
    }
    case 'D13': {
      const orders: GfOrders = { place: randomPlacement(s, side, rand) };
      if (chance(0.15, rand)) orders.standing = { intercepts: randomIntercepts(s, rand) };
      return orders;
    }
    case 'D14': {
      const from = interceptableHexes(s, side);
      if (chance(0.4, rand)) return { intercept: 'pass' };
      const hex = pick(from, rand);
      return { intercept: { from: hex, to: pick(interceptionTargets(s, hex), rand) } };
    }
    case 'D15': {
      const orders: GfOrders = { initiative: randomInitiative(s, side, rand) };
      if (side !== s.battle!.offensive && chance(0.2, rand))
        orders.standing = { ifContinue: chance(0.5, rand), ifStop: chance(0.2, rand) };
      return orders;
    }
    case 'D16': {
      const situations = randomSituations(s, side, rand);
      return situations.length ? { situations } : {};
    }
    case 'D17':
      return { fire: fireInOrder(s, side, shuffled(targetsOf(s, side, s.battle!.round!.hex), rand), shipRecord()) };
    case 'D18':
      return { continue: chance(0.25, rand) };
    case 'AD1':
      return randomHexOrders(s, seat, rand);
    default:
      return defaultOrders(s, seat);
  }
}

/** GF-AD1: each open hex's random strict answer; a standing D18 answer drawn for one hex is kept for all. */
function randomHexOrders(s: GfState, seat: SeatId, rand: Rand): GfOrders {
  const hexes: NonNullable<GfOrders['hexes']> = {};
  let standing: GfOrders['standing'];
  for (const p of hexPoints(s, seat as Side)) {
    const { standing: st, ...answers } = randomOrders(p.state, seat, rand);
    hexes[p.hex] = answers;
    standing ??= st;
  }
  return standing ? { hexes, standing } : { hexes };
}

/** D15: half bombardment now and then, excess manoeuvre seldom (so that confusion stays rare). */
function randomInitiative(s: GfState, side: Side, rand: Rand): { half: boolean; excess: number } {
  const most = markersIn(s, s.battle!.round!.hex, side).length;
  const excess = chance(0.75, rand) ? 0 : 1 + Math.floor(rand() * most);
  return { half: chance(0.3, rand), excess };
}

/** A standing placement sequence (spec 5.2): face-down markers into a few hexes. */
export function randomPlacements(s: GfState, rand: Rand): { marker: 'down'; hex: string }[] {
  const hexes = placeableHexes(s);
  const few = [pick(hexes, rand), pick(hexes, rand)];
  return Array.from({ length: 1 + Math.floor(rand() * 6) }, () => ({ marker: 'down' as const, hex: pick(few, rand) }));
}

/** Standing interception candidates (spec 5.2): moves between neighbouring hexes, or none (then pass). */
export function randomIntercepts(s: GfState, rand: Rand): { from: string; to: string }[] {
  const hexes = placeableHexes(s);
  return Array.from({ length: Math.floor(rand() * 3) }, () => {
    const from = pick(hexes, rand);
    const to = interceptionTargets(s, from);
    return { from, to: to.length ? pick(to, rand) : from };
  }).filter((m) => m.from !== m.to);
}

/** A marker into a hex: mostly where markers already stand, so that combats happen and stay few. */
function randomPlacement(s: GfState, side: Side, rand: Rand): NonNullable<GfOrders['place']> {
  const u = unplaced(s, side);
  const marker = u.up.length && (!u.down || chance(0.5, rand)) ? pick(u.up, rand) : 'down';
  const used: string[] = []; // the hexes with markers, in order (each put in its place: no sort of the list)
  for (const m of s.battle!.markers) {
    if (used.includes(m.hex)) continue;
    let j = used.length;
    used.push(m.hex);
    for (; j > 0 && used[j - 1] > m.hex; j--) used[j] = used[j - 1];
    used[j] = m.hex;
  }
  const hex = used.length && chance(0.7, rand) ? pick(used, rand) : pick(placeableHexes(s), rand);
  return { marker, hex };
}
