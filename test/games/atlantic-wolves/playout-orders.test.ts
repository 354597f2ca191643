/**
 * The computer player's play-out orders (orders/playout-orders.ts): legal wherever they are asked for, and the
 * obviously right move in small positions (TEST FIXTURE values, spec 7).
 */
import { describe, expect, test } from 'vitest';
import type { ResolveContext } from '../../../src/engine/index.ts';
import { atlanticWolves as game, type AwOrders, type AwState } from '../../../src/games/atlantic-wolves/index.ts';
import { awOptionsSchema } from '../../../src/games/atlantic-wolves/options.ts';
import { playoutOrders, sinkChance } from '../../../src/games/atlantic-wolves/orders/playout-orders.ts';
import { randomLegalOrders } from '../../../src/games/atlantic-wolves/orders/random-orders.ts';
import { stateFromFixture, type FixtureSetup } from '../../../src/games/atlantic-wolves/rules/fixture.ts';
import { locations } from '../../../src/games/atlantic-wolves/state.ts';
import { atFirstPoint, C, U } from './positions.ts';

/** A seeded generator in [0, 1). */
function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

describe('legality', () => {
  test.each(['mail', 'standard'])(
    '%s: every play-out order met in seeded games (mixed with random play) passes validate',
    (mode) => {
      const rand = lcg(mode === 'mail' ? 11 : 12);
      const ctx: ResolveContext = { roll: (sides) => 1 + Math.floor(rand() * sides), emit: () => {}, silent: true };
      const kinds = new Set<string>();
      let checked = 0;
      for (let g = 0; g < 40; g++) {
        let s: AwState = game.setup({ mode, options: awOptionsSchema.parse({}), data: game.defaultData });
        // Some games with the literal overflow procedure and strict areas: other decision points and groupings.
        if (g % 4 === 3)
          s = { ...s, options: awOptionsSchema.parse({ overflow: 'literal', strictAreaSequence: true }) };
        for (let i = 0; i < 400 && !s.result; i++) {
          const orders: Record<string, AwOrders> = {};
          for (const { seat } of game.owed(s)) {
            const o = playoutOrders(s, seat, rand);
            expect(game.validate(s, seat, o), `${s.phase.kind} ${JSON.stringify(o)}`).toEqual([]);
            kinds.add(s.phase.kind);
            checked++;
            orders[seat] = g % 2 && seat === 'allied' ? randomLegalOrders(s, seat, rand) : o;
          }
          s = game.resolve(s, orders, ctx);
        }
        expect(s.result).not.toBeNull();
      }
      expect(checked).toBeGreaterThan(1000);
      const expected = mode === 'mail' ? ['placement', 'response'] : ['step2', 'step3'];
      for (const k of [...expected, 'ub-placement', 'escorts', 'ubs']) expect(kinds).toContain(k);
    },
  );

  test('a seat that owes nothing gets no orders', () => {
    const s = game.setup({ mode: 'mail', options: awOptionsSchema.parse({}), data: game.defaultData });
    const at = game.resolve(s, {}, { roll: () => 1, emit: () => {} });
    const [owing] = game.owed(at).map((o) => o.seat);
    const other = owing === 'allied' ? 'german' : 'allied';
    expect(playoutOrders(at, other, lcg(1))).toEqual({});
    expect(playoutOrders(at, owing, lcg(1))).not.toEqual({});
  });
});

describe('sinkChance (AW 8.3[4]: die + strength ≥ convoy strength)', () => {
  test('a strength-2 UB sinks a strength-4 convoy on 2-6, a strength-7 one on 5-6; never below 0 or above 1', () => {
    expect(sinkChance(2, 4)).toBeCloseTo(5 / 6);
    expect(sinkChance(2, 7)).toBeCloseTo(2 / 6);
    expect(sinkChance(-1, 9)).toBe(0);
    expect(sinkChance(3, 2)).toBe(1);
  });
});

/** Mail game, Fixture F areas (capacities 4, 3, 5, 2, 4). */
const fixture = (f: Omit<FixtureSetup, 'mode'>): FixtureSetup => ({ mode: 'mail', ...f });
const never = () => 0.99; // never the careless German (a draw below one half), and the same noise everywhere

