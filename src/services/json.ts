/** Helpers between engine values and Prisma JSON columns. */
import type { Prisma } from '../generated/prisma/client.ts';
import type { Envelope } from '../engine/step-runner.ts';

/** An engine value as a Prisma JSON input (engine values are plain JSON by contract). */
export function asJson(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

/** A stored envelope. */
export function asEnvelope(value: unknown): Envelope {
  return value as Envelope;
}

/** Removes the dice key from anything that leaves the service (defence in depth: views never contain it). */
export function stripDiceKey<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === 'diceKey' ? undefined : v))) as T;
}
