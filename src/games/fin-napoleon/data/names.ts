/**
 * The name table of Fin-Napoleon (src/engine/names.ts): the 14 areas and the six nations with their names in both
 * languages and the spellings the order text accepts (the data's aliases). The order text, its echo, the mails and
 * the pages use it.
 */
import type { NameEntry, NameTable } from '../../../engine/names.ts';
import { type FnData, NATIONS } from './schema.ts';

/** The name table of a data set: areas, then nations. */
export function fnNames(data: FnData): NameTable {
  const areas: NameEntry[] = data.areas.map((a) => ({
    id: a.id,
    kind: 'area',
    label: a.name,
    name: a.name,
    aliases: a.aliases,
  }));
  const nations: NameEntry[] = NATIONS.map((n) => ({
    id: n,
    kind: 'nation',
    label: data.chart[n].name,
    name: data.chart[n].name,
    aliases: data.chart[n].aliases,
  }));
  return [...areas, ...nations];
}
