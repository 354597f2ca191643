import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  commitmentOf,
  committedDice,
  diceKeyOf,
  forcedDice,
  ordersDigest,
  sfc32FromHex,
  uniformDie,
} from '../../src/engine/index.ts';

describe('committed dice (docs/dice.md)', () => {
  const secret = 'a'.repeat(64);

  it('commitment is the SHA-256 of the secret text', () => {
    // printf %s aaaa...a (64) | sha256sum
    expect(commitmentOf(secret)).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
  });

  it('same key, step and orders give the same dice; other orders give other dice', () => {
    const key = diceKeyOf(secret);
    const roll = (orders: unknown) => {
      const d = committedDice(key, 3, orders);
      return Array.from({ length: 20 }, () => d.roll(6, 't'));
    };
    expect(roll({ allied: { a: 1, b: 2 } })).toEqual(roll({ allied: { b: 2, a: 1 } }));
    expect(roll({ allied: { a: 1 } })).not.toEqual(roll({ allied: { a: 2 } }));
  });

  it('digest ignores key order', () => {
    expect(ordersDigest({ x: 1, y: [1, { b: 1, a: 2 }] })).toBe(ordersDigest({ y: [1, { a: 2, b: 1 }], x: 1 }));
    expect(canonicalJson({ b: 1, a: [true, null] })).toBe('{"a":[true,null],"b":1}');
  });

  it('d6 values are uniform enough and always in range', () => {
    const s = sfc32FromHex('0123456789abcdef0123456789abcdef');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[uniformDie(s, 6) - 1]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
  });

  it('forced dice replay a sequence and fail loudly when exhausted or out of range', () => {
    const d = forcedDice([2, 6]);
    expect(d.roll(6, 'a')).toBe(2);
    expect(() => forcedDice([7]).roll(6, 'x')).toThrow(/does not fit/);
    expect(d.roll(6, 'b')).toBe(6);
    expect(() => d.roll(6, 'c')).toThrow(/exhausted/);
  });
});
