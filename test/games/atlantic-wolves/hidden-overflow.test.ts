/**
 * Hidden information in the literal overflow procedure (AW 6.0-C2, 7.0[6], option overflow = literal): the
 * conformance suite's check (test/conformance/hidden-information.test.ts) at the positions where a seat names its
 * excess units and the opponent re-places them, face-down units among them. Random legal orders respect every
 * capacity, so they never reach these decision points in the standard game: here the players overfill areas.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import { randomLegalOrders } from '../../../src/games/atlantic-wolves/orders/random-orders.ts';
import { indexOf } from '../../../src/games/atlantic-wolves/data/data-index.ts';
import type { AwOrders } from '../../../src/games/atlantic-wolves/orders/schema.ts';
import { awOptionsSchema } from '../../../src/games/atlantic-wolves/options.ts';
import { at, type AwState } from '../../../src/games/atlantic-wolves/state.ts';
import { playRandomGame, randomSource } from '../../conformance/support/random-game.ts';
import { checkGame, emptyTally } from '../../conformance/support/twin-checks.ts';

/**
 * Orders that overfill areas two times in three (legal with overflow = literal), so that the naming and
 * re-placement decision points come up with face-down units among the named ones; random legal orders otherwise.
 */
function overfilling(s: AwState, seat: string, rand: () => number): AwOrders {
  const areas = indexOf(s.data).areaIds;
  const area = () => areas[Math.floor(rand() * areas.length)];
  const used = (side: string) => s.data.units.filter((u) => u.side === side && at(s, u.id) === 'used').map((u) => u.id);
  let bold: AwOrders | null = null;
  if (rand() < 0.67 && s.phase.kind === 'step3' && seat === 'allied') {
    const face = (): 'up' | 'down' => (rand() < 0.5 ? 'up' : 'down');
    bold = { step3: Object.fromEntries(used('allied').map((id) => [id, { area: area(), face: face() }])) };
  } else if (rand() < 0.67 && s.phase.kind === 'ub-placement' && seat === 'german') {
    bold = { placement: Object.fromEntries(used('german').map((id) => [id, area()])) };
  }
  return bold && game.validate(s, seat, bold).length === 0 ? bold : randomLegalOrders(s, seat, rand);
}

const OVERFLOW = ['overflow-name', 'overflow-replace'];

const optionArb = fc.record({
  overflow: fc.constant('literal'),
  strictAreaSequence: fc.boolean(),
  step2Draw: fc.constantFrom('exact', 'upTo'),
  overflowNaming: fc.constantFrom('excess', 'any'),
  ubExcess: fc.constantFrom('offMap', 'ignoreCapacity'),
  airAttack: fc.constantFrom('automatic', 'optional'),
  cveTiming: fc.constantFrom('beforeDraw', 'afterDraw'),
});

test('standard: overflow positions that differ only in what a viewer may not see look alike to it', async () => {
  const tally = emptyTally();
  const player = (s: unknown, seat: string, rand: () => number) => overfilling(s as AwState, seat, rand);
  const property = fc.asyncProperty(optionArb, fc.integer({ min: 1, max: 2 ** 30 }), async (raw, n) => {
    const options = awOptionsSchema.parse(raw);
    const played = playRandomGame(game, { mode: 'standard', options, seed: `overflow-${n}`, player });
    expect(played.problems).toEqual([]);
    const overflowing = (s: unknown) => OVERFLOW.includes((s as AwState).phase.kind);
    await checkGame(played, 6, randomSource(`overflow-points-${n}`), tally, overflowing);
  });
  await fc.assert(property, { numRuns: 16 });
  console.info(`[hidden information] overflow: ${JSON.stringify(tally)}`);
  // Not vacuous: many overflow positions and the steps into them were compared.
  expect(tally.positions).toBeGreaterThan(40);
  expect(tally.differing).toBeGreaterThan(20);
  expect(tally.steps).toBeGreaterThan(10);
});
