/**
 * Rule arithmetic as tables, each row citing its rule.
 */
import { describe, expect, test } from 'vitest';
import { checkData } from '../../../src/games/atlantic-wolves/data/check-data.ts';
import { defaultData } from '../../../src/games/atlantic-wolves/data/default-data.ts';
import type { AwUnit } from '../../../src/games/atlantic-wolves/data/schema.ts';
import { startGame } from '../../../src/engine/step-runner.ts';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import { convoyStrength, escortStrength, ubCapacity } from '../../../src/games/atlantic-wolves/rules/arithmetic.ts';
import { nextTable, verdict } from '../../../src/games/atlantic-wolves/rules/vp.ts';

const unit = (type: AwUnit['type'], nationality: AwUnit['nationality'], strength: number): AwUnit => ({
  id: 'X',
  side: 'allied',
  type,
  nationality,
  strength,
  vp: 0,
  star: false,
  number: 11,
  turn: 1,
  name: { en: 'X', ja: 'X' },
});

describe('strength modifiers (AW 8.2[6])', () => {
  test.each([
    ['AW 10.0-C: US DD -1 on turn 1', unit('DD', 'US', 2), 1, true, 1],
    ['AW 10.0-C: US CVE -1 on turn 1 (AW-A15)', unit('CVE', 'US', 3), 1, true, 2],
    ['AW 10.0-C: British DD unaffected', unit('DD', 'GB', 2), 1, true, 2],
    ['AW 10.0-C: air unaffected', unit('air', 'air', 2), 1, true, 2],
    ['AW 10.0-C: only turn 1', unit('DD', 'US', 2), 2, true, 2],
    ['AW 10.0-D: +1 without convoy', unit('DD', 'GB', 2), 2, false, 3],
    ['AW 10.0-C + D together', unit('DD', 'US', 1), 1, false, 1],
    ['AW 10.0-E1: +1 on turn 3', unit('DD', 'GB', 2), 3, true, 3],
    ['AW 10.0-E1: +1 on turn 4', unit('air', 'air', 2), 4, true, 3],
    ['AW 10.0-E1: +2 on turn 5', unit('CVE', 'GB', 3), 5, true, 5],
    ['AW 10.0-D + E1 on turn 5', unit('DD', 'GB', 2), 5, false, 5],
  ])('%s', (_rule, u, turn, convoy, expected) => {
    expect(escortStrength(u, turn, convoy)).toBe(expected);
  });

  test.each([
    ['AW 10.0-E1 / AW-A14 R1: convoy +1 on turn 3', 3, 'all', 6],
    ['AW 10.0-E1: convoy +2 on turn 5', 5, 'all', 7],
    ['AW-A14 R2: escorts only', 5, 'escortsOnly', 5],
    ['AW 10.0-E1: no bonus on turn 2', 2, 'all', 5],
  ] as const)('%s', (_rule, turn, bonus, expected) => {
    expect(convoyStrength(unit('convoy', 'GB', 5), turn, bonus)).toBe(expected);
  });
});

describe('UB capacity (AW 10.0-E2, AW-A19)', () => {
  test.each([
    [5, 1, 5],
    [5, 2, 5],
    [5, 3, 4],
    [5, 4, 4],
    [5, 5, 3],
    [1, 5, 0],
    [2, 5, 0],
    [3, 3, 2],
  ])('capacity %i on turn %i gives %i UBs', (cap, turn, expected) => {
    expect(ubCapacity(cap, turn)).toBe(expected);
  });
});

describe('VP table (AW 9.0, AW-X5)', () => {
  test.each([
    ['AW-X5 a T1', 3, 4, 1],
    ['AW-X5 a T2', 1, 5, 0],
    ['AW-X5 a T3', 0, 7, 1],
    ['AW-X5 a T4', 1, 6, 1],
    ['AW-X5 a T5', 1, 5, 0],
    ['AW-X5 c T2', 1, 4, -1],
    ['AW-X1', 2, 7, 3],
  ])('%s: table %i, German VP %i -> %i', (_c, table, vp, expected) => {
    expect(nextTable(table, vp, null)).toBe(expected);
  });
  test('AW-A03 R2: clamp at the track ends', () => {
    expect(nextTable(4, 12, { min: -2, max: 5 })).toBe(5);
    expect(nextTable(-1, 0, { min: -2, max: 5 })).toBe(-2);
  });
  test.each([
    ['AW 9.0[8]: 0 after turn 2 goes on (AW-A22)', 0, 2, null],
    ['AW 9.0[8]: minus ends at once', -1, 2, 'allied'],
    ['AW 9.0[8]: plus after turn 5', 1, 5, 'german'],
    ['AW 9.0[8]: 0 after turn 5', 0, 5, 'allied'],
    ['AW 9.0[8]: minus after turn 5', -3, 5, 'allied'],
  ])('%s', (_rule, table, turn, winner) => {
    expect(verdict(table, turn)?.winner ?? null).toBe(winner);
  });
});

