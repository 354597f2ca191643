/**
 * Two recorded complete games (games/*.json, written by recorded-games.ts) replayed through the engine's step
 * runner with their forced dice: the same events and the same final state, to the byte (canonical JSON digests).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { advance, forcedDice, startGame, type GameEvent } from '../../../src/engine/index.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';
import type { GfState } from '../../../src/games/grand-fleet/state.ts';
import { digest, type GameRecord, RECORDED } from './recorded-games.ts';

const records = RECORDED.map(({ file }) => {
  const rec = JSON.parse(readFileSync(new URL(`./games/${file}`, import.meta.url), 'utf8')) as GameRecord;
  return [file, rec] as const;
});

describe('recorded Grand Fleet games', () => {
  test.each(records)('%s replays to the same events and final state', (_file, rec) => {
    const started = startGame(game, { mode: rec.mode, options: rec.options });
    if (!started.ok) throw new Error(started.errors.join('; '));
    let env = started.envelope;
    const dice = forcedDice(rec.dice.values);
    const events: GameEvent[] = [];
    for (const [i, step] of rec.steps.entries()) {
      const r = advance(game, env, step.orders, dice);
      if (!r.ok) throw new Error(`step ${i + 1}: ${JSON.stringify(r.errors)}`);
      env = r.envelope;
      events.push(...r.events);
      expect(game.invariants(env.state as GfState)).toEqual([]);
    }
    expect(dice.remaining()).toBe(0);
    const last = env.state as GfState;
    const out = game.outcome(last);
    expect(out?.winner ?? null).toBe(rec.expect.winner);
    expect(out?.draw === true).toBe(rec.expect.draw);
    expect([last.turn, last.vp]).toEqual([rec.expect.turn, rec.expect.vp]);
    expect(digest(events)).toBe(rec.expect.events);
    expect(digest(game.view(last, { kind: 'moderator' }))).toBe(rec.expect.state);
    expect(rec.steps.length).toBeGreaterThan(20);
  });
});
