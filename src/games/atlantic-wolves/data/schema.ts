/**
 * Zod schema of an Atlantic Wolves component data set: the five sea areas, every unit counter and the Turn Table.
 * The rulebook gives none of these values (spec section 2, AW-A01, AW-A02); a data set is validated with this schema
 * at load and then with `checkData` (cross references).
 */
import { z } from 'zod';
import { geographySchema } from '../../../engine/geography.ts';

const id = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'ids use letters, digits, - and _');

/** Player-facing text in English and Japanese. */
export const textSchema = z.object({ en: z.string().min(1), ja: z.string().min(1) }).strict();

/** One named sea area (AW 1.1[4]): name, placement capacity (配置数) and, for AW 12.0-3, its neighbours. */
export const areaSchema = z
  .object({
    id,
    name: textSchema,
    capacity: z.number().int().min(0).max(20),
    adjacent: z.array(id).max(10),
  })
  .strict();

/** Unit sides (AW 1.21[2]). */
export const SIDES = ['allied', 'german'] as const;
/** Unit types: convoys, escort ships (DD, CVE, AW 8.2), the tactical air force (AW 8.1) and U-boats (AW 1.21[5]). */
export const UNIT_TYPES = ['convoy', 'DD', 'CVE', 'air', 'UB'] as const;
/** Nationalities (AW 1.21[3]): US green, British yellow-red, tactical air force, German grey. */
export const NATIONALITIES = ['US', 'GB', 'air', 'DE'] as const;

/** One unit counter. `strength` is the number on the white circle; a CVE's doubled number means 2 attacks. */
export const unitSchema = z
  .object({
    id,
    side: z.enum(SIDES),
    type: z.enum(UNIT_TYPES),
    nationality: z.enum(NATIONALITIES),
    strength: z.number().int().min(0).max(12),
    /** VP the German scores for sinking it (convoys only; AW 1.21[3]). */
    vp: z.number().int().min(0).max(12),
    /** ☆ mark: the 4 turn-1 UBs (10.0-A), the US CVE of rule B, the 2 convoys of rule E. */
    star: z.boolean(),
    /** Unit number 11..66 (both digits 1-6) read from 2d6 in response movement (AW 12.0-3b). */
    number: z.number().int().min(11).max(66),
    /** Historical reinforcement turn printed on the v1.1 counter (AW 11.0[2]); convoys are always in use (1). */
    turn: z.number().int().min(1).max(5),
    name: textSchema,
  })
  .strict();

/** One box of the Turn Table: its label and the number of units each side draws in the standard game (AW 5.0[1]). */
export const turnSchema = z
  .object({
    turn: z.number().int().min(1).max(5),
    label: textSchema,
    reinforcements: z
      .object({ allied: z.number().int().min(0).max(30), german: z.number().int().min(0).max(30) })
      .strict(),
  })
  .strict();

/** A whole component data set. `reconstructed` lists the field paths whose values are labelled defaults. */
export const awDataSchema = z
  .object({
    id: z.string().min(1).max(80),
    title: textSchema,
    areas: z.array(areaSchema).min(1).max(12),
    units: z.array(unitSchema).min(1).max(80),
    turns: z.array(turnSchema).length(5),
    /** German VP Table ends (NOT IN TEXT); used only with option `vpTable: 'clamp'` (AW-A03 R2). */
    vpTrack: z.object({ min: z.number().int(), max: z.number().int() }).strict(),
    reconstructed: z.array(z.string()).max(2000),
    /** The North Atlantic under the area panels; without it the sketch of ./board-layout.ts is drawn. */
    geography: geographySchema.optional(),
  })
  .strict();

export type AwText = z.infer<typeof textSchema>;
export type AwArea = z.infer<typeof areaSchema>;
export type AwUnit = z.infer<typeof unitSchema>;
export type AwTurn = z.infer<typeof turnSchema>;
/** A validated component data set. */
export type AwData = z.infer<typeof awDataSchema>;
export type AwSide = (typeof SIDES)[number];
export type AwUnitType = (typeof UNIT_TYPES)[number];
