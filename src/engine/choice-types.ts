/**
 * The tree of legal choices a seat has at a decision point (godip's `Options()`): the web form, the mail help and
 * any client build a legal order from it without trial and error. Re-exported by types.ts.
 *
 * Kinds of answer, each written at the field's `key` (a dotted path) in the orders JSON:
 * - `one`: one of the options (a string; the orders schema may store it as a number);
 * - `many`: a list of options, `min`..`max` of them;
 * - `path`: an ordered list of spaces, each one step from the one before along the given connections (FN 9.1,
 *   OC 6.2, GF 8[3]), within a movement budget, stopping where a space forces a stop;
 * - `count`: a whole number within bounds (FN 8.0 reinforcements, GF 6[10] one or two dice);
 * - `allocation`: whole points shared among targets, with a sum limit (GF 8[4.3][2] fire, FN 9.21[1] dice).
 * A field may depend on an earlier answer (`dependsOn`), and limits across fields (capacities, stacking, sums,
 * supply) are data (`ChoiceTree.limits`), not only words (`ChoiceTree.constraints`).
 */
import type { Text } from './words.ts';

/** One value a field may take, with its label. */
export interface ChoiceOption {
  value: string;
  label: Text;
}

/** What every field has: where its answer goes, its label, the values it is built from, its group. */
interface ChoiceFieldBase {
  /** Where the answer goes in the orders JSON, as a dotted path (e.g. `placement.C11`). */
  key: string;
  label: Text;
  /**
   * The values the answer is made of: the picks of `one`/`many`, the spaces of a `path`, the targets of an
   * `allocation`; empty for a `count`.
   */
  options: ChoiceOption[];
  /** Fields sharing a group are shown together (e.g. all attacks of one UB). */
  group?: string;
  /** The field must be answered (by default an absent answer means "none" or "the default"). */
  required?: boolean;
  /** The field is asked only for some answers of an earlier field, and its options may differ per answer. */
  dependsOn?: ChoiceDependency;
}

/** Pick one (a select) or pick some (checkboxes): unchanged since the first game. */
export interface PickField extends ChoiceFieldBase {
  kind: 'one' | 'many';
  /** For `many`: how many values to pick (inclusive). */
  min?: number;
  max?: number;
  /** The default the engine applies when this seat misses its deadline. */
  defaultValue?: string | string[];
}

/** One connection a path may follow: from one space to the next, at a cost (movement points). */
export interface PathEdge {
  from: string;
  to: string;
  /** Movement points the step costs (default 1): OC 6.2(1) coastal road 0.5, OC 6.2(2) area 2. */
  cost?: number;
  /** What the connection is, for a reader (`road`, `sea`, `area`...). */
  via?: string;
}

/** The graph and the limits of a `path` answer. */
export interface PathSpec {
  /** Where the moving piece starts; not part of the answer. */
  from: string;
  /** Every legal step; a space not reachable by them cannot be entered. */
  edges: PathEdge[];
  /** The most movement points the whole path may cost (FN 9.12[1]: 2 areas; OC 6.2[1]: movement allowance). */
  budget?: number;
  /** Fewest and most steps (spaces entered); default 0 (staying put) and unlimited. */
  minSteps?: number;
  maxSteps?: number;
  /** Spaces a path ends in once it enters them (FN 9.12[3], OC 6.2(3)[4]: entering enemies stops a move). */
  stopAt?: string[];
  /** Spaces a path may cross but not end in (FN 9.13[3]: only the British may stay at sea). */
  noEndAt?: string[];
  /** Whether a path may enter a space twice (default false). */
  revisit?: boolean;
}

/** An ordered path of connected spaces: the answer is the list of spaces entered, in order (empty: stay). */
export interface PathField extends ChoiceFieldBase {
  kind: 'path';
  path: PathSpec;
  defaultValue?: string[];
}

/** A whole number within bounds: the answer is a number. */
export interface CountField extends ChoiceFieldBase {
  kind: 'count';
  min: number;
  max: number;
  /** The answer must be a multiple of this (default 1). */
  step?: number;
  defaultValue?: number;
}

/** How points may go to one target of an allocation. */
export interface AllocationTarget {
  min?: number;
  max?: number;
  /** Points count only in whole multiples of this (GF 8[4.3][3]: a ship's defence value). */
  unit?: number;
}

/** Points shared among targets: the answer is `{ target: points }` (targets left out get 0). */
export interface AllocationField extends ChoiceFieldBase {
  kind: 'allocation';
  /** The points to share. */
  total: number;
  /** `exact`: every point must be allocated; `atMost`: any number up to `total`. */
  sum: 'exact' | 'atMost';
  /** Per-target bounds, by target value. */
  perTarget?: Record<string, AllocationTarget>;
  defaultValue?: Record<string, number>;
}

/** A field of a choice tree. */
export type ChoiceField = PickField | PathField | CountField | AllocationField;

/** The kinds of field. */
export type ChoiceKind = ChoiceField['kind'];

/** What a dependent field offers for one answer of the field it depends on (overrides the field's own). */
export interface ChoiceCase {
  options?: ChoiceOption[];
  /** For a path: the graph from where the chosen piece stands. */
  path?: PathSpec;
  /** For a count or a pick: bounds. */
  min?: number;
  max?: number;
  /** For an allocation: the points to share. */
  total?: number;
}

/**
 * A field asked only after an earlier one: `key` is that field's key; `cases` maps each of its answers for which
 * this field is asked to what the field then offers. For any other answer (or none) the field must be left out.
 */
export interface ChoiceDependency {
  key: string;
  cases: Record<string, ChoiceCase>;
}

/**
 * A limit across fields, as data. `fields` lists field keys; every limit names the rule it rests on and says
 * itself in words.
 * - `capacity`: the fields' answers may name `value` at most `max` times in all (a box or area capacity, stacking:
 *   AW 6.0-C1, GF 6[5]); for a path the space it ends in counts;
 * - `sum`: the numeric answers (counts, allocation totals) add up to between `min` and `max` (FN 8.0[4]);
 * - `distinct`: no two of the fields give the same answer (GF 8[4.2][9a]);
 * - `within`: the answers (for a path: every space entered) stay among `values` (supply: OC 5.1(2)).
 */
export type ChoiceLimit = { rule: string; label: Text; fields: string[] } & (
  | { kind: 'capacity'; value: string; max: number }
  | { kind: 'sum'; min?: number; max?: number }
  | { kind: 'distinct' }
  | { kind: 'within'; values: string[] }
);

/** The tree of legal choices for a seat at the current decision point. */
export interface ChoiceTree {
  point: string;
  rule: string;
  prompt: Text;
  fields: ChoiceField[];
  /** Constraints across fields, in words (e.g. capacities). */
  constraints: Text[];
  /** The same constraints as data where they can be (a client checks an order before sending it). */
  limits?: ChoiceLimit[];
}
