/**
 * Every option of Fin-Napoleon (docs/fin-napoleon.md): `{}` gives the spec's engine default, and each value changes
 * the outcome it should, with forced dice.
 */
import { describe, expect, test } from 'vitest';
import type { GameEvent, ResolveContext } from '../../../src/engine/types.ts';
import type { FnFixture } from '../../../src/games/fin-napoleon/rules/fixture.ts';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import type { FnOrders } from '../../../src/games/fin-napoleon/orders/schema.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';

const forced = (dice: number[]): ResolveContext => {
  const q = [...dice];
  return { roll: () => q.shift() ?? 6, emit: (_e: GameEvent) => {} };
};
const run = (f: FnFixture, seat: string, orders: FnOrders, dice: number[] = []) => {
  const s: FnState = fn.fixtures!.position(f);
  expect(fn.validate(s, seat, orders)).toEqual([]);
  return fn.resolve(s, { [seat]: orders }, forced(dice));
};

test('{} gives the engine defaults of the spec', () => {
  expect(fn.optionsSchema.parse({})).toEqual({
    roadToParis: false,
    areaOrderCombat: false,
    surrender: 'anyAlly',
    excessHits: 'void',
    afterFrenchSurrender: 'newTurn',
    endVp: 'exclusive',
    turnLimit: 0,
    division: 'standard',
  });
  for (const doc of fn.optionDocs) expect(doc.values).toContain(doc.default);
});

describe('FN-A18 surrender: other at-war allies protect an Allied home (R2) or not (R1)', () => {
  const f = (surrender: string): FnFixture => ({
    active: 'france',
    options: { surrender },
    units: { PR: { prussia: 1, russia: 1 }, WA: { france: 1 } },
    atWar: { prussia: true },
  });
  test.each([
    ['anyAlly', true],
    ['ownerOnly', false],
  ])('%s: Prussia still at war = %s', (surrender, atWar) => {
    // The French die 1 removes the Prussian unit; the Russian's die 6 misses.
    expect(
      run(f(surrender), 'france', { activity: 'move', move: { WA1: ['PR'] }, allocate: { PR: { prussia: 1 } } }, [1, 6])
        .atWar.prussia,
    ).toBe(atWar);
  });
});

describe('FN-A15 excess hits: void (R1) or spill over (R2)', () => {
  test.each([
    ['void', 2],
    ['spill', 1],
  ])('%s: Austria keeps %s units', (excessHits, austria) => {
    const f: FnFixture = {
      active: 'france',
      options: { excessHits },
      atWar: { prussia: true },
      units: { RH: { france: 2, prussia: 1, austria: 2 } },
    };
    // Both French dice on Prussia hit (1, 1): one removes the Prussian, the other is void or goes to Austria.
    const after = run(f, 'france', { activity: 'move', allocate: { RH: { prussia: 2 } } }, [1, 1, 6, 6]);
    expect(after.units.RH.austria).toBe(austria);
  });
});

describe('FN-A21 after a French surrender: new turn (R1) or adjustment first (R2)', () => {
  test.each([
    ['newTurn', 0],
    ['adjustFirst', 1],
  ])('%s: adjustment phases run = %s', (afterFrenchSurrender, adjustments) => {
    const f: FnFixture = {
      active: 'austria',
      options: { afterFrenchSurrender },
      units: { FR: { france: 1 }, RH: { austria: 2 }, AU: { austria: 0 } },
      standing: { france: { surrenderCount: 1 } },
    };
    const s: FnState = fn.fixtures!.position(f);
    const events: GameEvent[] = [];
    const q = [6, 1, 1];
    fn.resolve(
      s,
      { allies: { activity: 'move', move: { RH1: ['FR'], RH2: ['FR'] } } },
      { roll: () => q.shift() ?? 6, emit: (e) => void events.push(e) },
    );
    expect(events.filter((e) => e.type === 'adjustment')).toHaveLength(adjustments);
  });
});

describe('FN-A26 end VP in multiplayer: exclusive (R1) or cumulative (R2)', () => {
  test.each([
    ['exclusive', 2 + 2],
    ['cumulative', 2 + 3],
  ])('%s: a Prussian unit in France scores for ally-1 (start VP 2) to %s', (endVp, vp) => {
    const f: FnFixture = {
      mode: 'allies-4',
      active: 'britain',
      morale: 0,
      options: { endVp },
      units: { FR: { france: 0, prussia: 1 }, PR: { prussia: 2 }, SP: { spain: 0 } },
    };
    expect(fn.outcome(run(f, 'ally-4', { activity: 'none' }, [6]))?.vp).toMatchObject({ 'ally-1': vp });
  });
});

describe('FN-A05 turn limit', () => {
  test.each([
    [0, null],
    [1, true],
  ])('turnLimit %s: drawn = %s', (turnLimit, draw) => {
    const after = run({ active: 'britain', options: { turnLimit } }, 'allies', { activity: 'none' }, [6]);
    expect(fn.outcome(after)?.draw ?? null).toBe(draw);
  });
});

describe('FN-AD1 combat order: asked (default) or area order', () => {
  const f = (areaOrderCombat: boolean): FnFixture => ({
    active: 'austria',
    options: { areaOrderCombat },
    units: {
      RH: { france: 1, prussia: 1, austria: 1 },
      IT: { france: 1, prussia: 0, austria: 0, russia: 1 },
      AU: { austria: 2 },
    },
    atWar: { prussia: true },
  });
  test.each([
    [false, 'FN-D5'],
    [true, 'FN-D6'],
  ])('areaOrderCombat %s: next point %s', (areaOrderCombat, point) => {
    const after = run(f(areaOrderCombat), 'allies', { activity: 'move', move: { AU1: ['IT'] } });
    expect(fn.owed(after)[0].point).toBe(point);
  });
});

describe('FN 12.0[M][2] division', () => {
  test('a custom division of three Allied players', () => {
    const s: FnState = fn.fixtures!.position({
      mode: 'allies-3',
      options: { division: 'prussia+russia/austria/spain+britain' },
    });
    expect(s.seats).toMatchObject({
      prussia: 'ally-1',
      russia: 'ally-1',
      austria: 'ally-2',
      spain: 'ally-3',
      britain: 'ally-3',
    });
    expect(s.startVp).toEqual({ 'ally-1': 0, 'ally-2': 6, 'ally-3': 5 });
  });
  test('a division that does not fit the mode is refused', () => {
    expect(() =>
      fn.fixtures!.position({ mode: 'allies-2', options: { division: 'prussia/austria/russia+spain+britain' } }),
    ).toThrow(/3 groups, not 2/);
  });
});
