/**
 * Order twins, worked out on the engine alone (test/conformance/sealed-orders.test.ts): a random legal game played
 * as the service plays it (the committed dice of a known secret, a step that owes nothing resolved at once), and at
 * its steps, for a viewing seat and another seat, a second order set of that other seat that the viewer may not
 * tell apart from the first (`ordersShownTo`: another seat's sealed orders before resolution, and orders hidden by
 * the game's `visibleOrders`, by default until the end). A twin whose step shows the viewer the same result (the
 * same visible events, view, board and what is owed next) is comparable after resolution too.
 */
import { canonicalJson } from '../../../src/engine/canonical-json.ts';
import { ordersShownTo } from '../../../src/engine/contract-defaults.ts';
import type { AnyGamePackage } from '../../../src/engine/game-package.ts';
import { advance, startGame, type Envelope } from '../../../src/engine/step-runner.ts';
import type { GameEvent, Owed, SeatId, Viewer } from '../../../src/engine/types.ts';
import type { StepOrders } from './random-game.ts';

/** One step as the service runs it: the envelope it starts from, what it owes, the orders and what it led to. */
export interface ServiceStep {
  before: Envelope;
  owed: Owed[];
  orders: StepOrders;
  events: GameEvent[];
  after: Envelope;
}

/** A seat's random legal orders, as JSON would carry them to the service. */
function randomOrdersOf(game: AnyGamePackage, state: unknown, seat: SeatId, rand: () => number): unknown {
  const orders = game.randomOrders ? game.randomOrders(state, seat, rand) : game.defaultOrders(state, seat);
  return JSON.parse(JSON.stringify(orders));
}

/**
 * A random legal game of `mode` (default options) as the service plays it with the seed `secret`: every owed seat
 * sends its random player's orders. Stops at the end or after `maxSteps` steps.
 */
export function serviceGame(
  game: AnyGamePackage,
  mode: string,
  secret: string,
  rand: () => number,
  maxSteps: number,
): ServiceStep[] {
  const started = startGame(game, { mode, options: {}, secret });
  if (!started.ok) throw new Error(`${game.id} ${mode}: ${started.errors.join('; ')}`);
  let envelope = started.envelope;
  const steps: ServiceStep[] = [];
  while (steps.length < maxSteps && game.outcome(envelope.state) === null) {
    const owed = game.owed(envelope.state);
    const orders: StepOrders = {};
    for (const { seat } of owed) orders[seat] = randomOrdersOf(game, envelope.state, seat, rand);
    const run = advance(game, envelope, orders);
    if (!run.ok) throw new Error(`${game.id} ${mode} step ${steps.length}: ${JSON.stringify(run.errors)}`);
    steps.push({ before: envelope, owed, orders, events: run.events, after: run.envelope });
    envelope = run.envelope;
  }
  return steps;
}

/** Another order set of one seat at one step that a viewing seat may not tell from the one played. */
export interface OrderTwin {
  /** The step's number (its index in the game). */
  k: number;
  viewer: SeatId;
  /** The seat whose orders differ, at which decision point, and whether the step is sealed. */
  seat: SeatId;
  point: string;
  sealed: boolean;
  /** The step's orders with the seat's orders replaced. */
  orders: StepOrders;
  /** The viewer is shown the same once the step is resolved (else it is compared only before resolution). */
  sameResult: boolean;
}

/** What `viewer` is shown of `seat`'s orders `orders` at step `s`, before or after it is resolved. */
function shownOrders(game: AnyGamePackage, s: ServiceStep, k: number, seat: SeatId, viewer: SeatId, orders: unknown) {
  const at = (resolved: boolean) => {
    const gameOver = resolved && game.outcome(s.after.state) !== null;
    const q = { state: s.before.state, step: k, seat, orders, viewer: { kind: 'seat', seat: viewer }, resolved };
    return canonicalJson(ordersShownTo(game, { ...q, gameOver } as Parameters<typeof ordersShownTo>[1], s.owed));
  };
  return { before: at(false), after: at(true) };
}

/** What the viewer is shown of a step's result: its visible events, the view, the board and what is owed next. */
function shownResult(game: AnyGamePackage, events: GameEvent[], after: unknown, viewer: Viewer): string {
  return canonicalJson({
    events: game.visibleEvents(events, viewer),
    view: game.view(after, viewer),
    board: game.board(after, viewer),
    owed: game.owed(after),
    outcome: game.outcome(after),
  });
}

