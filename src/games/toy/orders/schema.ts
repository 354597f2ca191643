/** The shape of one seat's orders (TOY 2, 3). */
import { z } from 'zod';

/** zod schema of one seat's orders. */
export const toyOrdersSchema = z
  .object({
    pick: z.number().int().optional(),
    standing: z
      .object({ note: z.string().max(100) })
      .strict()
      .optional(),
  })
  .strict();
/** One seat's orders: its pick (TOY 2, 3) and a standing note. */
export type ToyOrders = z.infer<typeof toyOrdersSchema>;
