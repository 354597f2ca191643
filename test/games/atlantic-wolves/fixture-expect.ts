/**
 * Atlantic Wolves' named facts for rule cases (docs/fixtures.md): values not kept under one path of the state.
 * `loc.<unit>` is where a unit is (the state keeps locations by data index); `damage.<UB>` is its damage this turn,
 * 0 when it has none (AW 8.2[11]: the state records only damage above 0).
 */
import type { AwState } from '../../../src/games/atlantic-wolves/index.ts';
import { locations } from '../../../src/games/atlantic-wolves/state.ts';

/** The named facts of a state. */
export function facts(state: unknown): Record<string, unknown> {
  const s = state as AwState;
  const damage = Object.fromEntries(s.data.units.map((u) => [u.id, s.t.damage[u.id] ?? 0]));
  return { loc: locations(s), damage };
}
