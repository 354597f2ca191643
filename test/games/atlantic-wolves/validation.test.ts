/**
 * Every validation error code has a case here or in the fixtures (checked at the end): each row cites its rule.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import { stateFromFixture, type FixtureSetup } from '../../../src/games/atlantic-wolves/rules/fixture.ts';
import type { AwState } from '../../../src/games/atlantic-wolves/state.ts';
import { atFirstPoint, C, ctx, U } from './positions.ts';

/**
 * Two contested areas: Area-1 (DD, CVE, air, convoy, 2 UBs), Area-2 (US DD at 0 on turn 1, convoy, UB), and Area-3
 * (UB alone).
 */
const base: FixtureSetup = {
  mode: 'mail',
  turn: 1,
  table: 10,
  start: 'combat',
  data: {
    areas: 'F',
    units: [
      { id: 'DD', type: 'DD', strength: 3 },
      { id: 'CVE', type: 'CVE', strength: 2 },
      { id: 'AIR', type: 'air', strength: 2 },
      { id: 'USDD', type: 'DD', nationality: 'US', strength: 1 },
      { id: 'DD2', type: 'DD', strength: 2 },
      C('C1'),
      C('C2'),
      U('U1'),
      U('U2'),
      U('U3'),
      U('U4'),
      U('U5'),
    ],
  },
  map: {
    'Area-1': ['DD', 'CVE', 'AIR', 'C1', 'U1', 'U2'],
    'Area-2': ['USDD', 'C2', 'U3'],
    'Area-3': ['U4'],
    'Area-5': ['DD2', 'U5'],
  },
};

/** The base position run to its first decision point (air dice all 6: misses). */
function atEscorts(options: Record<string, unknown> = {}): AwState {
  return atFirstPoint({ ...base, options }, [6, 6]);
}
function atUbs(options: Record<string, unknown> = {}): AwState {
  return game.resolve(atEscorts(options), { allied: { escorts: {} } }, ctx([]));
}

const cases: [string, string, () => AwState, string, unknown][] = [
  ['aw/orders/unknown-seat', 'AW 2.1', atEscorts, 'soviet', {}],
  [
    'aw/orders/duplicate',
    'AW 8.1[1]',
    () => atEscorts({ airAttack: 'optional' }),
    'allied',
    { air: { AIR: ['U1', 'U1'] } },
  ],
  ['aw/air/not-air', 'AW 8.1', () => atEscorts({ airAttack: 'optional' }), 'allied', { air: { DD: ['U1'] } }],
  ['aw/air/bad-target', 'AW 8.1[1]', () => atEscorts({ airAttack: 'optional' }), 'allied', { air: { AIR: ['C1'] } }],
  ['aw/escorts/not-escort-ship', 'AW 8.2[1]', atEscorts, 'allied', { escorts: { AIR: ['U1'] } }],
  ['aw/escorts/cannot-attack', 'AW 10.0-C', atEscorts, 'allied', { escorts: { USDD: ['U3'] } }],
  ['aw/escorts/bad-target', 'AW 8.2[1]', atEscorts, 'allied', { escorts: { DD: ['C1'] } }],
  ['aw/escorts/wrong-area', 'AW 8.2[1]', atEscorts, 'allied', { escorts: { DD: ['U3'] } }],
  ['aw/escorts/too-many', 'AW 8.2[2]', atEscorts, 'allied', { escorts: { DD: ['U1', 'U2'] } }],
  ['aw/ubs/cannot-attack', 'AW 8.3[1]', atUbs, 'german', { ubs: { U5: ['C1'] } }],
  ['aw/ubs/outside-combat', 'AW 8.0[2]', atUbs, 'german', { ubs: { U4: ['C1'] } }],
  ['aw/ubs/bad-target', 'AW 8.3[1]', atUbs, 'german', { ubs: { U1: ['DD'] } }],
  ['aw/ubs/wrong-area', 'AW 8.3[1]', atUbs, 'german', { ubs: { U1: ['C2'] } }],
  ['aw/ubs/too-many', 'AW 8.3[2]', atUbs, 'german', { ubs: { U1: ['C1', 'C1', 'C1'] } }],
];

