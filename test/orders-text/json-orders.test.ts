/**
 * Orders as JSON in an order message (mail body or the page's text box), for a game with a grammar and for one
 * without: one object, on one line or several, typed as people type it (full-width braces, curly quotes), between
 * commands; every way it can go wrong is a line-numbered error, and nothing is half-taken.
 */
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/games/index.ts';
import { defaultData } from '../../src/games/atlantic-wolves/data/default-data.ts';
import { formatOrderText, readOrderText, readOrders, syntaxFor } from '../../src/orders-text/game-text.ts';

const aw = getGame('atlantic-wolves')!;
/** A game package without a grammar: the generic default reads commands and JSON. */
const bare = {};
const read = (text: string, game: object = aw) => readOrderText(game, { data: defaultData }, text);

describe('JSON orders in order text', () => {
  it.each([
    ['one line', '{"placement": {"C01": "WA", "C02": "CG"}}'],
    ['several lines', '{\n  "placement": {\n    "C01": "WA",\n    "C02": "CG"\n  }\n}'],
    [
      'full-width braces and curly quotes (an input method, a mail client)',
      '｛“placement”: {“C01”: “WA”, “C02”: “CG”}｝',
    ],
    [
      'between commands and a greeting',
      'SIGNON s3cret\nhello\n{"placement": {"C01": "WA",\n "C02": "CG"}}  # my placement\nSTATUS\nEND\n{"ignored": ' +
        'true}',
    ],
  ])('%s: the object becomes the orders', (_name, text) => {
    const r = read(text);
    expect(r.errors).toEqual([]);
    expect(r.orders).toEqual({ placement: { C01: 'WA', C02: 'CG' } });
    expect(r.statements).toBe(1);
    expect(r.json).toBe(true);
  });

  it('keeps the commands around the object, and blanks the SIGNON secret', () => {
    const r = read('SIGNON s3cret\n{"placement": {"C01": "WA"}}\nSTATUS');
    expect(r.commands.map((c) => c.kind)).toEqual(['signon', 'status']);
    expect(r.redacted).toBe('SIGNON ***\n{"placement": {"C01": "WA"}}\nSTATUS');
  });

  it('a game without a grammar reads JSON, commands, and reports other lines as not orders', () => {
    const r = read('Dear judge,\n{"pick": 4, "standing": {"note": "hi # there"}}\nHELP', bare);
    expect(r.errors).toEqual([]);
    expect(r.orders).toEqual({ pick: 4, standing: { note: 'hi # there' } });
    expect(r.commands.map((c) => c.kind)).toEqual(['help']);
    expect(r.ignored).toEqual([{ line: 1, text: 'Dear judge,' }]);
  });

  it.each([
    ['not JSON', '{"placement": {C01: "WA"}}', 'text/json', 1],
    ['never closed', 'hello\n{"placement": {"C01": "WA"}\nbye', 'text/json-unclosed', 2],
    ['text after the object', '{"placement": {}} please', 'text/json-trailing', 1],
    ['two objects', '{"placement": {"C01": "WA"}}\n{"placement": {"C02": "WA"}}', 'text/json-twice', 2],
    ['statements and JSON together', 'PLACE C01 -> WA\n{"placement": {"C02": "WA"}}', 'text/json-mixed', 2],
  ])('%s: a line-numbered error, no orders taken', (_name, text, code, line) => {
    const r = read(text);
    // No rule is involved in reading JSON: the code and the message say what is wrong (no made-up rule id).
    expect(r.errors).toEqual([expect.objectContaining({ code, line })]);
    expect(r.errors[0]).not.toHaveProperty('rule');
    expect(r.errors[0].message.ja).toMatch(/JSON|命令/);
    expect(readOrders(aw, { data: defaultData }, text)).toMatchObject({ ok: false });
  });

  it('text statements still work beside the JSON reader', () => {
    expect(read('PLACE C01 C02 -> WA').orders).toEqual({ placement: { C01: 'WA', C02: 'WA' } });
  });
});

describe('order text of a game without a grammar', () => {
  it('is written back as JSON that reads back to the same orders', () => {
    const orders = { pick: 5, standing: { note: 'n' } };
    const text = formatOrderText(bare, { data: null }, orders, 'en').join('\n');
    expect(JSON.parse(text)).toEqual(orders);
    expect(read(text, bare).orders).toEqual(orders);
  });

  it('HELP explains the JSON form, in both languages; a grammar mentions it too', () => {
    expect(syntaxFor(bare, 'en')).toMatch(/JSON/);
    expect(syntaxFor(bare, 'ja')).toMatch(/JSON の命令/);
    expect(syntaxFor(aw, 'en')).toMatch(/PLACE C01 C02 -> WA[\s\S]*JSON object/);
  });

  it('orders a grammar cannot write (JSON of the wrong shape) are echoed as JSON, not lost', () => {
    const odd = { placement: 'everywhere' };
    expect(JSON.parse(formatOrderText(aw, { data: defaultData }, odd, 'en').join('\n'))).toEqual(odd);
  });
});
