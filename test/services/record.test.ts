/**
 * The record built for one viewer (src/services/record.ts): a step's orders digest, a function of every seat's
 * orders, reaches only a viewer shown all of them; the moderator always, a seat once the orders are revealed.
 */
import { describe, expect, it } from 'vitest';
import { ordersDigest } from '../../src/engine/dice.ts';
import type { Viewer } from '../../src/engine/types.ts';
import { getGame } from '../../src/games/index.ts';
import { buildRecord, type RecordSource } from '../../src/services/record.ts';

const toy = getGame('toy')!;
const both = { a: { pick: 2 }, b: { pick: 3 } };
const onlyA = { a: { pick: 1 } };

/** A two-step game: step 0 owed by both seats (sealed or not), step 1 by seat a alone. */
function source(status: 'active' | 'finished', sealed: boolean): RecordSource {
  const step = (number: number, orders: Record<string, unknown>) => ({
    number,
    status: 'published',
    ordersDigest: ordersDigest(orders),
    defaultsApplied: [],
    resolvedAt: null,
    publishedAt: null,
    orders: Object.entries(orders).map(([side, parsed]) => ({ side, parsed })),
    events: [],
    owed: Object.keys(orders).map((seat) => ({
      seat,
      point: 'pick',
      rule: 'TOY 2',
      prompt: { en: 'pick', ja: '選ぶ' },
      ...(sealed ? { sealed: true } : {}),
    })),
    state: toy.setup({ mode: 'mail', options: toy.optionsSchema.parse({}), data: toy.defaultData }),
  });
  const facts = { options: {}, data: null, outcome: null, seedCommitment: 'c', seedSecret: 's' };
  return {
    game: { id: 'g', name: 'G', game: 'toy', mode: 'mail', status, ...facts },
    seats: [
      { side: 'a', playerName: null },
      { side: 'b', playerName: null },
    ],
    steps: [step(0, both), step(1, onlyA)],
  };
}

const digests = (status: 'active' | 'finished', sealed: boolean, viewer: Viewer) =>
  buildRecord(toy, source(status, sealed), viewer).stepInfo.map((s) => s.ordersDigest);

describe('the orders digest of a record', () => {
  it.each([false, true])('is withheld from a seat not shown every seat orders of the step (sealed: %s)', (sealed) => {
    // Seat b does not see a's orders during play: neither step's digest. Seat a sees only its own at step 1.
    expect(digests('active', sealed, { kind: 'seat', seat: 'b' })).toEqual([null, null]);
    expect(digests('active', sealed, { kind: 'seat', seat: 'a' })).toEqual([null, ordersDigest(onlyA)]);
    expect(buildRecord(toy, source('active', sealed), { kind: 'seat', seat: 'b' }).complete).toBe(false);
  });

  it('is shown to the moderator, and to every seat once the game is over and the orders are revealed', () => {
    const all = [ordersDigest(both), ordersDigest(onlyA)];
    expect(digests('active', true, { kind: 'moderator' })).toEqual(all);
    expect(digests('finished', true, { kind: 'seat', seat: 'b' })).toEqual(all);
    expect(digests('finished', false, { kind: 'seat', seat: 'a' })).toEqual(all);
  });
});
