/**
 * Checks an orders object against a seat's ChoiceTree, shape-level and the same for every game: each answer is of
 * its field's kind and among its options, a path follows the connections within its budget, a count is within its
 * bounds, an allocation shares its points within the sum limit, a dependent field is answered only when asked, and
 * the tree's limits hold. Rules beyond the tree stay the game's (`validate`). Pure.
 */
import type {
  AllocationField,
  ChoiceCase,
  ChoiceField,
  ChoiceTree,
  CountField,
  PathField,
  PickField,
} from './choice-types.ts';
import { answerAt, choiceError } from './choice-answers.ts';
import { checkLimits } from './choice-limits.ts';
import type { RuleError } from './types.ts';

export { answerAt, keySegments } from './choice-answers.ts';

/** A field as it applies to these orders: with its dependency's case merged in, or null when it is not asked. */
export function effectiveField(field: ChoiceField, orders: unknown): ChoiceField | null {
  if (!field.dependsOn) return field;
  const on = answerAt(orders, field.dependsOn.key);
  if (typeof on !== 'string' && typeof on !== 'number' && typeof on !== 'boolean') return null;
  const c: ChoiceCase | undefined = Object.hasOwn(field.dependsOn.cases, String(on))
    ? field.dependsOn.cases[String(on)]
    : undefined;
  if (!c) return null;
  const merged = { ...field, ...(c.options ? { options: c.options } : {}) } as ChoiceField;
  if (merged.kind === 'path' && c.path) merged.path = c.path;
  if ((merged.kind === 'count' || merged.kind === 'one' || merged.kind === 'many') && c.min !== undefined)
    merged.min = c.min;
  if ((merged.kind === 'count' || merged.kind === 'one' || merged.kind === 'many') && c.max !== undefined)
    merged.max = c.max;
  if (merged.kind === 'allocation' && c.total !== undefined) merged.total = c.total;
  return merged;
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function checkPick(f: PickField, answer: unknown, rule: string): RuleError[] {
  const legal = new Set(f.options.map((o) => o.value));
  const bad = (v: unknown) =>
    choiceError('not-an-option', rule, f.key, {
      en: `"${String(v)}" is not one of the choices (${[...legal].join(', ')})`,
      ja: `「${String(v)}」は選択肢 (${[...legal].join('、')}) にありません`,
    });
  if (f.kind === 'one') return isScalar(answer) && legal.has(String(answer)) ? [] : [bad(answer)];
  if (!Array.isArray(answer))
    return [
      choiceError('not-a-list', rule, f.key, { en: 'a list of choices is expected', ja: '選択肢のリストが必要です' }),
    ];
  const errors = answer.filter((v) => !isScalar(v) || !legal.has(String(v))).map(bad);
  if (new Set(answer.map(String)).size !== answer.length)
    errors.push(
      choiceError('duplicate', rule, f.key, { en: 'a choice is picked twice', ja: '同じ選択肢が2回選ばれています' }),
    );
  const min = f.min ?? 0;
  const max = f.max ?? f.options.length;
  if (answer.length < min || answer.length > max) {
    errors.push(
      choiceError('pick-count', rule, f.key, {
        en: `pick ${min === max ? min : `${min} to ${max}`} (${answer.length} picked)`,
        ja: `${min === max ? min : `${min}〜${max}`}個選んでください (${answer.length}個)`,
      }),
    );
  }
  return errors;
}

function checkCount(f: CountField, answer: unknown, rule: string): RuleError[] {
  const step = f.step ?? 1;
  if (!isWhole(answer) || answer < f.min || answer > f.max || (answer - f.min) % step !== 0) {
    const steps = step === 1 ? '' : ` in steps of ${step}`;
    return [
      choiceError('count', rule, f.key, {
        en: `a whole number from ${f.min} to ${f.max}${steps} is expected (got ${JSON.stringify(answer)})`,
        ja: `${f.min}〜${f.max}の整数${step === 1 ? '' : ` (${step}刻み)`}を指定してください (${JSON.stringify(answer)})`,
      }),
    ];
  }
  return [];
}

function checkAllocation(f: AllocationField, answer: unknown, rule: string): RuleError[] {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) {
    return [
      choiceError('not-an-allocation', rule, f.key, {
        en: 'points per target are expected ({ target: points })',
        ja: '目標ごとの点数が必要です ({ 目標: 点数 })',
      }),
    ];
  }
  const legal = new Set(f.options.map((o) => o.value));
  const errors: RuleError[] = [];
  let sum = 0;
  for (const [target, points] of Object.entries(answer as Record<string, unknown>)) {
    const path = `${f.key}.${target}`;
    if (!legal.has(target))
      errors.push(
        choiceError('not-a-target', rule, path, {
          en: `"${target}" is not a target here`,
          ja: `「${target}」はここでの目標ではありません`,
        }),
      );
    const t = f.perTarget?.[target] ?? {};
    const unit = t.unit ?? 1;
    if (!isWhole(points) || points < (t.min ?? 0) || (t.max !== undefined && points > t.max) || points % unit !== 0) {
      const got = JSON.stringify(points);
      const enRange = `${t.min ?? 0}${t.max !== undefined ? ` to ${t.max}` : ' or more'}`;
      const jaRange = `${t.min ?? 0}${t.max !== undefined ? `〜${t.max}` : '以上'}`;
      const multiples = unit > 1 ? `, in multiples of ${unit}` : '';
      errors.push(
        choiceError('points', rule, path, {
          en: `points for ${target}: a whole number ${enRange}${multiples} (got ${got})`,
          ja: `${target}への点数は${jaRange}の整数${unit > 1 ? ` (${unit}の倍数)` : ''}です (${got})`,
        }),
      );
    } else sum += points;
  }
  if (f.sum === 'exact' ? sum !== f.total : sum > f.total) {
    errors.push(
      choiceError('allocation-sum', rule, f.key, {
        en: `allocate ${f.sum === 'exact' ? 'exactly' : 'at most'} ${f.total} points (${sum} allocated)`,
        ja: `${f.total}点${f.sum === 'exact' ? 'ちょうど' : '以下'}を割り当ててください (${sum}点)`,
      }),
    );
  }
  return errors;
}

