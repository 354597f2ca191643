/**
 * One seat's orders (spec 5.2), shape only (the rules are checked by validate.ts):
 *   setup        D1 (OC 4.2): British unit → area 11, area 12 or an off-map point;
 *   replacements D2 (OC 5.2): town → the unit that recovers a step;
 *   returns      D3 (OC 6.3(8)③): returning unit → off-map point;
 *   activation   D4-D7 (OC 6.1-6.3): `at: "pass"`, or a location, its units, a path, attack yes/no, targets;
 *   targets      D7 after the counterattack (OC-A09 R2): attacking unit → defending unit;
 *   counterattack D8 (OC 6.3(2)): defending unit → activated unit;
 *   standing     counterattack preferences and queued activations, kept until replaced.
 */
import { z } from 'zod';

const idMap = z.record(z.string(), z.string());

/** OC 3.1②③, 6.1-6.3: one activation, or a pass (`at: "pass"`). */
export const activationSchema = z
  .object({
    at: z.string().min(1),
    units: z.array(z.string()).optional(),
    path: z.array(z.string()).optional(),
    attack: z.enum(['yes', 'no']).optional(),
    targets: idMap.optional(),
  })
  .strict();
export type OcActivation = z.infer<typeof activationSchema>;

/** The value of `activation.at` that passes (OC 3.1③[a]). */
export const PASS = 'pass';

/**
 * A standing counterattack preference (spec 5.2): named units first, then an arm, then an order among the rest.
 * Every defender fires at the first activated unit the preference ranks highest.
 */
export const preferenceSchema = z
  .object({
    prefer: z.array(z.string()).optional(),
    arm: z.enum(['tank', 'infantry']).optional(),
    order: z.enum(['lowest-hit', 'highest-hit', 'most-steps', 'fewest-steps']).optional(),
  })
  .strict();
export type OcPreference = z.infer<typeof preferenceSchema>;

export const ocOrdersSchema = z
  .object({
    setup: idMap.optional(),
    replacements: idMap.optional(),
    returns: idMap.optional(),
    activation: activationSchema.optional(),
    targets: idMap.optional(),
    counterattack: idMap.optional(),
    standing: z
      .object({
        /** null withdraws the preference. */
        counterattack: preferenceSchema.nullable().optional(),
        /** Preferences for combats at one location (spec 5.2 "per location"), before the global one; null withdraws. */
        counterattackAt: z.record(z.string(), preferenceSchema.nullable()).optional(),
        /** Replaces the queue; an empty list clears it. */
        queue: z.array(activationSchema).max(12).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type OcOrders = z.infer<typeof ocOrdersSchema>;
