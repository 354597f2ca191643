/**
 * Where Fin-Napoleon's fourteen areas lie on the real Europe of 1804-1815 (FN 1.1), for `npm run maps`
 * (src/cli/maps/): Natural Earth 1:50m land, conic conformal. The printed map is unknown (FN-A01): each land area is
 * the land nearest its seed (a Voronoi cell, the seeds set so that the cells follow the borders of about 1806), with
 * seeds of the neutral lands around (Scandinavia, Denmark, the Ottoman Empire, North Africa) that belong to no area;
 * the sea areas are open water. Reconstructed; adjacency stays the data set's own.
 */
import type { GeoConfig } from '../../../engine/geography.ts';

const land = (seed: [number, number], anchor?: [number, number]) => ({
  land: true,
  seed,
  ...(anchor ? { anchor } : {}),
});
const sea = (anchor: [number, number], cell: [number, number][]) => ({ anchor, cell: [cell] });

/** The map of the shipped data set. */
export const GEOGRAPHY: GeoConfig = {
  land: '50m',
  projection: { kind: 'conicConformal', rotate: [-14, 0], parallels: [40, 58] },
  bounds: [
    [-11, 35.5],
    [40, 60],
  ],
  width: 1000,
  height: 760,
  tolerance: 1.8,
  minArea: 40,
  reconstructed: true,
  regions: {
    GB: land([-1.8, 52.8]),
    FR: land([1.8, 48.3]),
    SF: land([3.6, 44.4]),
    SP: land([-4, 40.2]),
    IT: land([12.3, 42.6]),
    RH: land([9.6, 50.2]),
    PR: land([14.2, 53.3]),
    WA: land([20.2, 52.1]),
    AU: land([17.5, 47.4]),
    WR: land([27.5, 54.2]),
    RU: land([37, 55.5]),
    ATL: sea(
      [-8, 46.5],
      [
        [-11, 43],
        [-2, 43.5],
        [-4, 48.5],
        [-6, 50.5],
        [-11, 51],
      ],
    ),
    BAL: sea(
      [18.5, 56.2],
      [
        [14, 54.5],
        [20, 54.8],
        [21, 57],
        [19, 58.6],
        [16.5, 56.5],
      ],
    ),
    MED: sea(
      [5.5, 39.2],
      [
        [0, 37],
        [9, 37.5],
        [12, 38.5],
        [9.5, 40.5],
        [4, 41.8],
        [0.5, 39.5],
      ],
    ),
  },
  neutralSeeds: [
    [9.3, 56.2], // Denmark
    [15, 61], // Sweden
    [8, 60.5], // Norway
    [26, 62], // Finland
    [-8, 53.2], // Ireland
    [-8, 39.6], // Portugal
    [21.5, 42.3], // the Ottoman Balkans
    [26, 42.5],
    [27.5, 45.5], // Wallachia and Moldavia
    [33, 39], // Anatolia
    [4, 34.5], // North Africa
    [-5, 33.5],
    [14, 33],
  ],
};
