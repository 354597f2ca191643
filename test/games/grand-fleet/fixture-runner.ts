/**
 * The adjudication-fixture runner for Grand Fleet (DATC style, adapted from Atlantic Wolves'): builds the fixture's
 * position, then for each step either checks validation error codes or advances through the engine's step runner
 * with forced dice and checks the result.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { advance, type Envelope, forcedDice, type GameEvent, type Viewer } from '../../../src/engine/index.ts';
import { type GfFixtureSetup, stateFromFixture } from '../../../src/games/grand-fleet/rules/fixture.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';
import { type GfState, placeOf } from '../../../src/games/grand-fleet/state.ts';

/** What a step may expect of the state after it. */
export interface StepExpect {
  owed?: string[];
  ships?: Record<string, string>;
  vp?: number;
  turn?: number;
  usw?: number | null;
  winner?: string | null;
  draw?: boolean;
  phase?: Record<string, unknown>;
  battle?: Record<string, unknown> | null;
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
  setup: GfFixtureSetup;
  steps: FixtureStep[];
}

/** Every fixture in the folder's JSON files (each file holds an array). */
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

/** What a viewer is shown of a position: view, board, choices, visible events. */
function shownTo(s: GfState, who: string, events: GameEvent[]): string {
  const viewer = viewerOf(who);
  return (
    JSON.stringify(game.view(s, viewer)) +
    JSON.stringify(game.board(s, viewer)) +
    JSON.stringify(game.visibleEvents(events, viewer)) +
    JSON.stringify(game.choices(s, who) ?? null)
  );
}

function check(s: GfState, e: StepExpect, stepEvents: GameEvent[], allEvents: GameEvent[], label: string): void {
  if (e.owed)
    expect(
      game.owed(s).map((o) => `${o.seat}:${o.point}`),
      `${label} owed`,
    ).toEqual(e.owed);
  if (e.ships)
    expect(Object.fromEntries(Object.keys(e.ships).map((k) => [k, placeOf(s, k)])), `${label} ships`).toEqual(e.ships);
  if (e.vp !== undefined) expect(s.vp, `${label} vp`).toBe(e.vp);
  if (e.turn !== undefined) expect(s.turn, `${label} turn`).toBe(e.turn);
  if (e.usw !== undefined) expect(s.usw, `${label} usw`).toBe(e.usw);
  if (e.winner !== undefined) expect(s.result?.winner ?? null, `${label} winner`).toBe(e.winner);
  if (e.draw !== undefined) expect(s.result?.draw ?? false, `${label} draw`).toBe(e.draw);
  if (e.phase) expect(s.phase, `${label} phase`).toMatchObject(e.phase);
  if (e.battle === null) expect(s.battle, `${label} battle`).toBeNull();
  else if (e.battle) expect(s.battle, `${label} battle`).toMatchObject(e.battle);
  if (e.events) expect(containsInOrder(stepEvents, e.events), `${label} events`).toBeNull();
  for (const [who, strings] of Object.entries(e.hidden ?? {})) {
    const seen = shownTo(s, who, allEvents);
    for (const str of strings) expect(seen.includes(str), `${label}: ${who} must not see ${str}`).toBe(false);
  }
  for (const [who, strings] of Object.entries(e.shown ?? {})) {
    const seen = shownTo(s, who, allEvents);
    for (const str of strings) expect(seen.includes(str), `${label}: ${who} should see ${str}`).toBe(true);
  }
}

/** Runs one fixture to the end, asserting every step; returns the final state. */
export function runFixture(f: Fixture): GfState {
  let env: Envelope<GfState> = {
    game: game.id,
    mode: 'standard',
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
    env = r.envelope as Envelope<GfState>;
    all.push(...r.events);
    expect(game.invariants(env.state), `${label} invariants`).toEqual([]);
    if (step.expect) check(env.state, step.expect, r.events, all, label);
  });
  return env.state;
}
