/** A rule error of Fin Napoleon: namespaced code, the one rule it cites, the path in the orders, both languages. */
import { ruleErrorOf } from '../../../engine/rule-error.ts';
import type { RuleError } from '../../../engine/types.ts';

/** Builds a rule error `fn/<code>` citing `rule` at `path`. */
export const err = (code: string, rule: string, path: string, en: string, ja: string): RuleError =>
  ruleErrorOf(`fn/${code}`, rule, { en, ja }, path);
