/**
 * The name table of Grand Fleet (src/engine/names.ts): each ship by its roster code (`GB01`, the label players write
 * in orders) and its name, each hex by its number and its place name, each ship type by its code and name. The
 * fleet charts, the order text, the mails and the pages use it.
 */
import type { NameEntry, NameTable } from '../../../engine/names.ts';
import type { GfData } from './schema.ts';

const same = (x: string) => ({ en: x, ja: x });

/** The name table of a data set: ships, hexes, ship types. */
export function gfNames(data: GfData): NameTable {
  const ships: NameEntry[] = data.ships.map((s) => ({ id: s.id, kind: 'ship', label: same(s.id), name: s.name }));
  const hexes: NameEntry[] = data.hexes.map((h) => ({
    id: h.id,
    kind: 'hex',
    label: same(h.id),
    name: h.name ?? { en: `Hex ${h.id}`, ja: `ヘクス${h.id}` },
  }));
  const types: NameEntry[] = data.shipTypes.map((t) => ({
    id: t.id,
    kind: 'ship-type',
    label: same(t.id),
    name: t.name,
  }));
  return [...ships, ...hexes, ...types];
}