describe('the obviously right move', () => {
  test('D3: the convoys stand together in the largest area, the escort beside them', () => {
    const s = atFirstPoint(
      fixture({
        turn: 2,
        start: 'allied-placement',
        data: { areas: 'F', units: [C('C1'), C('C2'), { id: 'DD', type: 'DD', strength: 2 }, U('U1')] },
        used: ['C1', 'C2', 'DD', 'XC1', 'XC2'],
      }),
    );
    expect(game.owed(s).map((o) => o.point)).toEqual(['AW-D3']);
    const o = playoutOrders(s, 'allied', () => 0); // keeps no room back for escorts: all fit in Area-3 (5)
    expect(game.validate(s, 'allied', o)).toEqual([]);
    expect(Object.values(o.placement ?? {})).toEqual(Array(5).fill('Area-3'));
  });

  test('D5: the UB goes where the convoys are, not to the empty or escorted areas', () => {
    const s = atFirstPoint(
      fixture({
        turn: 2,
        start: 'ub-placement',
        data: {
          areas: 'F',
          units: [
            { ...C('C1', 4), vp: 3 },
            { ...C('C2', 4), vp: 3 },
            { ...C('C3', 4), vp: 3 },
            { id: 'AIR', type: 'air', strength: 3 },
            { id: 'DD', type: 'DD', strength: 3 },
            U('U1'),
          ],
        },
        map: { 'Area-1': ['C1', 'AIR', 'DD'], 'Area-5': ['C2', 'C3'] },
        used: ['U1'],
      }),
    );
    expect(game.owed(s).map((o) => o.point)).toEqual(['AW-D5']);
    expect(playoutOrders(s, 'german', never)).toEqual({ placement: { U1: 'Area-5' } });
  });

  test('D9: two escorts attack two UBs once each (both then make 2 attacks, AW 8.3[2]), not one UB twice', () => {
    const s = atFirstPoint(
      fixture({
        turn: 2,
        start: 'combat',
        data: {
          areas: 'F',
          units: [
            C('C1'),
            { id: 'DD1', type: 'DD', strength: 2 },
            { id: 'DD2', type: 'DD', strength: 3 },
            U('U1', 3),
            U('U2', 1),
          ],
        },
        map: { 'Area-1': ['C1', 'DD1', 'DD2', 'U1', 'U2'] },
      }),
    );
    expect(game.owed(s).map((o) => o.point)).toEqual(['AW-D9']);
    // The stronger ship on the stronger UB.
    expect(playoutOrders(s, 'allied', never)).toEqual({ escorts: { DD2: ['U1'], DD1: ['U2'] } });
  });

  test('D10: no attack is spent on a ☆ convoy, which gives no VP (AW 10.0-E4), while a real one may survive', () => {
    const s = atFirstPoint(
      fixture({
        turn: 2,
        start: 'combat',
        data: { areas: 'F', units: [{ ...C('C1', 7), vp: 2 }, U('U1')] },
        map: { 'Area-2': ['C1', 'XC1', 'U1'] },
      }),
    );
    expect(game.owed(s).map((o) => o.point)).toEqual(['AW-D10']);
    const o = playoutOrders(s, 'german', never);
    expect(game.validate(s, 'german', o)).toEqual([]);
    expect(o).toEqual({ ubs: { U1: ['C1', 'C1', 'C1'] } });
  });

  test('D7: a convoy rolled for response movement leaves the UBs for an empty neighbour', () => {
    const base = stateFromFixture(
      fixture({
        turn: 2,
        start: 'combat',
        data: { areas: 'F', units: [C('C1'), U('U1'), U('U2')] },
        map: { 'Area-1': ['C1', 'U1'], 'Area-3': ['U2'] },
      }),
    );
    const s: AwState = { ...base, phase: { kind: 'response', roll: 1, unit: 'C1', rest: [] } };
    expect(locations(s).C1).toBe('Area-1');
    expect(playoutOrders(s, 'allied', never)).toEqual({ response: 'Area-2' });
    expect(game.validate(s, 'allied', { response: 'Area-2' })).toEqual([]);
  });
});
