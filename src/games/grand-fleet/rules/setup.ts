/** GF 3: game preparation, then the game runs to its first decision point (turn 1, armament phase). */
import type { ResolveContext, SetupArgs } from '../../../engine/types.ts';
import type { GfData } from '../data/schema.ts';
import { runFrom } from './flow.ts';
import type { GfOptions } from '../options.ts';
import { autoBox, ddPlace, type GfState } from '../state.ts';

/** A context for set-up: no dice may be needed before the first decision point, and no events are kept. */
const setupContext: ResolveContext = {
  roll: () => {
    throw new Error('GF 3: this data set needs a die before the first decision point');
  },
  emit: () => {},
  silent: true,
};

/** GF 3[3-7], GF-A04, GF-A35: ships placed, markers at 0 (Britain +2 in the historical game, GF 12[2]). */
export function setup({ options, data }: SetupArgs<GfOptions, GfData>): GfState {
  const s: GfState = {
    ...{ data, options, turn: 1, vp: options.historical ? 2 : 0, places: [] as string[] },
    ...{ preSunk: { british: 0, german: 0 }, usw: null, uswRolls: 0, phase: { kind: 'over' } },
    ...{ offensive: null, difference: 0, battle: null, standing: { british: {}, german: {} }, result: null },
  };
  // The place table is filled in data order: a circled ship's box depends on those placed before it.
  for (const ship of data.ships) {
    const side = ship.nation === 'german' ? 'german' : 'british';
    let place = 'pending';
    if (ship.star && !options.audacious) place = 'removed';
    else if (ship.nation === 'american') place = 'pending';
    else if (ship.arrives === null || ship.arrives <= 1) place = ship.circled ? ddPlace(autoBox(s, side)) : 'fleet';
    else if (ship.circled && options.circled === 'atSetup') place = ddPlace(autoBox(s, side));
    s.places.push(place);
  }
  runFrom(s, 'turn', setupContext);
  return s;
}
