/**
 * The adjudication-fixture runner for Operation Crusader (DATC style, after the Atlantic Wolves runner): a fixture
 * position, then steps that either check validation codes or advance through the engine's step runner with forced
 * dice and check the state and events after it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { advance, forcedDice, type Envelope, type GameEvent } from '../../../src/engine/index.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import { positionFromFixture, type OcFixture } from '../../../src/games/operation-crusader/rules/fixture.ts';
import type { OcState } from '../../../src/games/operation-crusader/state.ts';

/** What a step may expect of the state after it. */
export interface StepExpect {
  owed?: string[];
  at?: Record<string, string | null>;
  steps?: Record<string, number>;
  status?: Record<string, string>;
  vp?: number;
  control?: Record<string, string>;
  turn?: number;
  winner?: string | null;
  events?: Record<string, unknown>[];
}

/** One step: orders per seat, forced dice, and either expected error codes or an expected result. */
export interface FixtureStep {
  orders: Record<string, unknown>;
  dice?: number[];
  errors?: Record<string, string[]>;
  expect?: StepExpect;
}

/** One fixture. */
export interface Fixture {
  id: string;
  title: string;
  rules: string[];
  setup: OcFixture;
  steps: FixtureStep[];
}

/** Every fixture in the folder's JSON files (each holds an array). */
export function loadFixtures(dir: string): Fixture[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture[]);
}

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

const pick = <T>(keys: Record<string, unknown>, f: (k: string) => T) =>
  Object.fromEntries(Object.keys(keys).map((k) => [k, f(k)]));

function check(s: OcState, e: StepExpect, events: GameEvent[], label: string): void {
  if (e.owed)
    expect(
      game.owed(s).map((o) => `${o.seat}:${o.point}`),
      `${label} owed`,
    ).toEqual(e.owed);
  if (e.at)
    expect(
      pick(e.at, (k) => s.units[k].at),
      `${label} at`,
    ).toEqual(e.at);
  if (e.steps)
    expect(
      pick(e.steps, (k) => s.units[k].steps),
      `${label} steps`,
    ).toEqual(e.steps);
  if (e.status)
    expect(
      pick(e.status, (k) => s.units[k].status),
      `${label} status`,
    ).toEqual(e.status);
  if (e.control)
    expect(
      pick(e.control, (k) => s.control[k]),
      `${label} control`,
    ).toEqual(e.control);
  if (e.vp !== undefined) expect(s.vp, `${label} vp`).toBe(e.vp);
  if (e.turn !== undefined) expect(s.turn, `${label} turn`).toBe(e.turn);
  if (e.winner !== undefined) expect(game.outcome(s)?.winner ?? null, `${label} winner`).toBe(e.winner);
  if (e.events) expect(containsInOrder(events, e.events), `${label} events`).toBeNull();
}

/** Runs one fixture, asserting every step; returns the final state. */
export function runFixture(f: Fixture): OcState {
  let env: Envelope<OcState> = {
    game: game.id,
    mode: 'standard',
    step: 0,
    diceKey: null,
    state: positionFromFixture(f.setup),
  };
  expect(game.invariants(env.state), `${f.id} initial invariants`).toEqual([]);
  f.steps.forEach((step, i) => {
    const label = `${f.id} step ${i + 1}`;
    if (step.errors) {
      for (const [seat, codes] of Object.entries(step.errors)) {
        const got = game.validate(env.state, seat, game.ordersSchema.parse(step.orders[seat])).map((x) => x.code);
        expect([...new Set(got)].sort(), `${label} errors of ${seat}`).toEqual([...codes].sort());
      }
      return;
    }
    const dice = forcedDice(step.dice ?? []);
    const r = advance(game, env, step.orders, dice);
    if (!r.ok) throw new Error(`${label}: orders rejected: ${JSON.stringify(r.errors)}`);
    expect(dice.remaining(), `${label}: unused forced dice`).toBe(0);
    env = r.envelope as Envelope<OcState>;
    expect(game.invariants(env.state), `${label} invariants`).toEqual([]);
    if (step.expect) check(env.state, step.expect, r.events, label);
  });
  return env.state;
}
