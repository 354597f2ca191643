/**
 * A game's map on the real theatre, as component data: the land (Natural Earth coastlines, projected, clipped to the
 * theatre and simplified to the drawn scale), each region's outline and where its name and pieces go, each named
 * place, and a hex grid laid over the geography. A game ships one generated from its `GeoConfig` (`npm run maps`,
 * src/cli/maps/), labelled reconstructed where the printed map is unknown; a moderator may replace it like any other
 * component data (it is a field of the game's data set, validated by `geographySchema`). Everything is in the frame
 * of `BoardMap` (x to the right, y down).
 */
import { z } from 'zod';
import type { MapShape, Point } from './board.ts';

const point = z.tuple([z.number(), z.number()]);

/** A region: its outline (land regions follow the coast), where its pieces go and, when apart, its name. */
const regionSchema = z.object({ outline: z.array(point).min(3), anchor: point, label: point.optional() }).strict();

/** zod schema of a map on the real theatre (see the module comment). */
export const geographySchema = z
  .object({
    /** Where the geography comes from and how it was drawn (projection, scale). */
    source: z.string().max(400),
    /** The placement of the spaces is not the printed map's (it is unknown): drawn with a note. */
    reconstructed: z.boolean(),
    width: z.number().positive(),
    height: z.number().positive(),
    /** Land as outlines (no holes: lakes are land at this scale). */
    land: z.array(z.array(point).min(3)).max(400),
    /** Region outlines by space id. */
    regions: z.record(z.string(), regionSchema).default({}),
    /** Named places by space id (a point, or where an area's panel is centred). */
    places: z.record(z.string(), point).default({}),
    /** A hex grid laid over the land: hex size and the centre of hex (0, 0). */
    hexGrid: z.object({ size: z.number().positive(), origin: point }).strict().optional(),
  })
  .strict();

/** A map on the real theatre (see the module comment). */
export type Geography = z.infer<typeof geographySchema>;

/** The land of a geography as shapes drawn under the spaces, in one colour. */
export function landShapes(geo: Geography, fill: string, stroke: string): MapShape[] {
  return geo.land.map((points) => ({ points: points as Point[], fill, stroke }));
}

/** A place on the globe: longitude and latitude in degrees. */
export type LonLat = readonly [number, number];

/**
 * How a game's map is generated from Natural Earth (src/cli/maps/). `bounds` (west-south and east-north corners) is
 * fitted into the frame with the projection; `tolerance` is the simplification in frame units. Places, region cells
 * and anchors are given in longitude and latitude.
 */
export interface GeoConfig {
  /** Natural Earth scale of world-atlas's land: 1:110m, 1:50m or 1:10m. */
  land: '110m' | '50m' | '10m';
  projection: { kind: 'mercator' | 'conicConformal' | 'conicEqualArea'; rotate?: [number, number]; parallels?: LonLat };
  bounds: readonly [LonLat, LonLat];
  width: number;
  height: number;
  /** Douglas-Peucker tolerance and the smallest island kept (square frame units). */
  tolerance: number;
  minArea: number;
  /** Whether the spaces' placement is reconstructed (the printed map unknown). */
  reconstructed: boolean;
  /** Named places by space id, with the real place it stands for. */
  places?: Record<string, LonLat>;
  /**
   * Regions by space id: a `cell` given as convex parts sharing edges (clipped to the land when `land` is true, then
   * joined; a region not clipped may be one part of any shape), or a `seed` among the others' seeds (its Voronoi
   * cell); `anchor` is where the pieces go, `label` where the name goes (else above the pieces).
   */
  regions?: Record<string, { cell?: LonLat[][]; seed?: LonLat; land?: boolean; anchor?: LonLat; label?: LonLat }>;
  /** Seeds of land in no region (neutral countries): they bound the Voronoi cells of the regions. */
  neutralSeeds?: LonLat[];
  /**
   * An odd-r pointy hex grid fitted so that the listed hexes (col, row) sit on their places: the map is bent so that
   * each place lies at most `inside` hex sizes from its hex's centre; `reach` (in hex sizes) is how far the bend of
   * one place is felt.
   */
  hexFit?: { inside: number; reach: number; hexes: Record<string, { col: number; row: number; at: LonLat }> };
}

/** Problems of a geography against its data set: regions and places of spaces the data set does not have. */
export function geographyProblems(geo: Geography | undefined, spaceIds: Iterable<string>): string[] {
  if (!geo) return [];
  const known = new Set(spaceIds);
  return [
    ...Object.keys(geo.regions)
      .filter((id) => !known.has(id))
      .map((id) => `geography: region of unknown space ${id}`),
    ...Object.keys(geo.places)
      .filter((id) => !known.has(id))
      .map((id) => `geography: place of unknown space ${id}`),
  ];
}
