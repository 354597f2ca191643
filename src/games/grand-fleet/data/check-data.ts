/** Checks of a data set beyond its shape: unique ids, known types, hexes on distinct cells, both home hexes. */
import { geographyProblems } from '../../../engine/geography.ts';
import type { GfData } from './schema.ts';
import type { GfOptions } from '../options.ts';

/** Every problem found (empty when the set is usable). */
export function checkData(data: GfData, _options: GfOptions): string[] {
  const problems: string[] = [];
  const dup = (ids: string[], what: string) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) problems.push(`${what} ${id} appears twice`);
      seen.add(id);
    }
  };
  dup(
    data.ships.map((s) => s.id),
    'ship',
  );
  dup(
    data.hexes.map((h) => h.id),
    'hex',
  );
  dup(
    data.hexes.map((h) => `${h.col},${h.row}`),
    'hex cell',
  );
  const types = new Set(data.shipTypes.map((t) => t.id));
  for (const s of data.ships) if (!types.has(s.type)) problems.push(`ship ${s.id}: unknown type ${s.type}`);
  for (const side of ['british', 'german'] as const)
    if (!data.hexes.some((h) => h.kind === 'home' && h.flag === side))
      problems.push(`no ${side} home hex (GF 2-2[3c])`);
  for (const side of ['british', 'german'] as const) {
    if (data.fleetMax[side] < 3) problems.push(`${side} fleets must hold 3 ships or more (GF 8[1][4])`);
    if (data.markers[side] < 1) problems.push(`${side} needs a fleet marker (GF 2-1[7])`);
    if (data.markers[side] > 10) problems.push(`${side}: at most 10 fleet markers (orders name fleets 1-10)`);
  }
  for (const h of data.hexes)
    if ((h.kind === 'home' || h.kind === 'proximity') && !h.flag)
      problems.push(`hex ${h.id}: a ${h.kind} hex needs a flag`);
  if (data.damageTable.at(-1)!.max < 12) problems.push('the damage table must cover a 2d6 total of 12 (GF 8[4.3][4])');
  problems.push(
    ...geographyProblems(
      data.geography,
      data.hexes.map((h) => h.id),
    ),
  );
  return problems;
}
