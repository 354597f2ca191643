/**
 * The order form: built from the engine's tree of legal choices (ChoiceTree) and read back into the game's orders
 * JSON. A field's key is a dotted path into the orders (`placement.C11`, `ubs.U1[0]` or `ubs.U1.0`); the game's
 * orders schema (as JSON Schema) says whether a segment indexes an array or names a record key, and which values
 * are numbers, so the same code serves every game.
 */
import { z } from 'zod';
import { effectiveField } from '../engine/choices.ts';
import type { ChoiceField, ChoiceKind, ChoiceOption, ChoiceTree, PickField, RuleError } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { caseName, dependencyAnswer, dependentCases, kindParts, readKind, type FormKindParts } from './form-kinds.ts';

/** One form control as the template renders it (a path, count or allocation adds its parts). */
export interface FormField extends FormKindParts {
  name: string;
  label: string;
  kind: ChoiceKind;
  options: { value: string; label: string; selected: boolean }[];
  min?: number;
  max?: number;
  defaultLabel?: string;
  /** A dependent field's control: shown for this answer of an earlier field. */
  when?: { field: string; answer: string };
  errors: { message: string; rule: string }[];
}

/** Fields shown together (e.g. every attack of one UB). */
export interface FormGroup {
  id: string;
  label: string | null;
  fields: FormField[];
}

/** The whole form for one decision point. */
export interface FormModel {
  point: string;
  rule: string;
  prompt: string;
  constraints: string[];
  groups: FormGroup[];
  /** Errors that belong to no single field (shown above the form). */
  errors: { message: string; rule: string; path?: string }[];
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Splits a field key into path segments: `ubs.U1[0]` and `ubs.U1.0` both give ["ubs", "U1", "0"]. */
export function pathSegments(key: string): string[] {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
}

const schemaCache = new WeakMap<z.ZodType, JsonSchema>();

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let js = schemaCache.get(schema);
  if (!js) {
    js = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
    schemaCache.set(schema, js);
  }
  return js;
}

function unwrap(s: JsonSchema | undefined): JsonSchema | undefined {
  if (!s) return s;
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return alt.find((a) => a.type !== 'null') ?? s;
  return s;
}

function typeOf(s: JsonSchema | undefined): string | undefined {
  const t = unwrap(s)?.type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
}

function child(s: JsonSchema | undefined, segment: string): JsonSchema | undefined {
  const u = unwrap(s);
  if (!u) return undefined;
  if (typeOf(u) === 'array') return u.items;
  if (u.properties && segment in u.properties) return u.properties[segment];
  return typeof u.additionalProperties === 'object' ? u.additionalProperties : undefined;
}

function coerce(value: string, s: JsonSchema | undefined): unknown {
  const t = typeOf(s);
  if ((t === 'integer' || t === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  if (t === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function asList(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v]).map(String);
}

/** Writes `value` at `segments` into `root`, creating arrays or objects as the schema says. */
function setPath(root: Record<string, unknown>, segments: string[], value: unknown, schema: JsonSchema): void {
  let node: Record<string, unknown> | unknown[] = root;
  let s: JsonSchema | undefined = schema;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    const next = child(s, seg);
    const last = i === segments.length - 1;
    const key: string | number = Array.isArray(node) ? Number(seg) : seg;
    if (last) {
      (node as Record<string | number, unknown>)[key] = value;
      return;
    }
    const container = (node as Record<string | number, unknown>)[key];
    const fresh = typeOf(next) === 'array' ? [] : {};
    if (container === undefined || typeof container !== 'object')
      (node as Record<string | number, unknown>)[key] = fresh;
    node = (node as Record<string | number, unknown>)[key] as Record<string, unknown> | unknown[];
    s = next;
  }
}

/** Removes holes from arrays (declined positions) and drops empty containers. */
function compact(v: unknown): unknown {
  if (Array.isArray(v)) {
    const out = v
      .filter((x) => x !== undefined && x !== null)
      .map(compact)
      .filter((x) => x !== undefined);
    return out;
  }
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const c = compact(x);
      if (c !== undefined && !(typeof c === 'object' && !Array.isArray(c) && Object.keys(c as object).length === 0))
        out[k] = c;
    }
    return out;
  }
  return v;
}

/** Answers that mean "no attack" in an attack slot (a position of a list): the slot is left out. */
const DECLINE = new Set(['none']);

function parentIsArray(schema: JsonSchema, segments: string[]): boolean {
  let s: JsonSchema | undefined = schema;
  for (const seg of segments.slice(0, -1)) s = child(s, seg);
  return typeOf(s) === 'array';
}

/** Writes a pick-one or pick-some answer (`raw`: the values submitted) into `out`. */
function readPick(
  out: Record<string, unknown>,
  field: PickField,
  raw: string[],
  segments: string[],
  schema: JsonSchema,
): void {
  let target: JsonSchema | undefined = schema;
  for (const seg of segments) target = child(target, seg);
  if (field.kind === 'many') {
    // Nothing ticked is an answer ("none of these") only where the field allows zero picks.
    if (typeOf(target) === 'array') {
      const items = unwrap(target)?.items;
      if (raw.length || field.min === 0)
        setPath(
          out,
          segments,
          raw.map((x) => coerce(x, items)),
          schema,
        );
    } else if (raw.length) setPath(out, segments, coerce(raw[0], target), schema);
  } else if (raw.length && !(DECLINE.has(raw[0]) && parentIsArray(schema, segments))) {
    setPath(out, segments, coerce(raw[0], target), schema);
  }
}

/**
 * Reads a submitted form body into orders JSON. Only keys of the tree's fields are read (anything else in the body
 * is ignored); an empty `one` answer means "no answer" and is left out, and so does `none` in a list slot (a declined
 * attack); numbers are converted where the schema wants
 * them. The engine still validates the result.
 */
