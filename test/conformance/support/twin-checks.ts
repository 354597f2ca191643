/**
 * The hidden-information check of one random game (test/conformance/hidden-information.test.ts): at points drawn
 * across every decision point the game met, the package's hidden twin of the position must show the viewer exactly
 * what the position shows it; and the step into the point, run again from a twin of the position before it with
 * the same orders (pieces renamed as the twin renamed them) and the same dice, must show the viewer exactly what
 * the step showed it, unless the step revealed a renamed piece or the same dice led the twin's world elsewhere.
 */
import { expect } from 'vitest';
import { canonicalJson } from '../../../src/engine/canonical-json.ts';
import type { AnyGamePackage, HiddenTwin } from '../../../src/engine/game-package.ts';
import { advance } from '../../../src/engine/step-runner.ts';
import type { Viewer } from '../../../src/engine/types.ts';
import type { Locale } from '../../../src/i18n/index.ts';
import { stepDice, type PlayedGame } from './random-game.ts';
import { difference, shownPosition, shownStep, type Shown } from './viewer-outputs.ts';

/** How much one property run compared, and why the rest was not. */
export interface Tally {
  points: number;
  /** Positions compared with their twin, of which `differing` twins were not the same state. */
  positions: number;
  differing: number;
  /** Steps run again from a twin and compared. */
  steps: number;
  /** Steps not compared: the twin's orders refused, another world, a renamed piece shown. */
  refused: number;
  otherWorld: number;
  revealed: number;
}

export const emptyTally = (): Tally => ({
  points: 0,
  positions: 0,
  differing: 0,
  steps: 0,
  refused: 0,
  otherWorld: 0,
  revealed: 0,
});

/** Renames pieces everywhere in a value (strings and record keys). */
export function rename<T>(value: T, tau: ReadonlyMap<string, string>): T {
  if (!tau.size) return value;
  if (typeof value === 'string') return (tau.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((x) => rename(x, tau)) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, x]) => [tau.get(k) ?? k, rename(x, tau)])) as T;
}

/** JSON with keys sorted and lists of names sorted: content without order. */
function settled(value: unknown): string {
  const norm = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.every((y) => typeof y === 'string') ? [...x].sort() : x.map(norm);
    if (!x || typeof x !== 'object') return x;
    const record = x as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((k) => [k, norm(record[k])]),
    );
  };
  return JSON.stringify(norm(value));
}

/** Whether any output names one of the renamed pieces (quoted, as JSON and SVG attributes write ids). */
const mentions = (shown: Shown, tau: ReadonlyMap<string, string>) =>
  [...tau.keys()].some((id) => Object.values(shown).some((text) => text.includes(`"${id}"`)));

/**
 * States to check, drawn round-robin across the decision points met (what `owed` names at each state), so that
 * rare decision points are checked as often as common ones.
 */
function pointsOf(g: PlayedGame, count: number, rand: () => number, where: (state: unknown) => boolean): number[] {
  const { game } = g;
  const byPoint = new Map<string, number[]>();
  for (let i = 1; i < g.states.length; i++) {
    if (!where(g.states[i])) continue;
    const key =
      game
        .owed(g.states[i])
        .map((o) => `${o.point}:${o.seat}`)
        .sort()
        .join('+') || 'end';
    byPoint.set(key, [...(byPoint.get(key) ?? []), i]);
  }
  const groups = [...byPoint.values()];
  if (!groups.length) return [];
  const start = Math.floor(rand() * groups.length);
  return Array.from({ length: count }, (_, k) => {
    const group = groups[(start + k) % groups.length];
    return group[Math.floor(rand() * group.length)];
  });
}

/** One point: where, who looks, in which language. */
interface Point {
  g: PlayedGame;
  i: number;
  viewer: Viewer;
  locale: Locale;
  rand: () => number;
  label: string;
}

/** The game's twin of a state, checked to keep the invariants. */
function twinOf(game: AnyGamePackage, state: unknown, viewer: Viewer, rand: () => number, label: string) {
  const twin: HiddenTwin | null = game.hiddenTwin!(state, viewer, rand);
  if (twin) expect(game.invariants(twin.state), `${label}: the twin breaks invariants`).toEqual([]);
  return twin;
}

