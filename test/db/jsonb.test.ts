/**
 * `asStoredJsonb` (src/db/jsonb.ts) gives exactly what a jsonb column gives back, key order included: the resolution
 * keeps using the rows it writes instead of reading them back (src/services/next-step.ts), so the mails it composes
 * from them must be those it would compose from the rows read. Compared with real Postgres, on edge cases and on
 * every registered game's states, owed decision points and events over random games.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asStoredJsonb } from '../../src/db/jsonb.ts';
import { playRandomGame, registered } from '../conformance/support/random-game.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

/** Each value stored as jsonb and read back, in one statement (the service's own JSON text: JSON.stringify). */
async function roundTrips(values: unknown[]): Promise<unknown[]> {
  const texts = values.map((v) => JSON.stringify(v) ?? 'null');
  const rows = await client.query(
    'SELECT v::jsonb AS v FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i',
    [texts],
  );
  return rows.rows.map((r) => r.v);
}

/** Order-sensitive text of a value: equal texts mean the same keys in the same order. */
const ordered = (v: unknown) => JSON.stringify(v);

describe('asStoredJsonb', () => {
  it('orders keys as jsonb does: shorter first, then by their UTF-8 bytes; JSON reading for the rest', async () => {
    const cases: unknown[] = [
      { zeta: 1, a: 2, bb: 3, ab: 4, Z: 5, é: 6, 日本: 7, z: 8 },
      { 10: 'ten', 9: 'nine', b: 'b', 1: 'one', '01': 'zero-one', '-1': 'minus' },
      { nested: { y: [{ d: 1, c: 2 }, null, 'x'], x: { 2: 1, 1: 2 } }, a: [] },
      {
        dropped: undefined,
        kept: null,
        when: new Date('2026-11-28T00:00:00.000Z'),
        n: [1.5, 1e21, 1e-7, -0, 0.1 + 0.2],
      },
      [3, 'two', { b: 1, a: 2 }],
      'text with "quotes" and \\ and 日本語',
      42,
      null,
    ];
    const stored = await roundTrips(cases);
    for (const [i, value] of cases.entries())
      expect(ordered(asStoredJsonb(value)), `case ${i}`).toBe(ordered(stored[i]));
    // The check has teeth: the insertion order of the first case is not jsonb's.
    expect(ordered(cases[0])).not.toBe(ordered(stored[0]));
  });

  describe.each(registered)('%s: states, owed points and events as stored', (_id, game) => {
    it('every one over random games of every mode comes back as asStoredJsonb says', async () => {
      let compared = 0;
      for (const mode of game.modes) {
        for (const seed of ['jsonb-1', 'jsonb-2']) {
          const played = playRandomGame(game, { mode, seed, maxSteps: 60 });
          const values: unknown[] = [];
          for (const [i, state] of played.states.entries()) {
            values.push({ game: game.id, mode, step: i, diceKey: null, state });
            values.push(game.owed(state));
            if (i < played.events.length) values.push(...played.events[i]);
          }
          const stored = await roundTrips(values);
          for (const [i, value] of values.entries()) expect(ordered(asStoredJsonb(value))).toBe(ordered(stored[i]));
          compared += values.length;
        }
      }
      expect(compared).toBeGreaterThan(100);
    });
  });
});
