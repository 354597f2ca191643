/**
 * Small Atlantic Wolves positions for the validation tests: units by shorthand, dice forced in order, and a fixture
 * (src/games/atlantic-wolves/rules/fixture.ts) run to its first decision point.
 */
import { forcedDice, type ResolveContext } from '../../../src/engine/index.ts';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import { type FixtureSetup, stateFromFixture } from '../../../src/games/atlantic-wolves/rules/fixture.ts';
import type { AwState } from '../../../src/games/atlantic-wolves/state.ts';

/** A resolution context whose dice are `dice`, in order (and nothing more). */
export const ctx = (dice: number[]): ResolveContext => {
  const d = forcedDice(dice);
  return { roll: (n, p) => d.roll(n, p), emit() {} };
};

/** A convoy of 1 VP. */
export const C = (id: string, strength = 5) => ({ id, type: 'convoy' as const, strength, vp: 1 });

/** A UB. */
export const U = (id: string, strength = 2) => ({ id, type: 'UB' as const, strength });

/** The fixture's position run to its first decision point, no orders given, with `dice` forced. */
export const atFirstPoint = (setup: FixtureSetup, dice: number[] = []): AwState =>
  game.resolve(stateFromFixture(setup), {}, ctx(dice));
