/**
 * Records a complete Fin-Napoleon game (pbem-record/1): seeded random play through the engine's step runner, the
 * committed dice of the seed, the orders and events of every step, and the expected end. Run with
 * `npx tsx test/games/fin-napoleon/record-game.ts MODE SECRET FILE` to make a recorded game for replay.test.ts.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { canonicalJson } from '../../../src/engine/canonical-json.ts';
import { advance, startGame } from '../../../src/engine/step-runner.ts';
import { finNapoleon as game } from '../../../src/games/fin-napoleon/index.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';
import { randomSource } from '../../conformance/support/random-game.ts';

/** A digest of a value's canonical JSON. */
export const digest = (v: unknown): string => createHash('sha256').update(canonicalJson(v)).digest('hex').slice(0, 16);

/** Plays and records one game. */
export function recordGame(mode: string, secret: string, options: Record<string, unknown> = {}) {
  const started = startGame(game, { mode, options, secret });
  if (!started.ok) throw new Error(started.errors.join('; '));
  let env = started.envelope;
  const rand = randomSource(`record|${secret}`);
  const steps: { orders: Record<string, unknown>; events: unknown[] }[] = [];
  for (let i = 0; i < 500 && game.owed(env.state as FnState).length > 0; i++) {
    const orders: Record<string, unknown> = {};
    for (const { seat } of game.owed(env.state as FnState))
      orders[seat] = game.randomOrders!(env.state as FnState, seat, rand);
    const r = advance(game, env, orders);
    if (!r.ok) throw new Error(`step ${i}: ${JSON.stringify(r.errors)}`);
    env = r.envelope;
    steps.push({ orders, events: r.events });
  }
  const s = env.state as FnState;
  const out = game.outcome(s)!;
  const expect = { winners: out.winners, draw: out.draw ?? false, turn: s.turn, morale: s.morale, state: digest(s) };
  return { format: 'pbem-record/1', game: game.id, mode, options, dice: { kind: 'seed', secret }, steps, expect };
}

if (process.argv[1]?.endsWith('record-game.ts')) {
  const [mode, secret, file] = process.argv.slice(2);
  writeFileSync(file, `${JSON.stringify(recordGame(mode, secret), null, 1)}\n`);
}