describe('validation error codes (each with its rule)', () => {
  test.each(cases)('%s (%s)', (code, _rule, state, seat, orders) => {
    const errors = game.validate(state(), seat, game.ordersSchema.parse(orders));
    expect(errors.map((e) => e.code)).toContain(code);
    for (const e of errors) {
      expect(e.message.en.length).toBeGreaterThan(0);
      expect(e.message.ja.length).toBeGreaterThan(0);
      expect(e.rule).toMatch(/AW|spec/);
    }
  });

  test('aw/air/outside-combat, aw/ubs/outside-combat: an attacker outside the area decided (strict sequence)', () => {
    const strict = atFirstPoint({
      ...base,
      options: { strictAreaSequence: true, airAttack: 'optional' },
      map: { 'Area-1': ['DD', 'C1', 'U1'], 'Area-2': ['AIR', 'C2', 'U3'] },
    });
    expect(game.owed(strict).map((o) => o.point)).toEqual(['AW-D9']);
    const after = game.resolve(strict, { allied: { escorts: {} } }, ctx([]));
    expect(game.validate(after, 'german', { ubs: { U3: ['C2'] } }).map((e) => e.code)).toContain(
      'aw/ubs/outside-combat',
    );
    const next = game.resolve(after, { german: { ubs: {} } }, ctx([]));
    expect(game.owed(next).map((o) => o.point)).toEqual(['AW-D8']);
    const unit = {
      ...stateFromFixture({
        ...base,
        options: { strictAreaSequence: true, airAttack: 'optional' },
        map: { 'Area-1': ['AIR', 'C1', 'U1'], 'Area-2': ['DD', 'C2', 'U3'], 'Area-3': ['AIR'] },
      }),
    };
    void unit;
    expect(game.validate(strict, 'allied', { escorts: {}, air: { AIR: ['U3'] } }).map((e) => e.code)).toContain(
      'aw/orders/not-owed',
    );
  });

  test('aw/overflow/not-on-map, aw/replace/missing, aw/replace/unknown-unit (literal overflow, AW 7.0[6])', () => {
    const s1 = atFirstPoint({
      mode: 'standard',
      options: { overflow: 'literal' },
      turn: 3,
      table: 10,
      start: 'ub-placement',
      data: { areas: 'F', units: [C('C1'), U('UA'), U('UB'), U('UC')] },
      map: { 'Area-1': ['C1'] },
      used: ['UA', 'UB'],
      unused: ['UC'],
    });
    const s2 = game.resolve(s1, { german: { placement: { UA: 'Area-4', UB: 'Area-4' } } }, ctx([]));
    expect(game.validate(s2, 'german', { overflow: ['UC'] }).map((e) => e.code)).toContain('aw/overflow/not-on-map');
    const s3 = game.resolve(s2, { german: { overflow: ['UB'] } }, ctx([]));
    expect(game.validate(s3, 'allied', { replace: {} }).map((e) => e.code)).toContain('aw/replace/missing');
    expect(game.validate(s3, 'allied', { replace: { UA: 'Area-5' } }).map((e) => e.code)).toContain(
      'aw/replace/unknown-unit',
    );
  });

  test('aw/overflow/blind-unit, aw/overflow/blind-name (AW-A06): Step-2 units are named by area, not by id', () => {
    const dd = (id: string) => ({ id, type: 'DD' as const, strength: 2 });
    const data = { areas: 'F' as const, units: [C('C1'), dd('D1'), dd('E1'), U('U1')] };
    const options = { overflow: 'literal', step2Draw: 'upTo' };
    const used = ['D1', 'E1', 'U1'];
    const fixture: FixtureSetup = { mode: 'standard', options, turn: 2, start: 'allied-placement', data, used };
    const s1 = atFirstPoint(fixture, [3, 3]);
    const s2 = game.resolve(s1, { allied: { step2: { 'Area-4': 3 } } }, ctx([1, 1, 1])); // C1, D1, E1 blind in Area-4
    const down = { area: 'Area-1', face: 'down' as const };
    const s3 = game.resolve(s2, { allied: { step3: { XC1: down, XC2: down } } }, ctx([]));
    expect(s3.phase.kind).toBe('overflow-name');
    expect(game.validate(s3, 'allied', { overflow: ['D1'] }).map((e) => e.code)).toContain('aw/overflow/blind-unit');
    const codes = (overflow: string[]) => game.validate(s3, 'allied', { overflow }).map((e) => e.code);
    expect(codes(['Area-4?4'])).toContain('aw/overflow/blind-name');
    expect(game.validate(s3, 'allied', { overflow: ['Area-4?3'] })).toEqual([]);
  });

  test('every error code in the source is exercised by a case here or by a fixture', () => {
    const srcDir = fileURLToPath(new URL('../../../src/games/atlantic-wolves/', import.meta.url));
    const src = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(srcDir + f, 'utf8'))
      .join('\n');
    const codes = new Set<string>();
    for (const m of src.matchAll(/'(aw\/[a-z0-9-]+\/[a-z0-9-]+)'/g)) codes.add(m[1]);
    for (const p of ['aw/air', 'aw/escorts', 'aw/ubs'])
      for (const k of ['cannot-attack', 'outside-combat', 'bad-target', 'wrong-area']) codes.add(`${p}/${k}`);
    // Unreachable with valid data: an air unit in a contested area always has a UB and strength >= 1 (checkData).
    codes.delete('aw/air/cannot-attack');
    const fxDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
    const fx = readdirSync(fxDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => readFileSync(fxDir + f, 'utf8'))
      .join('\n');
    const here = readFileSync(fileURLToPath(import.meta.url), 'utf8');
    const missing = [...codes].filter((c) => !fx.includes(`"${c}"`) && !here.includes(`'${c}'`) && !here.includes(c));
    expect(missing).toEqual([]);
  });
});
