/**
 * Where Grand Fleet's hex map lies on the real North Sea (GF 2-2), for `npm run maps` (src/cli/maps/): Natural
 * Earth 1:50m land, conic conformal. The printed grid is NOT IN TEXT (GF-A01) and schematic (the British coast is
 * one column of hexes): the grid is fitted to the places its named hexes stand for, and the coastline bent so that
 * each place lies in its hex. Reconstructed.
 */
import type { GeoConfig } from '../../../engine/geography.ts';

/** The named hexes (data/default-data.ts) and the real places they stand for (longitude, latitude). */
const HEXES = {
  '101': { col: 0, row: 0, at: [-3.1, 58.9] }, // Scapa Flow
  '201': { col: 0, row: 1, at: [-3.45, 57.75] }, // Moray Firth
  '301': { col: 0, row: 2, at: [-2.55, 56.08] }, // Firth of Forth
  '401': { col: 0, row: 3, at: [-1.42, 55.01] }, // Tyne
  '501': { col: 0, row: 4, at: [0.1, 53.6] }, // Humber
  '601': { col: 0, row: 5, at: [1.73, 52.6] }, // Yarmouth
  '702': { col: 1, row: 6, at: [1.3, 51.95] }, // Harwich
  '408': { col: 7, row: 3, at: [7.9, 55.55] }, // Horns Reef
  '508': { col: 7, row: 4, at: [8.28, 54.9] }, // Sylt
  '607': { col: 6, row: 5, at: [8.15, 53.68] }, // the Jade
  '608': { col: 7, row: 5, at: [7.89, 54.18] }, // Heligoland
  '706': { col: 5, row: 6, at: [6.85, 53.55] }, // the Ems
  '707': { col: 6, row: 6, at: [8.13, 53.52] }, // Wilhelmshaven
} satisfies NonNullable<GeoConfig['hexFit']>['hexes'];

/** The map of the shipped data set. */
export const GEOGRAPHY: GeoConfig = {
  land: '50m',
  projection: { kind: 'conicConformal', rotate: [-3, 0], parallels: [52, 58] },
  bounds: [
    [-2.9, 51.83],
    [10.65, 58.87],
  ],
  width: 1000,
  height: 880,
  tolerance: 1.2,
  minArea: 20,
  reconstructed: true,
  hexFit: { inside: 0.75, reach: 1.2, hexes: HEXES },
};
