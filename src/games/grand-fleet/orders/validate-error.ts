/** A rule error of Grand Fleet: namespaced code, both languages, the rule and the path in the orders. */
import type { RuleError } from '../../../engine/types.ts';
import { type GfState, indexOf } from '../state.ts';

/** Builds a rule error. */
export const err = (code: string, en: string, ja: string, rule: string, path: string): RuleError => ({
  ...{ code: `gf/${code}`, message: { en, ja }, rule, rules: [rule], path },
});

/** A ship as players read it: its id and its name in the language (the id alone when the data has no such ship). */
export function shipLabel(s: GfState, id: string, l: 'en' | 'ja'): string {
  const ship = indexOf(s.data).ship.get(id);
  return ship ? `${id} ${ship.name[l]}` : id;
}
