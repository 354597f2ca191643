/**
 * Two recorded complete games (seeded random play, written by record-games.ts) replayed through the engine's step
 * runner: the same orders and dice must give the same events and the same final state.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { advance, type Envelope, type GameEvent } from '../../../src/engine/index.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import type { OcState } from '../../../src/games/operation-crusader/state.ts';
import { stepDice } from '../../conformance/support/random-game.ts';
import { digest, summary } from './record-games.ts';

interface Recorded {
  seed: string;
  options: Record<string, unknown>;
  steps: Record<string, unknown>[];
  events: string;
  final: ReturnType<typeof summary>;
}

const dir = new URL('games/', import.meta.url);
const records = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Recorded] as const);

describe('recorded Operation Crusader games', () => {
  test('there are two recorded complete games', () => expect(records.length).toBe(2));
  test.each(records)('%s replays to the same events and final state', (_f, rec) => {
    const options = game.optionsSchema.parse(rec.options);
    const state = game.setup({ mode: 'standard', options, data: game.defaultData });
    let env: Envelope = { game: game.id, mode: 'standard', step: 0, diceKey: null, state };
    const events: GameEvent[][] = [];
    for (const [i, orders] of rec.steps.entries()) {
      const r = advance(game, env, orders, stepDice(rec.seed, i));
      if (!r.ok) throw new Error(`step ${i + 1}: ${JSON.stringify(r.errors)}`);
      env = r.envelope;
      events.push(r.events);
    }
    const last = env.state as OcState;
    expect(game.owed(last)).toEqual([]);
    expect(JSON.parse(JSON.stringify(summary(last)))).toEqual(rec.final);
    expect(digest(events)).toBe(rec.events);
  });
});
