/**
 * The generic adjudication-fixture runner (DATC style): builds the fixture's position, then for each step either
 * checks validation error codes or advances through the engine's step runner with forced dice and checks the result.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { advance, forcedDice, type Envelope, type GameEvent, type Viewer } from '../../../src/engine/index.ts';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import { stateFromFixture, type FixtureSetup } from '../../../src/games/atlantic-wolves/rules/fixture.ts';
import { locations, type AwState } from '../../../src/games/atlantic-wolves/state.ts';

/** What a step may expect of the state after it. */
export interface StepExpect {
  owed?: string[];
  loc?: Record<string, string>;
  damage?: Record<string, number>;
  attacked?: string[];
  sunkUbs?: string[];
  table?: number;
  turn?: number;
  turnVp?: number;
  winner?: string | null;
  history?: { turn: number; vp: number; table: number }[];
  phase?: Record<string, unknown>;
  events?: Record<string, unknown>[];
  hidden?: Record<string, string[]>;
  shown?: Record<string, string[]>;
}

/** One step: orders per seat, forced dice, and either expected validation codes or an expected result. */
export interface FixtureStep {
  orders: Record<string, unknown>;
  dice?: number[];
  errors?: Record<string, string[]>;
  expect?: StepExpect;
}

/** One adjudication fixture. */
export interface Fixture {
  id: string;
  title: string;
  rules: string[];
  setup: FixtureSetup;
  steps: FixtureStep[];
}

/** Every fixture in the fixture folder's JSON files (each file holds an array). */
export function loadFixtures(dir: string): Fixture[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture[]);
}

const viewerOf = (name: string): Viewer =>
  name === 'moderator' ? { kind: 'moderator' } : name === 'public' ? { kind: 'public' } : { kind: 'seat', seat: name };

/** Whether `events` contains the partial events in order (a subsequence match). */
function containsInOrder(events: GameEvent[], wanted: Record<string, unknown>[]): string | null {
  let i = 0;
  for (const w of wanted) {
    while (
      i < events.length &&
      !Object.entries(w).every(([k, v]) => JSON.stringify(events[i][k]) === JSON.stringify(v))
    )
      i++;
    if (i >= events.length) return `event not found in order: ${JSON.stringify(w)}`;
    i++;
  }
  return null;
}

function check(s: AwState, e: StepExpect, stepEvents: GameEvent[], allEvents: GameEvent[], label: string): void {
  if (e.owed)
    expect(
      game.owed(s).map((o) => `${o.seat}:${o.point}`),
      `${label} owed`,
    ).toEqual(e.owed);
  if (e.loc) {
    const l = locations(s);
    expect(Object.fromEntries(Object.keys(e.loc).map((k) => [k, l[k]])), `${label} loc`).toEqual(e.loc);
  }
  if (e.damage)
    expect(Object.fromEntries(Object.keys(e.damage).map((k) => [k, s.t.damage[k] ?? 0])), `${label} damage`).toEqual(
      e.damage,
    );
  if (e.attacked) expect([...s.t.attacked].sort(), `${label} attacked`).toEqual([...e.attacked].sort());
  if (e.sunkUbs) expect([...s.sunkUbs].sort(), `${label} sunkUbs`).toEqual([...e.sunkUbs].sort());
  if (e.table !== undefined) expect(s.table, `${label} table`).toBe(e.table);
  if (e.turn !== undefined) expect(s.turn, `${label} turn`).toBe(e.turn);
  if (e.turnVp !== undefined) expect(s.t.vp, `${label} turnVp`).toBe(e.turnVp);
  if (e.winner !== undefined) expect(s.result?.winner ?? null, `${label} winner`).toBe(e.winner);
  if (e.history) expect(s.history.slice(-e.history.length), `${label} history`).toEqual(e.history);
  if (e.phase) expect(s.phase, `${label} phase`).toMatchObject(e.phase);
  if (e.events) expect(containsInOrder(stepEvents, e.events), `${label} events`).toBeNull();
  for (const [who, strings] of Object.entries(e.hidden ?? {})) {
    const viewer = viewerOf(who);
    const seen =
      JSON.stringify(game.view(s, viewer)) +
      JSON.stringify(game.visibleEvents(allEvents, viewer)) +
      JSON.stringify(game.choices(s, who) ?? null);
    for (const str of strings) expect(seen.includes(str), `${label}: ${who} must not see ${str}`).toBe(false);
  }
  for (const [who, strings] of Object.entries(e.shown ?? {})) {
    const seen = JSON.stringify(game.view(s, viewerOf(who)));
    for (const str of strings) expect(seen.includes(str), `${label}: ${who} should see ${str}`).toBe(true);
  }
}

/** Runs one fixture to the end, asserting every step; returns the final state. */
export function runFixture(f: Fixture): AwState {
  let env: Envelope<AwState> = {
    game: game.id,
    mode: f.setup.mode,
    step: 0,
    diceKey: null,
    state: stateFromFixture(f.setup),
  };
  expect(game.invariants(env.state), `${f.id} initial invariants`).toEqual([]);
  const all: GameEvent[] = [];
  f.steps.forEach((step, i) => {
    const label = `${f.id} step ${i + 1}`;
    if (step.errors) {
      for (const [seat, codes] of Object.entries(step.errors)) {
        const parsed = game.ordersSchema.parse(step.orders[seat]);
        const got = game.validate(env.state, seat, parsed).map((e) => e.code);
        expect([...new Set(got)].sort(), `${label} errors of ${seat}`).toEqual([...codes].sort());
      }
      return;
    }
    const dice = forcedDice(step.dice ?? []);
    const r = advance(game, env, step.orders, dice);
    if (!r.ok) throw new Error(`${label}: orders rejected: ${JSON.stringify(r.errors)}`);
    expect(dice.remaining(), `${label}: unused forced dice`).toBe(0);
    env = r.envelope as Envelope<AwState>;
    all.push(...r.events);
    expect(game.invariants(env.state), `${label} invariants`).toEqual([]);
    if (step.expect) check(env.state, step.expect, r.events, all, label);
  });
  return env.state;
}
