/** A rule error of Grand Fleet: namespaced code, both languages, the rule and the path in the orders. */
import type { RuleError } from '../../../engine/types.ts';

/** Builds a rule error. */
export const err = (code: string, en: string, ja: string, rule: string, path: string): RuleError => ({
  ...{ code: `gf/${code}`, message: { en, ja }, rule, rules: [rule], path },
});
