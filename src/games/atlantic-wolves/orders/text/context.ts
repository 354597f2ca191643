/**
 * The grammar's context for one message: name tables of the data set, and what the decision point owed now makes
 * of lines that could mean more than one thing (an unkeyed placement, REINFORCE).
 */
import type { Text } from '../../../../engine/types.ts';
import type { Locale } from '../../../../i18n/index.ts';
import { initials, NameTable, type NamedEntity } from '../../../../orders-text/names.ts';
import type { GrammarInput } from '../../../../engine/grammar.ts';

/** The parts of a data set the grammar reads (the shape of src/games/atlantic-wolves/data/schema.ts). */
export interface AwNames {
  areas: { id: string; name: Text }[];
  units: { id: string; type: string; number: number; name: Text }[];
}

/** Where an unkeyed `unit -> area` line goes at the current decision point. */
export type PlaceTarget = 'placement' | 'step3' | 'replace';

/** The grammar's context for one message. */
export interface AwTextContext {
  names: NameTable;
  areas: Map<string, Text>;
  units: Map<string, { type: string; number: number; name: Text }>;
  place: PlaceTarget;
  /** True when D1 (AW 11.0[4]) is owed now or nothing is known: REINFORCE answers it instead of standing. */
  reinforceNow: boolean;
}

const TYPE_PREFIXES: Record<string, string[]> = {
  UB: ['U', 'UB'],
  DD: ['DD'],
  CVE: ['CVE', 'CV'],
  air: ['AIR', 'A'],
  convoy: ['C', 'CONVOY'],
};

/** Builds the name tables of a data set (see AwNames). */
export function awContext(input: GrammarInput): AwTextContext {
  const data = input.data as AwNames;
  const entities: NamedEntity[] = [];
  for (const a of data.areas) {
    const first = a.name.en.split(/\s+/)[0];
    entities.push({
      kind: 'area',
      id: a.id,
      keys: [[a.id], [a.name.en, a.name.ja], [initials(a.name.en) ?? '', first.length >= 4 ? first : '']],
    });
  }
  for (const u of data.units) {
    const loose = [u.id.replace(/(\D)0+(\d)/g, '$1$2'), ...(TYPE_PREFIXES[u.type] ?? []).map((p) => `${p}${u.number}`)];
    entities.push({ kind: 'unit', id: u.id, keys: [[u.id, String(u.number)], [u.name.en, u.name.ja], loose] });
  }
  const keys = (input.choices?.fields ?? []).map((f) => f.key);
  const has = (prefix: string) => keys.some((k) => k === prefix || k.startsWith(`${prefix}.`));
  return {
    names: new NameTable(entities),
    areas: new Map(data.areas.map((a) => [a.id, a.name])),
    units: new Map(data.units.map((u) => [u.id, u])),
    place: has('step3') ? 'step3' : has('replace') && !has('placement') ? 'replace' : 'placement',
    reinforceNow: !input.choices || has('reinforce'),
  };
}

/** Names of units and areas for the comments of the canonical text, in one locale. */
export interface Namer {
  /** A unit's or area's name, or the id when the data set does not know it. */
  one(id: string): string;
  /** Names of a list of ids, comma-separated. */
  list(ids: string[]): string;
}

/** The namer of a message's data set in `locale`. */
export function namer(ctx: AwTextContext, locale: Locale): Namer {
  const one = (id: string) => {
    const t = ctx.units.get(id)?.name ?? ctx.areas.get(id);
    return t ? t[locale] : id;
  };
  return { one, list: (ids) => ids.map(one).join(', ') };
}
