/**
 * The computer player's estimate of a position (the package's `botEstimate`): the VP balance (GF 10: positive for
 * Britain, a lead of 7 wins outright), squashed into (0, 1). A play-out is cut off after about a turn, often in the
 * middle of a decisive battle, so the estimate also counts what the battle is about to give: the control VP of the
 * enemy flagged hexes the offensive side's fleets hold alone (GF 8[5], scored when the battle ends), and in each hex
 * where both sides' fleets still face each other, the ships each side can expect to sink in a bombardment round and
 * a share of the hex's control VP by the sides' firepower (GF 8[4.3]). A side below its North Sea maintenance number
 * loses at the end of the turn (GF 11[4-5]) unless it commits ships back first.
 */
import type { SeatId } from '../../../engine/types.ts';
import type { Side } from '../data/schema.ts';
import { countAt, enemyOf, fleetSlots, type GfState, hexOf, indexOf } from '../state.ts';
import { fleetOf } from './placement.ts';

/** How much of the control VP in hand the estimate counts before the battle ends (the enemy may still contest). */
const PENDING_SHARE = 0.8;

/** The VP one side below its maintenance number costs it in the estimate (short of the 7 that end the game). */
const MAINTENANCE_PENALTY = 5;

/** What one side's fleets in one hex bring: ships still with them, their bombardment and defence (GF 8[4.3]). */
interface Force {
  ships: number;
  bombardment: number;
  defence: number;
}

const noForce = (): Force => ({ ships: 0, bombardment: 0, defence: 0 });

/** Each hex's live, organised forces of both sides (face-down markers as the position, or a sample, has them). */
function forcesByHex(s: GfState): Map<string, Record<Side, Force>> {
  const { typeAt } = indexOf(s.data);
  const out = new Map<string, Record<Side, Force>>();
  for (const m of s.battle!.markers) {
    if (m.out) continue;
    let at = out.get(m.hex);
    if (!at) {
      at = { british: noForce(), german: noForce() };
      out.set(m.hex, at);
    }
    const f = at[m.side];
    for (const slot of fleetSlots(s, m.side, fleetOf(s, m)) ?? []) {
      if (s.places[slot] !== 'fleet') continue;
      f.ships++;
      f.bombardment += typeAt[slot].bombardment;
      f.defence += typeAt[slot].defence;
    }
  }
  return out;
}

/**
 * The chance a ship hit is sunk: 2d6 on the damage table, German ships 1 less (GF 8[4.3][4]); with the shipped table
 * (sunk on 10 or more) 6/36 for a British ship and 3/36 for a German one.
 */
function sinkChance(s: GfState, target: Side): number {
  let known = sinkChances.get(s.data);
  if (!known) {
    const sunkFrom = (s.data.damageTable.findLast((r) => r.result !== 'sunk')?.max ?? 12) + 1;
    const chance = (need: number) => {
      let ways = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= need) ways++;
      return ways / 36;
    };
    known = { british: chance(sunkFrom), german: chance(sunkFrom + 1) };
    sinkChances.set(s.data, known);
  }
  return known[target];
}

const sinkChances = new WeakMap<GfState['data'], Record<Side, number>>();

/** Ships `by` can expect to sink of `of` in one round: its points over their mean defence, each hit rolled. */
function expectedSinks(s: GfState, by: Force, of: Force, target: Side): number {
  if (!of.ships || !by.bombardment) return 0;
  const hits = Math.min(of.ships, by.bombardment / (of.defence / of.ships));
  return hits * sinkChance(s, target);
}

/**
 * The battle's VP the estimate expects for Britain (negative: for Germany): control VP of enemy flagged hexes the
 * offensive side holds alone or, where both sides face each other, by its share of the firepower (GF 8[5]), and the
 * ships each side may sink in the hexes still to be fought (GF 11[2c]).
 */
export function pendingBattleLead(s: GfState): number {
  const b = s.battle;
  if (!b?.markers.length) return 0;
  const off = b.offensive;
  const def = enemyOf(off);
  let control = 0;
  let sinks = 0; // for Britain
  for (const [hex, at] of forcesByHex(s)) {
    const o = at[off];
    const d = at[def];
    const h = hexOf(s, hex)!;
    const flagged = h.flag === def && (h.kind === 'proximity' || h.kind === 'home');
    if (!d.ships) {
      if (flagged && o.ships) control += h.vp;
      continue;
    }
    if (!o.ships) continue;
    if (flagged) control += (h.vp * o.bombardment ** 2) / (o.bombardment ** 2 + d.bombardment ** 2);
    sinks += expectedSinks(s, at.british, at.german, 'german') - expectedSinks(s, at.german, at.british, 'british');
  }
  return (off === 'british' ? 1 : -1) * PENDING_SHARE * control + sinks;
}

/** Britain wins a game that ends level (GF 11[1]): the estimate's even point is half a VP on the German side. */
const TIE_SHIFT = 0.5;

/** The British lead the estimate sees: VP, the battle's pending VP, and maintenance shortfalls. */
export function estimatedLead(s: GfState): number {
  let lead = s.vp + TIE_SHIFT;
  if (s.result) return lead;
  if (s.battle) lead += pendingBattleLead(s);
  for (const side of ['british', 'german'] as const satisfies readonly Side[]) {
    const inFleetBox = countAt(s, side, 'fleet');
    if (inFleetBox < s.data.maintenance[side]) lead += side === 'british' ? -MAINTENANCE_PENALTY : MAINTENANCE_PENALTY;
  }
  return lead;
}

/**
 * How far the VP may still move in a turn, as the scale of the estimate's logistic: a USW Table roll moves them by
 * up to 2 (GF 9[4]), the initiative dice by 1 (GF 7(b)[2a]), a refusal by 3 and a battle by its sinkings and control
 * VP. Over the turns left the spread grows as their square root, so that a lead counts for more the fewer turns are
 * left: a scale of 3.6 VP in turn 1, 1.2 in the last. A side behind late then takes the chances that a battle gives
 * (two initiative dice, GF 7(b)[4]); with a fixed scale of 3 it waited for the turns to run out. Against random, seeds
 * strength, s5, s6 and s8 (220 games): as many won in all as with the fixed scale, but evenly over the sides, Britain
 * 103 and Germany 103 of 110, where the fixed scale won 99 and 106.
 */
const SPREAD_A_TURN = 1.2;

/** How well the game stands for `seat`, in (0, 1): 0.5 at an even estimated lead. */
export function botEstimate(s: GfState, seat: SeatId): number {
  const turnsLeft = Math.max(0, s.data.turns.length - s.turn) + 1; // this one included
  const british = 1 / (1 + Math.exp(-estimatedLead(s) / (SPREAD_A_TURN * Math.sqrt(turnsLeft))));
  return seat === 'british' ? british : 1 - british;
}
