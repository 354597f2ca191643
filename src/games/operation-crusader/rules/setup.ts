/**
 * Preparation (OC 4.0-4.3): the starting position before the British set-up (D1): the Axis where the data puts it,
 * the Tobruk garrison in Tobruk, the other British units at their default places, control of every point.
 */
import type { OcData } from '../data/schema.ts';
import type { OcOptions } from '../options.ts';
import type { OcState } from '../state.ts';

/** OC 4.0-4.3: the Axis as the data says, the Tobruk garrison in Tobruk, the rest waiting for D1. */
export function setupState(data: OcData, options: OcOptions): OcState {
  // Built in one go (not key by key) so that the record keeps fast properties: every resolve copies it.
  const units: OcState['units'] = Object.fromEntries(
    data.units.map((u) => {
      const at =
        u.side === 'axis'
          ? data.axisSetup[u.id]
          : u.tobruk
            ? data.tobruk
            : (data.britishDefaultSetup[u.id] ?? data.britishSetupAreas[0]);
      return [u.id, { status: 'map', at, steps: u.steps, faceDown: false, outOfSupply: false }];
    }),
  );
  // OC 7.2[2]: every point but Tobruk is Axis-controlled at the start; off-map points are controlled by nobody.
  const control = Object.fromEntries(
    data.points.filter((p) => !p.offMap).map((p) => [p.id, p.id === data.tobruk ? 'british' : 'axis'] as const),
  );
  return {
    data,
    options,
    turn: 1,
    phase: { kind: 'setup' },
    active: 'british',
    first: 'british',
    passes: 0,
    units,
    control,
    vp: 0,
    bardiaLost: false,
    barredSources: [],
    standing: { british: {}, axis: {} },
  };
}
