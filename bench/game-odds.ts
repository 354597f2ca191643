/**
 * The 10,000-sample odds preview of one combat in each game (the figure `pbem odds` shows a player): a warm-up
 * preview, then five timed ones in the same process; prints the median and the fastest, in milliseconds.
 *
 *   npm run bench:game-odds
 *
 * The positions are the games' own test positions: Atlantic Wolves' first step and its escort (D9) and UB (D10)
 * attack allocations of a mid-game position (the first from turn 2 on of a seeded game of random legal orders; the
 * D10 preview runs on through the VP check and the next turn's reinforcement), a Grand Fleet bombardment round
 * (test/games/grand-fleet/fire-step.ts), Fin-Napoleon's French attack (test/games/fin-napoleon/odds/) and Operation
 * Crusader's illustration OC-X2 (21st Panzer attacks an infantry brigade in area 08).
 */
import { printFigures } from './report.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sfc32FromHex, sfc32Next, streamDice, uniformDie } from '../src/engine/dice.ts';
import type { AnyGamePackage } from '../src/engine/game-package.ts';
import { previewStepOdds } from '../src/engine/odds.ts';
import { recordSchema, replayRecord } from '../src/engine/record.ts';
import { atlanticWolves, type AwState } from '../src/games/atlantic-wolves/index.ts';
import { finNapoleon } from '../src/games/fin-napoleon/index.ts';
import { grandFleet } from '../src/games/grand-fleet/index.ts';
import { positionFromFixture } from '../src/games/operation-crusader/rules/fixture.ts';
import { operationCrusader } from '../src/games/operation-crusader/index.ts';
import { fireStep } from '../test/games/grand-fleet/fire-step.ts';

type Case = { name: string; game: AnyGamePackage; state: unknown; orders: Record<string, unknown> };

/** The first Atlantic Wolves position from turn 2 on at decision point `kind`, reached by random legal orders. */
function awMidGame(kind: 'escorts' | 'ubs'): AwState {
  const rng = sfc32FromHex(createHash('sha256').update('bench|atlantic-wolves mid-game').digest('hex'));
  const rand = () => sfc32Next(rng) / 0x100000000;
  const ctx = { roll: (sides: number) => uniformDie(rng, sides), emit: () => {}, silent: true };
  let s = atlanticWolves.setup({ mode: 'mail', options: {}, data: atlanticWolves.defaultData } as never);
  for (let step = 0; step < 500 && s.phase.kind !== 'over'; step++) {
    if (s.phase.kind === kind && s.turn >= 2) return s;
    const owed = atlanticWolves.owed(s);
    s = atlanticWolves.resolve(s, Object.fromEntries(owed.map((o) => [o.seat, random(s, o.seat, rand)])), ctx);
  }
  throw new Error(`no ${kind} step from turn 2 on in the seeded game`);
}

/** Atlantic Wolves' random legal orders (the package has them). */
const random = (s: AwState, seat: string, rand: () => number) => {
  if (!atlanticWolves.randomOrders) throw new Error('atlantic-wolves gives no random orders');
  return atlanticWolves.randomOrders(s, seat, rand);
};

/** A case of an Atlantic Wolves position with the default orders of the owed seat. */
function awCase(name: string, state: AwState): Case {
  const orders = Object.fromEntries(
    atlanticWolves.owed(state).map((o) => [o.seat, atlanticWolves.defaultOrders(state, o.seat)]),
  );
  return { name, game: atlanticWolves as never, state, orders };
}

function cases(): Case[] {
  const aw = atlanticWolves.setup({ mode: 'mail', options: {}, data: atlanticWolves.defaultData } as never);
  const gf = fireStep();
  const fnDir = new URL('../test/games/fin-napoleon/odds/', import.meta.url);
  const fnRecord = recordSchema.parse(JSON.parse(readFileSync(new URL('french-attack.json', fnDir), 'utf8')));
  const fnReplay = replayRecord(finNapoleon, fnRecord);
  if (!fnReplay.ok) throw new Error(fnReplay.message);
  const oc = positionFromFixture({ units: { '4ind': '08', '21pz': '08' }, active: 'axis' });
  return [
    awCase('atlantic-wolves: the first step', aw),
    awCase('atlantic-wolves: escort attacks (D9)', awMidGame('escorts')),
    awCase('atlantic-wolves: UB attacks (D10)', awMidGame('ubs')),
    {
      name: 'grand-fleet: a bombardment round',
      game: grandFleet as never,
      state: gf,
      orders: { british: grandFleet.defaultOrders(gf, 'british'), german: grandFleet.defaultOrders(gf, 'german') },
    },
    {
      name: 'fin-napoleon: a French attack',
      game: finNapoleon as never,
      state: fnReplay.envelope.state,
      orders: JSON.parse(readFileSync(new URL('french-attack.orders.json', fnDir), 'utf8')),
    },
    {
      name: 'operation-crusader: OC-X2',
      game: operationCrusader as never,
      state: oc,
      orders: { axis: { activation: { at: '08', units: ['21pz'], attack: 'yes' } } },
    },
  ];
}

const medians: Record<string, number> = {};
for (const c of cases()) {
  const dice = streamDice(sfc32FromHex(createHash('sha256').update(`bench|${c.name}`).digest('hex')));
  previewStepOdds(c.game, c.state, c.orders, 10_000, dice);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    previewStepOdds(c.game, c.state, c.orders, 10_000, dice);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${c.name.padEnd(36)} median ${times[2].toFixed(1)} ms, fastest ${times[0].toFixed(1)} ms`);
  medians[c.name] = +times[2].toFixed(1);
}
printFigures({ samples: 10_000, medianMs: medians, targetMs: 50 });
