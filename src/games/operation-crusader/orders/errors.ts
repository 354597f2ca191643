/** Rule errors of Operation Crusader: a stable code, the rule broken, the message in English and Japanese. */
import type { RuleError, Text } from '../../../engine/types.ts';

/** One rule error; `rules` lists the rule broken first, then the rules that made the condition what it is. */
export function ocError(code: string, rule: string, message: Text, path?: string, more: string[] = []): RuleError {
  const rules = [rule, ...more];
  return { code, message, rule: rules.join(', '), rules, ...(path ? { path } : {}) };
}
