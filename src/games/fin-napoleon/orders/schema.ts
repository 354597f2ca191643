/**
 * Fin-Napoleon's orders (spec 5.2): one nation's activity and what it needs (D1-D7), the standing orders a seat keeps
 * until replaced, and one seat's orders as sent. Shape only: the rules are checked by orders/validate.ts.
 */
import { z } from 'zod';
import { ALLIES, NATIONS } from '../data/schema.ts';

const area = z.string().regex(/^[A-Z]{2,3}$/);
const count = z.number().int().min(0).max(99);

/** One nation's activity (FN 6.0[3]) and what it needs (D1-D5, D7). */
export const activationSchema = z
  .object({
    activity: z.enum(['none', 'declare', 'reinforce', 'move']),
    /** D2: the peace ally France declares war on (FN 7.0[1]). */
    target: z.enum(ALLIES).optional(),
    /** D3: units placed (FN 8.0[4]). */
    count: count.optional(),
    /** D4: unit slot (start area + number, `RH1`) to the areas entered, executed in slot order (FN 9.1[4]). */
    move: z.record(z.string().regex(/^[A-Z]{2,3}\d{1,2}$/), z.array(area).max(2)).optional(),
    /** D5: combat areas in this order first (FN 9.2[5]). */
    combatOrder: z.array(area).max(14).optional(),
    /** D7, FN-A16: at-war Allied nations that do not join the attack in an area. */
    noJoin: z.record(area, z.array(z.enum(ALLIES)).max(5)).optional(),
    /** Spec 5.2 conditional order (later activations): used only when the board then meets it, else asked. */
    when: z
      .object({ atWar: z.boolean().optional(), french: area.optional(), noFrench: area.optional() })
      .strict()
      .optional(),
    /** FN-A12 (spec 5.2 `halt_after_sea_attrition`): stop after a sea attrition roll so later moves can change. */
    haltAfterSea: z.boolean().optional(),
    /** D6 ahead, France's own activation: the dice per nation in an area (FN 9.21[1]). */
    allocate: z.record(area, z.partialRecord(z.enum(ALLIES), count)).optional(),
  })
  .strict();
export type Activation = z.infer<typeof activationSchema>;

/** Standing orders of a seat (spec 5.2): kept until replaced. */
export const standingSchema = z
  .object({
    /** D6 standing: France's dice go to the nations in this order (each up to its units there). */
    priority: z.array(z.enum(ALLIES)).max(5).optional(),
    /** D6 standing, spec 5.2 `per_area`: France's dice per nation in an area, used before the priority. */
    perArea: z.record(area, z.partialRecord(z.enum(ALLIES), count)).optional(),
    /** D3 standing, FN 9.33: units France places after a surrender. */
    surrenderCount: count.optional(),
    /** Stop before each of this seat's nations even when a later activation was sent (spec 5.2). */
    askBetween: z.boolean().optional(),
    /** D7, FN-A16: this seat's nations that do not join another nation's Allied attack (multiplayer). */
    holdBack: z.array(z.enum(ALLIES)).max(5).optional(),
  })
  .strict();
export type Standing = z.infer<typeof standingSchema>;

/** One seat's orders: the owed answer, later activations of its nations this turn, standing orders. */
export const fnOrdersSchema = activationSchema
  .partial({ activity: true })
  .extend({
    /** FN-D0 (FN 5.0[6]): the French player rolls for the first turn's activation order. */
    start: z.literal('roll').optional(),
    /** D6: France's dice for the area now fought (FN 9.21[1]). */
    allocation: z.partialRecord(z.enum(ALLIES), count).optional(),
    /** Spec 5.2: this seat's later nations this turn, used in turn unless they no longer fit. */
    later: z.partialRecord(z.enum(NATIONS), activationSchema).optional(),
    standing: standingSchema.optional(),
  })
  .strict();
export type FnOrders = z.infer<typeof fnOrdersSchema>;
