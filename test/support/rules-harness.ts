/**
 * The rules harness (DATC style): runs any registered game's rule cases, stored as data in
 * test/games/<id>/fixtures/*.json (format: docs/fixtures.md). A case builds a position with the package's
 * `fixtures.position` (or takes a whole state), then each step either checks validation error codes or advances
 * through the engine's step runner with forced dice, given in order or by purpose, and checks what follows.
 * The game comes from the registry only: nothing here names a game or imports its files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { dicePurposeOf } from '../../src/engine/dice-purpose.ts';
import { type ForcedDie, ForcedDiceError, forcedDice } from '../../src/engine/dice.ts';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import { advance, type Envelope } from '../../src/engine/step-runner.ts';
import type { GameEvent } from '../../src/engine/types.ts';
import { checkExpect, type FactsOf, type StepExpect } from './rule-case-checks.ts';

export type { FactsOf, StepExpect } from './rule-case-checks.ts';

/** A forced die: a plain value (taken in order), or a value for the die rolled for a purpose. */
export type CaseDie = number | ForcedDie;

/** One step: orders per seat, forced dice, and either expected validation codes or what follows the step. */
export interface CaseStep {
  orders: Record<string, unknown>;
  dice?: CaseDie[];
  /** Per seat: the set of error codes its orders must get (the step is then not resolved). */
  errors?: Record<string, string[]>;
  expect?: StepExpect;
}

/** One rule case. */
export interface RuleCase {
  id: string;
  title: string;
  /** The rule ids the case tests (`GF 7(b)[1]`, `AW 8.2[11]`). */
  rules: string[];
  /** The mode of the envelope (default: the description's `mode`, else the game's first mode). */
  mode?: string;
  /** The game's compact position description, given to `fixtures.position`. */
  setup?: unknown;
  /** A whole state instead of a description. */
  state?: unknown;
  /**
   * Component data merged over the game's shipped set (objects field by field, arrays and values replaced), parsed
   * with the game's data schema, checked, and given to `fixtures.position` as the data to build on.
   */
  data?: Record<string, unknown>;
  /** What the starting position must already show. */
  initial?: StepExpect;
  steps: CaseStep[];
}

/** A failing step of a rule case, with what the runner knew: the die that did not fit and the events so far. */
export class RuleCaseFailure extends Error {
  constructor(
    message: string,
    readonly caseId: string,
    readonly step: number,
    readonly events: readonly GameEvent[],
    readonly die?: { expected?: ForcedDie; rolled?: { sides: number; purpose: string } },
  ) {
    super(message);
    this.name = 'RuleCaseFailure';
  }
}

/** Every rule case of the JSON files in a folder (each file holds an array), files in name order. */
export function loadCases(dir: string): RuleCase[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as RuleCase[]);
}

/**
 * Forced dice for a game: a die with a purpose fits the die rolled when the rolled purpose text contains it or the
 * die's rule id (read back with `dicePurposeOf`) equals it.
 */
