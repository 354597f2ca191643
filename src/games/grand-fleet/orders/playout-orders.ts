/**
 * The computer player's play-out heuristic (the package's `playoutOrders`): cheap, legal orders with a purpose, drawn
 * with `rand` so that play-outs vary. What it knows of the game: VP come mostly from a decisive battle, where the
 * offensive side scores the control VP of enemy proximity and home hexes held by its fleets alone (GF 8[5]), a
 * refused battle gives the offensive side 3 VP (GF 7(b)[6a]), and two initiative dice of one parity cost 1 VP
 * (GF 7(b)[2a]). So: commit ships, withdraw none, roll one die mostly (two when behind), declare and accept battles,
 * organise every fleet marker (an empty face-down marker is lost, GF 8[4][1]), place the offensive side's markers on
 * the enemy's uncontested flagged hexes and the intercepting side's onto its own threatened ones, and stay in a hex
 * (continue, GF 8[4.4][2a]) where staying scores or denies VP.
 */
import type { SeatId } from '../../../engine/types.ts';
import { pickOne as pick, shuffled } from '../../../engine/shuffled.ts';
import type { Side } from '../data/schema.ts';
import { hasMarker, markersIn, situationCount, targetsOf } from '../rules/combat.ts';
import { fastFleets, surplusShips, toOrganise } from '../rules/organise.ts';
import { hexPoints, pointOf } from '../rules/owed.ts';
import { fleetOf, interceptableHexes, interceptionTargets, unplaced } from '../rules/placement.ts';
import { enemyOf, fleetSlots, type GfState, hexOf, indexOf, type Situation, shipRecord, typeOf } from '../state.ts';
import { defaultCommit, defaultOrders, fireInOrder, homeHex } from './defaults.ts';
import { chance, randomOrders } from './random-orders.ts';
import type { GfOrders } from './schema.ts';

type Rand = () => number;

/** How often the heuristic plays a random legal order instead, so that play-outs still try what it never would. */
const NOISE = 0.1;

/**
 * How often the intercepting side contests a threatened flagged hex. Not always: the play-outs must also allow for
 * a passive opponent (the deadline's default orders wait at home), else the offensive side's placements on enemy
 * flagged hexes look worthless to the search, being nearly always contested in its play-outs.
 */
const CONTEST = 0.4;

/**
 * How often a side rolls two initiative dice: seldom while it leads (two of one parity cost 1 VP, GF 7(b)[2a]), mostly
 * while behind, since the offensive side alone can force a battle or gain 3 VP by a refusal (GF 7(b)[4], [6a]), and
 * a side behind needs VP the turns left will not give it. Against random, Britain's games of seeds s5 and s6: 39 of
 * 40 won with it, 36 without.
 */
const TWO_DICE = { leading: 0.25, behind: 0.7 } as const;

/** Whether `side` is losing as the VP stand: Britain wins a level game (GF 11[1]). */
const behind = (s: GfState, side: Side) => (side === 'british' ? s.vp < 0 : s.vp >= 0);

/** Colour rank for organising: fast (red) ships together, pre-dreadnoughts (blue) together (GF 8[1a]). */
const RANK = { red: 0, black: 1, blue: 2 } as const;

/**
 * D11: as many fleets as the markers and ships allow (every face-down marker then holds a fleet), ships dealt in
 * colour order so fast ships form fast fleets and pre-dreadnoughts slow down as few fleets as possible.
 */
export function playoutOrganisation(s: GfState, side: Side, rand: Rand): Record<string, number> {
  const out = shipRecord<number>();
  const ships = toOrganise(s, side);
  const surplus = surplusShips(s, side, ships);
  for (const id of surplus) out[id] = 0; // GF 8[1][7]
  const { typeOfShip, idRank } = indexOf(s.data);
  const rest = ships
    .filter((id) => !surplus.includes(id))
    .sort(
      (a, b) => RANK[typeOfShip.get(a)!.colour] - RANK[typeOfShip.get(b)!.colour] || idRank.get(a)! - idRank.get(b)!,
    );
  const max = s.data.fleetMax[side];
  const least = Math.ceil(rest.length / max);
  const most = Math.min(s.data.markers[side], Math.floor(rest.length / 3));
  if (most < 1) return out;
  // Mostly every marker; now and then one fewer (bigger fleets), never below what the fleet size allows.
  const k = Math.max(least, most - (chance(0.15, rand) ? 1 : 0));
  let at = 0;
  for (let i = 0; i < k; i++) {
    const size = Math.floor((rest.length + i) / k);
    for (const id of rest.slice(at, at + size)) out[id] = i + 1;
    at += size;
  }
  return out;
}

