/**
 * The data set of the short game (the package's `shortGame`): the shipped map with six units, three a side, so
 * that one turn is a handful of activations (for the end-to-end checks by mail and on the page).
 */
import { defaultData } from './default-data.ts';
import type { OcData } from './schema.ts';

const KEEP = new Set(['21pz', 'savona', 'g-halfaya', '70div', '7arm', 'nz']);
const only = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).filter(([u]) => KEEP.has(u)));

/** Six units on the shipped map. */
export const shortData: OcData = {
  ...defaultData,
  name: 'Operation Crusader, short game (six units)',
  units: defaultData.units.filter((u) => KEEP.has(u.id)),
  axisSetup: only(defaultData.axisSetup),
  britishDefaultSetup: only(defaultData.britishDefaultSetup),
};
