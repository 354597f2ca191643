/** Fin-Napoleon's data checks beyond the zod shape (FN 1.1, 2.2). */
import { geographyProblems } from '../../../engine/geography.ts';
import { type FnData, NATIONS } from './schema.ts';

/** Checks beyond shape: unique ids, known areas in every pair, one home area per nation. */
export function checkData(data: FnData): string[] {
  const problems: string[] = [];
  const ids = new Set(data.areas.map((a) => a.id));
  if (ids.size !== data.areas.length) problems.push('FN 1.1[1]: area ids are not unique');
  for (const [a, b] of [
    ...data.land,
    ...data.sea,
    [data.southFrance, data.southFrance],
    ...data.russianTerritory.map((r) => [r, r]),
  ]) {
    if (!ids.has(a) || !ids.has(b)) problems.push(`FN 1.1: adjacency ${a}-${b} names an unknown area`);
  }
  for (const n of NATIONS) {
    const homes = data.areas.filter((a) => a.home === n);
    if (homes.length !== 1) problems.push(`FN 1.1[4]: ${n} has ${homes.length} home areas, not 1`);
    const c = data.chart[n];
    if (c.initial > c.maximum) problems.push(`FN 2.2-2: ${n} starts with more units than its maximum`);
  }
  for (const [a, b] of data.land) {
    const kinds = [a, b].map((id) => data.areas.find((x) => x.id === id)?.kind);
    if (kinds.includes('sea')) problems.push(`FN 1.1: land adjacency ${a}-${b} names a sea area`);
  }
  problems.push(...geographyProblems(data.geography, ids));
  return problems;
}