const flagged = new WeakMap<GfState['data'], Record<Side, readonly string[]>>();

/** The hexes flagged for `flag` (proximity and home, GF 2-2[3b-c]) that give control VP, most VP first. */
function flaggedHexes(s: GfState, flag: Side): readonly string[] {
  let known = flagged.get(s.data);
  if (!known) {
    const of = (side: Side) =>
      s.data.hexes
        .filter((h) => (h.kind === 'proximity' || h.kind === 'home') && h.flag === side && h.vp > 0)
        .sort((a, b) => b.vp - a.vp || a.id.localeCompare(b.id))
        .map((h) => h.id);
    known = { british: of('british'), german: of('german') };
    flagged.set(s.data, known); // once per data set: play-outs place markers by the thousand
  }
  return known[flag];
}

/** Whether a hex holds live markers of `side`. */
const holds = hasMarker;

/**
 * D13: the offensive side takes the enemy's empty flagged hexes (proximity before home, where the enemy fights at
 * +1, GF 8[4.2]M(a)), else backs up a hex it holds alone; the intercepting side contests its own flagged hexes the
 * enemy holds alone (most VP first) now and then, else waits in its home hex (counted double, GF 8[3][3b]).
 */
export function playoutPlacement(s: GfState, side: Side, rand: Rand): NonNullable<GfOrders['place']> {
  const u = unplaced(s, side);
  const marker = u.down > 0 && (!u.up.length || chance(0.7, rand)) ? 'down' : u.up[0];
  const enemy = enemyOf(side);
  const b = s.battle!;
  if (side === b.offensive) {
    const targets = flaggedHexes(s, enemy);
    const free = targets.filter((h) => !holds(s, h, side) && !holds(s, h, enemy));
    const proximity = free.filter((h) => hexOf(s, h)!.kind === 'proximity');
    const choices = proximity.length ? proximity : free;
    if (choices.length) return { marker, hex: chance(0.75, rand) ? choices[0] : pick(choices, rand) };
    const mine = targets.filter((h) => holds(s, h, side));
    if (mine.length) return { marker, hex: pick(mine, rand) };
    return { marker, hex: pick(targets, rand) };
  }
  const threatened = flaggedHexes(s, side).filter((h) => holds(s, h, enemy) && !holds(s, h, side));
  if (threatened.length && chance(CONTEST, rand)) return { marker, hex: threatened[0] };
  return { marker, hex: homeHex(s, side) };
}

/** A side's bombardment in the round's hex (every ship at its value: the strength it would bring next round). */
function strengthIn(s: GfState, side: Side, hex: string): number {
  const { typeAt } = indexOf(s.data);
  let total = 0;
  for (const m of s.battle!.markers) {
    if (m.out || m.hex !== hex || m.side !== side) continue;
    for (const slot of fleetSlots(s, side, fleetOf(s, m)) ?? [])
      if (s.places[slot] === 'fleet') total += typeAt[slot].bombardment;
  }
  return total;
}

/**
 * D18: stay where staying is worth it. The side that stays alone keeps the hex (GF 8[4.4][2a]): the offensive side
 * stays in an enemy flagged hex (control VP, GF 8[5]) and the intercepting side in its own; anywhere, a side clearly
 * the stronger stays to fight on.
 */
function playoutContinue(s: GfState, side: Side, rand: Rand): boolean {
  const b = s.battle!;
  const hex = b.round!.hex;
  const h = hexOf(s, hex)!;
  const flagged = (h.kind === 'proximity' || h.kind === 'home') && h.vp > 0;
  const worth = flagged && h.flag === (side === b.offensive ? enemyOf(side) : side);
  const mine = strengthIn(s, side, hex);
  const theirs = strengthIn(s, enemyOf(side), hex);
  if (worth) return chance(mine >= theirs * 0.6 ? 0.9 : 0.5, rand);
  return chance(mine > theirs * 1.3 ? 0.6 : 0.1, rand);
}

