/** The toy game's component data: only a name, to show where a game's data lives. */
import { z } from 'zod';

/** The shape of a data set. */
export const toyDataSchema = z.object({ name: z.string() });
export type ToyData = z.infer<typeof toyDataSchema>;

/** The shipped data set. */
export const toyDefaultData: ToyData = { name: 'toy' };
