/**
 * Default orders: legal and deterministic at every decision point, applied for a seat that missed its deadline.
 * They take the cautious course (no battle declared, accept one offered, no excess manoeuvre, no continuation);
 * placement defaults to the side's own home hex (GF-AD2's least intrusive default).
 */
import type { SeatId } from '../../../engine/types.ts';
import { spreadBritish } from '../rules/armament.ts';
import { firePoints, targetsOf } from '../rules/combat.ts';
import type { Side } from '../data/schema.ts';
import { autoOrganisation } from '../rules/organise.ts';
import type { GfOrders } from './schema.ts';
import { hexPoints, pointOf } from '../rules/owed.ts';
import { unplaced } from '../rules/placement.ts';
import { type GfState, indexOf, typeOf } from '../state.ts';

/** The side's home hex (GF 2-2[3c]). */
export const homeHex = (s: GfState, side: Side): string =>
  s.data.hexes.find((h) => h.kind === 'home' && h.flag === side)?.id ??
  s.data.hexes.find((h) => h.kind !== 'prohibited')!.id;

/**
 * Fire on enemy ships in `order`, each given exactly its defence value while points last (GF 8[4.3][3]), into
 * `fire`: random and play-out orders, whose ships come in random orders, give a `shipRecord` for it.
 */
export function fireInOrder(
  s: GfState,
  side: Side,
  order: string[],
  fire: Record<string, number> = {},
): Record<string, number> {
  let left = firePoints(s, side);
  const { typeOfShip } = indexOf(s.data);
  for (const id of order) {
    const d = typeOfShip.get(id)!.defence;
    if (d > left) continue;
    fire[id] = d;
    left -= d;
  }
  return fire;
}

/** The default commitment: two dice, the British spread over the numbered boxes (GF 6[8], GF-A06). */
export const defaultCommit = (s: GfState, side: Side): NonNullable<GfOrders['commit']> => {
  if (side === 'german') return { dice: 2 };
  const moves = spreadBritish(s);
  return Object.keys(moves).length ? { dice: 2, redistribute: moves } : { dice: 2 };
};

/** A legal, deterministic default for the point the seat owes (empty when it owes nothing). */
export function defaultOrders(s: GfState, seat: SeatId): GfOrders {
  const side = seat as Side;
  switch (pointOf(s, side)) {
    case 'D3':
    case 'D4':
      return { commit: defaultCommit(s, side) };
    case 'D5':
    case 'D6':
      return { withdraw: { roll: false } };
    case 'D7':
      return { usw: 'decline' };
    case 'D8':
      return { dice: 1 };
    case 'D9':
      return { battle: false };
    case 'D10':
      return { accept: true };
    case 'D11':
      return { organise: autoOrganisation(s, side) };
    case 'D13': {
      const u = unplaced(s, side);
      return { place: { marker: u.down > 0 ? 'down' : u.up[0], hex: homeHex(s, side) } };
    }
    case 'D14':
      return { intercept: 'pass' };
    case 'D15':
      return { initiative: { half: false, excess: 0 } };
    case 'D17': {
      const hex = s.battle!.round!.hex;
      const order = targetsOf(s, side, hex).sort(
        (a, b) => typeOf(s, b).defence - typeOf(s, a).defence || a.localeCompare(b),
      );
      return { fire: fireInOrder(s, side, order) };
    }
    case 'D18':
      return { continue: false };
    case 'AD1':
      // GF-AD1: each open hex's strict default.
      return { hexes: Object.fromEntries(hexPoints(s, side).map((p) => [p.hex, defaultOrders(p.state, seat)])) };
    default:
      return {};
  }
}
