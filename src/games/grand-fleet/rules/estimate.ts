/**
 * The computer player's estimate of a position (the package's `botEstimate`): the VP balance (GF 10: positive for
 * Britain, a lead of 7 wins outright), squashed into (0, 1). A play-out is cut off after about a turn, often in the
 * middle of a decisive battle, so the estimate also counts what the battle is about to give: the control VP of the
 * enemy flagged hexes the offensive side's fleets hold alone (GF 8[5], scored when the battle ends). A side below
 * its North Sea maintenance number loses at the end of the turn (GF 11[4-5]) unless it commits ships back first.
 */
import type { SeatId } from '../../../engine/types.ts';
import type { Side } from '../data/schema.ts';
import { countAt, enemyOf, type GfState, hexOf } from '../state.ts';
import { shipsUnderCount } from './placement.ts';

/** How much of the control VP in hand the estimate counts before the battle ends (the enemy may still contest). */
const PENDING_SHARE = 0.8;

/** The VP one side below its maintenance number costs it in the estimate (short of the 7 that end the game). */
const MAINTENANCE_PENALTY = 5;

/** Control VP the offensive side holds now: enemy flagged hexes with only its live, organised fleets (GF 8[5]). */
export function pendingControlVp(s: GfState): number {
  const b = s.battle;
  if (!b?.markers.length) return 0;
  const off = b.offensive;
  const enemy = enemyOf(off);
  const held = new Map<string, boolean>(); // hex -> held by the offensive side alone
  for (const m of b.markers) {
    if (m.out) continue;
    const h = hexOf(s, m.hex)!;
    if (h.flag !== enemy || (h.kind !== 'proximity' && h.kind !== 'home')) continue;
    if (m.side !== off) held.set(m.hex, false);
    else if (!held.has(m.hex) && shipsUnderCount(s, m) > 0) held.set(m.hex, true);
  }
  let vp = 0;
  for (const [hex, alone] of held) if (alone) vp += hexOf(s, hex)!.vp;
  return Math.floor(vp);
}

/** Britain wins a game that ends level (GF 11[1]): the estimate's even point is half a VP on the German side. */
const TIE_SHIFT = 0.5;

/** The British lead the estimate sees: VP, the battle's pending control VP, and maintenance shortfalls. */
export function estimatedLead(s: GfState): number {
  let lead = s.vp + TIE_SHIFT;
  if (s.result) return lead;
  if (s.battle) lead += (s.battle.offensive === 'british' ? 1 : -1) * PENDING_SHARE * pendingControlVp(s);
  for (const side of ['british', 'german'] as const satisfies readonly Side[]) {
    const inFleetBox = countAt(s, side, 'fleet');
    if (inFleetBox < s.data.maintenance[side]) lead += side === 'british' ? -MAINTENANCE_PENALTY : MAINTENANCE_PENALTY;
  }
  return lead;
}

/** How well the game stands for `seat`, in (0, 1): 0.5 at an even estimated lead. */
export function botEstimate(s: GfState, seat: SeatId): number {
  const british = 1 / (1 + Math.exp(-estimatedLead(s) / 3));
  return seat === 'british' ? british : 1 - british;
}
