/**
 * The name table of Atlantic Wolves (src/engine/names.ts): each sea area by its code (`WA`, what orders and the map
 * print) and name, each unit by its code (`U01`, `US-DD3`, what orders write) and name. The mails and the pages name
 * things by it.
 */
import type { NameEntry, NameTable } from '../../../engine/names.ts';
import type { AwData } from './schema.ts';

const same = (x: string) => ({ en: x, ja: x });

/** The name table of a data set: areas, then units. */
export function awNames(data: AwData): NameTable {
  const areas: NameEntry[] = data.areas.map((a) => ({ id: a.id, kind: 'area', label: same(a.id), name: a.name }));
  const units: NameEntry[] = data.units.map((u) => ({ id: u.id, kind: 'unit', label: same(u.id), name: u.name }));
  return [...areas, ...units];
}
