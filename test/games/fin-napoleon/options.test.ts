/**
 * Every option of Fin-Napoleon (docs/fin-napoleon.md): `{}` gives the spec's engine default, and the division of the
 * Allied nations among players. What each option value changes, with forced dice, is rule-case data:
 * test/games/fin-napoleon/fixtures/options.json, run by test/games/rules-fixtures.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';

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

describe('FN 12.0[M][2] division', () => {
  test.each([
    [
      'allies-3',
      'prussia+russia/austria/spain+britain',
      { prussia: 'ally-1', russia: 'ally-1', austria: 'ally-2', spain: 'ally-3', britain: 'ally-3' },
      { 'ally-1': 0, 'ally-2': 6, 'ally-3': 5 },
    ],
    [
      'allies-5',
      'britain/spain/russia/austria/prussia',
      { britain: 'ally-1', spain: 'ally-2', russia: 'ally-3', austria: 'ally-4', prussia: 'ally-5' },
      // Russia (7) is the largest: Britain 7 - 4, Spain 7 - 3, Austria 7 - 6, Prussia 7 - 5.
      { 'ally-1': 3, 'ally-2': 4, 'ally-3': 0, 'ally-4': 1, 'ally-5': 2 },
    ],
  ])('%s: the custom division %s gives its seats and start VP', (mode, division, seats, startVp) => {
    const s: FnState = fn.fixtures!.position({ mode, options: { division } });
    expect(s.seats).toMatchObject(seats);
    expect(s.startVp).toEqual(startVp);
  });
  test('a division that does not fit the mode is refused', () => {
    expect(() =>
      fn.fixtures!.position({ mode: 'allies-2', options: { division: 'prussia/austria/russia+spain+britain' } }),
    ).toThrow(/3 groups, not 2/);
  });
});
