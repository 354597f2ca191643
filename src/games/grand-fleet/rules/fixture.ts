/**
 * Positions for adjudication fixtures (the package's `fixtures.position`): a fresh game under the given options
 * and data set, with the turn, VP, ship places, standing orders, battle and decision point overridden as given.
 * Nothing is run: the fixture names the decision point it starts at.
 */
import { defaultData } from '../data/default-data.ts';
import type { GfData } from '../data/schema.ts';
import { gfOptionsSchema } from '../options.ts';
import { setup } from './setup.ts';
import { type Battle, type GfState, type Phase, type Side, type Standing, setPlace } from '../state.ts';

/** The compact description of a position. */
export interface GfFixtureSetup {
  options?: Record<string, unknown>;
  data?: GfData;
  /** Fields of the shipped data set replaced (a smaller fleet chart, another table). */
  dataPatch?: Partial<GfData>;
  turn?: number;
  vp?: number;
  usw?: number | null;
  /** Ship places to override (`fleet`, `dd3`, `pending`, `sunk`, `removed`). */
  ships?: Record<string, string>;
  /** Every other ship of these sides is taken out of play (`removed`) first. */
  only?: Side[];
  preSunk?: Partial<Record<Side, number>>;
  offensive?: Side;
  difference?: number;
  standing?: Partial<Record<Side, Standing>>;
  /** A battle, merged over an empty one (offensive: `offensive`). */
  battle?: Partial<Battle>;
  phase?: Phase;
}

/** Builds the position, on `data` when given (a whole data set) else on the description's own or the shipped set. */
export function stateFromFixture(f: GfFixtureSetup, data?: GfData): GfState {
  const options = gfOptionsSchema.parse(f.options ?? {});
  const s = setup({ mode: 'standard', options, data: f.data ?? { ...(data ?? defaultData), ...f.dataPatch } });
  if (f.only) {
    for (const ship of s.data.ships) {
      const side: Side = ship.nation === 'german' ? 'german' : 'british';
      if (f.only.includes(side)) setPlace(s, ship.id, 'removed');
    }
  }
  for (const [id, place] of Object.entries(f.ships ?? {})) setPlace(s, id, place);
  if (f.turn !== undefined) s.turn = f.turn;
  if (f.vp !== undefined) s.vp = f.vp;
  if (f.usw !== undefined) s.usw = f.usw;
  s.preSunk = { ...s.preSunk, ...f.preSunk };
  if (f.offensive) s.offensive = f.offensive;
  if (f.difference !== undefined) s.difference = f.difference;
  s.standing = { british: { ...f.standing?.british }, german: { ...f.standing?.german } };
  if (f.battle) {
    const offensive = f.battle.offensive ?? f.offensive ?? 'british';
    const empty = (): Record<Side, number[]> => ({ british: [], german: [] });
    s.battle = {
      ...{ offensive, fleets: { british: [], german: [] }, faceUp: empty(), hidden: empty(), markers: [] },
      ...{ nextSide: offensive, passes: 0, finished: [], revealed: false, queue: [], round: null },
      preSunk: { british: 0, german: 0 },
      ...structuredClone(f.battle),
    };
  }
  if (f.phase) s.phase = f.phase;
  return s;
}
