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
import type { Dice, GameEvent } from './types.ts';

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
  // Each word read once and written once (the same values as word-by-word updates: every sum is taken mod 2^32).
  const a = s[0];
  const b = s[1];
  const c = s[2];
  const d = s[3];
  const t = (a + b + d) >>> 0;
  s[3] = (d + 1) >>> 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) >>> 0;
  s[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
  return t;
}

/** The die size of the last roll and its rejection limit (most rolls in a row have the same size). */
let lastSides = 6;
let lastLimit = Math.floor(0x100000000 / 6) * 6;

/** A uniform integer in 1..sides, by rejection sampling (no modulo bias). */
export function uniformDie(state: Sfc32State, sides: number): number {
  let limit = lastLimit;
  if (sides !== lastSides) {
    if (!Number.isInteger(sides) || sides < 1) throw new Error(`die with ${sides} sides`);
    limit = Math.floor(0x100000000 / sides) * sides;
    lastSides = sides;
    lastLimit = limit;
  }
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

/** One forced die: its value, and the purpose the die rolled for it must have (any purpose when left out). */
export interface ForcedDie {
  value: number;
  purpose?: string;
}

/** What went wrong with a forced die: none left, another purpose than the one expected, or a value off the die. */
export interface ForcedDiceProblem {
  kind: 'exhausted' | 'purpose' | 'unfit';
  /** The roll's number in the sequence, from 1. */
  roll: number;
  sides: number;
  /** The purpose the game rolled the die for. */
  purpose: string;
  /** The forced die that did not fit (absent when the sequence ran out). */
  expected?: ForcedDie;
}

/**
 * Error thrown when forced dice run out or do not fit the die asked for. The step runner attaches the events of the
 * step up to the failing roll (`events`), so that a test can show what happened before it.
 */
export class ForcedDiceError extends Error {
  events?: GameEvent[];
  constructor(
    message: string,
    readonly problem?: ForcedDiceProblem,
  ) {
    super(message);
    this.name = 'ForcedDiceError';
  }
}

/** Whether a rolled die's purpose text fits an expected purpose: equal to it or containing it (a rule id). */
export const purposeContains = (expected: string, purpose: string): boolean => purpose.includes(expected);

/**
 * A forced sequence of dice, for tests and recorded games. Each entry is a value, or a value with the purpose its
 * die must be rolled for (`matches` decides; by default the rolled purpose text must contain it). Throws a
 * {@link ForcedDiceError} when the sequence is exhausted, a purpose differs or a value does not fit the die (a
 * fixture that expects fewer rolls than the engine takes is a failing fixture). `left()` lists the unused entries.
 */
export function forcedDice(
  values: readonly (number | ForcedDie)[],
  matches: (expected: string, purpose: string, sides: number) => boolean = purposeContains,
): Dice & { remaining(): number; left(): ForcedDie[] } {
  const dice: ForcedDie[] = values.map((v) => (typeof v === 'number' ? { value: v } : v));
  let next = 0;
  return {
    roll(sides, purpose) {
      const roll = next + 1;
      if (next >= dice.length)
        throw new ForcedDiceError(`forced dice exhausted at roll ${roll} (${purpose})`, {
          kind: 'exhausted',
          roll,
          sides,
          purpose,
        });
      const die = dice[next++];
      if (die.purpose !== undefined && !matches(die.purpose, purpose, sides)) {
        throw new ForcedDiceError(
          `roll ${roll}: the forced die ${die.value} is for "${die.purpose}" but the game rolled a d${sides} for "${purpose}"`,
          { kind: 'purpose', roll, sides, purpose, expected: die },
        );
      }
      const value = die.value;
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new ForcedDiceError(`forced die ${value} at roll ${roll} does not fit a d${sides} (${purpose})`, {
          kind: 'unfit',
          roll,
          sides,
          purpose,
          expected: die,
        });
      }
      return value;
    },
    remaining: () => dice.length - next,
    left: () => dice.slice(next),
  };
}
