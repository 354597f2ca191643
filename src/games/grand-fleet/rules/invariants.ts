/** Rule invariants that hold in every state; returns the broken ones. */
import type { Side } from '../data/schema.ts';
import { shipsUnder } from './placement.ts';
import { type GfState, SIDE_ORDER, sideOfShip, indexOf, placeOf } from '../state.ts';

const PLACE = /^(pending|fleet|sunk|removed|dd[0-6])$/;

/** GF 2-3, 6[5], 8[1][4], 8[2]: places, capacities, fleets, markers. */
export function invariants(s: GfState): string[] {
  const broken: string[] = [];
  for (const ship of s.data.ships) {
    const place = placeOf(s, ship.id);
    if (!place || !PLACE.test(place)) broken.push(`GF 2-3: ship ${ship.id} in an unknown place ${place}`);
  }
  for (const side of SIDE_ORDER)
    for (let box = 1; box <= 6; box++) {
      const n = s.data.ships.filter((x) => sideOfShip(x) === side && placeOf(s, x.id) === `dd${box}`).length;
      if (n > s.data.ddCapacity[side]) broken.push(`GF 6[5]: ${side} DDbox ${box} holds ${n}`);
    }
  if (!Number.isInteger(s.vp)) broken.push(`GF 8[5][2]: VP ${s.vp} is not whole`);
  if (s.turn < 1 || s.turn > s.data.turns.length) broken.push(`GF 4[1]: turn ${s.turn}`);
  if (s.phase.kind === 'over' && !s.result) broken.push('GF 10: over without a result');
  if (s.battle) broken.push(...battleInvariants(s));
  return broken;
}

function battleInvariants(s: GfState): string[] {
  const b = s.battle!;
  const broken: string[] = [];
  const idx = indexOf(s.data);
  for (const side of SIDE_ORDER as Side[]) {
    const seen = new Set<string>();
    b.fleets[side].forEach((fleet, i) => {
      if (fleet.length > s.data.fleetMax[side]) broken.push(`GF 8[1][4]: ${side} fleet ${i + 1} has ${fleet.length}`);
      for (const id of fleet) {
        if (seen.has(id) || sideOfShip(idx.ship.get(id)!) !== side) broken.push(`GF 8[1]: ${id} misplaced in fleets`);
        seen.add(id);
      }
    });
    const down = b.markers.filter((m) => m.side === side && !m.up && !b.revealed);
    if (down.length > b.hidden[side].length) broken.push(`GF 8[2]: ${side} placed more face-down markers than it has`);
    if (b.markers.filter((m) => m.side === side).length > s.data.markers[side])
      broken.push(`GF 2-1[7]: ${side} markers`);
  }
  for (const m of b.markers) {
    if (!idx.hex.has(m.hex) || idx.hex.get(m.hex)!.kind === 'prohibited')
      broken.push(`GF 8[2][2]: marker ${m.id} in ${m.hex}`);
    if (b.revealed && !m.out && shipsUnder(s, m).length === 0) broken.push(`GF 8[4][1]: empty marker ${m.id} in play`);
  }
  return broken;
}