describe('component data (AW-A01, AW-A02, AW-A26, component-facts.md)', () => {
  test('the default data set is valid and uses every known value', () => {
    expect(checkData(defaultData)).toEqual([]);
    expect(game.dataSchema.safeParse(defaultData).success).toBe(true);
    const caps = Object.fromEntries(defaultData.areas.map((a) => [a.name.en, a.capacity]));
    expect(caps).toEqual({
      'Western Approaches': 5,
      'African Coast': 5,
      'Central Gap': 6,
      'American Coast': 4,
      Caribbean: 3,
    });
    expect(defaultData.areas.map((a) => a.name.ja).sort()).toEqual(
      ['アフリカ沿岸', 'アメリカ沿岸', 'ウエスタン・アプローチ', 'カリブ海', '中央ギャップ'].sort(),
    );
    const convoys = defaultData.units.filter((u) => u.type === 'convoy');
    expect(convoys.length).toBe(10);
    expect(convoys.filter((u) => u.star).length).toBe(2);
    const escorts = defaultData.units.filter((u) => u.side === 'allied' && u.type !== 'convoy');
    // Turn 3: 8 convoys + 10 escorts reinforced over turns 1-3 = 18 units in use.
    expect(escorts.filter((u) => u.turn <= 3).length).toBe(10);
    expect(defaultData.turns.slice(0, 3).reduce((n, t) => n + t.reinforcements.allied, 0)).toBe(10);
    expect(defaultData.units.filter((u) => u.type === 'UB' && u.star).every((u) => u.turn === 1)).toBe(true);
    expect(escorts.find((u) => u.star)).toMatchObject({ type: 'CVE', nationality: 'US', turn: 3 });
    expect(defaultData.turns.map((t) => t.label.en)).toEqual([
      '1942 first half',
      '1942 second half',
      '1943 first half',
      '1943 second half',
      '1944 first half',
    ]);
    expect(defaultData.reconstructed.length).toBeGreaterThan(50);
  });

  test.each([
    [
      'duplicate unit number (AW-A26 R1)',
      (d: typeof defaultData) => {
        d.units[1].number = d.units[0].number;
      },
      /already used/,
    ],
    [
      'number with a 7 (AW 12.0-3b)',
      (d: typeof defaultData) => {
        d.units[0].number = 17;
      },
      /cannot be rolled/,
    ],
    ['asymmetric adjacency', (d: typeof defaultData) => void d.areas[0].adjacent.pop(), /symmetric/],
    ['unknown adjacent area', (d: typeof defaultData) => void d.areas[0].adjacent.push('ZZ'), /not a known area/],
    [
      'duplicate unit id',
      (d: typeof defaultData) => {
        d.units[1].id = d.units[0].id;
      },
      /used twice/,
    ],
    [
      'three ☆ convoys (AW 10.0-E3)',
      (d: typeof defaultData) => {
        d.units.find((u) => u.type === 'convoy' && !u.star)!.star = true;
      },
      /☆ convoys/,
    ],
    [
      'VP on an escort',
      (d: typeof defaultData) => {
        d.units.find((u) => u.type === 'DD')!.vp = 2;
      },
      /only convoys/,
    ],
  ])('checkData reports %s', (_name, mutate, message) => {
    const d = structuredClone(defaultData);
    mutate(d);
    expect(checkData(d).join('\n')).toMatch(message);
  });

  test('unitNumbers perSide (AW-A26 R2): one number per side may repeat across sides, never within a side', () => {
    const d = structuredClone(defaultData);
    const ub = d.units.find((u) => u.side === 'german')!;
    const escort = d.units.find((u) => u.side === 'allied' && u.type === 'DD')!;
    ub.number = escort.number;
    expect(checkData(d).join('\n')).toMatch(
      new RegExp(`number ${escort.number} is already used by ${escort.id}.*perSide`),
    );
    expect(checkData(d, { unitNumbers: 'perSide' })).toEqual([]);
    const otherUb = d.units.find((u) => u.side === 'german' && u.id !== ub.id)!;
    otherUb.number = escort.number;
    expect(checkData(d, { unitNumbers: 'perSide' })).toEqual([
      `unit ${otherUb.id}: number ${escort.number} is already used by ${ub.id} (german)`,
    ]);
    // Starting a game checks the data under the game's options.
    expect(startGame(game, { mode: 'mail', data: structuredClone(defaultData), options: {} }).ok).toBe(true);
    const shared = structuredClone(d);
    shared.units.find((u) => u.id === otherUb.id)!.number = defaultData.units.find((u) => u.id === otherUb.id)!.number;
    expect(startGame(game, { mode: 'mail', data: shared }).ok).toBe(false);
    expect(startGame(game, { mode: 'mail', data: shared, options: { unitNumbers: 'perSide' } }).ok).toBe(true);
  });

  test('options: {} gives every documented default; every option is documented', () => {
    const parsed = game.optionsSchema.parse({}) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(game.optionDocs.map((d) => d.key).sort());
    for (const d of game.optionDocs) {
      expect(parsed[d.key]).toBe(d.default);
      expect(d.values).toContain(d.default);
    }
  });
});
