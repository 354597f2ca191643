/**
 * Deterministic dice. See docs/dice.md for the commitment scheme:
 *   commitment  = SHA-256(secret)                       (published at game creation; secret revealed at the end)
 *   key         = SHA-256("pbem-dice-v1|" + secret)     (carried in the game envelope, never in a view)
 *   step seed   = SHA-256(key + "|" + step + "|" + SHA-256(canonicalJson(orders)))
 *   dice        = sfc32 seeded with the first 16 bytes of the step seed, uniform by rejection sampling.
 * Pure computation only: hashing is not I/O.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';
import type { Dice } from './types.ts';

export const DICE_SCHEME = 'pbem-dice-v1';

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The public commitment to a game's secret seed. Reproducible with `printf %s SECRET | sha256sum`. */
export function commitmentOf(secret: string): string {
  return sha256Hex(secret);
}

/** The dice key derived from the secret; kept in the game envelope. */
export function diceKeyOf(secret: string): string {
  return sha256Hex(`${DICE_SCHEME}|${secret}`);
}

/** Digest of one step's orders (all seats), independent of key order and arrival order. */
export function ordersDigest(orders: unknown): string {
  return sha256Hex(canonicalJson(orders));
}

/** The seed of a step's generator, from the dice key, the step number and the orders of that step. */
export function stepSeed(key: string, step: number, digest: string): string {
  return sha256Hex(`${key}|${step}|${digest}`);
}

/** sfc32 generator state (four unsigned 32-bit words). Small, fast, and well tested (PractRand). */
export type Sfc32State = [number, number, number, number];

export function sfc32FromHex(hex: string): Sfc32State {
  const words = [0, 1, 2, 3].map((i) => parseInt(hex.slice(i * 8, i * 8 + 8), 16) >>> 0);
  const state = words as Sfc32State;
  for (let i = 0; i < 12; i++) sfc32Next(state); // warm-up, as the sfc32 reference does
  return state;
}

/** Advances the state in place and returns the next unsigned 32-bit output. */
export function sfc32Next(s: Sfc32State): number {
  const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
  s[3] = (s[3] + 1) >>> 0;
  s[0] = s[1] ^ (s[1] >>> 9);
  s[1] = (s[2] + (s[2] << 3)) >>> 0;
  s[2] = ((s[2] << 21) | (s[2] >>> 11)) >>> 0;
  s[2] = (s[2] + t) >>> 0;
  return t;
}

/** A uniform integer in 1..sides, by rejection sampling (no modulo bias). */
export function uniformDie(state: Sfc32State, sides: number): number {
  if (!Number.isInteger(sides) || sides < 1) throw new Error(`die with ${sides} sides`);
  const limit = Math.floor(0x100000000 / sides) * sides;
  for (;;) {
    const x = sfc32Next(state);
    if (x < limit) return (x % sides) + 1;
  }
}

/** Dice from an sfc32 state (mutated as it rolls). */
export function streamDice(state: Sfc32State): Dice {
  return { roll: (sides) => uniformDie(state, sides) };
}

/** The committed dice of one step (the scheme above). */
export function committedDice(key: string, step: number, orders: unknown): Dice {
  return streamDice(sfc32FromHex(stepSeed(key, step, ordersDigest(orders))));
}

/** Error thrown when forced dice run out or do not fit the die asked for. */
export class ForcedDiceError extends Error {}

/**
 * A forced sequence of dice, for tests and recorded games. Throws when the sequence is exhausted or a value does
 * not fit the die (a fixture that expects fewer rolls than the engine takes is a failing fixture).
 */
export function forcedDice(values: readonly number[]): Dice & { remaining(): number } {
  let next = 0;
  return {
    roll(sides, purpose) {
      if (next >= values.length) throw new ForcedDiceError(`forced dice exhausted at roll ${next + 1} (${purpose})`);
      const value = values[next++];
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new ForcedDiceError(`forced die ${value} at roll ${next} does not fit a d${sides} (${purpose})`);
      }
      return value;
    },
    remaining: () => values.length - next,
  };
}
