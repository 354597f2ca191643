import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { sfc32FromHex, streamDice } from '../../src/engine/dice.ts';
import { previewStepOdds } from '../../src/engine/odds.ts';
import { recordSchema, replayRecord } from '../../src/engine/record.ts';
import { getGame } from '../../src/games/index.ts';

const game = getGame('atlantic-wolves')!;
const example = recordSchema.parse(JSON.parse(readFileSync(resolve(import.meta.dirname, '../../docs/example-record.json'), 'utf8')));
// After 4 steps of the example game the Allies allocate their escort attacks (AW-D9): US-DD2 against U01 on turn 1.
const position = replayRecord(game, { ...example, steps: example.steps.slice(0, 4) });

it('previews the odds of the step being decided: a rule C strength-1 DD hits on a 1 (AW 8.2[7], 10.0-C)', () => {
  if (!position.ok) throw new Error(position.message);
  const state = position.envelope.state;
  expect(game.owed(state)).toEqual([expect.objectContaining({ seat: 'allied', point: 'AW-D9' })]);
  const orders = { allied: { escorts: { 'US-DD2': ['U01'] } } };
  const odds = previewStepOdds(game, state, orders, 10_000, streamDice(sfc32FromHex('0badc0de'.repeat(4))));
  expect(odds.samples).toBe(10_000);
  expect(odds.probabilities['hit:U01']).toBeGreaterThan(1 / 6 - 0.015);
  expect(odds.probabilities['hit:U01']).toBeLessThan(1 / 6 + 0.015);
  // Declining the attack (AW-A33) leaves nothing to happen.
  expect(previewStepOdds(game, state, { allied: { escorts: {} } }, 1000, streamDice(sfc32FromHex('1'.repeat(32)))).probabilities).toEqual({});
  // The preview is pure: the same dice give the same odds, and the state is untouched.
  const again = previewStepOdds(game, state, orders, 10_000, streamDice(sfc32FromHex('0badc0de'.repeat(4))));
  expect(again).toEqual(odds);
  expect(game.owed(state)).toEqual([expect.objectContaining({ point: 'AW-D9' })]);
});
