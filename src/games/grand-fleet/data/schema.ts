/**
 * Grand Fleet's component data as data (GF 2, GF-A01): the hex map, the ship types, the roster, the damage table,
 * both unrestricted submarine warfare tables, the turn track and the printed numbers. The printed map, roster and
 * tables are NOT IN TEXT: the shipped set (default-data.ts) labels every such value `reconstructed`.
 */
import { z } from 'zod';
import { geographySchema } from '../../../engine/geography.ts';

const text = z.object({ en: z.string(), ja: z.string() }).strict();

/** The two sides (seats). American ships belong to the British side (GF 9[2a]). */
export const SIDES = ['british', 'german'] as const;
export type Side = (typeof SIDES)[number];

/** GF 2-2[3]: normal, proximity, home and prohibited hexes. */
export const HEX_KINDS = ['normal', 'proximity', 'home', 'prohibited'] as const;

const hexSchema = z
  .object({
    id: z.string().regex(/^\d{3}$/),
    col: z.number().int(),
    row: z.number().int(),
    kind: z.enum(HEX_KINDS),
    /** The flag's nationality of a proximity or home hex (GF 2-2[3b-c], GF-A26). */
    flag: z.enum(SIDES).optional(),
    /** The red number: control VP (GF 2-2[4], GF 8[5]). */
    vp: z.number().min(0).default(0),
    name: text.optional(),
  })
  .strict();

const shipTypeSchema = z
  .object({
    id: z.string(),
    name: text,
    /** GF 8[4.3][1]: bombardment value per ship. */
    bombardment: z.number().min(0),
    /** GF 8[4.3][3]: defence value per ship. */
    defence: z.number().int().min(1),
    /** GF 8[1a], GF-A11: type printed red (fast) or blue (pre-dreadnought, slow); neither: ordinary. */
    colour: z.enum(['red', 'blue', 'black']),
  })
  .strict();

const shipSchema = z
  .object({
    id: z.string().regex(/^[A-Z]{2}\d{2}$/),
    nation: z.enum(['british', 'german', 'american']),
    name: text,
    type: z.string(),
    /** GF 2-1[5]: the reinforcement turn; null for a ship in play at the start (American: on USW, GF 9). */
    arrives: z.number().int().min(1).nullable(),
    /** GF 3[3], GF 9[2]: a circled ship goes into the DDbox. */
    circled: z.boolean().default(false),
    /** GF 12[4]: the ship marked with a star (Audacious). */
    star: z.boolean().default(false),
  })
  .strict();

const damageRowSchema = z.object({ max: z.number().int(), result: z.enum(['none', 'ddbox', 'sunk']) }).strict();

/** A whole component data set. */
export const gfDataSchema = z
  .object({
    id: z.string(),
    title: text,
    hexes: z.array(hexSchema).min(2),
    shipTypes: z.array(shipTypeSchema).min(1),
    ships: z.array(shipSchema).min(1),
    /** GF 8[4.3][4]: 2d6 (German targets -1), the first row whose `max` is at least the total. */
    damageTable: z.array(damageRowSchema).min(1),
    /** GF 7(a)[2]: the USW Occurrence Table, one result per die face 1-6. */
    uswOccurrence: z.array(z.enum(['none', 'choice', 'occurs'])).length(6),
    /** GF 9[4]: the USW Table, German VP gained (negative: British) per modified die 1-6 (clamped to 1-6). */
    uswTable: z.array(z.number().int()).length(6),
    /** GF-A31: the USW Table's die modifier per turn since USW began (index 0: the first roll). */
    uswModifiers: z.array(z.number().int()).default([]),
    turns: z.array(text).min(1),
    /** GF 11[4]: North Sea maintenance numbers. */
    maintenance: z.object({ british: z.number().int(), german: z.number().int() }).strict(),
    /** GF 6[5]: capacity of each numbered DDbox box. */
    ddCapacity: z.object({ british: z.number().int(), german: z.number().int() }).strict(),
    /** GF 2-1[7], GF 8[1][3]: fleet markers per side. */
    markers: z.object({ british: z.number().int(), german: z.number().int() }).strict(),
    /** GF 8[1][4]: most ships in one fleet (least: 3). */
    fleetMax: z.object({ british: z.number().int(), german: z.number().int() }).strict(),
    /** Field paths whose values are reconstructed (NOT IN TEXT). */
    reconstructed: z.array(z.string()),
    /** The North Sea under the hex grid (land, the grid's size and origin); without it the grid is drawn alone. */
    geography: geographySchema.optional(),
  })
  .strict();

export type GfData = z.infer<typeof gfDataSchema>;
export type HexData = GfData['hexes'][number];
export type ShipData = GfData['ships'][number];
export type ShipType = GfData['shipTypes'][number];
