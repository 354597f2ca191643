/**
 * One message of orders for several seats (docs/orders.md, "Several seats in one mail"), read with the toy game's
 * grammar: SEAT lines in their forms, line numbers kept, the preamble's rules, JSON by seat, END.
 */
import { describe, expect, test } from 'vitest';
import { getGame } from '../../src/games/index.ts';
import { formatOrdersBySeat, readOrdersBySeat, type SeatText } from '../../src/orders-text/seat-orders.ts';
import { seatLineName } from '../../src/orders-text/seat-sections.ts';

const toy = getGame('toy')!;
const choices = toy.choices(toy.setup({ mode: 'mail', options: { rounds: 2 }, data: {} }), 'a');
const seat = (side: string, owes = true): SeatText => ({
  side,
  names: [side.toUpperCase(), side === 'a' ? 'エー' : 'ビー'],
  choices: owes ? choices : null,
  owes,
});
const both = [seat('a'), seat('b')];
const read = (text: string, seats = both) => readOrdersBySeat(toy, toy.defaultData, seats, text);

describe('SEAT lines', () => {
  test.each([
    ['SEAT a', 'a'],
    ['seat: B', 'B'],
    ['席 b', 'b'],
    ['席エー', 'エー'],
    ['ＳＥＡＴ　ａ', 'a'],
    ['SEAT a # the first', 'a'],
    ['SEATS a', undefined],
    ['PICK 3', undefined],
  ])('%s names %s', (line, name) => {
    expect(seatLineName(line)).toBe(name);
  });
});

describe('reading orders by seat', () => {
  test("each seat's lines are read for that seat; errors keep their line and name their seat", () => {
    const r = read('hello\nSEAT a\nPICK 2\nNOTE go\n席 ビー\nPICK x\n');
    expect(r.orders).toEqual({ a: { pick: 2, standing: { note: 'go' } } });
    expect(r.errors).toEqual([expect.objectContaining({ line: 6, seat: 'b', code: 'toy/text-pick' })]);
    expect(r.ignored).toEqual([{ line: 1, text: 'hello' }]);
    expect(r.raw).toEqual({ a: 'PICK 2\nNOTE go' });
  });

  test('orders before any SEAT line: the one seat that owes, else an error', () => {
    expect(read('PICK 4', [seat('a'), seat('b', false)]).orders).toEqual({ a: { pick: 4 } });
    expect(read('PICK 4').errors).toEqual([expect.objectContaining({ line: 1, code: 'text/seat-needed' })]);
  });

  test('JSON by seat in the preamble; a seat given twice or a seat not held is an error', () => {
    expect(read('{"a": {"pick": 1},\n "b": {"pick": 2}}').orders).toEqual({ a: { pick: 1 }, b: { pick: 2 } });
    expect(read('{"a": {"pick": 1}}\nSEAT a\nPICK 3').errors).toEqual([
      expect.objectContaining({ code: 'text/seat-twice', seat: 'a' }),
    ]);
    expect(read('SEAT c\nPICK 3').errors).toEqual([expect.objectContaining({ line: 1, code: 'text/seat-unknown' })]);
    expect(read('SEAT c\nPICK 3').orders).toEqual({});
  });

  test('END stops every seat; the echo reads back as the same orders', () => {
    const r = read('SEAT b\nPICK 5\nEND\nSEAT a\nPICK 1');
    expect(r.orders).toEqual({ b: { pick: 5 } });
    const echo = formatOrdersBySeat(toy, toy.defaultData, both, { a: { pick: 1 }, b: { pick: 6 } }, 'ja');
    expect(echo).toEqual(['席 a', '選択 1', '席 b', '選択 6']);
    expect(read(echo.join('\n')).orders).toEqual({ a: { pick: 1 }, b: { pick: 6 } });
  });
});