/** D16: half bombardment for the enemy, off for oneself, then the range that favours the stronger side. */
function playoutSituations(s: GfState, side: Side): Situation[] {
  const r = s.battle!.round!;
  const n = situationCount(r);
  const out: Situation[] = [];
  if (!r.init[enemyOf(side)]!.half) out.push('enemyHalf');
  if (r.init[side]!.half) out.push('cancelHalf');
  const range = strengthIn(s, side, r.hex) >= strengthIn(s, enemyOf(side), r.hex) ? 'short' : 'long';
  out.push(range, range);
  return out.slice(0, n);
}

/** The VP a sunk ship gives: 1, a pre-dreadnought a third (German) or a half (British), GF 11[2c]. */
function sinkValue(s: GfState, id: string): number {
  if (typeOf(s, id).colour !== 'blue') return 1;
  return indexOf(s.data).ship.get(id)!.nation === 'german' ? 1 / 3 : 1 / 2;
}

/** D17: the most VP per point of defence first (every allocated ship gets its damage roll, GF 8[4.3][4]). */
function playoutFire(s: GfState, side: Side, rand: Rand): Record<string, number> {
  const targets = shuffled(targetsOf(s, side, s.battle!.round!.hex), rand);
  const worths = new Map(targets.map((id) => [id, sinkValue(s, id) / typeOf(s, id).defence]));
  const worth = (id: string) => worths.get(id)!; // worked out once per ship, not per comparison
  return fireInOrder(
    s,
    side,
    targets.sort((a, b) => worth(b) - worth(a)),
    shipRecord(),
  );
}

/** D15: no half bombardment; an excess manoeuvre of 1 now and then with two or more fleets in the hex. */
function playoutInitiative(s: GfState, side: Side, rand: Rand): { half: boolean; excess: number } {
  const fleets = markersIn(s, s.battle!.round!.hex, side).length;
  return { half: chance(0.1, rand), excess: fleets >= 2 && chance(0.2, rand) ? 1 : 0 };
}

/** The heuristic's orders for the point the seat owes (random legal orders a tenth of the time). */
export function playoutOrders(s: GfState, seat: SeatId, rand: Rand): GfOrders {
  const side = seat as Side;
  const point = pointOf(s, side);
  if (chance(NOISE, rand) && point !== 'AD1') return randomOrders(s, seat, rand);
  switch (point) {
    case 'D3':
    case 'D4':
      return { commit: { ...defaultCommit(s, side), dice: chance(0.9, rand) ? 2 : 1 } };
    case 'D5':
    case 'D6':
      return { withdraw: { roll: false } };
    case 'D7':
      return { usw: chance(0.5, rand) ? 'occur' : 'decline' };
    case 'D8':
      return { dice: chance(behind(s, side) ? TWO_DICE.behind : TWO_DICE.leading, rand) ? 2 : 1 };
    case 'D9':
      return { battle: chance(0.9, rand) };
    case 'D10':
      return { accept: chance(0.85, rand) };
    case 'D11':
      return { organise: playoutOrganisation(s, side, rand) };
    case 'D12': {
      const up = fastFleets(s, side).filter(() => chance(0.2, rand));
      return up.length ? { faceUp: up } : {};
    }
    case 'D13':
      return { place: playoutPlacement(s, side, rand) };
    case 'D14': {
      if (chance(0.85, rand)) return { intercept: 'pass' };
      const hex = pick(interceptableHexes(s, side), rand);
      return { intercept: { from: hex, to: pick(interceptionTargets(s, hex), rand) } };
    }
    case 'D15':
      return { initiative: playoutInitiative(s, side, rand) };
    case 'D16': {
      const situations = playoutSituations(s, side);
      return situations.length ? { situations } : {};
    }
    case 'D17':
      return { fire: playoutFire(s, side, rand) };
    case 'D18':
      return { continue: playoutContinue(s, side, rand) };
    case 'AD1': {
      const hexes: NonNullable<GfOrders['hexes']> = {};
      for (const p of hexPoints(s, side)) {
        const { standing: _, ...answers } = playoutOrders(p.state, seat, rand);
        hexes[p.hex] = answers;
      }
      return { hexes };
    }
    default:
      return defaultOrders(s, seat);
  }
}
