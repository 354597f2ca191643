/** FN 2.2 game preparation: initial strength in each home area, peace markers, morale 15 (FN 2.2-1 ... 2.2-3). */
import type { SetupArgs } from '../../../engine/types.ts';
import { ALLIES, type FnData, NATIONS } from '../data/schema.ts';
import type { FnOptions } from '../options.ts';
import { controllers, type FnState } from '../state.ts';
import { startVpOf } from './end.ts';

/** The state before the first activation-order roll (FN-D0). */
export function setup({ mode, options, data }: SetupArgs<FnOptions, FnData>): FnState {
  const seats = controllers(mode, options.division);
  const units: FnState['units'] = {};
  // A literal in NATIONS order: every area's record has the same shape, built without intermediate arrays.
  for (const a of data.areas) units[a.id] = { france: 0, prussia: 0, austria: 0, russia: 0, spain: 0, britain: 0 };
  // FN 2.2-2, FN-A29: the initial strength stands in the home area, peace allies included.
  for (const n of NATIONS) units[data.areas.find((a) => a.home === n)!.id][n] = data.chart[n].initial;
  const atWar = Object.fromEntries(ALLIES.map((a) => [a, data.chart[a].atWar])) as FnState['atWar'];
  return {
    mode,
    options,
    data,
    seats,
    startVp: mode === 'two-player' ? {} : startVpOf(seats, data.chart),
    turn: 0,
    order: [],
    cursor: 0,
    units,
    atWar,
    morale: data.moraleStart,
    frenchDeclared: false,
    phase: { kind: 'start' },
    queued: {},
    standing: {},
    result: null,
  };
}
