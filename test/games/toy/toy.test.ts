/** The toy game's own pieces: its rules (TOY 1-3), its order text in English and Japanese, its words for events. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forcedDice } from '../../../src/engine/dice.ts';
import { advance, startGame } from '../../../src/engine/step-runner.ts';
import type { GameEvent } from '../../../src/engine/types.ts';
import { toyGame, type ToyOrders, type ToyState } from '../../../src/games/toy/index.ts';
import { readOrderText } from '../../../src/orders-text/game-text.ts';

const read = (text: string) => readOrderText(toyGame, { data: toyGame.defaultData }, text);

describe('toy rules', () => {
  it.each([
    ['TOY 2: step 0 both seats pick', 0, ['a', 'b']],
    ['TOY 2: odd steps only a picks', 1, ['a']],
    ['TOY 1: after the last round nobody owes', 4, []],
  ])('%s', (_rule, step, seats) => {
    expect(toyGame.owed(toyGame.fixtures!.position({ step })).map((o) => o.seat)).toEqual(seats);
  });

  it('TOY 3: a pick equal to the secret die scores 3, the public die follows; b sees only its own secret', () => {
    const started = startGame(toyGame, { mode: 'mail', options: { rounds: 1 } });
    if (!started.ok) throw new Error(started.errors.join());
    const r = advance(toyGame, started.envelope, { a: { pick: 4 }, b: { pick: 2 } }, forcedDice([4, 5, 6]));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(toyGame.outcome(r.envelope.state as ToyState)).toMatchObject({
      winner: 'a',
      rule: 'TOY 3',
      reason: { en: 'final score 3 to 0' },
    });
    const seenByB = toyGame
      .visibleEvents(r.events, { kind: 'seat', seat: 'b' })
      .map((e) => toyGame.describeEvent(e, 'en'));
    expect(seenByB).toEqual([
      'Secret die of B: d6 = 5.',
      'B picked 2; the secret die shows 5: no match (TOY 3).',
      'Public die: d6 = 6.',
      'Round 1 ends; the public die shows 6 (TOY 3).',
    ]);
    const a = r.events.find((e) => e.type === 'secret' && e.seat === 'a') as GameEvent;
    expect(toyGame.describeEvent(a, 'ja')).toBe('A は 4 を選び、秘密のダイスは 4: 一致、3点 (TOY 3)。');
  });

  it('offers the pick as a choice to the seat that owes it, and to nobody else', () => {
    const odd = toyGame.fixtures!.position({ step: 1 });
    expect(toyGame.choices(odd, 'a')?.fields.map((f) => [f.key, f.options.length])).toEqual([['pick', 6]]);
    expect(toyGame.choices(odd, 'b')).toBeNull();
  });
});

describe('toy order text', () => {
  it.each([
    ['PICK 3', { pick: 3 }],
    ['pick: 3', { pick: 3 }],
    ['選択 ５', { pick: 5 }],
    ['6', { pick: 6 }],
    ['NOTE good luck, friend', { standing: { note: 'good luck, friend' } }],
    ['PICK 2\nメモ よろしく', { pick: 2, standing: { note: 'よろしく' } }],
  ])('%s', (text, orders) => {
    const r = read(text);
    expect(r.errors).toEqual([]);
    expect(r.orders).toEqual(orders);
  });

  it.each([
    ['PICK three', 'toy/text-pick'],
    ['PICK 3 4', 'toy/text-pick'],
    ['NOTE', 'toy/text-note'],
  ])('%s is an error with its line', (text, code) => {
    expect(read(`hello\n${text}`).errors).toEqual([expect.objectContaining({ line: 2, code })]);
  });

  it('a greeting is not an order', () => {
    expect(read('Hi there!').ignored).toEqual([{ line: 1, text: 'Hi there!' }]);
  });

  it('parse(format(orders)) gives the orders back, in both languages', () => {
    const note = fc.stringMatching(/^[a-z][a-z ,.!]{0,30}[a-z]$/);
    const orders = fc.record(
      { pick: fc.integer({ min: 1, max: 6 }), standing: fc.record({ note }) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(orders, fc.constantFrom('en' as const, 'ja' as const), (o: ToyOrders, locale) => {
        const text = toyGame.grammar!.format(o, null, locale).join('\n');
        expect(read(text).orders).toEqual(o);
      }),
      { numRuns: 300 },
    );
  });
});
