/**
 * The order form's controls for answers beyond pick one / pick some: a path as an ordered list of selects with the
 * allowed steps listed, a count as a number input with its bounds, an allocation as one number input per target
 * with the sum limit, and a dependent field as one control per answer of the field it depends on (named
 * `key@answer`, so the form works without script). Building the controls and reading them back.
 */
import { answerAt, effectiveField } from '../engine/choices.ts';
import type { ChoiceField, ChoiceOption, PathField } from '../engine/choice-types.ts';
import type { Locale } from '../i18n/index.ts';

/** One select of a path: the space entered at that step. */
export interface FormPathStep {
  name: string;
  options: { value: string; label: string; selected: boolean }[];
}

/** One number input of an allocation. */
export interface FormTarget {
  name: string;
  label: string;
  value: string;
  min: number;
  max?: number;
  unit: number;
}

/** What a path, count or allocation control adds to a form field. */
export interface FormKindParts {
  /** count: the prefilled number and its step. */
  value?: string;
  step?: number;
  /** path: where the piece starts, one select per step, the allowed steps in words, the budget. */
  start?: string;
  steps?: FormPathStep[];
  moves?: string[];
  budget?: number;
  /** allocation: one input per target, the points and the sum rule. */
  targets?: FormTarget[];
  total?: number;
  sum?: 'exact' | 'atMost';
}

/** The most selects a path gets when neither `maxSteps` nor the budget bounds it more tightly. */
const MAX_PATH_SELECTS = 8;

/** The control name of one answer of a dependent field: `key@answer`. */
export function caseName(key: string, answer: string): string {
  return `${key}@${answer}`;
}

function labelIn(options: ChoiceOption[], value: string, locale: Locale): string {
  return options.find((o) => o.value === value)?.label[locale] ?? value;
}

/** How many selects a path gets: its step limit, or as many steps as the budget buys at the cheapest cost. */
export function pathSelectCount(f: PathField): number {
  const costs = f.path.edges.map((e) => e.cost ?? 1).filter((c) => c > 0);
  const byBudget =
    f.path.budget !== undefined && costs.length ? Math.floor(f.path.budget / Math.min(...costs)) : Infinity;
  const spaces = new Set(f.path.edges.map((e) => e.to)).size;
  return Math.max(0, Math.min(f.path.maxSteps ?? Infinity, byBudget, spaces, MAX_PATH_SELECTS));
}

/** The allowed steps in words: "From WA: AF (1), CG (2)". */
function movesOf(f: PathField, locale: Locale): string[] {
  const from = new Map<string, string[]>();
  for (const e of f.path.edges) {
    const list = from.get(e.from) ?? [];
    list.push(`${labelIn(f.options, e.to, locale)} (${e.cost ?? 1}${e.via ? ` ${e.via}` : ''})`);
    from.set(e.from, list);
  }
  const word = locale === 'ja' ? 'から' : 'From';
  return [...from].map(([a, tos]) =>
    locale === 'ja'
      ? `${labelIn(f.options, a, locale)}${word}: ${tos.join('、')}`
      : `${word} ${labelIn(f.options, a, locale)}: ${tos.join(', ')}`,
  );
}

/** The parts of a path, count or allocation control, prefilled from `value` (the current answer, if any). */
export function kindParts(f: ChoiceField, name: string, value: unknown, locale: Locale): FormKindParts {
  switch (f.kind) {
    case 'count':
      return { value: typeof value === 'number' || typeof value === 'string' ? String(value) : '', step: f.step ?? 1 };
    case 'path': {
      const chosen = Array.isArray(value) ? value.map(String) : [];
      const spaces = [...new Set(f.path.edges.map((e) => e.to))];
      const steps = Array.from(
        { length: pathSelectCount(f) },
        (_, i): FormPathStep => ({
          name: `${name}.${i}`,
          options: spaces.map((s) => ({ value: s, label: labelIn(f.options, s, locale), selected: chosen[i] === s })),
        }),
      );
      return {
        start: labelIn(f.options, f.path.from, locale),
        steps,
        moves: movesOf(f, locale),
        ...(f.path.budget !== undefined ? { budget: f.path.budget } : {}),
      };
    }
    case 'allocation': {
      const given = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      const targets = f.options.map((o): FormTarget => {
        const t = f.perTarget?.[o.value] ?? {};
        const v = given[o.value];
        return {
          name: `${name}.${o.value}`,
          label: o.label[locale],
          value: typeof v === 'number' ? String(v) : '',
          min: t.min ?? 0,
          ...(t.max !== undefined ? { max: t.max } : {}),
          unit: t.unit ?? 1,
        };
      });
      return { targets, total: f.total, sum: f.sum };
    }
    default:
      return {};
  }
}

/** The cases a dependent field is shown for: each answer of the earlier field with the field as it then applies. */
export function dependentCases(
  f: ChoiceField,
  options: ChoiceOption[],
): { answer: string; answerLabel: ChoiceOption['label']; field: ChoiceField }[] {
  if (!f.dependsOn) return [];
  const dep = f.dependsOn;
  return Object.keys(dep.cases).map((answer) => {
    const orders = {};
    setAt(orders, dep.key, answer);
    return {
      answer,
      answerLabel: options.find((o) => o.value === answer)?.label ?? { en: answer, ja: answer },
      field: effectiveField(f, orders)!,
    };
  });
}

function setAt(root: Record<string, unknown>, key: string, value: unknown): void {
  const segs = key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  let node = root;
  for (const seg of segs.slice(0, -1)) {
    node[seg] ??= {};
    node = node[seg] as Record<string, unknown>;
  }
  node[segs[segs.length - 1]] = value;
}

const numberOrText = (s: string): number | string => (/^-?\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : s);

/**
 * Reads a path, count or allocation answer from a form body under control name `name`; undefined when nothing
 * was entered (the field is then left out of the orders, as an unanswered select is).
 */
export function readKind(f: ChoiceField, name: string, body: Record<string, unknown>): unknown {
  const first = (k: string): string => {
    const v = body[k];
    return String((Array.isArray(v) ? v[0] : v) ?? '').trim();
  };
  switch (f.kind) {
    case 'count': {
      const raw = first(name);
      return raw === '' ? undefined : numberOrText(raw);
    }
    case 'path': {
      const steps: string[] = [];
      for (let i = 0; i < pathSelectCount(f); i++) {
        const s = first(`${name}.${i}`);
        if (!s) break; // an empty select ends the path: the steps after it are not read
        steps.push(s);
      }
      return steps.length ? steps : undefined;
    }
    case 'allocation': {
      const out: Record<string, number | string> = {};
      for (const o of f.options) {
        const raw = first(`${name}.${o.value}`);
        if (raw !== '' && raw !== '0') out[o.value] = numberOrText(raw);
      }
      return Object.keys(out).length ? out : undefined;
    }
    default:
      return undefined;
  }
}

/** The earlier answer a dependent field follows, as read so far (undefined when the field is not dependent). */
export function dependencyAnswer(f: ChoiceField, ordersSoFar: unknown): string | undefined {
  if (!f.dependsOn) return undefined;
  const v = answerAt(ordersSoFar, f.dependsOn.key);
  return v === undefined || v === null ? undefined : String(v);
}
