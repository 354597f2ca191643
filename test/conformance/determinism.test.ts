/**
 * Conformance, for every registered game: the same secret seed and the same orders give byte-identical games
 * (canonical JSON), whatever the order in which the seats' orders arrive and the order of the keys inside them. A
 * random game of every mode is played on committed dice (docs/dice.md); its record (`pbem-record/1`) is replayed
 * (`replayRecord`, as `pbem replay` does) with each step's seats inserted in every order and every object in the
 * orders rebuilt with its keys shuffled; the events, the states and the records built for the moderator, each seat
 * and the public (`buildRecord`, from order rows in arrival order) must be byte for byte the same.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/canonical-json.ts';
import { commitmentOf } from '../../src/engine/dice.ts';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import { replayRecord, type GameRecord as EngineRecord } from '../../src/engine/record.ts';
import { advance, startGame, type Envelope } from '../../src/engine/step-runner.ts';
import type { GameEvent, Viewer } from '../../src/engine/types.ts';
import { buildRecord, type RecordSource } from '../../src/services/record.ts';
import { isOver, randomSource, registered, type StepOrders } from './support/random-game.ts';

/** A random game on committed dice: the orders of every step, in the order the random player gave them. */
function playCommitted(game: AnyGamePackage, mode: string, secret: string): StepOrders[] {
  const started = startGame(game, { mode, secret });
  if (!started.ok) throw new Error(started.errors.join('; '));
  let envelope: Envelope = started.envelope;
  const rand = randomSource(secret);
  const steps: StepOrders[] = [];
  for (let i = 0; i < 500 && !isOver(game, envelope.state); i++) {
    const orders: StepOrders = {};
    for (const { seat } of game.owed(envelope.state)) {
      const state = envelope.state;
      orders[seat] = game.randomOrders ? game.randomOrders(state, seat, rand) : game.defaultOrders(state, seat);
    }
    const next = advance(game, envelope, orders);
    if (!next.ok) throw new Error(`step ${i}: ${JSON.stringify(next.errors)}`);
    envelope = next.envelope;
    steps.push(orders);
  }
  return steps;
}

/** Every order of a list (n! permutations, n small). */
function permutations<T>(list: readonly T[]): T[][] {
  if (list.length <= 1) return [list.slice()];
  return list.flatMap((x, i) => permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((p) => [x, ...p]));
}

/** The same value with the keys of every object inserted in a random order (arrays keep their order). */
function shuffledKeys(value: unknown, rand: () => number): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffledKeys(v, rand));
  if (!value || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  return Object.fromEntries(keys.map((k) => [k, shuffledKeys((value as Record<string, unknown>)[k], rand)]));
}

/** Each step's orders with its seats in the order `order(step)` gives them, and their keys shuffled. */
function rearranged(steps: StepOrders[], order: (step: number, seats: string[]) => string[], rand: () => number) {
  return steps.map((orders, i) =>
    Object.fromEntries(order(i, Object.keys(orders).sort()).map((seat) => [seat, shuffledKeys(orders[seat], rand)])),
  );
}

/** The record of a game on committed dice, replayed as `pbem replay` does. */
function replay(game: AnyGamePackage, mode: string, secret: string, steps: StepOrders[]) {
  const record: EngineRecord = { format: 'pbem-record/1', game: game.id, mode, options: {}, steps: [] };
  record.steps = steps.map((orders) => ({ orders }));
  record.dice = { kind: 'seed', secret };
  return replayRecord(game, record);
}

/** The dice values rolled in a replay, in order. */
const diceOf = (events: GameEvent[][]) => events.flat().flatMap((e) => (e.type === 'die' ? [e.value] : []));

