/**
 * Whole recorded games (pbem-record/1) replayed through the engine's step runner to their recorded outcome.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { advance, forcedDice, startGame, type Dice } from '../../../src/engine/index.ts';
import { atlanticWolves as game, type AwState } from '../../../src/games/atlantic-wolves/index.ts';

interface GameRecord {
  format: 'pbem-record/1';
  game: string;
  mode: string;
  options: unknown;
  data: unknown;
  dice: { kind: 'forced'; values: number[] } | { kind: 'seed'; secret: string };
  steps: { orders: Record<string, unknown> }[];
  expect?: { winner: string; table: number; turn: number; steps: number };
}

const dir = fileURLToPath(new URL('./games/', import.meta.url));
const records = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(dir + f, 'utf8')) as GameRecord] as const);

describe('recorded Atlantic Wolves games', () => {
  test.each(records)('%s replays to its recorded outcome', (_f, rec) => {
    expect(rec.format).toBe('pbem-record/1');
    const started = startGame(game, {
      mode: rec.mode,
      options: rec.options,
      data: rec.data ?? undefined,
      secret: rec.dice.kind === 'seed' ? rec.dice.secret : undefined,
    });
    if (!started.ok) throw new Error(started.errors.join('; '));
    let env = started.envelope;
    const forced = rec.dice.kind === 'forced' ? forcedDice(rec.dice.values) : null;
    for (const [i, step] of rec.steps.entries()) {
      const r = advance(game, env, step.orders, (forced as Dice | null) ?? undefined);
      if (!r.ok) throw new Error(`step ${i + 1}: ${JSON.stringify(r.errors)}`);
      env = r.envelope;
      expect(game.invariants(env.state as AwState)).toEqual([]);
    }
    if (forced) expect(forced.remaining()).toBe(0);
    const out = game.outcome(env.state as AwState);
    expect(out?.winner).toBe(rec.expect?.winner);
    expect((env.state as { table: number }).table).toBe(rec.expect?.table);
    expect((env.state as { turn: number }).turn).toBe(rec.expect?.turn);
  });
});