export function diceFor(game: AnyGamePackage, dice: readonly CaseDie[]) {
  return forcedDice(dice, (expected, purpose, sides) => {
    if (purpose.includes(expected)) return true;
    const event: GameEvent = { type: 'die', index: 0, sides, value: 0, purpose };
    return dicePurposeOf(game, event)?.rule === expected;
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** `over` merged into `base`: objects field by field, anything else (arrays included) replaced. */
export function mergeData(base: unknown, over: unknown): unknown {
  if (!isRecord(base) || !isRecord(over)) return structuredClone(over);
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? mergeData(base[k], v) : structuredClone(v);
  return out;
}

/** The component data of a case: its `data` merged over the shipped set, parsed and checked; none when not given. */
function dataOf(game: AnyGamePackage, c: RuleCase): unknown {
  if (!c.data) return undefined;
  const data = game.dataSchema.parse(mergeData(game.defaultData, c.data));
  const setup = (c.setup ?? {}) as { options?: unknown };
  const problems = game.checkData(data, game.optionsSchema.parse(setup.options ?? {}));
  if (problems.length) throw new Error(`${c.id}: data: ${problems.join('; ')}`);
  return data;
}

/** The starting envelope of a case (no dice key: every die is forced). */
export function startOf(game: AnyGamePackage, c: RuleCase): Envelope {
  if (c.state !== undefined && c.setup !== undefined) throw new Error(`${c.id}: give setup or state, not both`);
  let state: unknown;
  if (c.state !== undefined) state = structuredClone(c.state);
  else {
    if (!game.fixtures) throw new Error(`${c.id}: ${game.id} has no fixtures.position`);
    state = game.fixtures.position(c.setup ?? {}, dataOf(game, c));
  }
  const given = (c.setup as { mode?: unknown } | undefined)?.mode;
  const mode = c.mode ?? (typeof given === 'string' ? given : game.modes[0]);
  return { game: game.id, mode, step: 0, diceKey: null, state };
}

const eventLines = (events: readonly GameEvent[]) =>
  events.length ? events.map((e) => `  ${JSON.stringify(e)}`).join('\n') : '  (none)';

/** Advances one step with forced dice; a die that does not fit, or dice left over, fail with the events so far. */
function advanceStep(game: AnyGamePackage, env: Envelope, c: RuleCase, i: number) {
  const step = c.steps[i];
  const label = `${c.id} step ${i + 1}`;
  const dice = diceFor(game, step.dice ?? []);
  let r: ReturnType<typeof advance>;
  try {
    r = advance(game, env, step.orders, dice);
  } catch (error) {
    if (!(error instanceof ForcedDiceError)) throw error;
    const p = error.problem;
    const events = error.events ?? [];
    const expected = p?.expected?.purpose ?? (p?.expected ? `any (value ${p.expected.value})` : 'none left');
    const message =
      `${label}: ${error.message}\n  expected purpose: ${expected}\n` +
      `  rolled: d${p?.sides} for "${p?.purpose}"\nevents so far:\n${eventLines(events)}`;
    throw new RuleCaseFailure(message, c.id, i + 1, events, {
      expected: p?.expected,
      rolled: p ? { sides: p.sides, purpose: p.purpose } : undefined,
    });
  }
  if (!r.ok) throw new RuleCaseFailure(`${label}: orders rejected: ${JSON.stringify(r.errors)}`, c.id, i + 1, []);
  const left = dice.left();
  if (left.length) {
    const message = `${label}: unused forced dice ${JSON.stringify(left)}\nevents of the step:\n${eventLines(r.events)}`;
    throw new RuleCaseFailure(message, c.id, i + 1, r.events, { expected: left[0] });
  }
  return r;
}

/**
 * Runs one rule case to the end, asserting every step (vitest `expect`, or a {@link RuleCaseFailure} for dice and
 * refused orders); returns the final state. `facts` are the game's named values (test/games/<id>/fixture-expect.ts).
 */
export function runCase(game: AnyGamePackage, c: RuleCase, facts?: FactsOf): unknown {
  let env = startOf(game, c);
  expect(game.invariants(env.state), `${c.id} initial invariants`).toEqual([]);
  const all: GameEvent[] = [];
  if (c.initial)
    checkExpect(c.initial, { game, state: env.state, stepEvents: [], allEvents: [], facts, label: `${c.id} initial` });
  c.steps.forEach((step, i) => {
    const label = `${c.id} step ${i + 1}`;
    if (step.errors) {
      for (const [seat, codes] of Object.entries(step.errors)) {
        const parsed = game.ordersSchema.parse(step.orders[seat]);
        const got = game.validate(env.state, seat, parsed).map((e) => e.code);
        expect([...new Set(got)].sort(), `${label} errors of ${seat}`).toEqual([...codes].sort());
      }
      return;
    }
    const r = advanceStep(game, env, c, i);
    env = r.envelope;
    all.push(...r.events);
    expect(game.invariants(env.state), `${label} invariants`).toEqual([]);
    if (step.expect)
      checkExpect(step.expect, { game, state: env.state, stepEvents: r.events, allEvents: all, facts, label });
  });
  return env.state;
}

/** The fixture folder of a game: test/games/<id>/fixtures. */
export const casesDir = (id: string): string => join(import.meta.dirname, '..', 'games', id, 'fixtures');

/** The named facts of a game's fixtures, from test/games/<id>/fixture-expect.ts when it exists. */
export async function factsOf(id: string): Promise<FactsOf | undefined> {
  const file = join(import.meta.dirname, '..', 'games', id, 'fixture-expect.ts');
  if (!existsSync(file)) return undefined;
  return ((await import(file)) as { facts: FactsOf }).facts;
}
