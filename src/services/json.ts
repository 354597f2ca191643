/** Helpers between engine values and Prisma JSON columns. */
import { z } from 'zod';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Envelope } from '../engine/step-runner.ts';
import type { Owed } from '../engine/types.ts';
import { ServiceError } from './errors.ts';

/** An engine value as a Prisma JSON input (engine values are plain JSON by contract). */
export function asJson(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

/** A stored envelope. */
export function asEnvelope(value: unknown): Envelope {
  return value as Envelope;
}

/** One owed point as the `owed` column of a step stores it (what the game's `owed` returned: `Owed`). */
const storedOwedSchema = z.array(
  z.looseObject({
    seat: z.string(),
    point: z.string(),
    rule: z.string(),
    prompt: z.looseObject({ en: z.string(), ja: z.string() }),
    sealed: z.boolean().optional(),
  }),
);

/**
 * The `owed` column of a stored step, typed: the one way the service reads it. Not an array (no step, or a column
 * never written): nothing is owed. A list that is not a list of owed points is a 500 (`step/bad-owed`): the column
 * is written only from the game's own `owed`.
 */
export function storedOwed(value: unknown): Owed[] {
  if (!Array.isArray(value)) return [];
  const parsed = storedOwedSchema.safeParse(value);
  if (!parsed.success)
    throw new ServiceError('step/bad-owed', 500, `a stored step's owed points are malformed: ${parsed.error.message}`);
  return parsed.data;
}

/** Removes the dice key from anything that leaves the service (defence in depth: views never contain it). */
export function stripDiceKey<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === 'diceKey' ? undefined : v))) as T;
}
