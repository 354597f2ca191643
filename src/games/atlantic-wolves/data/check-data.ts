/**
 * Cross-reference checks of a component data set, beyond its zod shape (AW-A01, AW-A02, AW-A26): returns every
 * problem found as a clear English message (empty when the set is usable).
 */
import type { AwOptions } from '../options.ts';
import { geographyProblems } from '../../../engine/geography.ts';
import type { AwData, AwUnit } from './schema.ts';

const digitsOk = (n: number): boolean => {
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return tens >= 1 && tens <= 6 && ones >= 1 && ones <= 6;
};

/** Words that orders and locations use and that an area id must not be. */
const RESERVED = ['unused', 'used', 'aside', 'track', 'out', 'sunk', 'stay', 'ask', 'none'];

/** Area ids: unique and not reserved words; adjacency known, never to itself, symmetric, listed once. */
function areaProblems(data: AwData): string[] {
  const problems: string[] = [];
  const areaIds = new Set<string>();
  for (const a of data.areas) {
    if (areaIds.has(a.id)) problems.push(`area id "${a.id}" is used twice`);
    if (RESERVED.includes(a.id)) problems.push(`area id "${a.id}" is a reserved word`);
    areaIds.add(a.id);
  }
  for (const a of data.areas) {
    const seen = new Set<string>();
    for (const n of a.adjacent) {
      if (!areaIds.has(n)) problems.push(`area ${a.id}: adjacent area "${n}" is not a known area`);
      else if (n === a.id) problems.push(`area ${a.id}: an area cannot be adjacent to itself`);
      else if (!data.areas.find((b) => b.id === n)?.adjacent.includes(a.id)) {
        problems.push(
          `area ${a.id} lists ${n} as adjacent but ${n} does not list ${a.id} (adjacency must be symmetric)`,
        );
      }
      if (seen.has(n)) problems.push(`area ${a.id}: adjacent area ${n} listed twice`);
      seen.add(n);
    }
  }
  return problems;
}

/** One unit's kind: type, side and nationality agree; VP only on convoys, always in use; a strength. */
function unitKindProblems(u: AwUnit): string[] {
  const problems: string[] = [];
  const german = u.type === 'UB';
  if (german !== (u.side === 'german')) problems.push(`unit ${u.id}: type ${u.type} does not belong to side ${u.side}`);
  if (german !== (u.nationality === 'DE'))
    problems.push(`unit ${u.id}: nationality ${u.nationality} does not fit type ${u.type}`);
  if ((u.type === 'air') !== (u.nationality === 'air'))
    problems.push(`unit ${u.id}: only tactical air units have nationality "air"`);
  if (u.type !== 'convoy' && u.vp !== 0) problems.push(`unit ${u.id}: only convoys carry VP`);
  if (u.type === 'convoy' && u.turn !== 1)
    problems.push(`unit ${u.id}: convoys are always in use (turn must be 1, AW 1.21[7])`);
  if (u.strength < 1) problems.push(`unit ${u.id}: strength must be at least 1`);
  return problems;
}

/** Unit ids unique and apart from area ids and keywords; unit numbers that can be rolled, unique (AW-A26). */
function unitProblems(data: AwData, perSide: boolean): string[] {
  const problems: string[] = [];
  const areaIds = new Set(data.areas.map((a) => a.id));
  const unitIds = new Set<string>();
  const numbers = new Map<string, string>();
  for (const u of data.units) {
    if (unitIds.has(u.id)) problems.push(`unit id "${u.id}" is used twice`);
    if (areaIds.has(u.id) || u.id === 'stay' || u.id === 'ask' || u.id === 'none')
      problems.push(`unit id "${u.id}" clashes with an area id or a keyword`);
    unitIds.add(u.id);
    // AW-A26: unit numbers are unique across both sides (R1) or within each side (R2); only 11..66 with digits
    // 1-6 can be rolled.
    if (!digitsOk(u.number))
      problems.push(`unit ${u.id}: number ${u.number} cannot be rolled (both digits must be 1-6)`);
    const numberKey = perSide ? `${u.side}:${u.number}` : String(u.number);
    const other = numbers.get(numberKey);
    if (other)
      problems.push(
        `unit ${u.id}: number ${u.number} is already used by ${other}` +
          (perSide ? ` (${u.side})` : ' (option unitNumbers = perSide allows one per side)'),
      );
    numbers.set(numberKey, u.id);
    problems.push(...unitKindProblems(u));
  }
  return problems;
}

/** The ☆ units (AW 10.0-A, B, E3), the Turn Table and the VP track. */
function setProblems(data: AwData): string[] {
  const problems: string[] = [];
  const starUbs = data.units.filter((u) => u.type === 'UB' && u.star);
  if (starUbs.length !== 4) problems.push(`there must be exactly 4 ☆ UB units (AW 10.0-A), found ${starUbs.length}`);
  const starCves = data.units.filter((u) => u.type !== 'UB' && u.type !== 'convoy' && u.star);
  if (starCves.length !== 1 || starCves[0].type !== 'CVE' || starCves[0].nationality !== 'US')
    problems.push('there must be exactly 1 ☆ escort, a US CVE (AW 10.0-B)');
  const starConvoys = data.units.filter((u) => u.type === 'convoy' && u.star);
  if (starConvoys.length !== 2)
    problems.push(`there must be exactly 2 ☆ convoys (AW 10.0-E3), found ${starConvoys.length}`);
  if (data.turns.some((t, i) => t.turn !== i + 1)) problems.push('turns must be listed 1..5 in order');
  if (data.turns[0] && data.turns[0].reinforcements.german !== 4)
    problems.push('the German turn-1 reinforcement must be 4 (the ☆ UBs, AW 10.0-A)');
  if (data.vpTrack.min > 3 || data.vpTrack.max < 3)
    problems.push('the VP track must include the starting box 3 (AW 2.2-1)');
  return problems;
}

/**
 * Checks ids, unit numbers, adjacency, unit kinds and the Turn Table of a data set. Unit numbers must be unique
 * across both sides, or within each side with option unitNumbers = perSide (AW-A26 R2).
 */
export function checkData(data: AwData, options?: Pick<AwOptions, 'unitNumbers'>): string[] {
  const perSide = options?.unitNumbers === 'perSide';
  return [
    ...areaProblems(data),
    ...unitProblems(data, perSide),
    ...setProblems(data),
    ...geographyProblems(
      data.geography,
      data.areas.map((a) => a.id),
    ),
  ];
}
