/**
 * Validation error helpers: stable codes (`aw/...`), bilingual messages naming the unit and area, rule id and path.
 */
import { ruleErrorOf } from '../../../engine/rule-error.ts';
import type { RuleError } from '../../../engine/types.ts';
import { indexOf } from '../data/data-index.ts';
import type { AwState } from '../state.ts';

/** Builds one validation error citing one rule, or several (the rule broken first, then those behind its numbers). */
export const ruleError = (
  code: string,
  rule: string | readonly string[],
  path: string,
  en: string,
  ja: string,
): RuleError => ruleErrorOf(code, rule, { en, ja }, path);

/** A unit's display name in English: "C01 (Convoy OG)". */
export const unitEn = (s: AwState, id: string): string => {
  const u = indexOf(s.data).unit.get(id);
  return u ? `${id} (${u.name.en})` : id;
};
/** A unit's display name in Japanese. */
export const unitJa = (s: AwState, id: string): string => {
  const u = indexOf(s.data).unit.get(id);
  return u ? `${id}（${u.name.ja}）` : id;
};
/** An area's display name in English. */
export const areaEn = (s: AwState, id: string): string => {
  const a = indexOf(s.data).area.get(id);
  return a ? `${a.name.en} (${id})` : id;
};
/** An area's display name in Japanese. */
export const areaJa = (s: AwState, id: string): string => {
  const a = indexOf(s.data).area.get(id);
  return a ? `${a.name.ja}（${id}）` : id;
};

/** Errors for a unit id that is unknown or belongs to the other side; empty when it is the seat's own unit. */
export function ownUnitErrors(s: AwState, seat: string, id: string, path: string, rule: string): RuleError[] {
  const u = indexOf(s.data).unit.get(id);
  if (!u) return [ruleError('aw/unit/unknown', rule, path, `unknown unit "${id}"`, `ユニット「${id}」は存在しません`)];
  if (u.side !== seat)
    return [
      ruleError(
        'aw/unit/not-yours',
        rule,
        path,
        `${unitEn(s, id)} is not your unit`,
        `${unitJa(s, id)}はあなたのユニットではありません`,
      ),
    ];
  return [];
}

/** Error for an unknown area id, or empty. */
export function areaErrors(s: AwState, id: string, path: string, rule: string): RuleError[] {
  if (indexOf(s.data).area.has(id)) return [];
  return [ruleError('aw/area/unknown', rule, path, `unknown area "${id}"`, `エリア「${id}」は存在しません`)];
}

/** Errors for repeated ids in a list. */
export function duplicateErrors(list: string[], path: string, rule: string): RuleError[] {
  const seen = new Set<string>();
  const out: RuleError[] = [];
  list.forEach((id, i) => {
    if (seen.has(id))
      out.push(
        ruleError(
          'aw/orders/duplicate',
          rule,
          `${path}.${i}`,
          `"${id}" is listed twice`,
          `「${id}」が2回指定されています`,
        ),
      );
    seen.add(id);
  });
  return out;
}

/** The rules an error cites: the one broken first, then those behind its numbers, each once. */
export const citing = (rule: string, behind: readonly string[]): string[] => [...new Set([rule, ...behind])];
