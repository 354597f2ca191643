/**
 * The command line on Operation Crusader records: `pbem verify` re-derives every die of a seeded game played to its
 * end, and `pbem odds` previews the combat owed at a counterattack (D8) with 10,000 samples.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitmentOf } from '../../../src/engine/dice.ts';
import { advance, startGame, type Envelope, type GameEvent } from '../../../src/engine/index.ts';
import { operationCrusader as game } from '../../../src/games/operation-crusader/index.ts';
import type { OcState } from '../../../src/games/operation-crusader/state.ts';
import { randomSource } from '../../conformance/support/random-game.ts';

const root = resolve(import.meta.dirname, '../../..');
const tmp = mkdtempSync(join(tmpdir(), 'oc-cli-'));

function pbem(...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'bin/pbem.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A seeded game of random orders: every step's orders and events, and the step where D8 was first owed. */
function playSeeded(secret: string) {
  const started = startGame(game, { mode: 'standard', options: {}, secret });
  if (!started.ok) throw new Error(started.errors.join('; '));
  let env = started.envelope as Envelope<OcState>;
  const rand = randomSource(secret);
  const steps: { orders: Record<string, unknown>; events: GameEvent[] }[] = [];
  let counterattackAt = -1;
  for (let i = 0; i < 400 && game.owed(env.state).length; i++) {
    const owed = game.owed(env.state);
    if (counterattackAt < 0 && owed.some((o) => o.point === 'OC-D8')) counterattackAt = i;
    const orders = Object.fromEntries(owed.map((o) => [o.seat, game.randomOrders!(env.state, o.seat, rand)]));
    const r = advance(game, env, orders);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    env = r.envelope as Envelope<OcState>;
    steps.push({ orders, events: r.events });
  }
  return { steps, counterattackAt };
}

describe('pbem verify and odds on Operation Crusader', () => {
  // The first of a few seeded games that meets a counterattack choice (D8), about two in a random game.
  const secrets = Array.from({ length: 12 }, (_, k) => `operation-crusader-cli-${k}`);
  const SECRET = secrets.find((s) => playSeeded(s).counterattackAt > 0) ?? secrets[0];
  const { steps, counterattackAt } = playSeeded(SECRET);
  const base = { format: 'pbem-record/1', game: game.id, mode: 'standard', options: {} };

  it('verify re-derives every die of a finished seeded game', () => {
    const viewer = { kind: 'seat' as const, seat: 'axis' };
    const record = {
      ...base,
      commitment: commitmentOf(SECRET),
      dice: { kind: 'seed', secret: SECRET },
      viewer: 'seat:axis',
      steps: steps.map((s) => ({ orders: s.orders, events: game.visibleEvents(s.events, viewer) })),
    };
    const file = join(tmp, 'full.json');
    writeFileSync(file, JSON.stringify(record));
    const r = pbem('verify', file);
    expect(JSON.parse(r.out)).toMatchObject({ ok: true, commitmentOk: true, mismatches: [] });
    expect(JSON.parse(r.out).diceChecked).toBeGreaterThan(20);
  });

  it('odds previews the counterattack owed (D8) with 10,000 samples', () => {
    expect(counterattackAt).toBeGreaterThan(0);
    const record = {
      ...base,
      dice: { kind: 'seed', secret: SECRET },
      steps: steps.slice(0, counterattackAt).map((s) => ({ orders: s.orders })),
    };
    const file = join(tmp, 'counterattack.json');
    writeFileSync(file, JSON.stringify(record));
    const r = pbem('odds', file, '--samples', '10000');
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    console.log(`pbem odds (D8, 10,000 samples): ${JSON.stringify(out).slice(0, 400)}`);
    expect(Object.keys(out.probabilities ?? out.odds ?? {}).some((k) => k.startsWith('loses-step:'))).toBe(true);
  });
});