/** Where each step of a path leads and at what cost (the cheapest connection when several join two spaces). */
function stepCosts(f: PathField): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const e of f.path.edges) {
    const from = out.get(e.from) ?? new Map<string, number>();
    from.set(e.to, Math.min(from.get(e.to) ?? Infinity, e.cost ?? 1));
    out.set(e.from, from);
  }
  return out;
}

/** Walks a path step by step: where it ends and what it cost, or the error of the first step that is not allowed. */
function walkPath(f: PathField, steps: string[], rule: string): { end: string; spent: number } | RuleError {
  const spec = f.path;
  const costs = stepCosts(f);
  const stops = new Set(spec.stopAt ?? []);
  const seen = new Set([spec.from]);
  let at = spec.from;
  let spent = 0;
  for (const [i, to] of steps.entries()) {
    const path = `${f.key}.${i}`;
    if (i > 0 && stops.has(at))
      return choiceError('path-stop', rule, path, {
        en: `the move must stop in ${at}`,
        ja: `${at}で移動を止めなければなりません`,
      });
    const cost = costs.get(at)?.get(to);
    if (cost === undefined)
      return choiceError('path-step', rule, path, {
        en: `${to} is not one step from ${at}`,
        ja: `${to}は${at}から1歩で行けません`,
      });
    if (seen.has(to) && !spec.revisit)
      return choiceError('path-revisit', rule, path, { en: `${to} is entered twice`, ja: `${to}に2回入っています` });
    seen.add(to);
    spent += cost;
    at = to;
  }
  return { end: at, spent };
}

/** A path answer: a list of spaces, each one step from the last, within the field's budget, length and ends. */
function checkPath(f: PathField, answer: unknown, rule: string): RuleError[] {
  if (!Array.isArray(answer) || answer.some((s) => typeof s !== 'string')) {
    return [
      choiceError('not-a-path', rule, f.key, { en: 'a list of spaces is expected', ja: 'マスのリストが必要です' }),
    ];
  }
  const spec = f.path;
  const steps = answer as string[];
  const walked = walkPath(f, steps, rule);
  if (!('spent' in walked)) return [walked];
  const { end: at, spent } = walked;
  const errors: RuleError[] = [];
  if (spec.budget !== undefined && spent > spec.budget)
    errors.push(
      choiceError('path-budget', rule, f.key, {
        en: `the path costs ${spent}, more than ${spec.budget}`,
        ja: `経路のコスト${spent}が上限${spec.budget}を超えています`,
      }),
    );
  const min = spec.minSteps ?? 0;
  const max = spec.maxSteps ?? Infinity;
  if (steps.length < min || steps.length > max)
    errors.push(
      choiceError('path-length', rule, f.key, {
        en: `${steps.length} steps: ${min} to ${max === Infinity ? 'any number' : max} allowed`,
        ja: `${steps.length}歩: ${min}〜${max === Infinity ? '' : max}歩です`,
      }),
    );
  if (steps.length && spec.noEndAt?.includes(at))
    errors.push(
      choiceError('path-end', rule, f.key, {
        en: `a move may not end in ${at}`,
        ja: `${at}で移動を終えることはできません`,
      }),
    );
  return errors;
}

/** Every shape problem of one field's answer (the field as it applies: see `effectiveField`). */
export function checkField(f: ChoiceField, answer: unknown, rule: string): RuleError[] {
  switch (f.kind) {
    case 'one':
    case 'many':
      return checkPick(f, answer, rule);
    case 'count':
      return checkCount(f, answer, rule);
    case 'allocation':
      return checkAllocation(f, answer, rule);
    case 'path':
      return checkPath(f, answer, rule);
  }
}

/**
 * Every shape problem of `orders` against `tree`: fields answered as their kind allows, dependent fields only when
 * asked, required fields answered, and the tree's limits. Answers outside the tree's fields are not looked at.
 */
export function checkChoices(tree: ChoiceTree, orders: unknown): RuleError[] {
  const errors: RuleError[] = [];
  const applied: ChoiceField[] = [];
  for (const field of tree.fields) {
    const answer = answerAt(orders, field.key);
    const f = effectiveField(field, orders);
    if (!f) {
      if (answer !== undefined)
        errors.push(
          choiceError('not-asked', tree.rule, field.key, {
            en: `not asked for this answer of ${field.dependsOn!.key}`,
            ja: `${field.dependsOn!.key}のこの回答では指定できません`,
          }),
        );
      continue;
    }
    applied.push(f);
    if (answer === undefined) {
      if (f.required)
        errors.push(choiceError('missing', tree.rule, f.key, { en: 'an answer is required', ja: '回答が必要です' }));
      continue;
    }
    errors.push(...checkField(f, answer, tree.rule));
  }
  errors.push(...checkLimits(tree.limits ?? [], applied, orders));
  return errors;
}
