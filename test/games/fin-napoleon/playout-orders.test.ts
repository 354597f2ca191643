/**
 * The computer player's play-out heuristic (orders/playout-orders.ts): legal at every decision point of many games,
 * and purposeful in positions with one obviously right move: France strikes the Allied home whose surrender wins
 * (FN 10.3[4]) without crossing a sea (FN 9.13[3]); an Allied nation at peace declares war (FN 7.0); an Allied
 * nation takes a France left unguarded (FN 9.33); France guards its home against a stack next to it.
 */
import { expect, test } from 'vitest';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import { playoutOrders } from '../../../src/games/fin-napoleon/orders/playout-orders.ts';
import { positionFromFixture } from '../../../src/games/fin-napoleon/rules/fixture.ts';
import { type FnState, isSea } from '../../../src/games/fin-napoleon/state.ts';
import { playRandomGame, randomSource } from '../../conformance/support/random-game.ts';

test('playout orders are legal at every decision point (games mixing random and play-out players)', () => {
  let checked = 0;
  const points = new Set<string>();
  for (const [mode, n] of [
    ['two-player', 6],
    ['allies-3', 2],
  ] as const) {
    for (let g = 0; g < n; g++) {
      const mixed = (state: unknown, seat: string, r: () => number) =>
        r() < 0.3 ? fn.randomOrders!(state as FnState, seat, r) : playoutOrders(state as FnState, seat, r);
      const played = playRandomGame(fn, { mode, seed: `playout-${mode}-${g}`, player: mixed, maxSteps: 400 });
      expect(played.problems).toEqual([]);
      const rand = randomSource(`playout-draws-${g}`);
      for (const s of played.states as FnState[]) {
        for (const { seat, point } of fn.owed(s)) {
          for (let k = 0; k < 3; k++) {
            const orders = playoutOrders(s, seat, rand);
            expect(fn.validate(s, seat, orders), `${point} ${JSON.stringify(orders)}`).toEqual([]);
            checked++;
          }
          points.add(point);
        }
      }
    }
  }
  expect(checked).toBeGreaterThan(1000);
  // Activations, France's dice and the first roll at least (D5 and D3 come up in some games only).
  for (const p of ['FN-D0', 'FN-D1', 'FN-D6']) expect(points).toContain(p);
});

/** Every unit move of some orders as [from-slot, path]. */
const movesOf = (o: { move?: Record<string, string[]> }) => Object.entries(o.move ?? {});

test('France strikes the Allied home whose surrender wins, over land, with nearly everything (FN 10.3[4])', () => {
  // Prussia and Spain at peace (6 VP): Austria's surrender brings the VP at peace to 10.
  const s = positionFromFixture({ active: 'france', units: { FR: { france: 8 }, AU: { austria: 3 } } });
  const rand = randomSource('strike');
  for (let k = 0; k < 20; k++) {
    const o = playoutOrders(s, 'france', rand);
    expect(o.activity).toBe('move');
    const into = movesOf(o).filter(([, path]) => path[path.length - 1] === 'AU');
    expect(into.length).toBeGreaterThanOrEqual(7);
    for (const [, path] of movesOf(o)) expect(path.some((a) => isSea(s, a))).toBe(false);
  }
});

test('France keeps units in France when an Allied stack stands next to it (FN 9.33)', () => {
  const s = positionFromFixture({ active: 'france', units: { FR: { france: 8 }, AU: { austria: 3 }, RH: {} } });
  s.units.SF.britain = 3;
  s.atWar.britain = true;
  const rand = randomSource('guard');
  for (let k = 0; k < 20; k++) {
    const o = playoutOrders(s, 'france', rand);
    const leaving = movesOf(o).filter(([slot]) => slot.startsWith('FR')).length;
    expect(8 - leaving).toBeGreaterThanOrEqual(1);
    expect(o.activity).not.toBe('declare');
  }
});

test('an Allied nation at peace declares war; one next to an empty France takes it (FN 7.0, FN 9.33)', () => {
  const rand = randomSource('allies');
  const peace = positionFromFixture({ active: 'prussia' });
  let declared = 0;
  for (let k = 0; k < 20; k++) if (playoutOrders(peace, 'allies', rand).activity === 'declare') declared++;
  expect(declared).toBeGreaterThanOrEqual(15);
  // France's army is away in Austria; one French unit holds France; three Prussian units (at war) in the Rhine.
  const open = positionFromFixture({
    active: 'prussia',
    atWar: { prussia: true },
    units: { FR: { france: 1 }, AU: { france: 6 }, RH: { prussia: 3 }, PR: {} },
  });
  for (let k = 0; k < 10; k++) {
    const o = playoutOrders(open, 'allies', rand);
    expect(o.activity).toBe('move');
    expect(movesOf(o).filter(([, path]) => path[0] === 'FR')).toHaveLength(3);
  }
});
