import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { sfc32FromHex, streamDice } from '../../src/engine/dice.ts';
import { previewStepOdds } from '../../src/engine/odds.ts';
import { recordSchema, replayRecord } from '../../src/engine/record.ts';
import { getGame } from '../../src/games/index.ts';
import { stateFromFixture } from '../../src/games/atlantic-wolves/rules/fixture.ts';

const game = getGame('atlantic-wolves')!;
const example = recordSchema.parse(
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../docs/example-record.json'), 'utf8')),
);
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
  expect(
    previewStepOdds(game, state, { allied: { escorts: {} } }, 1000, streamDice(sfc32FromHex('1'.repeat(32))))
      .probabilities,
  ).toEqual({});
  // The preview is pure: the same dice give the same odds, and the state is untouched.
  const again = previewStepOdds(game, state, orders, 10_000, streamDice(sfc32FromHex('0badc0de'.repeat(4))));
  expect(again).toEqual(odds);
  expect(game.owed(state)).toEqual([expect.objectContaining({ point: 'AW-D9' })]);
});

it('counts an outcome once per sample: a CVE attacking a UB twice hits it in 11/36 of samples (AW 8.2[4], [7])', () => {
  // Turn 2, a convoy in the area: no modifier applies, so the strength-1 CVE hits on a 1 with each of its two attacks.
  const units = [
    { id: 'CV', type: 'CVE' as const, strength: 1, nationality: 'GB' as const },
    { id: 'C1', type: 'convoy' as const, strength: 9, vp: 1 },
    { id: 'U1', type: 'UB' as const, strength: 1 },
  ];
  const combat = stateFromFixture({
    mode: 'mail',
    turn: 2,
    start: 'combat',
    data: { areas: 'F', units },
    map: { 'Area-3': ['CV', 'C1', 'U1'] },
  });
  const state = game.resolve(
    combat,
    {},
    {
      roll: () => {
        throw new Error('no die before D9');
      },
      emit: () => {},
    },
  );
  expect(game.owed(state)).toEqual([expect.objectContaining({ point: 'AW-D9' })]);
  const odds = previewStepOdds(
    game,
    state,
    { allied: { escorts: { CV: ['U1', 'U1'] } } },
    10_000,
    streamDice(sfc32FromHex('5eed'.repeat(8))),
  );
  // Counted per hit instead of per sample, the share would be 2/6 (0.333).
  expect(odds.probabilities['hit:U1']).toBeGreaterThan(11 / 36 - 0.015);
  expect(odds.probabilities['hit:U1']).toBeLessThan(11 / 36 + 0.015);
  expect(Object.keys(odds.probabilities)).toEqual(Object.keys(odds.probabilities).sort());
});
