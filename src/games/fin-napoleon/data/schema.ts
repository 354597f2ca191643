/**
 * The shape of Fin-Napoleon's component data (FN 1.1, 1.2, 3.2, 5.0, 10.3, 11.0): the areas, land and sea adjacency,
 * home areas and VP, the simplified War Status Chart, the activation table and the morale start; and the six nations.
 * The shipped set is data/default-data.ts, the checks beyond shape data/check-data.ts.
 */
import { z } from 'zod';
import { geographySchema } from '../../../engine/geography.ts';

/** The six nations, France first, then the Allies in their fixed activation order (FN 5.0[4]). */
export const NATIONS = ['france', 'prussia', 'austria', 'russia', 'spain', 'britain'] as const;
export type Nation = (typeof NATIONS)[number];
/** The five Allied nations in their fixed order (FN 5.0[4]). */
export const ALLIES = ['prussia', 'austria', 'russia', 'spain', 'britain'] as const;
export type Ally = (typeof ALLIES)[number];

const text = z.object({ en: z.string().min(1), ja: z.string().min(1) });
const nation = z.enum(NATIONS);

const areaSchema = z.object({
  id: z.string().regex(/^[A-Z]{2,3}$/),
  name: text,
  /** Extra spellings accepted in order text (besides the names and the id). */
  aliases: z.array(z.string()).default([]),
  kind: z.enum(['land', 'sea']),
  /** The nation whose home area this is (FN 1.1[4]). */
  home: nation.optional(),
  /** Grid position of the area's panel on the drawn map. */
  at: z.tuple([z.number(), z.number()]),
});

const chartSchema = z.object({
  initial: z.number().int().min(0),
  reinforcement: z.number().int().min(0),
  maximum: z.number().int().min(1),
  /** Initial war state of an Allied nation (FN 2.2-3); France has none (FN 3.1[3]). */
  atWar: z.boolean(),
  /** VP printed on the home area (FN 1.1[5], 10.3[4]); 0 for France. */
  vp: z.number().int().min(0),
  colour: z.string().regex(/^#[0-9a-f]{6}$/),
  name: text,
  aliases: z.array(z.string()).default([]),
});

/** zod schema of a Fin-Napoleon data set. */
export const fnDataSchema = z.object({
  name: z.string(),
  areas: z.array(areaSchema).min(2),
  /** Land adjacency (FN 1.1[11]: France and Italy are not adjacent). */
  land: z.array(z.tuple([z.string(), z.string()])),
  /** Sea adjacency (FN 1.1[8]): sea-sea and sea-coast pairs. */
  sea: z.array(z.tuple([z.string(), z.string()])),
  chart: z.object(Object.fromEntries(NATIONS.map((n) => [n, chartSchema])) as Record<Nation, typeof chartSchema>),
  /** FN 5.0[6], FN-A02: the die roll N puts France in slot `activationSlots[N-1]` (1 = before Prussia). */
  activationSlots: z.array(z.number().int().min(1).max(6)).length(6),
  moraleStart: z.number().int().min(1),
  /** FN 10.1, 12.0[M][7]: the South France area. */
  southFrance: z.string(),
  /** FN 10.2: the areas of the attrition check in Russian territory (Russia and West Russia). */
  russianTerritory: z.array(z.string()),
  /** FN 10.3[4]: France wins with at least this many VP of Allied nations at peace. */
  frenchVictoryVp: z.number().int().min(1),
  /** Which values are reconstructed (not printed): shown with the board. */
  reconstructed: z.array(z.string()),
  /**
   * Europe under the areas (land, each area's outline and anchor); without it the areas are drawn as panels on the
   * grid of their `at`.
   */
  geography: geographySchema.optional(),
});
export type FnData = z.infer<typeof fnDataSchema>;
