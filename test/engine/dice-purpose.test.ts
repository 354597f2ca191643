/** Dice purposes as data: recorded with their rule and words, read without parsing, string purposes unchanged. */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { boardWithoutMap } from '../../src/engine/board.ts';
import { describeDie, dicePurposeOf, purposeText, rollDie } from '../../src/engine/dice-purpose.ts';
import { ForcedDiceError, forcedDice } from '../../src/engine/dice.ts';
import { advance, startGame } from '../../src/engine/step-runner.ts';
import type { GameDefinition, GameEvent, ResolveContext } from '../../src/engine/types.ts';

const INITIATIVE = { rule: 'GF 7(b)[1]', what: { en: 'British initiative die', ja: 'イギリス軍の主導権のサイコロ' } };

/** A one-step game that rolls one structured and one text die. */
const game: GameDefinition<{ done: boolean }, Record<string, never>> = {
  id: 'dice-test',
  title: { en: 'Dice', ja: 'ダイス' },
  rulesVersion: '1',
  modes: ['x'],
  sides: () => [{ seat: 'a', name: { en: 'A', ja: 'A' } }],
  optionsSchema: z.object({}),
  optionDocs: [],
  dataSchema: z.object({}),
  defaultData: {},
  checkData: () => [],
  ordersSchema: z.object({}).strict(),
  setup: () => ({ done: false }),
  owed: (s) => (s.done ? [] : [{ seat: 'a', point: 'D-1', rule: 'D 1', prompt: { en: 'go', ja: '進む' } }]),
  view: (s) => s,
  board: () =>
    boardWithoutMap({ en: 'Dice', ja: 'ダイス' }, [], { turn: 0, phase: { en: '-', ja: '-' }, scores: [], toMove: [] }),
  visibleEvents: (e) => [...e],
  choices: () => null,
  validate: () => [],
  defaultOrders: () => ({}),
  resolve(_s, _o, ctx) {
    rollDie(ctx, 6, INITIATIVE);
    rollDie(ctx, 6, 'tie-break');
    return { done: true };
  },
  outcome: () => null,
  describeEvent: (e, lc) => describeDie(e, lc),
  invariants: () => [],
};

function run(dice = forcedDice([4, 2])) {
  const started = startGame(game, { mode: 'x' });
  if (!started.ok) throw new Error('start');
  const r = advance(game, started.envelope, { a: {} }, dice);
  if (!r.ok) throw new Error('advance');
  return r.events;
}

