/** Random legal orders (`pbem simulate`, conformance): bold enough that games end, drawn only with `rand`. */
import type { SeatId } from '../../../engine/types.ts';
import { ALLIES, type Ally, type Nation } from '../data/schema.ts';
import { warNationsIn } from '../rules/combat.ts';
import { owingSeat } from '../rules/owed.ts';
import { reinforceLimit } from '../rules/surrender.ts';
import {
  activeNation,
  areaIds,
  areaRecords,
  countIn,
  enemiesOfFrance,
  type FnState,
  homeNationOf,
  homeOf,
  isAlly,
  unitsOf,
} from '../state.ts';
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

/** Moves toward a fight: paths ending with enemies or in an enemy home count double (null: no unit moves). */
function randomMoves(
  s: FnState,
  n: Nation,
  rand: Rand,
  share: number,
  arrived?: Record<string, number>,
): Record<string, string[]> | null {
  let move: Record<string, string[]> | null = null;
  const franceHome = homeOf(s, 'france');
  const ids = areaIds(s);
  const records = areaRecords(s);
  for (let a = 0; a < ids.length; a++) {
    const from = ids[a];
    const count = countIn(records[a], n) - (arrived?.[from] ?? 0); // `movable`, by the area's record
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
      move ??= {};
      move[slotKey(from, slot)] = pickOne(good.length && rand() < 0.7 ? good : paths, rand);
    }
  }
  return move;
}

/**
 * The areas in reverse data order, one list per data set (a combat order the random player gives). Shared: do not
 * change. Not frozen: the array builds the rules run over it (filter) take slower paths on frozen arrays.
 */
function reversedAreas(s: FnState): readonly string[] {
  let out = reversed.get(s.data);
  if (!out) {
    out = [...areaIds(s)].reverse();
    reversed.set(s.data, out);
  }
  return out;
}
const reversed = new WeakMap<object, readonly string[]>();

/**
 * One random activation of nation `n` now, among the legal activities (`legalActivities` of choices.ts, asked here
 * without its list: FN 6.0[3], [4], FN 7.0[3], FN-A06).
 */
function randomActivation(s: FnState, n: Nation, rand: Rand): Activation {
  const ally = isAlly(n);
  const mayDeclare = ally ? !s.atWar[n] : !s.frenchDeclared && ALLIES.some((a) => !s.atWar[a]);
  const mayMove = !ally || s.atWar[n];
  if (mayDeclare && rand() < (n === 'france' ? 0.3 : 0.7)) {
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
  const box = reinforceLimit(s, n);
  if (box > 0 && (rand() < 0.3 || !mayMove)) return { activity: 'reinforce', count: Math.floor(rand() * (box + 1)) };
  if (!mayMove) return { activity: 'none' };
  const move = randomMoves(s, n, rand, n === 'france' ? 0.8 : 0.6);
  const act: Activation = move ? { activity: 'move', move } : { activity: 'move' };
  if (rand() < 0.2) act.combatOrder = reversedAreas(s) as string[];
  if (n === 'france' && rand() < 0.3) act.haltAfterSea = true;
  return act;
}

/** Simple activations for this seat's later nations this turn (spec 5.2), now and then. */
function laterActivations(s: FnState, seat: SeatId, rand: Rand): FnOrders['later'] {
  if (rand() < 0.4) return undefined;
  let later: NonNullable<FnOrders['later']> | undefined;
  for (let i = s.cursor + 1; i < s.order.length; i++) {
    const n = s.order[i];
    if (s.seats[n] !== seat || rand() < 0.2) continue;
    later ??= {};
    later[n] = !(n === 'france' || s.atWar[n as Ally])
      ? { activity: 'declare' }
      : { activity: 'reinforce', count: Math.min(1, reinforceLimit(s, n)) };
    // Spec 5.2: now and then conditional on the board when the nation comes up.
    const r = rand();
    if (r < 0.15) later[n].when = { noFrench: homeOf(s, n) };
    else if (r < 0.3 && n !== 'france') later[n].when = { atWar: s.atWar[n as Ally] };
  }
  return later;
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
    return move ? { move } : {};
  }
  if (p.kind === 'combatOrder') return { combatOrder: shuffled(p.combat.areas, rand) };
  const n = activeNation(s)!;
  const later = laterActivations(s, seat, rand);
  const orders: FnOrders = randomActivation(s, n, rand); // a new object: the later activations join it
  if (later) orders.later = later;
  // D7 standing, now and then: one of the seat's nations holds back from others' attacks, or none does.
  if (n !== 'france' && rand() < 0.05) orders.standing = { holdBack: rand() < 0.5 ? [n as Ally] : [] };
  return orders;
}
