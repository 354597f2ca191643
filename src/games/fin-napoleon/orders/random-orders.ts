/** Random legal orders (`pbem simulate`, conformance): bold enough that games end, drawn only with `rand`. */
import type { SeatId } from '../../../engine/types.ts';
import { ALLIES, type Ally, type Nation } from '../data/schema.ts';
import { warNationsIn } from '../rules/combat.ts';
import { movable } from '../rules/movement.ts';
import { owingSeat } from '../rules/owed.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import { activeNation, areaIds, enemiesOfFrance, type FnState, homeNationOf, homeOf, unitsOf } from '../state.ts';
import { legalActivities } from './choices.ts';
import { legalPaths } from './random-paths.ts';
import type { Activation, FnOrders } from './schema.ts';
import { pickOne, shuffled } from '../../../engine/shuffled.ts';

type Rand = () => number;

/** The key of a unit's slot in a move order (`RH2`), one string per area and number, made once. */
function slotKey(from: string, slot: number): string {
  let keys = slotKeys.get(from);
  if (!keys) {
    keys = [];
    slotKeys.set(from, keys);
  }
  keys[slot] ??= `${from}${slot}`;
  return keys[slot];
}
const slotKeys = new Map<string, string[]>();

/**
 * Where a path ends well: France at an at-war Allied home or at-war Allied units (any at all: the same test as
 * `warNationsIn(...).length`, without the array); an Allied nation in France or at French units.
 */
function endsWell(s: FnState, n: Nation, franceHome: string, p: readonly string[]): boolean {
  const to = p[p.length - 1];
  if (n !== 'france') return to === franceHome || unitsOf(s, to, 'france') > 0;
  const owner = homeNationOf(s, to);
  return (owner !== undefined && owner !== 'france' && s.atWar[owner as Ally]) || enemiesOfFrance(s, to) > 0;
}

/** Moves toward a fight: paths ending with enemies or in an enemy home count double. */
function randomMoves(
  s: FnState,
  n: Nation,
  rand: Rand,
  share: number,
  arrived?: Record<string, number>,
): Record<string, string[]> {
  const move: Record<string, string[]> = {};
  const franceHome = homeOf(s, 'france');
  const ids = areaIds(s);
  for (let a = 0; a < ids.length; a++) {
    const from = ids[a];
    const count = movable(s, n, from, arrived);
    if (count < 1) continue; // no unit to move: its paths would go unused (and draw nothing)
    const paths = legalPaths(s, n, from);
    if (!paths.length) continue;
    let good: string[][] | null = null; // built when a unit first moves
    let slot = 0;
    for (let k = 1; k <= count; k++) {
      if (rand() > share) continue;
      slot += 1;
      if (!good) {
        good = [];
        for (let i = 0; i < paths.length; i++) if (endsWell(s, n, franceHome, paths[i])) good.push(paths[i]);
      }
      move[slotKey(from, slot)] = pickOne(good.length && rand() < 0.7 ? good : paths, rand);
    }
  }
  return move;
}

/** One random activation of nation `n` now. */
function randomActivation(s: FnState, n: Nation, rand: Rand): Activation {
  const legal = legalActivities(s, n);
  const box = reinforceLimit(s, n);
  if (legal.includes('declare') && rand() < (n === 'france' ? 0.3 : 0.7)) {
    return n === 'france'
      ? {
          activity: 'declare',
          target: pickOne(
            ALLIES.filter((a) => !s.atWar[a]),
            rand,
          ),
        }
      : { activity: 'declare' };
  }
  if (box > 0 && (rand() < 0.3 || !legal.includes('move')))
    return { activity: 'reinforce', count: Math.floor(rand() * (box + 1)) };
  if (!legal.includes('move')) return { activity: 'none' };
  const move = randomMoves(s, n, rand, n === 'france' ? 0.8 : 0.6);
  const act: Activation = Object.keys(move).length ? { activity: 'move', move } : { activity: 'move' };
  if (rand() < 0.2) act.combatOrder = [...areaIds(s)].reverse();
  if (n === 'france' && rand() < 0.3) act.haltAfterSea = true;
  return act;
}

/** Simple activations for this seat's later nations this turn (spec 5.2), now and then. */
function laterActivations(s: FnState, seat: SeatId, rand: Rand): FnOrders['later'] {
  if (rand() < 0.4) return undefined;
  const later: NonNullable<FnOrders['later']> = {};
  for (const n of s.order.slice(s.cursor + 1)) {
    if (s.seats[n] !== seat || rand() < 0.2) continue;
    later[n] = !(n === 'france' || s.atWar[n as Ally])
      ? { activity: 'declare' }
      : { activity: 'reinforce', count: Math.min(1, reinforceLimit(s, n)) };
    // Spec 5.2: now and then conditional on the board when the nation comes up.
    const r = rand();
    if (r < 0.15) later[n].when = { noFrench: homeOf(s, n) };
    else if (r < 0.3 && n !== 'france') later[n].when = { atWar: s.atWar[n as Ally] };
  }
  return Object.keys(later).length ? later : undefined;
}

/** A random allocation of France's dice among the nations present. */
function randomAllocation(s: FnState, area: string, rand: Rand): Partial<Record<Ally, number>> {
  const present = warNationsIn(s, area);
  const out: Partial<Record<Ally, number>> = {};
  for (let d = 0; d < unitsOf(s, area, 'france'); d++) {
    const a = pickOne(present, rand);
    out[a] = (out[a] ?? 0) + 1;
  }
  return out;
}

/** The package's `randomOrders`. */
export function randomOrders(s: FnState, seat: SeatId, rand: Rand): FnOrders {
  if (owingSeat(s) !== seat) return {};
  const p = s.phase;
  if (p.kind === 'start') {
    if (rand() < 0.5) return { start: 'roll' };
    return {
      start: 'roll',
      standing: {
        priority: shuffled(ALLIES, rand),
        surrenderCount: Math.floor(rand() * 4),
        ...(rand() < 0.5 ? { perArea: { RH: { prussia: 1, austria: 2 } } } : {}),
      },
    };
  }
  if (p.kind === 'allocate') return { allocation: randomAllocation(s, p.combat.areas[0], rand) };
  if (p.kind === 'surrenderReinforce') return { count: Math.floor(rand() * (reinforceLimit(s, 'france') + 1)) };
  if (p.kind === 'moveOn') {
    const move = randomMoves(s, activeNation(s)!, rand, 0.8, p.arrived);
    return Object.keys(move).length ? { move } : {};
  }
  if (p.kind === 'combatOrder') return { combatOrder: shuffled(p.combat.areas, rand) };
  const n = activeNation(s)!;
  const later = laterActivations(s, seat, rand);
  const orders: FnOrders = { ...randomActivation(s, n, rand), ...(later ? { later } : {}) };
  // D7 standing, now and then: one of the seat's nations holds back from others' attacks, or none does.
  if (n !== 'france' && rand() < 0.05) orders.standing = { holdBack: rand() < 0.5 ? [n as Ally] : [] };
  return orders;
}
