/**
 * Adjudication fixtures (DATC style): a compact data set description expanded into a real, checked component data
 * set, and a positioned state built from it. TEST FIXTURE values only (spec section 7): never the shipped counters.
 */
import { checkData } from '../data/check-data.ts';
import { defaultData } from '../data/default-data.ts';
import { awDataSchema, type AwData, type AwUnit } from '../data/schema.ts';
import { awOptionsSchema, type AwOptions } from '../options.ts';
import { positionFromFixture, type FixturePosition } from './setup.ts';
import type { AwState } from '../state.ts';

/** A fixture unit: only id, type and strength are required. */
export interface FixtureUnit {
  id: string;
  type: AwUnit['type'];
  strength: number;
  nationality?: AwUnit['nationality'];
  vp?: number;
  star?: boolean;
  number?: number;
  turn?: number;
}

/** A fixture's data: Fixture F (spec 7) or the default areas, the units, optional Turn Table counts. */
export interface FixtureDataSpec {
  areas: 'F' | 'default';
  units: FixtureUnit[];
  /** Reinforcement counts [allied, german] per turn 1..5 (default: [3,4],[3,3],[4,3],[2,2],[2,3]). */
  turns?: [number, number][];
  vpTrack?: { min: number; max: number };
}

/** Fixture F (spec 7): Area-1..Area-5, capacities 4, 3, 5, 2, 4; adjacency 1-2, 1-3, 2-3, 3-4, 3-5, 4-5. */
const FIXTURE_F = [
  ['Area-1', 4, ['Area-2', 'Area-3']],
  ['Area-2', 3, ['Area-1', 'Area-3']],
  ['Area-3', 5, ['Area-1', 'Area-2', 'Area-4', 'Area-5']],
  ['Area-4', 2, ['Area-3', 'Area-5']],
  ['Area-5', 4, ['Area-3', 'Area-4']],
] as const;

/**
 * Expands a fixture data spec into a checked data set. Missing ☆ units the data rules require (4 ☆ UBs, the ☆ US CVE,
 * 2 ☆ convoys) are added as fillers `XU1..XU4`, `XCVE`, `XC1`, `XC2` after the fixture's own units.
 */
export function fixtureData(spec: FixtureDataSpec, options?: Pick<AwOptions, 'unitNumbers'>): AwData {
  const used = new Set(spec.units.map((u) => u.number).filter((n): n is number => n !== undefined));
  const free: number[] = [];
  for (let t = 1; t <= 6; t++) for (let o = 1; o <= 6; o++) if (!used.has(t * 10 + o)) free.push(t * 10 + o);
  const units: FixtureUnit[] = [...spec.units];
  const has = (f: (u: FixtureUnit) => boolean) => units.filter(f).length;
  for (let i = has((u) => u.type === 'UB' && !!u.star); i < 4; i++)
    units.push({ id: `XU${i + 1}`, type: 'UB', strength: 1, star: true });
  if (!has((u) => u.type === 'CVE' && !!u.star))
    units.push({ id: 'XCVE', type: 'CVE', nationality: 'US', strength: 1, star: true, turn: 3 });
  for (let i = has((u) => u.type === 'convoy' && !!u.star); i < 2; i++)
    units.push({ id: `XC${i + 1}`, type: 'convoy', strength: 9, star: true });
  const full: AwUnit[] = units.map((u) => ({
    id: u.id,
    side: u.type === 'UB' ? 'german' : 'allied',
    type: u.type,
    nationality: u.nationality ?? (u.type === 'UB' ? 'DE' : u.type === 'air' ? 'air' : 'GB'),
    strength: u.strength,
    vp: u.vp ?? 0,
    star: u.star ?? false,
    number: u.number ?? (free.pop() as number),
    turn: u.turn ?? 1,
    name: { en: u.id, ja: u.id },
  }));
  const counts = spec.turns ?? [
    [3, 4],
    [3, 3],
    [4, 3],
    [2, 2],
    [2, 3],
  ];
  const data: AwData = {
    id: 'test-fixture',
    title: { en: 'TEST FIXTURE', ja: 'テスト用' },
    areas:
      spec.areas === 'F'
        ? FIXTURE_F.map(([id, capacity, adjacent]) => ({
            id,
            name: { en: id, ja: id },
            capacity,
            adjacent: [...adjacent],
          }))
        : defaultData.areas,
    units: full,
    turns: defaultData.turns.map((t, i) => ({ ...t, reinforcements: { allied: counts[i][0], german: counts[i][1] } })),
    vpTrack: spec.vpTrack ?? { min: -10, max: 30 },
    reconstructed: ['TEST FIXTURE'],
  };
  const parsed = awDataSchema.parse(data);
  const problems = checkData(parsed, options);
  if (problems.length) throw new Error(`fixture data: ${problems.join('; ')}`);
  return parsed;
}

/** A whole fixture position as stored in fixture files. */
export type FixtureSetup = Omit<FixturePosition, 'options' | 'data'> & {
  options?: Record<string, unknown>;
  data: FixtureDataSpec;
};

/** Builds the positioned state of a fixture (options parsed with their defaults), on `data` when given. */
export function stateFromFixture(f: FixtureSetup, data?: AwData): AwState {
  const options = awOptionsSchema.parse(f.options ?? {});
  return positionFromFixture({ ...f, options, data: data ?? fixtureData(f.data, options) });
}