export function ordersFromForm(
  body: Record<string, unknown>,
  tree: ChoiceTree,
  ordersSchema: z.ZodType,
): Record<string, unknown> {
  const schema = jsonSchemaOf(ordersSchema);
  const out: Record<string, unknown> = {};
  for (const field of tree.fields) {
    // A dependent field is read from the control of the answer its earlier field got (`key@answer`), if any.
    const answer = dependencyAnswer(field, out);
    const f = field.dependsOn ? (answer === undefined ? null : effectiveField(field, out)) : field;
    if (!f) continue;
    const name = answer === undefined ? field.key : caseName(field.key, answer);
    const segments = pathSegments(field.key);
    if (f.kind === 'path' || f.kind === 'count' || f.kind === 'allocation') {
      const value = readKind(f, name, body);
      if (value !== undefined) setPath(out, segments, value, schema);
      continue;
    }
    readPick(
      out,
      f,
      asList(body[name]).filter((x) => x !== ''),
      segments,
      schema,
    );
  }
  return compact(out) as Record<string, unknown>;
}

/** The value found at a field key in an orders object (for prefilling the form with the current orders). */
export function valueAt(orders: unknown, key: string): unknown {
  let v: unknown = orders;
  for (const seg of pathSegments(key)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

function labelOf(options: ChoiceOption[], value: string, locale: Locale): string {
  return options.find((o) => o.value === value)?.label[locale] ?? value;
}

function belongs(path: string | undefined, key: string): boolean {
  if (!path) return false;
  const p = pathSegments(path).join('.');
  const k = pathSegments(key).join('.');
  return p === k || p.startsWith(`${k}.`);
}

/** The text of a field's default, for the "if you miss the deadline" note. */
function defaultText(f: ChoiceField, locale: Locale): string | undefined {
  const d = f.defaultValue;
  if (d === undefined) return undefined;
  if (f.kind === 'allocation') {
    const shares = Object.entries(d as Record<string, number>).map(([t, p]) => `${labelOf(f.options, t, locale)} ${p}`);
    return shares.join(', ') || '—';
  }
  if (f.kind === 'count') return String(d);
  return (
    asList(d)
      .map((v) => labelOf(f.options, v, locale))
      .join(f.kind === 'path' ? ' → ' : ', ') || '—'
  );
}

/** One control: `name` is the field key, or `key@answer` for a dependent field's case. */
function formField(f: ChoiceField, name: string, locale: Locale, value: unknown, errors: RuleError[]): FormField {
  const chosen = new Set(f.kind === 'one' || f.kind === 'many' ? asList(value) : []);
  const bounds: { min?: number; max?: number } = f.kind === 'one' || f.kind === 'many' || f.kind === 'count' ? f : {};
  const defaultLabel = defaultText(f, locale);
  return {
    name,
    label: f.label[locale],
    kind: f.kind,
    options: f.options.map((o) => ({ value: o.value, label: o.label[locale], selected: chosen.has(o.value) })),
    ...(bounds.min !== undefined ? { min: bounds.min } : {}),
    ...(bounds.max !== undefined ? { max: bounds.max } : {}),
    ...(defaultLabel !== undefined ? { defaultLabel } : {}),
    ...kindParts(f, name, value, locale),
    errors: errors.map((e) => ({ message: e.message[locale], rule: e.rule })),
  };
}

/**
 * The controls of one field of the tree: one, or for a dependent field one per answer of the field it follows,
 * each prefilled only when that answer is the current one.
 */
function controlsOf(
  tree: ChoiceTree,
  f: ChoiceField,
  locale: Locale,
  current: unknown,
  errors: RuleError[],
): FormField[] {
  const have = current === undefined ? undefined : valueAt(current, f.key);
  const value = have === undefined && current === undefined ? f.defaultValue : have;
  if (!f.dependsOn) return [formField(f, f.key, locale, value, errors)];
  const on = tree.fields.find((x) => x.key === f.dependsOn!.key);
  const now = current === undefined ? undefined : valueAt(current, f.dependsOn.key);
  return dependentCases(f, on?.options ?? []).map((c) => {
    const mine = now !== undefined && String(now) === c.answer;
    const control = formField(c.field, caseName(f.key, c.answer), locale, mine ? value : undefined, mine ? errors : []);
    return { ...control, when: { field: on?.label[locale] ?? f.dependsOn!.key, answer: c.answerLabel[locale] } };
  });
}

/**
 * Builds the form model for a seat: the tree's fields grouped, each prefilled from `current` (the seat's orders
 * now on file, or what it just submitted) or else the engine's default, with the engine's errors placed inline.
 */
export function formModel(tree: ChoiceTree, locale: Locale, current?: unknown, errors: RuleError[] = []): FormModel {
  const placed = new Set<RuleError>();
  const groups: FormGroup[] = [];
  for (const f of tree.fields) {
    const fieldErrors = errors.filter((e) => belongs(e.path, f.key));
    const controls = controlsOf(tree, f, locale, current, fieldErrors);
    if (controls.some((c) => c.errors.length)) for (const e of fieldErrors) placed.add(e);
    const id = f.group ?? '_';
    let g = groups.find((x) => x.id === id);
    if (!g) {
      g = { id, label: f.group ?? null, fields: [] };
      groups.push(g);
    }
    g.fields.push(...controls);
  }
  return {
    point: tree.point,
    rule: tree.rule,
    prompt: tree.prompt[locale],
    constraints: tree.constraints.map((c) => c[locale]),
    groups,
    errors: errors
      .filter((e) => !placed.has(e))
      .map((e) => ({ message: e.message[locale], rule: e.rule, ...(e.path ? { path: e.path } : {}) })),
  };
}
