/** Rule tables: counts and values the fixtures do not isolate (spec section 6 illustrations GF-X3, GF-X4). */
import { describe, expect, test } from 'vitest';
import { firePoints, fixedModifier } from '../../../src/games/grand-fleet/rules/combat.ts';
import { type GfFixtureSetup, stateFromFixture } from '../../../src/games/grand-fleet/rules/fixture.ts';
import { autoOrganisation, speedOf } from '../../../src/games/grand-fleet/rules/organise.ts';
import { interceptableHexes, interceptionCount } from '../../../src/games/grand-fleet/rules/placement.ts';
import type { Marker, Side, Situation } from '../../../src/games/grand-fleet/state.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';

const GB = (...ns: number[]) => ns.map((n) => `GB${String(n).padStart(2, '0')}`);
const DE = (...ns: number[]) => ns.map((n) => `DE${String(n).padStart(2, '0')}`);
const pad = (f: string[][], n: number) => [...f, ...Array.from({ length: n - f.length }, () => [])];
const marker = (id: string, side: Side, hex: string, up: number | null, down = 0): Marker => ({
  ...{ id, side, hex, up: up !== null, fleet: up ?? 0, down: up === null ? down : -1, moved: false, out: false },
});

/** GF-X4: German 2 face-down + 1 face-up fast against British 3 face-down, in a hex of the given number. */
function x4(hex: string, options: Record<string, unknown> = {}) {
  const setup: GfFixtureSetup = {
    options,
    ships: { DE31: 'fleet' },
    battle: {
      offensive: 'german',
      fleets: {
        british: pad([GB(1, 2, 3), GB(5, 6, 7), GB(9, 10, 11)], 8),
        german: pad([DE(10, 11, 12), DE(13, 14, 15), DE(19, 20, 31)], 6),
      },
      faceUp: { british: [], german: [3] },
      hidden: { british: [1, 2, 3], german: [1, 2] },
      markers: [
        ...[0, 1, 2].map((k) => marker(`B${k + 1}`, 'british', hex, null, k)),
        ...[0, 1].map((k) => marker(`G${k + 1}`, 'german', hex, null, k)),
        marker('G3', 'german', hex, 3),
      ],
    },
    phase: { kind: 'intercept', side: 'german' },
  };
  return stateFromFixture(setup);
}

describe('GF 8[3][3] interception counts (GF-X4)', () => {
  test.each([
    ['GF-X4: a normal hex', '404', {}, 4, 3],
    ['GF 8[3][3b]: the German home hex doubles German markers', '707', {}, 8, 3],
    ['GF-A14 R1: the British home hex doubles British markers only', '101', {}, 4, 6],
    ['GF-A14 R2: any home hex doubles both', '101', { homeDoubling: 'any' }, 8, 6],
  ])('%s', (_rule, hex, options, german, british) => {
    const s = x4(hex, options);
    expect(interceptionCount(s, 'german', hex)).toBe(german);
    expect(interceptionCount(s, 'british', hex)).toBe(british);
    expect(interceptableHexes(s, 'german')).toEqual(german > british ? [hex] : []);
    expect(interceptableHexes(s, 'british')).toEqual(british > german ? [hex] : []);
  });
});

/** A revealed combat in hex 404 between the given fleets, round 1 with the given initiative and situations. */
function round(
  british: string[][],
  german: string[][],
  half: Partial<Record<Side, boolean>>,
  situations: Situation[],
  winner: Side | null,
) {
  const init = (side: Side) => ({ half: half[side] ?? false, excess: 0, die: 3, total: 3, confused: false });
  return stateFromFixture({
    battle: {
      offensive: 'british',
      revealed: true,
      queue: ['404'],
      fleets: { british: pad(british, 8), german: pad(german, 6) },
      markers: [
        ...british.map((_, i) => marker(`B${i + 1}`, 'british', '404', i + 1)),
        ...german.map((_, i) => marker(`G${i + 1}`, 'german', '404', i + 1)),
      ],
      round: {
        hex: '404',
        n: 1,
        first: 'british',
        init: { british: init('british'), german: init('german') },
        winner,
        situations,
        fire: {},
        cont: {},
      },
    },
    phase: { kind: 'combat-fire', sides: ['british', 'german'] },
  });
}

describe('GF 8[4.3][1] bombardment points', () => {
  const sevenB = [GB(13, 14, 15, 16), GB(17, 18, 19)];
  test.each([
    [
      'GF-X3: 7 ships of value 2, short range once, half bombardment: floor(17.5 / 2) = 8',
      { british: true },
      ['short'],
      'german',
      8,
    ],
    ['GF 8[4.3][1]: 7 ships of value 2 at full strength', {}, [], null, 14],
    ['GF 8[4.2]S(d): two long ranges, every ship -1', {}, ['long', 'long'], 'german', 7],
    ['GF 8[4.2]S(b): the winner cancels its own half bombardment', { british: true }, ['cancelHalf'], 'british', 14],
    ['GF 8[4.2]S(c): the winner halves the enemy', {}, ['enemyHalf'], 'german', 7],
    ['GF-A18 R2: long and short cancel', {}, ['long', 'short'], 'german', 14],
  ] as const)('%s', (_rule, half, situations, winner, points) => {
    const s = round(sevenB, [DE(10, 11, 12)], half, [...situations], winner);
    expect(firePoints(s, 'british')).toBe(points);
  });

  test('GF-A21: a bombardment value never goes below 0 (pre-dreadnoughts at long range twice)', () => {
    const s = round([GB(34, 35, 36)], [DE(10, 11, 12)], {}, ['long', 'long'], 'german');
    expect(firePoints(s, 'british')).toBe(0);
  });

  test('GF 8[4.2]M(a)-(c): home +1, fast +1 each, slow -1 each', () => {
    const s = round([GB(25, 26, 27), GB(34, 35, 36), GB(13, 14, 15)], [DE(10, 11, 12)], {}, [], null);
    expect(fixedModifier(s, 'british', '404')).toBe(0);
    const home = { ...s, battle: { ...s.battle!, markers: s.battle!.markers.map((m) => ({ ...m, hex: '101' })) } };
    expect(fixedModifier(home, 'british', '101')).toBe(1);
  });
});

describe('GF 8[1a] fast and slow fleets (component facts: the designer example)', () => {
  const s = stateFromFixture({});
  test.each([
    ['BB x8 is ordinary', GB(1, 2, 3, 4, 5, 6, 7, 8), 'ordinary'],
    ['(B) x7 is slow', GB(34, 35, 36, 37, 38, 39, 40), 'slow'],
    ['BC x8 is fast', GB(25, 26, 27, 28, 29, 30, 42, 53), 'fast'],
    ['one pre-dreadnought makes a fleet slow', [...GB(25, 26), 'GB34'], 'slow'],
    ['GF-A11: (BC) counts as fast (red)', GB(31, 32, 33), 'fast'],
  ])('%s', (_what, ships, speed) => {
    expect(speedOf(s, ships)).toBe(speed);
  });

  test('GF 8[1][4-6]: the default organisation is legal for both sides', () => {
    const b = stateFromFixture({
      offensive: 'british',
      battle: { offensive: 'british' },
      phase: { kind: 'organise', side: 'british' },
    });
    expect(game.validate(b, 'british', { organise: autoOrganisation(b, 'british') })).toEqual([]);
    const sizes: Record<number, number> = {};
    for (const f of Object.values(autoOrganisation(b, 'british'))) sizes[f] = (sizes[f] ?? 0) + 1;
    expect(Object.values(sizes).every((n) => n >= 3 && n <= 8)).toBe(true);
  });
});
