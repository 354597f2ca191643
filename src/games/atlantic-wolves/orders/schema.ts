/**
 * One seat's Atlantic Wolves orders as JSON: the contract shared by the API, the web form and the email grammar
 * (which parses text into this shape). Every field is optional in shape; `validate` checks that the decision point
 * now owed is answered and that every answer is legal. Ids are unit ids and area ids of the game's data set.
 */
import { z } from 'zod';

const id = z.string().min(1).max(40);

export const standingOrdersSchema = z
  .object({
    /** D1 in advance (AW 11.0[4]): the sunk UBs to take back on turn 5, in order of preference. */
    reinforce: z.array(id).max(40).optional(),
    /**
     * D7 in advance (AW 12.0-3, spec 5.2 `response_table`): per own unit, preferences tried in order when its number
     * is rolled: an adjacent area id, `stay`, or `ask` (stop and ask the owner). Valid until the end of the turn.
     */
    responseTable: z.record(id, z.array(id).min(1).max(8)).optional(),
    /** D2 in advance (Mode S, spec S-A `step2_plan`): ordered area slots, of which the engine uses the first N. */
    step2Plan: z.array(id).max(12).optional(),
  })
  .strict();

export const awOrdersSchema = z
  .object({
    /** D1 (AW 11.0[4]): which sunk UBs return on turn 5. */
    reinforce: z.array(id).max(40).optional(),
    /** D3 mail (AW 12.0-2, all Allied units face up) and D5 (AW 7.0, every used UB): unit id -> area id. */
    placement: z.record(id, id).optional(),
    /** D2 standard (AW 6.0-Step2): area id -> number of blindly drawn units placed there. */
    step2: z.record(id, z.number().int().min(0).max(12)).optional(),
    /** D3 standard (AW 6.0-Step3): unit id -> area and facing. */
    step3: z.record(id, z.object({ area: id, face: z.enum(['up', 'down']) }).strict()).optional(),
    /** D4 / D6 first half, literal overflow option (AW 6.0-C2, 7.0[6]): own units named for re-placement. */
    overflow: z.array(id).max(40).optional(),
    /** D4 / D6 second half: the opponent's units named for re-placement -> area id. */
    replace: z.record(id, id).optional(),
    /** D7 (AW 12.0-3): where the rolled unit goes: an adjacent area id, or `stay`. */
    response: id.optional(),
    /** D8 (only with option airAttack = optional, AW-A10 R2): air unit -> the UBs it attacks. */
    air: z.record(id, z.array(id).max(20)).optional(),
    /** D9 (AW 8.2[5]): escort ship -> UB targets (DD one, CVE two, the same UB twice allowed; fewer = declined). */
    escorts: z.record(id, z.array(id).max(2)).optional(),
    /** D10 (AW 8.3[3]): UB -> convoy targets, one per attack (2 or 3), in resolution order. */
    ubs: z.record(id, z.array(id).max(3)).optional(),
    standing: standingOrdersSchema.optional(),
  })
  .strict();

export type AwStandingOrders = z.infer<typeof standingOrdersSchema>;
export type AwOrders = z.infer<typeof awOrdersSchema>;
