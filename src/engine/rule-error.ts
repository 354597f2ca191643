/** Building rule errors (src/engine/types.ts `RuleError`): every rule cited in `rules`, `rule` derived from them. */
import type { RuleError, Text } from './types.ts';

/** A rule error citing `rules` (one id or several, the broken rule first), with `rule` derived from them. */
export function ruleErrorOf(code: string, rules: string | readonly string[], message: Text, path?: string): RuleError {
  const list = typeof rules === 'string' ? [rules] : [...rules];
  return { code, message, rule: list.join(', '), rules: list, ...(path === undefined ? {} : { path }) };
}

/** Every rule an error cites: its `rules`, or its single `rule` for a game that cites one. */
export function rulesOf(error: RuleError): string[] {
  return error.rules ?? [error.rule];
}
