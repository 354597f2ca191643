/** The Atlantic Wolves order grammar (docs/orders.md): one row per form, every decision point, both languages. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ChoiceTree } from '../../src/engine/types.ts';
import { defaultData } from '../../src/games/atlantic-wolves/data/default-data.ts';
import { awOrdersSchema, type AwOrders } from '../../src/games/atlantic-wolves/orders/schema.ts';
import { awTextGrammar } from '../../src/games/atlantic-wolves/orders/text.ts';
import { parseOrderText } from '../../src/orders-text/parse.ts';

const ctx = awTextGrammar.context({ data: defaultData });
const read = (text: string, c = ctx) => parseOrderText(awTextGrammar, c, text);
const choices = (...keys: string[]): ChoiceTree => ({
  point: 'AW-Dx',
  rule: 'x',
  prompt: { en: '', ja: '' },
  constraints: [],
  fields: keys.map((key) => ({ key, label: { en: key, ja: key }, kind: 'one', options: [] })),
});

describe('statements (docs/orders.md)', () => {
  test.each<[string, string, AwOrders]>([
    ['D3 id form', 'PLACE C01 WA', { placement: { C01: 'WA' } }],
    ['D3 unit number, arrow, English name', '11 -> Western Approaches', { placement: { C01: 'WA' } }],
    ['D3 Japanese keyword and area name', '配置 11 ウエスタン・アプローチ', { placement: { C01: 'WA' } }],
    ['D3 full-width', 'ＰＬＡＣＥ　Ｃ０１　－＞　ｗａ', { placement: { C01: 'WA' } }],
    ['D3 half-width katakana', 'place 11 ｳｴｽﾀﾝ･ｱﾌﾟﾛｰﾁ', { placement: { C01: 'WA' } }],
    ['D3 several units and clauses', 'PLACE C01 C02 -> WA, C03 CG', { placement: { C01: 'WA', C02: 'WA', C03: 'CG' } }],
    ['D3 area first', 'PLACE CG: 11 12', { placement: { C01: 'CG', C02: 'CG' } }],
    ['D3 unit names', 'PLACE Convoy HX -> Central Gap', { placement: { C08: 'CG' } }],
    ['D3 Japanese unit name and particles', 'HX船団を中央ギヤップへ', { placement: { C08: 'CG' } }],
    ['D5 type+number', 'PLACE UB51 U02 -> Caribbean', { placement: { U01: 'CB', U02: 'CB' } }],
    ['D7 move', 'MOVE 25 CG', { response: 'CG' }],
    ['D7 move Japanese', '移動 25 中央ギャップ', { response: 'CG' }],
    ['D7 stay', 'STAY', { response: 'stay' }],
    ['D7 stay Japanese', '待機', { response: 'stay' }],
    ['D9 escort', 'ESCORT GB-DD1 -> U01', { escorts: { 'GB-DD1': ['U01'] } }],
    ['D9 escort CVE twice', 'ESCORT GB-CVE1 -> U01 U01', { escorts: { 'GB-CVE1': ['U01', 'U01'] } }],
    ['D9 unkeyed by unit type', 'DD25 -> UB51', { escorts: { 'GB-DD1': ['U01'] } }],
    ['D9 none', 'ESCORT GB-DD1 -> NONE', { escorts: { 'GB-DD1': [] } }],
    ['D8 air', 'AIR AIR1 -> U01 U02', { air: { AIR1: ['U01', 'U02'] } }],
    ['D10 UB', 'UB U01 -> C01 C01 C03', { ubs: { U01: ['C01', 'C01', 'C03'] } }],
    ['D10 Japanese', '攻撃 U01 -> C01 C03', { ubs: { U01: ['C01', 'C03'] } }],
    [
      'D10 two UBs on a line',
      'UB U01 -> C01 C01; U02 -> C03 C03 C03',
      { ubs: { U01: ['C01', 'C01'], U02: ['C03', 'C03', 'C03'] } },
    ],
    ['D1 reinforce', 'REINFORCE U01 U05 U07', { reinforce: ['U01', 'U05', 'U07'] }],
    ['D1 standing', 'STANDING REINFORCE U01', { standing: { reinforce: ['U01'] } }],
    ['D2 step2', 'STEP2 WA 3, CG 2', { step2: { WA: 3, CG: 2 } }],
    ['D2 step2 count first, 12', 'STEP2 12 WA', { step2: { WA: 12 } }],
    ['D2 standing plan', 'STEP2 PLAN WA WA CG', { standing: { step2Plan: ['WA', 'WA', 'CG'] } }],
    [
      'D3 standard',
      'STEP3 C01 -> WA DOWN, C02 CG',
      { step3: { C01: { area: 'WA', face: 'down' }, C02: { area: 'CG', face: 'up' } } },
    ],
    ['D4 overflow', 'OVERFLOW C03', { overflow: ['C03'] }],
    [
      'D4 overflow, a Step-2 unit by its area (AW-A06)',
      'OVERFLOW C03 CG?2 Central?1',
      { overflow: ['C03', 'CG?2', 'CG?1'] },
    ],
    ['D4 replace', 'REPLACE U05 -> CG', { replace: { U05: 'CG' } }],
    [
      'D7 standing table',
      'RESPONSE TABLE 25: CG, stay; U01: AF, ASK',
      { standing: { responseTable: { 'GB-DD1': ['CG', 'stay'], U01: ['AF', 'ask'] } } },
    ],
  ])('%s: %s', (_name, text, expected) => {
    const r = read(text);
    expect(r.errors).toEqual([]);
    expect(r.orders).toEqual(expected);
    expect(awOrdersSchema.safeParse(r.orders).success).toBe(true);
  });

  test('PLACE answers step3 in the standard game and REPLACE when only that is owed', () => {
    expect(
      read('PLACE C01 WA', awTextGrammar.context({ data: defaultData, choices: choices('step3.C01') })).orders,
    ).toEqual({ step3: { C01: { area: 'WA', face: 'up' } } });
    expect(
      read('U05 -> CG', awTextGrammar.context({ data: defaultData, choices: choices('replace.U05') })).orders,
    ).toEqual({ replace: { U05: 'CG' } });
  });

  test('REINFORCE is a standing order when D1 is not owed', () => {
    expect(
      read('REINFORCE U01', awTextGrammar.context({ data: defaultData, choices: choices('placement.C01') })).orders,
    ).toEqual({ standing: { reinforce: ['U01'] } });
  });
});

describe('errors, comments, commands', () => {
  test.each<[string, string]>([
    ['PLACE C01 Atlantis', 'aw/text/unknown-name'],
    ['PLACE C01', 'aw/text/place-area'],
    ['PLACE AC: C01', 'aw/text/ambiguous'],
    ['MOVE', 'aw/text/move-form'],
    ['UB U01 -> WA', 'aw/text/alloc-form'],
    ['UB U01 -> C01 C01 C01 C01', 'aw/text/alloc-count'],
    ['STEP2 WA 13', 'aw/text/step2-count'],
    ['REJECT', 'text/reject-reason'],
  ])('%s -> %s', (text, code) => {
    const r = read(text);
    expect(r.errors.map((e) => e.code)).toEqual([code]);
    expect(r.errors[0].line).toBe(1);
  });

  test('a number shared by both sides (unitNumbers perSide, AW-A26 R2) is refused; the typed form names one', () => {
    const data = structuredClone(defaultData);
    const escort = data.units.find((u) => u.id === 'GB-DD1')!;
    data.units.find((u) => u.id === 'U05')!.number = escort.number;
    const shared = awTextGrammar.context({ data });
    expect(read(`ESCORT ${escort.number} -> U01`, shared).errors.map((e) => e.code)).toEqual(['aw/text/ambiguous']);
    expect(read(`ESCORT DD${escort.number} -> U${escort.number}`, shared).orders).toEqual({
      escorts: { 'GB-DD1': ['U05'] },
    });
  });

  test('greetings are ignored, comments and lines after END are not read, SIGNON is redacted', () => {
    const r = read('Hello judge,\nSIGNON s3cret\nPLACE C01 WA # first\n// note\nSTATUS\nEND\nPLACE C02 Atlantis');
    expect(r.orders).toEqual({ placement: { C01: 'WA' } });
    expect(r.ignored).toEqual([{ line: 1, text: 'Hello judge,' }]);
    expect(r.commands).toEqual([
      { kind: 'signon', line: 2, secret: 's3cret' },
      { kind: 'status', line: 5 },
    ]);
    expect(r.errors).toEqual([]);
    expect(r.redacted).not.toContain('s3cret');
  });

  test('moderator commands', () => {
    expect(read('APPROVE\nREJECT dice dispute, replay').commands).toEqual([
      { kind: 'approve', line: 1, note: undefined },
      { kind: 'reject', line: 2, reason: 'dice dispute , replay' },
    ]);
  });
});

describe('canonical echo', () => {
  const unitIds = defaultData.units.map((u) => u.id);
  const areaIds = defaultData.areas.map((a) => a.id);
  const unit = fc.constantFrom(...unitIds);
  const area = fc.constantFrom(...areaIds);
  const orders: fc.Arbitrary<AwOrders> = fc.record(
    {
      reinforce: fc.array(unit, { minLength: 1, maxLength: 4 }),
      placement: fc.dictionary(unit, area, { minKeys: 1, maxKeys: 8 }),
      step2: fc.dictionary(area, fc.integer({ min: 0, max: 12 }), { minKeys: 1 }),
      step3: fc.dictionary(unit, fc.record({ area, face: fc.constantFrom('up' as const, 'down' as const) }), {
        minKeys: 1,
      }),
      overflow: fc.array(unit, { minLength: 1, maxLength: 3 }),
      replace: fc.dictionary(unit, area, { minKeys: 1, maxKeys: 3 }),
      response: fc.oneof(area, fc.constant('stay')),
      air: fc.dictionary(unit, fc.array(unit, { maxLength: 3 }), { minKeys: 1, maxKeys: 2 }),
      escorts: fc.dictionary(unit, fc.array(unit, { maxLength: 2 }), { minKeys: 1, maxKeys: 3 }),
      ubs: fc.dictionary(unit, fc.array(unit, { minLength: 1, maxLength: 3 }), { minKeys: 1, maxKeys: 3 }),
      standing: fc.record(
        {
          reinforce: fc.array(unit, { minLength: 1, maxLength: 3 }),
          step2Plan: fc.array(area, { minLength: 1, maxLength: 12 }),
          responseTable: fc.dictionary(
            unit,
            fc.array(fc.oneof(area, fc.constantFrom('stay', 'ask')), { minLength: 1, maxLength: 4 }),
            { minKeys: 1, maxKeys: 3 },
          ),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );

  test('parse(format(orders)) gives the orders back, in both locales', () => {
    fc.assert(
      fc.property(orders, fc.constantFrom('en' as const, 'ja' as const), (o, locale) => {
        const clean = JSON.parse(JSON.stringify(o)) as AwOrders;
        if (clean.standing && !Object.keys(clean.standing).length) delete clean.standing;
        const text = awTextGrammar.format(clean, ctx, locale).join('\n');
        const r = read(text);
        expect(r.errors).toEqual([]);
        expect(r.orders).toEqual(clean);
      }),
      { numRuns: 300 },
    );
  });
});

describe('fuzz', () => {
  const words = [
    'PLACE',
    'MOVE',
    'STAY',
    'ESCORT',
    'UB',
    'AIR',
    'STEP2',
    'PLAN',
    'STEP3',
    'REINFORCE',
    'RESPONSE',
    'TABLE',
    'STANDING',
    'OVERFLOW',
    'REPLACE',
    '->',
    ',',
    ';',
    ':',
    'UP',
    'DOWN',
    'NONE',
    'ASK',
    'WA',
    'CG',
    'ウエスタン・アプローチ',
    'C01',
    '11',
    'U01',
    'UB 1',
    'HELP',
    'SIGNON',
    'END',
    '配置',
    'へ',
    '#',
    '0',
    '99',
    'ＷＡ',
  ];
  const line = fc.oneof(
    fc.array(fc.constantFrom(...words), { maxLength: 8 }).map((w) => w.join(' ')),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );

  test('an escort given three targets is an error, not orders the engine would refuse (found by the fuzz below)', () => {
    const r = read('ESCORT 11 11 C01 C01');
    expect(r.errors.map((e) => e.code)).toContain('aw/text/alloc-count');
    expect(awOrdersSchema.safeParse(r.orders).success).toBe(true);
  });

  test('any text: no crash; each line is applied, an error, a command or ignored; orders keep the JSON shape', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        const r = read(text);
        // Whatever was applied is valid JSON for the engine's schema; every error speaks both languages.
        expect(awOrdersSchema.safeParse(r.orders).success).toBe(true);
        for (const e of r.errors) expect(e.message.en.length * e.message.ja.length).toBeGreaterThan(0);
        // Every line is accounted for at most once.
        expect(r.statements + r.errors.length + r.commands.length + r.ignored.length).toBeLessThanOrEqual(
          text.split(/\r\n|\r|\n/).length,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
