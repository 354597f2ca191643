/**
 * Two recorded complete games (two players, and France with three Allied players) replayed through the engine's
 * step runner from their seed: the same events at every step, the same final state and the same result.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { canonicalJson } from '../../../src/engine/canonical-json.ts';
import { recordSchema, replayRecord, verifyRecord } from '../../../src/engine/record.ts';
import { finNapoleon as game } from '../../../src/games/fin-napoleon/index.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';
import { digest } from './record-game.ts';

const dir = fileURLToPath(new URL('./games/', import.meta.url));
const records = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(dir + f, 'utf8'))] as const);

describe('recorded Fin-Napoleon games', () => {
  test('there are two, one of them multiplayer', () => {
    expect(records.map(([, r]) => r.mode).sort()).toEqual(['allies-3', 'two-player']);
  });
  test.each(records)('%s replays to the same events, final state and result', (_f, raw) => {
    const record = recordSchema.parse(raw);
    const replay = replayRecord(game, record);
    if (!replay.ok) throw new Error(`step ${replay.step}: ${replay.message}`);
    replay.steps.forEach((step, i) => {
      expect(canonicalJson(step.events), `step ${i}`).toBe(canonicalJson(raw.steps[i].events));
    });
    const s = replay.envelope.state as FnState;
    expect(game.invariants(s)).toEqual([]);
    expect(game.owed(s)).toEqual([]);
    const out = game.outcome(s)!;
    expect({ winners: out.winners, draw: out.draw ?? false, turn: s.turn, morale: s.morale, state: digest(s) }).toEqual(
      raw.expect,
    );
    // `pbem verify`: every die re-derived from the revealed seed.
    expect(verifyRecord(game, record).mismatches).toEqual([]);
  });
});
