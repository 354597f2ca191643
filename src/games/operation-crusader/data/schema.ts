/**
 * The component data of Operation Crusader as data (OC-A01, OC-A02): the map (areas, points, roads, hills as the
 * absence of an adjacency, fortress lines, towns, supply-source roads, off-map points), the counter mix and both
 * set-ups, the turn track and the VP cap. Everything but the 21st Panzer counter, the British set-up areas 11 and 12
 * and the fact that areas 11 and 06 meet only at a point is NOT IN TEXT and marked `reconstructed` in the shipped set.
 */
import { z } from 'zod';
import { geographySchema } from '../../../engine/geography.ts';

const text = z.object({ en: z.string().min(1), ja: z.string().min(1) }).strict();

/** The two sides. */
export const OC_SIDES = ['british', 'axis'] as const;
export type OcSide = (typeof OC_SIDES)[number];

const side = z.enum(OC_SIDES);

/** A desert area (OC 2.1): the points it touches and the areas it is adjacent to (not across hills, OC 6.2(2)[4]). */
const areaSchema = z
  .object({
    id: z.string().min(1),
    name: text,
    rect: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    points: z.array(z.string()),
    neighbours: z.array(z.string()),
    reconstructed: z.boolean().default(true),
  })
  .strict();

/**
 * A point (OC 2.1): a town (OC 5.2), a fortress (OC 6.3(4): the side whose fortress it is, and the approaches,
 * areas or points, from which an attack comes across its red line), an off-map point (OC 4.2, 5.1(1), 6.3(8)③) with
 * the edge it lies on and the side it supplies.
 */
const pointSchema = z
  .object({
    id: z.string().min(1),
    name: text,
    x: z.number(),
    y: z.number(),
    town: z.boolean().default(false),
    fortress: z
      .object({ side, approaches: z.array(z.string()) })
      .strict()
      .optional(),
    offMap: z
      .object({ edge: z.enum(['west', 'east', 'south', 'north']), side })
      .strict()
      .optional(),
    /** A supply source on the map (OC 5.1(1)[2]: Bardia for the Axis). */
    source: side.optional(),
    reconstructed: z.boolean().default(true),
  })
  .strict();

/** A road between two points (OC 6.2(1)): coastal (0.5 MP) or rough (1 MP), and the areas it is adjacent to. */
const roadSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    kind: z.enum(['coastal', 'rough']),
    areas: z.array(z.string()),
    reconstructed: z.boolean().default(true),
  })
  .strict();

/**
 * A unit (OC 2.3): steps, hit value, movement allowance, arm; its nation gives the defence colour (OC 6.3(3));
 * `oneStep` marks the Axis garrisons and British infantry brigades of OC 6.3(8)[1]; `tobruk` the red dot (OC 4.2).
 */
const unitSchema = z
  .object({
    id: z.string().min(1),
    name: text,
    short: text,
    side,
    nation: z.enum(['german', 'italian', 'british']),
    arm: z.enum(['tank', 'infantry']),
    steps: z.number().int().min(1).max(8),
    hit: z.number().int().min(1).max(6),
    ma: z.number().int().min(1).max(8),
    oneStep: z.boolean().default(false),
    tobruk: z.boolean().default(false),
    reconstructed: z.boolean().default(true),
  })
  .strict();

/** The whole data set. */
export const ocDataSchema = z
  .object({
    name: z.string(),
    map: z.object({ width: z.number(), height: z.number() }).strict(),
    /**
     * The map on the real theatre (land, the areas' outlines and label anchors; points are placed by their x, y):
     * without it the areas are drawn as their `rect` panels.
     */
    geography: geographySchema.optional(),
    areas: z.array(areaSchema),
    points: z.array(pointSchema),
    roads: z.array(roadSchema),
    units: z.array(unitSchema),
    /** OC 4.1: the Axis set-up, unit → location (NOT IN TEXT: reconstructed). */
    axisSetup: z.record(z.string(), z.string()),
    /** OC 4.2: the British set-up offered (D1) and its default (NOT IN TEXT: reconstructed). */
    britishSetupAreas: z.array(z.string()),
    britishDefaultSetup: z.record(z.string(), z.string()),
    /** OC 5.1(1)[4]: British units here are always in supply. */
    britishSupplyAreas: z.array(z.string()),
    /** OC 7.1: the points that score. */
    tobruk: z.string(),
    bardia: z.string(),
    turns: z.number().int().min(1).max(12),
    vpCap: z.number().int().min(1),
  })
  .strict();

export type OcData = z.infer<typeof ocDataSchema>;
export type OcUnitData = OcData['units'][number];
export type OcPointData = OcData['points'][number];
export type OcAreaData = OcData['areas'][number];
export type OcRoadData = OcData['roads'][number];