/** The position at the point against its twin; returns what the viewer is shown of the position. */
function checkPosition({ g, i, viewer, locale, rand, label }: Point, tally: Tally): Shown {
  const { game } = g;
  const shown = shownPosition(game, g.states[i], viewer, locale);
  const twin = twinOf(game, g.states[i], viewer, rand, label);
  if (!twin) return shown;
  const diff = difference(shown, shownPosition(game, twin.state, viewer, locale));
  expect(diff, `${label}: twin renaming ${JSON.stringify(twin.renamed)}`).toBe('');
  tally.positions++;
  if (canonicalJson(twin.state) !== canonicalJson(g.states[i])) tally.differing++;
  return shown;
}

/**
 * The step into the point, run again from a twin of the position before it with the same dice (`position`: what the
 * viewer is shown of the point's position).
 */
async function checkStep(point: Point, position: Shown, tally: Tally): Promise<void> {
  const { g, i, viewer, locale, rand, label } = point;
  const { game } = g;
  const twin = twinOf(game, g.states[i - 1], viewer, rand, `${label} (the step into it)`);
  if (!twin) return;
  const tau = new Map(Object.entries(twin.renamed));
  const orders = rename(g.orders[i - 1], tau);
  const envelope = { game: game.id, mode: g.mode, step: i - 1, diceKey: null, state: twin.state };
  const run = advance(game, envelope, orders, stepDice(g.seed, i - 1));
  if (!run.ok) return void tally.refused++;
  // The same dice may draw other pieces from a pool whose members traded places: then the run is another world,
  // not the renamed one. Compared only when it is the renamed world (the same events, lists of names in any order).
  if (settled(rename(g.events[i - 1], tau)) !== settled(run.events)) return void tally.otherWorld++;
  const played = { orders: g.orders[i - 1], events: g.events[i - 1], after: g.states[i] };
  const original = await shownStep(g, i - 1, played, viewer, locale, position);
  const rerun = await shownStep(g, i - 1, { orders, events: run.events, after: run.envelope.state }, viewer, locale);
  // A step that shows the viewer a renamed piece (a combat, a face-up placement) may tell the twins apart.
  if (mentions(original, tau) || mentions(rerun, tau)) return void tally.revealed++;
  const diff = difference(original, rerun);
  expect(diff, `${label} (the step into it): twin renaming ${JSON.stringify(twin.renamed)}`).toBe('');
  tally.steps++;
}

/**
 * Checks `count` points of one played game (among the states `where` accepts, by default all), each for a random
 * seat or the public in a random language.
 */
export async function checkGame(
  g: PlayedGame,
  count: number,
  rand: () => number,
  tally: Tally,
  where: (state: unknown) => boolean = () => true,
): Promise<void> {
  const { game } = g;
  const viewers: Viewer[] = [
    ...game.sides(g.mode).map((s): Viewer => ({ kind: 'seat', seat: s.seat })),
    { kind: 'public' },
  ];
  for (const i of pointsOf(g, count, rand, where)) {
    const viewer = viewers[Math.floor(rand() * viewers.length)];
    const locale: Locale = rand() < 0.5 ? 'en' : 'ja';
    const label = `${g.mode} ${g.seed} options ${JSON.stringify(g.options)} state ${i} ${JSON.stringify(viewer)}`;
    const point: Point = { g, i, viewer, locale, rand, label };
    tally.points++;
    await checkStep(point, checkPosition(point, tally), tally);
  }
}

/** Where a game that declares open information shows a seat or the public anything but what the moderator sees. */
export function openInformationLeaks(g: PlayedGame): string[] {
  const { game } = g;
  const moderator: Viewer = { kind: 'moderator' };
  const viewers: Viewer[] = [
    ...game.sides(g.mode).map((s): Viewer => ({ kind: 'seat', seat: s.seat })),
    { kind: 'public' },
  ];
  const leaks: string[] = [];
  g.states.forEach((state, i) => {
    for (const viewer of viewers) {
      const who = `state ${i} ${JSON.stringify(viewer)}`;
      const same = (f: (v: Viewer) => unknown) => canonicalJson(f(viewer)) === canonicalJson(f(moderator));
      if (!same((v) => game.view(state, v))) leaks.push(`${who}: view`);
      if (!same((v) => game.board(state, v))) leaks.push(`${who}: board`);
      if (i > 0 && !same((v) => game.visibleEvents(g.events[i - 1], v))) leaks.push(`${who}: events`);
    }
  });
  return leaks;
}
