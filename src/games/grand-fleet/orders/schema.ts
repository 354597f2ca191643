/**
 * One seat's orders: the answer to the decision point owed now (one field per point, spec 5.1) plus standing orders
 * for later points (spec 5.2). Shape only; `validate` checks the rules.
 */
import { z } from 'zod';
import { SITUATIONS } from '../state.ts';

const placeSchema = z
  .object({ marker: z.union([z.literal('down'), z.number().int().min(1).max(10)]), hex: z.string() })
  .strict();
const moveSchema = z.object({ from: z.string(), to: z.string() }).strict();

const shipBoxes = z.record(z.string(), z.number().int().min(0).max(6));

/** D15-D18: one bombardment round's answers (GF 8[4.2]-8[4.4]). */
const combatAnswers = {
  /** D15 (GF 8[4.2] M(d), M(e)). */
  initiative: z
    .object({ half: z.boolean(), excess: z.number().int().min(0).max(14) })
    .strict()
    .optional(),
  /** D16 (GF 8[4.2][9]). */
  situations: z.array(z.enum(SITUATIONS)).max(5).optional(),
  /** D17 (GF 8[4.3][2]): bombardment points per enemy ship. */
  fire: z.record(z.string(), z.number().int().min(0)).optional(),
  /** D18 (GF 8[4.4][2]). */
  continue: z.boolean().optional(),
};

/** GF-AD1: the answers for one contested hex. */
export const hexOrdersSchema = z.object(combatAnswers).strict();
export type GfHexOrders = z.infer<typeof hexOrdersSchema>;

export const gfOrdersSchema = z
  .object({
    /** D2 (GF 6[3]): DDbox box per arriving British ship; a ship left out goes where the engine puts it. */
    reinforce: shipBoxes.optional(),
    /** D3/D4 (GF 6[8-10]): dice 0 = no commitment; `stopIf`: first-die boxes after which no second die (GF-A08 R2). */
    commit: z
      .object({
        dice: z.number().int().min(0).max(2),
        redistribute: shipBoxes.optional(),
        stopIf: z.array(z.number().int().min(1).max(6)).optional(),
      })
      .strict()
      .optional(),
    /** D5/D6 (GF 6[13-16]): roll for withdrawal; ships in order of preference; boxes for them. */
    withdraw: z
      .object({
        roll: z.boolean(),
        ships: z.array(z.string()).optional(),
        boxes: shipBoxes.optional(),
      })
      .strict()
      .optional(),
    /** D7 (GF 7(a)[2]). */
    usw: z.enum(['occur', 'decline']).optional(),
    /** D8 (GF 7(b)[2]): sealed. */
    dice: z.number().int().min(1).max(2).optional(),
    /** D9 (GF 7(b)[4]). */
    battle: z.boolean().optional(),
    /** D10 (GF 7(b)[4]). */
    accept: z.boolean().optional(),
    /** D11/D19 (GF 8[1], 8[1][7]): fleet number per ship; 0 sends a British surplus ship to the DDbox. */
    organise: z.record(z.string(), z.number().int().min(0).max(10)).optional(),
    /** D12 (GF 8[2][1]): fast fleets shuffled face up. */
    faceUp: z.array(z.number().int().min(1).max(10)).optional(),
    /** D13 (GF 8[2][2]): a face-down marker (drawn by the server) or a face-up fast fleet, into a hex. */
    place: placeSchema.optional(),
    /** D14 (GF 8[3]). */
    intercept: z.union([z.literal('pass'), z.object({ from: z.string(), to: z.string() }).strict()]).optional(),
    ...combatAnswers,
    /** GF-AD1 (option `combatHexes: parallel`): D15-D18 per contested hex, every hex in the same message. */
    hexes: z.record(z.string(), hexOrdersSchema).optional(),
    /**
     * Standing orders (spec 5.2): D7; D9 and D10 (sent with D8); a placement sequence for D13 (each entry used in
     * turn, one skipped when it cannot be placed); interception candidates for D14 (the first legal one is made,
     * else a pass), kept for the battle; the intercepting side's D18 by the offensive side's answer.
     */
    standing: z
      .object({
        usw: z.enum(['occur', 'decline']).optional(),
        ifOffensive: z.boolean().optional(),
        ifIntercepting: z.boolean().optional(),
        placements: z.array(placeSchema).max(14).optional(),
        intercepts: z.array(moveSchema).max(20).optional(),
        /** D18 of the intercepting side, by the offensive side's answer (continue / stop), for the battle. */
        ifContinue: z.boolean().optional(),
        ifStop: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** One seat's orders. */
export type GfOrders = z.infer<typeof gfOrdersSchema>;

/** The answer field of each kind of decision point. */
export const FIELD_OF = {
  'arm-1': 'commit',
  'arm-2': 'commit',
  'arm-3': 'withdraw',
  'arm-4': 'withdraw',
  'usw-choice': 'usw',
  initiative: 'dice',
  declare: 'battle',
  accept: 'accept',
  organise: 'organise',
  shuffle: 'faceUp',
  place: 'place',
  intercept: 'intercept',
  'combat-init': 'initiative',
  'combat-situations': 'situations',
  'combat-fire': 'fire',
  'combat-continue': 'continue',
} as const satisfies Record<string, keyof GfOrders>;

/** Every answer field (all but `standing`). */
export const ANSWER_FIELDS: readonly (keyof GfOrders)[] = [
  'reinforce',
  'commit',
  'withdraw',
  'usw',
  'dice',
  'battle',
  'accept',
  'organise',
  'faceUp',
  'place',
  'intercept',
  'initiative',
  'situations',
  'fire',
  'continue',
  'hexes',
];
