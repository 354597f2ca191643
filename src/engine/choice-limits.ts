/**
 * The limits of a ChoiceTree checked as data: capacities and stacking (how often a value may be named), sums of
 * numeric answers, distinct answers, answers kept within a set of spaces (supply). Pure.
 */
import type { ChoiceField, ChoiceLimit } from './choice-types.ts';
import { answerAt, choiceError } from './choice-answers.ts';
import type { RuleError } from './types.ts';

/** The values an answer names: a pick, the picks, the end of a path (its start when it stays), allocated targets. */
function namedValues(f: ChoiceField, answer: unknown): string[] {
  if (answer === undefined) return [];
  switch (f.kind) {
    case 'one':
      return [String(answer)];
    case 'many':
      return Array.isArray(answer) ? answer.map(String) : [];
    case 'path':
      return Array.isArray(answer) ? [answer.length ? String(answer[answer.length - 1]) : f.path.from] : [];
    case 'allocation':
      return answer && typeof answer === 'object'
        ? Object.entries(answer as Record<string, unknown>)
            .filter(([, p]) => typeof p === 'number' && p > 0)
            .map(([t]) => t)
        : [];
    case 'count':
      return [String(answer)];
  }
}

/** Every space a path enters, or the values named otherwise (for `within`). */
function touchedValues(f: ChoiceField, answer: unknown): string[] {
  if (f.kind === 'path') return Array.isArray(answer) ? answer.map(String) : [];
  return namedValues(f, answer);
}

/** The number an answer stands for in a sum: a count, an allocation's points, a numeric pick, picks or steps. */
function numericValue(f: ChoiceField, answer: unknown): number {
  if (answer === undefined) return 0;
  switch (f.kind) {
    case 'count':
      return typeof answer === 'number' ? answer : 0;
    case 'allocation':
      return answer && typeof answer === 'object'
        ? Object.values(answer as Record<string, unknown>).reduce<number>(
            (s, p) => s + (typeof p === 'number' ? p : 0),
            0,
          )
        : 0;
    case 'one': {
      const n = Number(answer);
      return Number.isFinite(n) ? n : 0;
    }
    case 'many':
    case 'path':
      return Array.isArray(answer) ? answer.length : 0;
  }
}

function checkLimit(limit: ChoiceLimit, fields: ChoiceField[], orders: unknown): RuleError[] {
  const answered = fields.map((f) => ({ f, answer: answerAt(orders, f.key) })).filter((x) => x.answer !== undefined);
  const first = answered[0]?.f.key ?? limit.fields[0];
  const fail = (code: string, en: string, ja: string, path = first) => [
    choiceError(code, limit.rule, path, { en: `${limit.label.en}: ${en}`, ja: `${limit.label.ja}: ${ja}` }),
  ];
  switch (limit.kind) {
    case 'capacity': {
      let n = 0;
      for (const { f, answer } of answered) {
        n += namedValues(f, answer).filter((v) => v === limit.value).length;
        if (n > limit.max)
          return fail(
            'capacity',
            `${limit.value} holds at most ${limit.max}`,
            `${limit.value}の上限は${limit.max}です`,
            f.key,
          );
      }
      return [];
    }
    case 'sum': {
      const sum = answered.reduce((s, { f, answer }) => s + numericValue(f, answer), 0);
      if ((limit.min !== undefined && sum < limit.min) || (limit.max !== undefined && sum > limit.max)) {
        const range = `${limit.min ?? 0}${limit.max !== undefined ? ` to ${limit.max}` : ' or more'}`;
        return fail(
          'sum',
          `the total is ${sum}, not ${range}`,
          `合計${sum}は${limit.min ?? 0}${limit.max !== undefined ? `〜${limit.max}` : '以上'}ではありません`,
        );
      }
      return [];
    }
    case 'distinct': {
      const seen = new Set<string>();
      for (const { f, answer } of answered) {
        for (const v of namedValues(f, answer)) {
          if (seen.has(v))
            return fail('distinct', `${v} is chosen more than once`, `${v}が2回以上選ばれています`, f.key);
          seen.add(v);
        }
      }
      return [];
    }
    case 'within': {
      const allowed = new Set(limit.values);
      for (const { f, answer } of answered) {
        const out = touchedValues(f, answer).find((v) => !allowed.has(v));
        if (out !== undefined) return fail('within', `${out} is not allowed`, `${out}は指定できません`, f.key);
      }
      return [];
    }
  }
}

/**
 * Every violated limit, each once. `fields` are the fields as they apply to the orders (a dependent field that is
 * not asked is left out, so its stale answer counts toward no limit).
 */
export function checkLimits(
  limits: readonly ChoiceLimit[],
  fields: readonly ChoiceField[],
  orders: unknown,
): RuleError[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  return limits.flatMap((limit) =>
    checkLimit(
      limit,
      limit.fields.map((k) => byKey.get(k)).filter((f): f is ChoiceField => !!f),
      orders,
    ),
  );
}
