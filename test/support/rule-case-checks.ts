/**
 * The expectations of a rule case (docs/fixtures.md), checked against the state after a step: values at paths of
 * the state, the moderator view, the outcome or a game's named facts, the owed points, the events in order and what
 * each viewer is shown. Nothing here names a game.
 */
import { expect } from 'vitest';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import type { GameEvent, Viewer } from '../../src/engine/types.ts';

/** What a step (or the starting position, `initial`) may expect. Every key is optional. */
export interface StepExpect {
  /** Every owed point after the step, as `seat:point`, in order. */
  owed?: string[];
  /** Partial events that must occur in this step's events in this order (other events may come between). */
  events?: Record<string, unknown>[];
  /** Per event type: how many events of that type this step has (0 for none). */
  count?: Record<string, number>;
  /** Values at dotted paths of the state (`units.U01.at`, `history.-1`), compared as equal (deep). */
  state?: Record<string, unknown>;
  /** Values at dotted paths of the moderator's view (`ships.BB1`). */
  view?: Record<string, unknown>;
  /** Values at dotted paths of the game's named facts (test/games/<id>/fixture-expect.ts), e.g. `loc.U01`. */
  facts?: Record<string, unknown>;
  /** Partial objects that the values at state paths must contain (`phase`, `battle`). */
  match?: Record<string, unknown>;
  /** Arrays at state paths that must hold exactly these members, in any order. */
  members?: Record<string, unknown[]>;
  /** Values at paths of the game's outcome (`winner`, `winners`); `null` for "the game goes on". */
  outcome?: Record<string, unknown> | null;
  /** Per viewer (`moderator`, `public` or a seat): strings found nowhere in its view, board, events or choices. */
  hidden?: Record<string, string[]>;
  /** Per viewer: strings that its view must contain. */
  shown?: Record<string, string[]>;
}

/** Named values a game's fixtures can address beyond its state and view (test/games/<id>/fixture-expect.ts). */
export type FactsOf = (state: unknown) => Record<string, unknown>;

/** The viewer a fixture names: `moderator`, `public`, or a seat. */
export const viewerOf = (name: string): Viewer =>
  name === 'moderator' ? { kind: 'moderator' } : name === 'public' ? { kind: 'public' } : { kind: 'seat', seat: name };

/**
 * The value at a dotted path (`a.b.0`, `list.-1` for the last element); undefined when the path leads nowhere.
 * The empty path is the value itself.
 */
export function valueAt(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const key of path === '' ? [] : path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    if (Array.isArray(v) && /^-\d+$/.test(key)) v = v[v.length + Number(key)];
    else v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Compares the values at each path; an expected `null` also accepts a path that leads nowhere. */
function checkPaths(root: unknown, wanted: Record<string, unknown>, label: string): void {
  for (const [path, value] of Object.entries(wanted)) {
    const got = valueAt(root, path);
    expect(value === null ? (got ?? null) : got, `${label} ${path}`).toEqual(value);
  }
}

/** Whether `events` contains the partial events in order (a subsequence match); the first one missing, or null. */
export function missingInOrder(
  events: readonly GameEvent[],
  wanted: readonly Record<string, unknown>[],
): string | null {
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

/** Everything a viewer is shown of a position: its view, board, visible events so far and choices. */
function everythingShown(game: AnyGamePackage, s: unknown, who: string, events: readonly GameEvent[]): string {
  const viewer = viewerOf(who);
  return (
    JSON.stringify(game.view(s, viewer)) +
    JSON.stringify(game.board(s, viewer)) +
    JSON.stringify(game.visibleEvents(events, viewer)) +
    JSON.stringify(game.choices(s, who) ?? null)
  );
}

/** What a check is given: the game, the state, this step's events and every event so far. */
export interface CheckInput {
  game: AnyGamePackage;
  state: unknown;
  stepEvents: readonly GameEvent[];
  allEvents: readonly GameEvent[];
  facts?: FactsOf;
  label: string;
}

/** Asserts every expectation of a step (vitest `expect`: the first that fails throws). */
export function checkExpect(e: StepExpect, input: CheckInput): void {
  const { game, state: s, label } = input;
  if (e.owed)
    expect(
      game.owed(s).map((o) => `${o.seat}:${o.point}`),
      `${label} owed`,
    ).toEqual(e.owed);
  if (e.state) checkPaths(s, e.state, `${label} state`);
  if (e.view) checkPaths(game.view(s, { kind: 'moderator' }), e.view, `${label} view`);
  if (e.facts) {
    if (!input.facts) throw new Error(`${label}: the fixture expects facts but the game has no fixture-expect.ts`);
    checkPaths(input.facts(s), e.facts, `${label} facts`);
  }
  for (const [path, partial] of Object.entries(e.match ?? {}))
    expect(valueAt(s, path), `${label} match ${path}`).toMatchObject(partial as Record<string, unknown>);
  for (const [path, members] of Object.entries(e.members ?? {})) {
    const got = valueAt(s, path);
    expect(Array.isArray(got), `${label} members ${path}: not a list`).toBe(true);
    expect([...(got as unknown[])].sort(), `${label} members ${path}`).toEqual([...members].sort());
  }
  if (e.outcome === null) expect(game.outcome(s), `${label} outcome`).toBeNull();
  else if (e.outcome) checkPaths(game.outcome(s), e.outcome, `${label} outcome`);
  for (const [type, n] of Object.entries(e.count ?? {}))
    expect(input.stepEvents.filter((x) => x.type === type).length, `${label} count of ${type} events`).toBe(n);
  if (e.events) expect(missingInOrder(input.stepEvents, e.events), `${label} events`).toBeNull();
  for (const [who, strings] of Object.entries(e.hidden ?? {})) {
    const seen = everythingShown(game, s, who, input.allEvents);
    for (const str of strings) expect(seen.includes(str), `${label}: ${who} must not see ${str}`).toBe(false);
  }
  for (const [who, strings] of Object.entries(e.shown ?? {})) {
    const seen = JSON.stringify(game.view(s, viewerOf(who)));
    for (const str of strings) expect(seen.includes(str), `${label}: ${who} should see ${str}`).toBe(true);
  }
}