describe('structured dice purposes', () => {
  test('the step runner records the rule and what the die decides, with the text beside them', () => {
    expect(run()).toEqual([
      {
        type: 'die',
        index: 0,
        sides: 6,
        value: 4,
        purpose: 'GF 7(b)[1] British initiative die',
        rule: 'GF 7(b)[1]',
        what: INITIATIVE.what,
      },
      { type: 'die', index: 1, sides: 6, value: 2, purpose: 'tie-break' },
    ]);
  });

  test('a bare context (a test, a simulation) gets the text: same dice, same order', () => {
    const seen: unknown[] = [];
    const ctx: ResolveContext = {
      roll: (sides, purpose) => {
        seen.push(purpose);
        return sides === 6 ? 3 : 1;
      },
      emit() {},
    };
    expect(rollDie(ctx, 6, INITIATIVE)).toBe(3);
    expect(seen).toEqual([purposeText(INITIATIVE)]);
  });

  test('committed dice do not depend on how the purpose is written', () => {
    const started = startGame(game, { mode: 'x', secret: 's3cret' });
    if (!started.ok) throw new Error('start');
    const structured = advance(game, started.envelope, { a: {} });
    const asText: GameDefinition<{ done: boolean }, Record<string, never>> = {
      ...game,
      resolve: (_s, _o, ctx) => {
        ctx.roll(6, purposeText(INITIATIVE));
        ctx.roll(6, 'tie-break');
        return { done: true };
      },
    };
    const plain = advance(asText, started.envelope, { a: {} });
    if (!structured.ok || !plain.ok) throw new Error('advance');
    expect(structured.events.map((e) => e.value)).toEqual(plain.events.map((e) => e.value));
  });

  test.each<[string, GameEvent, 'en' | 'ja', string]>([
    [
      'a structured die in English',
      { type: 'die', index: 0, sides: 6, value: 5, purpose: 'x', rule: 'GF 7(b)[1]', what: INITIATIVE.what },
      'en',
      'British initiative die: d6 = 5 (GF 7(b)[1]).',
    ],
    [
      'a structured die in Japanese',
      { type: 'die', index: 0, sides: 6, value: 5, purpose: 'x', rule: 'GF 7(b)[1]', what: INITIATIVE.what },
      'ja',
      'イギリス軍の主導権のサイコロ: d6 = 5（GF 7(b)[1]）。',
    ],
    [
      'a text purpose is shown as written',
      { type: 'die', index: 0, sides: 6, value: 2, purpose: 'tie-break' },
      'en',
      'Die roll 2 (tie-break).',
    ],
    ['no purpose', { type: 'die', index: 0, sides: 6, value: 2 }, 'ja', 'サイコロ 2。'],
  ])('%s', (_name, event, locale, expected) => {
    expect(describeDie(event, locale)).toBe(expected);
  });

  test('a die recorded as text is read by the game that wrote it; a structured one by anyone', () => {
    const textDie: GameEvent = {
      type: 'die',
      index: 0,
      sides: 6,
      value: 1,
      purpose: 'GF 7(b)[1] British initiative die',
    };
    expect(dicePurposeOf(undefined, textDie)).toBeNull();
    expect(dicePurposeOf({ dicePurpose: () => INITIATIVE }, textDie)).toEqual(INITIATIVE);
    expect(dicePurposeOf(undefined, run()[0])).toEqual(INITIATIVE);
    expect(dicePurposeOf(undefined, { type: 'moved' })).toBeNull();
  });
});

describe('forced dice by purpose', () => {
  test('a die forced for a purpose fits a die whose purpose text contains it (a rule id or words)', () => {
    const events = run(
      forcedDice([
        { purpose: 'GF 7(b)[1]', value: 5 },
        { purpose: 'tie-break', value: 1 },
      ]),
    );
    expect(events.map((e) => e.value)).toEqual([5, 1]);
  });

  test('a die of another purpose fails with the expected purpose, the die rolled and the events so far', () => {
    let failure: unknown;
    try {
      run(forcedDice([4, { purpose: 'GF 8[4.2][3]', value: 2 }]));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ForcedDiceError);
    const f = failure as ForcedDiceError;
    expect(f.problem).toEqual({
      kind: 'purpose',
      roll: 2,
      sides: 6,
      purpose: 'tie-break',
      expected: { purpose: 'GF 8[4.2][3]', value: 2 },
    });
    expect(f.events).toMatchObject([{ type: 'die', value: 4, rule: 'GF 7(b)[1]' }]);
  });

  test('running out keeps the events so far; a custom matcher decides what fits', () => {
    let failure: ForcedDiceError | undefined;
    try {
      run(forcedDice([3]));
    } catch (error) {
      failure = error as ForcedDiceError;
    }
    expect(failure?.problem).toMatchObject({ kind: 'exhausted', roll: 2, purpose: 'tie-break' });
    expect(failure?.events).toHaveLength(1);
    const exact = forcedDice([{ purpose: 'tie', value: 1 }], (expected, purpose) => expected === purpose);
    expect(() => exact.roll(6, 'tie-break')).toThrow(/roll 1: the forced die 1 is for "tie"/);
    const d = forcedDice([1, { value: 2, purpose: 'x' }]);
    d.roll(6, 'a');
    expect(d.left()).toEqual([{ value: 2, purpose: 'x' }]);
    expect(d.remaining()).toBe(1);
  });
});
