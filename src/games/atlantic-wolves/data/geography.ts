/**
 * The North Atlantic under Atlantic Wolves' five area panels (AW 1.1), for `npm run maps` (src/cli/maps/): Natural
 * Earth 1:50m land, Mercator, north up. The printed map is unknown; each area's panel (./board-layout.ts) lies over
 * its sea, whose place is given here (a tests checks it stays inside the panel). Reconstructed.
 */
import type { GeoConfig } from '../../../engine/geography.ts';

/** The map of the shipped data set. */
export const GEOGRAPHY: GeoConfig = {
  land: '50m',
  projection: { kind: 'mercator' },
  bounds: [
    [-98, 6],
    [12, 63],
  ],
  width: 1000,
  height: 680,
  tolerance: 2,
  minArea: 40,
  reconstructed: true,
  places: {
    AM: [-68, 40], // off New York and New England
    CG: [-35, 52], // the mid-Atlantic air gap
    WA: [-13, 50], // west of the British Isles
    CB: [-72, 16], // the Caribbean Sea
    AF: [-24, 20], // off West Africa
  },
};
