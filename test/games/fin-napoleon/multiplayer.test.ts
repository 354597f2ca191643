/**
 * FN 12.0[M] multiplayer modes: the standard division of the Allied nations for 2 to 5 Allied players with each
 * seat's start VP (FN 12.0[M][3]-[4]), divisions of five players that are refused, and a short game of France and five Allied
 * players (one nation each) through the engine's step runner, where each seat answers for its own nation only (D8).
 */
import { describe, expect, test } from 'vitest';
import { advance, startGame } from '../../../src/engine/step-runner.ts';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';
import { randomSource } from '../../conformance/support/random-game.ts';

// Maximum strengths (docs/fin-napoleon.md): Prussia 5, Austria 6, Russia 7, Spain 3, Britain 4.
describe('FN 12.0[M][2] standard divisions and start VP', () => {
  test.each([
    ['allies-2', 'ally-1 ally-1 ally-2 ally-2 ally-2', { 'ally-1': 3, 'ally-2': 0 }],
    ['allies-3', 'ally-1 ally-1 ally-2 ally-3 ally-3', { 'ally-1': 0, 'ally-2': 4, 'ally-3': 4 }],
    ['allies-4', 'ally-1 ally-2 ally-3 ally-4 ally-4', { 'ally-1': 2, 'ally-2': 1, 'ally-3': 0, 'ally-4': 0 }],
    [
      'allies-5',
      'ally-1 ally-2 ally-3 ally-4 ally-5',
      { 'ally-1': 2, 'ally-2': 1, 'ally-3': 0, 'ally-4': 4, 'ally-5': 3 },
    ],
  ])('%s: Prussia, Austria, Russia, Spain, Britain to %s; start VP %j', (mode, owners, startVp) => {
    const s: FnState = fn.fixtures!.position({ mode });
    const { prussia, austria, russia, spain, britain } = s.seats;
    expect([prussia, austria, russia, spain, britain].join(' ')).toBe(owners);
    expect(s.seats.france).toBe('france');
    expect(s.startVp).toEqual(startVp);
    expect(fn.sides(mode).map((x) => x.seat)).toEqual(['france', ...Object.keys(startVp)]);
  });

  test.each([
    ['prussia+austria/russia/spain/britain', /4 groups, not 5/],
    ['prussia/austria/russia/spain/prussia', /"prussia" is not an Allied nation given once/],
    ['prussia/austria/russia/spain/france', /"france" is not an Allied nation given once/],
  ])('allies-5: the division %s is refused', (division, message) => {
    expect(() => fn.fixtures!.position({ mode: 'allies-5', options: { division } })).toThrow(message);
  });
});

describe('FN 12.0[M] France and five Allied players through the engine', () => {
  test('a two-turn game: each Allied seat answers only for its own nation (D8), and it ends', () => {
    const started = startGame(fn, { mode: 'allies-5', options: { turnLimit: 2 }, secret: 'fn-allies-5-short' });
    if (!started.ok) throw new Error(started.errors.join('; '));
    let env = started.envelope;
    const rand = randomSource('fn-allies-5-short');
    const asked = new Set<string>();
    for (let i = 0; i < 200 && fn.owed(env.state as FnState).length > 0; i++) {
      const s = env.state as FnState;
      const orders: Record<string, unknown> = {};
      for (const { seat } of fn.owed(s)) {
        const active = s.order[s.cursor];
        // D8: the seat owing an answer is the one that runs the active nation (France also answers D0 and D6).
        if (active !== undefined && seat !== 'france') expect(s.seats[active]).toBe(seat);
        asked.add(seat);
        orders[seat] = fn.randomOrders!(s, seat, rand);
      }
      const r = advance(fn, env, orders);
      if (!r.ok) throw new Error(`step ${i}: ${JSON.stringify(r.errors)}`);
      expect(fn.invariants(r.envelope.state as FnState)).toEqual([]);
      env = r.envelope;
    }
    const end = env.state as FnState;
    expect(fn.owed(end)).toEqual([]);
    const out = fn.outcome(end)!;
    const allied = ['ally-1', 'ally-2', 'ally-3', 'ally-4', 'ally-5'];
    expect(out.teams?.find((t) => t.id === 'allies')?.seats).toEqual(allied);
    expect([...asked].sort()).toEqual([...allied, 'france']);
    expect(end.turn).toBeLessThanOrEqual(2);
  });

  test('an Allied seat may not send a later activation for another seat’s nation', () => {
    const s: FnState = fn.fixtures!.position({ mode: 'allies-5', active: 'prussia', franceSlot: 6 });
    expect(fn.owed(s).map((o) => o.seat)).toEqual(['ally-1']);
    expect(fn.validate(s, 'ally-1', { activity: 'none', later: { austria: { activity: 'none' } } })).not.toEqual([]);
    expect(fn.validate(s, 'ally-2', { later: { austria: { activity: 'none' } } })).toEqual([]);
  });
});
