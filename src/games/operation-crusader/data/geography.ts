/**
 * Where Operation Crusader's map lies on the real theatre (OC 2.1), for `npm run maps` (src/cli/maps/): Cyrenaica
 * and Marmarica from Gazala to the Egyptian frontier, Mercator, Natural Earth 1:10m land. The named points stand at
 * their real places; the printed map's areas are unknown (NOT IN TEXT), so the twelve areas are reconstructed as
 * cells of a grid bent over the ground, keeping the shipped adjacency: the Sidi Rezegh escarpment between 02 and 07,
 * the Libyan-Egyptian frontier (the wire) between 06, 10 and 12, the Halfaya escarpment from Sidi Omar between Sollum and the pass
 * between 04 and 11, which meet 06 and 12 only at Sidi Omar (OC 6.2(2)[3]). Area names and pieces are anchored clear of
 * the points, their names and their pieces.
 */
import type { GeoConfig, LonLat } from '../../../engine/geography.ts';

const W = 22.6;
const E = 27.8;
const N = 32.7;
const S = 30.4;
// Grid nodes (longitude, latitude).
const A0: LonLat = [23.73, N];
const A1: LonLat = [23.7, 31.85];
const A2: LonLat = [23.66, 31.54];
const B0: LonLat = [24.17, N];
const B2: LonLat = [24.2, 31.25];
const C0: LonLat = [24.8, N];
const C1: LonLat = [24.8, 31.7];
const C2: LonLat = [24.8, 31.18];
const F1: LonLat = [24.97, 31.12];
/** Where the Trigh el Abd enters from the west, and where the frontier of 11 and 12 turns east. */
const T0: LonLat = [W, 31.72];
const P1: LonLat = [25.3, 31.25];
/** The Halfaya escarpment's line from Sidi Omar between Sollum and the pass, out to sea. */
const X0: LonLat = [27.67, N];

const PLACES = {
  gazala: [23.33, 32.13],
  // Drawn 2 km south-west of the crossroads, clear of the Area 02 pieces.
  acroma: [23.71, 31.995],
  tobruk: [23.96, 32.08],
  'el-adem': [23.92, 31.86],
  'sidi-rezegh': [24.17, 31.83],
  gambut: [24.51, 31.93],
  bardia: [25.08, 31.76],
  capuzzo: [25.05, 31.6],
  sollum: [25.16, 31.56],
  // The pass drawn 3-4 km east of its head, clear of Sollum's and Sidi Omar's names and pieces.
  halfaya: [25.265, 31.515],
  // Drawn 3 km west of the crossroads, its name clear of the Halfaya garrison.
  'sidi-omar': [24.925, 31.4],
  'bir-hakeim': [23.48, 31.6],
  'bir-el-gubi': [23.86, 31.47],
  'gabr-saleh': [24.47, 31.38],
  maddalena: [24.97, 30.93],
  // Where the roads leave the map.
  'west-coast': [23.09, 32.2],
  'west-trigh': [23.09, 31.7],
  'east-coast': [25.38, 31.33],
  'south-track': [24.98, 30.72],
} satisfies Record<string, LonLat>;

const P = PLACES;
/** The map of the shipped data set. */
export const GEOGRAPHY: GeoConfig = {
  land: '10m',
  projection: { kind: 'mercator' },
  bounds: [
    [23.05, 30.68],
    [25.95, 32.35],
  ],
  width: 1200,
  height: 800,
  tolerance: 1.2,
  minArea: 30,
  reconstructed: true,
  places: PLACES,
  regions: {
    '01': { land: true, cell: [[[W, N], A0, A1, [W, 31.85]]], anchor: [23.2, 31.92] },
    '02': { land: true, cell: [[A0, B0, P['sidi-rezegh'], A1]], anchor: [23.84, 32.133], label: [24.07, 31.925] },
    '03': { land: true, cell: [[B0, C0, C1, P['sidi-rezegh']]], anchor: [24.6, 31.78] },
    '04': {
      land: true,
      cell: [
        [C0, X0, P.capuzzo, C1],
        [X0, P['sidi-omar'], P.capuzzo],
      ],
      anchor: [24.92, 31.86],
    },
    '05': { cell: [[[W, 31.85], A1, A2, P['bir-hakeim'], T0]], anchor: [23.4, 31.78] },
    '06': { cell: [[C1, P.capuzzo, P['sidi-omar'], F1, C2]], anchor: [24.86, 31.33] },
    '07': { cell: [[A1, P['sidi-rezegh'], B2, P['bir-el-gubi'], A2]], anchor: [23.95, 31.64], label: [23.99, 31.69] },
    '08': { cell: [[P['sidi-rezegh'], C1, C2, B2]], anchor: [24.5, 31.55] },
    '09': { cell: [[T0, P['bir-hakeim'], A2, P['bir-el-gubi'], B2, [24.2, S], [W, S]]], anchor: [23.5, 31.1] },
    '10': { cell: [[B2, C2, F1, P.maddalena, [24.98, S], [24.2, S]]], anchor: [24.55, 30.95] },
    '11': {
      land: true,
      cell: [[X0, [E, N], [E, 31.25], P1, P['sidi-omar']]],
      anchor: [25.72, 31.52],
      label: [25.72, 31.557],
    },
    '12': { cell: [[P['sidi-omar'], P1, [E, 31.25], [E, S], [24.98, S], P.maddalena, F1]], anchor: [25.6, 31.05] },
  },
};
