/**
 * Atlantic Wolves' dice as data: every purpose the engine records reads back into its kind and writes back into the
 * same text (records stay byte-identical), and the contract's `dicePurpose` gives its rule and words.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { sfc32FromHex, sfc32Next, uniformDie } from '../../../src/engine/dice.ts';
import { dicePurposeOf } from '../../../src/engine/dice-purpose.ts';
import type { GameEvent, ResolveContext } from '../../../src/engine/types.ts';
import { awDieText, readAwDie } from '../../../src/games/atlantic-wolves/rules/dice-purposes.ts';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import { randomLegalOrders } from '../../../src/games/atlantic-wolves/orders/random-orders.ts';

/** Every die event of some random games in both modes and a few option sets. */
function dice(): GameEvent[] {
  const rng = sfc32FromHex(createHash('sha256').update('aw-dice').digest('hex'));
  const rand = () => sfc32Next(rng) / 0x100000000;
  const out: GameEvent[] = [];
  const ctx: ResolveContext = {
    roll(sides, purpose, visibleTo) {
      const value = uniformDie(rng, sides);
      out.push({ type: 'die', index: out.length, sides, value, purpose, ...(visibleTo ? { visibleTo } : {}) });
      return value;
    },
    emit() {},
  };
  for (const mode of ['mail', 'standard']) {
    for (const options of [{}, { airAttack: 'optional', responseDice: 'either' }]) {
      for (let g = 0; g < 4; g++) {
        let s = game.setup({ mode, options: game.optionsSchema.parse(options), data: game.defaultData });
        for (let i = 0; i < 500 && !s.result; i++) {
          const orders = Object.fromEntries(game.owed(s).map((o) => [o.seat, randomLegalOrders(s, o.seat, rand)]));
          s = game.resolve(s, orders, ctx);
        }
      }
    }
  }
  return out;
}

describe('Atlantic Wolves dice purposes', () => {
  const events = dice();

  test('every kind of die is rolled in these games', () => {
    const kinds = new Set(events.map((e) => readAwDie(String(e.purpose))?.kind));
    expect([...kinds].sort()).toEqual(['attack', 'blind-draw', 'reinforcement-draw', 'response', 'step2']);
  });

  test('each recorded purpose reads into its kind and writes back into the same text', () => {
    for (const e of events) {
      const die = readAwDie(String(e.purpose));
      expect(die, String(e.purpose)).not.toBeNull();
      expect(awDieText(die!)).toBe(e.purpose);
    }
  });

  test.each([
    [
      'AW 12.0-3: a response die',
      { type: 'die', index: 0, sides: 6, value: 3, purpose: 'AW 12.0-3 roll 2 first die (tens)' },
      { rule: 'AW 12.0-3', what: { en: 'Response roll 2, tens die', ja: '対応移動2回目、十の位のサイコロ' } },
    ],
    [
      'AW 8.3: a UB attack',
      { type: 'die', index: 0, sides: 6, value: 6, purpose: 'AW 8.3 U01 attacks C07' },
      { rule: 'AW 8.3', what: { en: 'U01 attacks C07', ja: 'U01がC07を攻撃、サイコロ' } },
    ],
    [
      'AW 5.0: a draw from the cup',
      { type: 'die', index: 0, sides: 9, value: 6, purpose: 'AW 5.0 german reinforcement draw' },
      {
        rule: 'AW 5.0',
        what: {
          en: 'German reinforcement draw from 9 unused units',
          ja: 'ドイツ軍の増強の抽選（未使用9ユニットから）',
        },
      },
    ],
  ])('%s', (_name, event, purpose) => {
    expect(dicePurposeOf(game, event)).toEqual(purpose);
  });

  test('a purpose the game does not write has no structure', () => {
    expect(dicePurposeOf(game, { type: 'die', index: 0, sides: 6, value: 1, purpose: 'tie-break' })).toBeNull();
  });
});
