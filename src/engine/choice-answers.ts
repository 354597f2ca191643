/** Reading answers out of an orders object by a field's dotted key, and the shape error of one answer. */
import type { RuleError, Text } from './types.ts';

/** Splits a field key into path segments: `ubs.U1[0]` and `ubs.U1.0` both give ["ubs", "U1", "0"]. */
export function keySegments(key: string): string[] {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
}

/** The answer at a field key in an orders object (undefined when absent). */
export function answerAt(orders: unknown, key: string): unknown {
  let v: unknown = orders;
  for (const seg of keySegments(key)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

/** A shape error of one answer. */
export function choiceError(code: string, rule: string, path: string | undefined, message: Text): RuleError {
  return { code: `choices/${code}`, message, rule, ...(path ? { path } : {}) };
}
