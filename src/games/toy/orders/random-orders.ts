/** Random legal orders of the toy game, for `pbem simulate` and property tests: a pick when owed, at times a note. */
import type { SeatId } from '../../../engine/types.ts';
import { owed } from '../rules/owed.ts';
import type { ToyState } from '../state.ts';
import type { ToyOrders } from './schema.ts';

const NOTES = ['good luck', 'six again', 'よろしく', 'thinking...'];

/** A legal pick for an owing seat (TOY 2), with a standing note one time in four. */
export function randomToyOrders(state: ToyState, seat: SeatId, rand: () => number): ToyOrders {
  const orders: ToyOrders = {};
  if (owed(state).some((o) => o.seat === seat)) orders.pick = 1 + Math.floor(rand() * 6);
  if (rand() < 0.25) orders.standing = { note: NOTES[Math.floor(rand() * NOTES.length)] };
  return orders;
}
