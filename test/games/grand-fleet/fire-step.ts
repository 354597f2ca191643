/** A bombardment round ready to resolve (odds previews, benchmarks). */
import { stateFromFixture } from '../../../src/games/grand-fleet/rules/fixture.ts';

const GB = (...ns: number[]) => ns.map((n) => `GB${String(n).padStart(2, '0')}`);
const DE = (...ns: number[]) => ns.map((n) => `DE${String(n).padStart(2, '0')}`);
const pad = (f: string[][], n: number) => [...f, ...Array.from({ length: n - f.length }, () => [])];
const up = (id: string, side: 'british' | 'german', fleet: number) => ({
  ...{ id, side, hex: '404', up: true, fleet, down: -1, moved: false, out: false },
});

/** Two British fleets of 8 against two German fleets, both allocations in: the damage step. */
export const fireStep = () =>
  stateFromFixture({
    offensive: 'british',
    battle: {
      offensive: 'british',
      revealed: true,
      queue: ['404'],
      fleets: {
        british: pad([GB(1, 2, 3, 4, 5, 6, 7, 8), GB(13, 14, 15, 16, 17, 18, 19, 20)], 8),
        german: pad([DE(1, 2, 3, 4, 5, 6, 7, 8), DE(10, 11, 12, 13, 14, 15, 16, 17)], 6),
      },
      markers: [up('B1', 'british', 1), up('B2', 'british', 2), up('G1', 'german', 1), up('G2', 'german', 2)],
      round: {
        ...{ hex: '404', n: 1, first: 'british', winner: null, situations: [], fire: {}, cont: {} },
        init: {
          british: { half: false, excess: 0, die: 3, total: 3, confused: false },
          german: { half: false, excess: 0, die: 3, total: 3, confused: false },
        },
      },
    },
    phase: { kind: 'combat-fire', sides: ['british', 'german'] },
  });
