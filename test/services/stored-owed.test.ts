/**
 * The `owed` column read at the database boundary (storedOwed in src/services/json.ts): a stored list of owed
 * points comes back typed and whole, an absent one is nothing owed, and a malformed one is refused rather than
 * passed on as owed points.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/services/errors.ts';
import { storedOwed } from '../../src/services/json.ts';

const point = {
  seat: 'a',
  point: 'TOY-D1',
  rule: 'TOY 2',
  prompt: { en: 'Pick a number', ja: '数を選んでください' },
};

describe('storedOwed', () => {
  it('reads a stored list of owed points as it was written, sealed flag and extra fields kept', () => {
    const stored = JSON.parse(JSON.stringify([point, { ...point, seat: 'b', sealed: true, extra: 1 }]));
    expect(storedOwed(stored)).toEqual([point, { ...point, seat: 'b', sealed: true, extra: 1 }]);
  });

  it('reads no list (no next step, a column never written) as nothing owed', () => {
    expect(storedOwed(null)).toEqual([]);
    expect(storedOwed(undefined)).toEqual([]);
    expect(storedOwed({})).toEqual([]);
  });

  it('refuses a list that is not of owed points with a 500 step/bad-owed', () => {
    const bad = () => storedOwed([{ ...point, seat: 7 }]);
    expect(bad).toThrow(ServiceError);
    expect(bad).toThrow(expect.objectContaining({ code: 'step/bad-owed', status: 500 }));
  });
});
