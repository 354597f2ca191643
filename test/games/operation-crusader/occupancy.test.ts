/**
 * What rules/occupancy.ts knows of where units stand is brought up to date unit by unit as a resolve changes them
 * (state.ts `unitChanges`). Checked over random games, at every step, against a plain scan of the units, and against
 * an older state asked again after a later one (the answer is worked out afresh, not taken from the later state).
 */
import { expect, test } from 'vitest';
import type { ResolveContext } from '../../../src/engine/types.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import {
  activatable,
  activatableAt,
  anyActivatable,
  groupLocations,
  positionKey,
  unitsAt,
} from '../../../src/games/operation-crusader/rules/occupancy.ts';
import type { OcSide, OcState } from '../../../src/games/operation-crusader/state.ts';
import { randomSource } from '../../conformance/support/random-game.ts';

const SIDES: OcSide[] = ['british', 'axis'];

/** The answers of the queries, asked of the module. */
function asked(s: OcState) {
  const places = [...s.data.areas.map((a) => a.id), ...s.data.points.map((p) => p.id)];
  return SIDES.map((side) => ({
    free: [...activatable(s, side)],
    any: anyActivatable(s, side),
    groups: groupLocations(s, side),
    at: places.map((p) => [unitsAt(s, p, side), activatableAt(s, side, p)]),
  }));
}

/** The same answers from a plain scan of every unit's state. */
function scanned(s: OcState) {
  const places = [...s.data.areas.map((a) => a.id), ...s.data.points.map((p) => p.id)];
  return SIDES.map((side) => {
    const mine = s.data.units.filter((u) => u.side === side && s.units[u.id].status === 'map').map((u) => u.id);
    const free = mine.filter((u) => !s.units[u].faceDown);
    return {
      free,
      any: free.length > 0,
      groups: [...new Set(free.map((u) => s.units[u].at!))],
      at: places.map((p) => [mine.filter((u) => s.units[u].at === p), free.filter((u) => s.units[u].at === p)]),
    };
  });
}

/** Where every unit stands (its location on the map, or null). */
const where = (s: OcState) => s.data.units.map((u) => (s.units[u.id].status === 'map' ? s.units[u.id].at : null));

test.each([1, 2, 3])('random game %i: where units stand, kept up to date step by step', (n) => {
  const rand = randomSource(`occupancy-${n}`);
  const ctx: ResolveContext = { roll: (sides) => 1 + Math.floor(rand() * sides), emit: () => {} };
  let s = game.setup({ mode: 'standard', options: game.optionsSchema.parse({}), data: game.defaultData });
  let steps = 0;
  for (; steps < 400 && game.owed(s).length; steps++) {
    expect(asked(s)).toEqual(scanned(s));
    const before = s;
    const key = positionKey(before);
    const orders = Object.fromEntries(game.owed(s).map((o) => [o.seat, game.randomOrders!(s, o.seat, rand)]));
    s = game.resolve(s, orders, ctx);
    // The same key only while every unit stands where it stood.
    if (positionKey(s) === key) expect(where(s)).toEqual(where(before));
    expect(asked(s)).toEqual(scanned(s));
    // The earlier state, asked again, is as it was.
    expect(asked(before)).toEqual(scanned(before));
  }
  expect(steps).toBeGreaterThan(50);
});
