/**
 * A game's name table: one entry per thing a player reads or writes the name of (a unit, an area, a point, a ship,
 * a nation), with its id (the key of the data, never shown to a player), its counter label (what the counter and
 * the order echo print), its full name, both in English and Japanese, and the other spellings the order text
 * accepts. Counters, forms, the grammar, echoes, the mails' map tables, the history and the API's labels all read
 * it, so a thing has one name everywhere.
 */
import type { Locale, Text } from './words.ts';

/** One named thing. */
export interface NameEntry {
  /** The data key (`7arm`, `GB-britain`): read by machines only. */
  id: string;
  /** What it is (`unit`, `area`, `point`, `ship`, `nation`). */
  kind: string;
  /** The short name printed on its counter or space (`7 Armd`, `7機甲`). */
  label: Text;
  /** The full name (`7th Armoured Brigade`, `第7機甲旅団`). */
  name: Text;
  /** Other spellings the order text accepts besides the id, the labels and the names. */
  aliases?: readonly string[];
}

/** A game's name table, in the data's order. */
export type NameTable = readonly NameEntry[];

/** Every spelling the order text accepts for an entry: id, labels, names, aliases. */
export function acceptedNames(e: NameEntry): string[] {
  return [e.id, e.label.en, e.label.ja, e.name.en, e.name.ja, ...(e.aliases ?? [])];
}

/** The table by id. */
export function namesById(table: NameTable): Map<string, NameEntry> {
  return new Map(table.map((e) => [e.id, e]));
}

/** A label in a language, the id itself when the table does not know it. */
export function labelIn(byId: ReadonlyMap<string, NameEntry>, id: string, locale: Locale): string {
  return byId.get(id)?.label[locale] ?? id;
}

/** "label (full name)" in a language, or the label alone when both are the same. */
export function labelAndName(e: NameEntry, locale: Locale): string {
  const l = e.label[locale];
  const n = e.name[locale];
  return l === n ? n : `${l} (${n})`;
}
