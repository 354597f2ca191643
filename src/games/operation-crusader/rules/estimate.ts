/**
 * The computer player's estimate of a position (the package's `botEstimate`). A play-out is cut off after about a
 * turn, so the VP marker alone (OC 7.0[2], positive favours the British) misjudges positions whose VP come later:
 * the estimate projects the VP still to be scored at the ends of the remaining turns from the position as it stands
 * (OC 7.1(1): Tobruk besieged −1 a turn, relieved +2; OC 7.1(2): Bardia +1 a turn), later turns counting for less
 * since the position will change, and adds a little for the steps on the map (the strength to change it, and
 * OC 7.1(3): German tank steps are British VP). The sum is squashed into (0, 1).
 */
import type { SeatId } from '../../../engine/types.ts';
import { indexOf, type OcState } from '../state.ts';
import { tobrukBesieged } from './supply.ts';

/** How much each turn's end after the current one counts against the current one. */
const LATER_TURNS = 0.6;
/** What one step on the map is worth in VP (a German tank step more: it is a British VP when lost). */
const STEP = 0.15;
const GERMAN_TANK_STEP = 0.35;

/** The VP the British are expected to end with (OC 3.0[1]), positive favours them. */
export function projectedVp(s: OcState): number {
  if (s.phase.kind === 'over') return s.vp;
  const ix = indexOf(s.data);
  const turnsLeft = Math.max(0, s.options.lastTurn - s.turn);
  const weight = 1 + LATER_TURNS * turnsLeft;
  let perTurn = tobrukBesieged(s) ? -1 : 2;
  if (s.control[s.data.bardia] === 'british') perTurn += 1;
  let material = 0;
  for (const u of s.data.units) {
    const st = s.units[u.id];
    if (st.status !== 'map') continue;
    const d = ix.unit.get(u.id)!;
    const value = d.nation === 'german' && d.arm === 'tank' ? GERMAN_TANK_STEP : STEP;
    material += (u.side === 'british' ? 1 : -1) * value * st.steps * (st.outOfSupply ? 0.6 : 1);
  }
  const cap = s.data.vpCap;
  return Math.max(-cap - 2, Math.min(cap + 2, s.vp + weight * perTurn)) + material;
}

/** How well the game stands for `seat`, in (0, 1): 0.5 when the projection is even. */
export function botEstimate(s: OcState, seat: SeatId): number {
  const british = 1 / (1 + Math.exp(-projectedVp(s) / 2.5));
  return seat === 'british' ? british : 1 - british;
}