/** The replayed game as bytes: every step's events and the final state, and the records every viewer is given. */
function replayedBytes(game: AnyGamePackage, mode: string, secret: string, steps: StepOrders[]): string[] {
  const replayed = replay(game, mode, secret, steps);
  if (!replayed.ok) throw new Error(`replay stopped at step ${replayed.step}: ${replayed.message}`);
  const events = replayed.steps.map((s) => s.events);
  const viewers: Viewer[] = [
    { kind: 'moderator' },
    { kind: 'public' },
    ...game.sides(mode).map((s): Viewer => ({ kind: 'seat', seat: s.seat })),
  ];
  const source = recordSource(game, mode, secret, steps, events, replayed.envelope.state);
  return [
    canonicalJson(events),
    canonicalJson(replayed.envelope),
    ...viewers.map((viewer) => canonicalJson(buildRecord(game, source, viewer))),
  ];
}

/** At most this many arrival orders are replayed per game: 4 seats have 24, 6 seats would have 720. */
const MAX_ARRIVAL_ORDERS = 24;

/**
 * The arrival orders to replay: every permutation of the seats when there are few, else the seats in order, in
 * reverse, and a seeded sample of the others (each step of a replay starts at another one, so a game's steps meet
 * many more orders than the sample's size).
 */
function arrivalOrders(seats: readonly string[], rand: () => number): string[][] {
  if (seats.length <= 4) return permutations(seats);
  const picked = [[...seats], [...seats].reverse()];
  while (picked.length < MAX_ARRIVAL_ORDERS) {
    const shuffled = [...seats];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    picked.push(shuffled);
  }
  return picked;
}

/** The rows the service would build a finished game's record from, order rows in arrival order. */
function recordSource(
  game: AnyGamePackage,
  mode: string,
  secret: string,
  steps: StepOrders[],
  events: GameEvent[][],
  final: unknown,
): RecordSource {
  const facts = { status: 'finished' as const, data: null, seedCommitment: commitmentOf(secret), seedSecret: secret };
  return {
    game: { id: 'g1', name: 'Determinism', game: game.id, mode, options: {}, outcome: game.outcome(final), ...facts },
    seats: game.sides(mode).map((s) => ({ side: s.seat, playerName: null })),
    steps: steps.map((orders, i) => ({
      number: i,
      status: 'published',
      ordersDigest: null,
      defaultsApplied: [],
      resolvedAt: null,
      publishedAt: null,
      orders: Object.entries(orders).map(([side, parsed]) => ({ side, parsed })),
      events: events[i],
    })),
  };
}

describe.each(registered)('%s', (_id, game) => {
  it.each(game.modes.map((mode) => [mode]))(
    '%s: the same seed and orders give the same bytes, whatever the arrival and key order',
    (mode) => {
      for (const n of [1, 2]) {
        const secret = `determinism-${mode}-${n}`;
        const steps = playCommitted(game, mode, secret);
        expect(steps.length).toBeGreaterThan(0);
        const reference = replayedBytes(game, mode, secret, steps);
        expect(replayedBytes(game, mode, secret, steps), 'the same record replayed twice').toEqual(reference);
        const rand = randomSource(`${secret}|keys`);
        const seats = game.sides(mode).map((s) => s.seat);
        // Every arrival order of the seats (a sample of them for many seats), at every step (each step starts at
        // another permutation).
        const orders = arrivalOrders(seats, rand);
        for (let k = 0; k < orders.length; k++) {
          const arrival = (step: number, present: string[]) =>
            orders[(step + k) % orders.length].filter((seat) => present.includes(seat));
          const bytes = replayedBytes(game, mode, secret, rearranged(steps, arrival, rand));
          expect(bytes, `arrival order ${k}`).toEqual(reference);
        }
        // Not vacuous: another seed rolls other dice (as far as the same orders stay legal under them).
        const rolled = diceOf(replay(game, mode, secret, steps).steps.map((s) => s.events));
        const other = diceOf(replay(game, mode, `${secret}-other`, steps).steps.map((s) => s.events));
        if (rolled.length) expect(other.slice(0, 12)).not.toEqual(rolled.slice(0, other.slice(0, 12).length));
      }
    },
  );
});
