/**
 * A text error cites a real rule or none: the rule of the order its line tries to express, else the rule of the
 * game's mail order set (AW 12.0), never a made-up `orders-text`; and it names what it could not read (the unknown
 * ship, box, hex, unit, area or nation as written), in English and Japanese.
 */
import { describe, expect, test } from 'vitest';
import { getGame } from '../../src/games/index.ts';
import { readOrderText } from '../../src/orders-text/game-text.ts';

/** Game, line, the error code, the rule it cites (undefined: none), the name it must quote. */
const CASES: [string, string, string, string | undefined, string][] = [
  ['atlantic-wolves', 'PLACE C99 -> WA', 'aw/text/unknown-name', 'AW 12.0', 'C99'],
  ['atlantic-wolves', 'PLACE C01 -> NOWHERE', 'aw/text/unknown-name', 'AW 12.0', 'NOWHERE'],
  ['grand-fleet', 'REINFORCE GB42 -> 9', 'gf/text-box', 'GF 6(2)', '9'],
  ['grand-fleet', 'REINFORCE Nowhere Ship -> 3', 'gf/text-ship', 'GF 6(2)', 'Nowhere Ship'],
  ['grand-fleet', 'WITHDRAW GB01, NOSHIP', 'gf/text-ship', 'GF 6[16]', 'NOSHIP'],
  ['grand-fleet', 'FLEET 1: GB01, NOSHIP, GB03', 'gf/text-ship', 'GF 8[1]', 'NOSHIP'],
  ['grand-fleet', 'PLACE DOWN -> 999', 'gf/text-hex', 'GF 8[2][2]', '999'],
  ['grand-fleet', 'INTERCEPT 305 -> 998', 'gf/text-hex', 'GF 8[3]', '998'],
  ['grand-fleet', 'FIRE DE01 4, NOSHIP 3', 'gf/text-ship', 'GF 8[4.3][2]', 'NOSHIP'],
  ['grand-fleet', 'AT 997: FIRE DE01 4', 'gf/text-hex', 'GF-AD1', '997'],
  ['fin-napoleon', 'MOVE 2 FR-ZZ', 'fn/text-area', undefined, 'ZZ'],
  ['fin-napoleon', 'DECLARE Narnia', 'fn/text-nation', undefined, 'Narnia'],
  ['operation-crusader', 'SETUP zzz 12', 'oc/text/name', 'OC 4.2', 'zzz'],
  ['operation-crusader', 'ACTIVATE 12 qqq', 'oc/text/name', undefined, 'qqq'],
];

const read = (id: string, text: string) => {
  const game = getGame(id)!;
  return readOrderText(game, { data: (game as { defaultData?: unknown }).defaultData }, text);
};

describe('a text error cites a real rule or none, and names what it could not read', () => {
  test.each(CASES)('%s: %s', (id, line, code, rule, name) => {
    const [e, ...more] = read(id, line).errors;
    expect(more).toEqual([]);
    expect([e.code, e.rule]).toEqual([code, rule]);
    if (rule === undefined) expect(e).not.toHaveProperty('rule');
    expect(e.message.en).toContain(`"${name}"`);
    expect(e.message.ja).toContain(`「${name}」`);
  });

  test.each(['atlantic-wolves', 'grand-fleet', 'fin-napoleon', 'operation-crusader'])(
    '%s: commands, JSON and size errors carry no rule (the code says what is wrong)',
    (id) => {
      const errors = read(id, 'REJECT\nSIGNON\n{"a": 1}\n{"b": 2}').errors;
      expect(errors.map((e) => e.code)).toEqual(['text/reject-reason', 'text/signon', 'text/json-twice']);
      for (const e of errors) expect(e).not.toHaveProperty('rule');
    },
  );
});