/**
 * Other orders of a seat from a random draw: the draw, then the played orders with one top-level field taken from the
 * draw (or left out, when the draw has none), then with two entries of a field trading values; so that a twin may
 * keep what the rules reveal (where units are placed, how many) and differ in what they hide (standing orders,
 * which unit is where). Each differs from the played orders.
 */
function* variants(played: unknown, drawn: unknown): Generator<unknown> {
  const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
  if (!same(drawn, played)) yield drawn;
  if (!isRecord(played) || !isRecord(drawn)) return;
  for (const key of new Set([...Object.keys(played), ...Object.keys(drawn)])) {
    if (same(played[key], drawn[key])) continue;
    const { [key]: _left, ...rest } = played;
    const mixed = key in drawn ? { ...rest, [key]: drawn[key] } : rest;
    if (!same(mixed, drawn)) yield mixed;
  }
  // Two entries of a field trading values (which unit goes where, the same counts): a few pairs of each field.
  for (const [key, field] of Object.entries(played)) {
    if (!isRecord(field)) continue;
    const names = Object.keys(field);
    for (let i = 0; i + 1 < names.length && i < 4; i++) {
      const [a, b] = [names[i], names[names.length - 1 - i]];
      if (a === b || same(field[a], field[b])) continue;
      yield { ...played, [key]: { ...field, [a]: field[b], [b]: field[a] } };
    }
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * The twin of step `k` for `viewer` and `seat`, if one is found in `tries` random draws: the seat's other legal
 * orders, shown to the viewer exactly as the played ones before resolution; preferring a twin whose result the
 * viewer is shown alike too.
 */
export function orderTwin(
  game: AnyGamePackage,
  steps: ServiceStep[],
  k: number,
  viewer: SeatId,
  seat: SeatId,
  rand: () => number,
  tries = 12,
): OrderTwin | null {
  const s = steps[k];
  const played = shownOrders(game, s, k, seat, viewer, s.orders[seat]);
  const result = shownResult(game, s.events, s.after.state, { kind: 'seat', seat: viewer });
  const owed = s.owed.find((o) => o.seat === seat)!;
  let found: OrderTwin | null = null;
  const candidates = function* () {
    for (let i = 0; i < tries; i++) yield* variants(s.orders[seat], randomOrdersOf(game, s.before.state, seat, rand));
  };
  for (const other of candidates()) {
    const shown = shownOrders(game, s, k, seat, viewer, other);
    if (shown.before !== played.before) continue;
    const orders = { ...s.orders, [seat]: other };
    const run = advance(game, s.before, orders);
    if (!run.ok) continue;
    const sameResult =
      shown.after === played.after &&
      shownResult(game, run.events, run.envelope.state, { kind: 'seat', seat: viewer }) === result;
    found = { k, viewer, seat, point: owed.point, sealed: s.owed.some((o) => o.sealed), orders, sameResult };
    if (sameResult) break;
  }
  return found;
}

/**
 * Checkpoints of a game: at most `count` twins, drawn round-robin across the decision points of the seats whose
 * orders differ, sealed points first; twins comparable after resolution first, each at the earliest step found.
 */
export function checkpoints(
  game: AnyGamePackage,
  mode: string,
  steps: ServiceStep[],
  count: number,
  rand: () => number,
): OrderTwin[] {
  const seats = game.sides(mode).map((s) => s.seat);
  const byPoint = new Map<string, OrderTwin[]>();
  steps.forEach((s, k) => {
    for (const seat of Object.keys(s.orders))
      for (const viewer of seats.filter((v) => v !== seat)) {
        const key = `${s.owed.find((o) => o.seat === seat)?.point}:${seat}`;
        const known = byPoint.get(key) ?? [];
        if (known.filter((t) => t.sameResult).length >= 2) continue;
        const twin = orderTwin(game, steps, k, viewer, seat, rand);
        if (twin) byPoint.set(key, [...known, twin]);
      }
  });
  // Within a point, twins comparable after resolution first; sealed points first, then points with such twins.
  const score = (g: OrderTwin[]) => (g[0].sealed ? 2 : 0) + (g[0].sameResult ? 1 : 0);
  const groups = [...byPoint.values()]
    .map((twins) => [...twins.filter((t) => t.sameResult), ...twins.filter((t) => !t.sameResult)])
    .sort((a, b) => score(b) - score(a));
  const chosen: OrderTwin[] = [];
  for (let round = 0; chosen.length < count && groups.some((g) => g.length > round); round++)
    for (const g of groups) if (g[round] && chosen.length < count) chosen.push(g[round]);
  return chosen.sort((a, b) => a.k - b.k);
}
