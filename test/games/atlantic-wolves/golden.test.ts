/**
 * Golden traces: fixed-seed simulations must give exactly the same results, dice, events, orders and states as the
 * reference engine. The numbers and digests below were recorded from the engine before any speed work; a change to
 * rules outcomes, the dice order (AW-A12), event content, random-order choices or the state shape breaks them.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { simulate } from '../../../src/cli/simulate-command.ts';
import { previewOdds } from '../../../src/cli/odds-command.ts';
import { sfc32FromHex, sfc32Next, uniformDie } from '../../../src/engine/dice.ts';
import type { GameEvent, ResolveContext } from '../../../src/engine/index.ts';
import { atlanticWolves as game, type AwState } from '../../../src/games/atlantic-wolves/index.ts';
import { randomLegalOrders } from '../../../src/games/atlantic-wolves/orders/random-orders.ts';
import type { AwOrders } from '../../../src/games/atlantic-wolves/orders/schema.ts';
import { awOptionsSchema } from '../../../src/games/atlantic-wolves/options.ts';

/** Option sets covering every option value at least once (defaults first). */
const OPTION_SETS: Record<string, unknown>[] = [
  {},
  {
    strictAreaSequence: true,
    overflow: 'literal',
    vpTable: 'clamp',
    step2Draw: 'upTo',
    ubExcess: 'ignoreCapacity',
    airAttack: 'optional',
    convoyBonus: 'escortsOnly',
    starConvoyVp: 'fromTurn3',
    cveTiming: 'afterDraw',
    responseDice: 'either',
    repeatMove: 'once',
    responseCapacity: 'allowThenReplace',
    escortDecline: 'mandatory',
    ubDecline: 'mandatory',
    overflowNaming: 'any',
  },
  { overflow: 'literal', responseCapacity: 'allowThenReplace', responseDice: 'either' },
  { airAttack: 'optional', strictAreaSequence: true, repeatMove: 'once' },
];

/** Plays `games` games with a recording context; returns a digest of everything observable and a summary. */
function trace(mode: string, options: unknown, games: number, seed: string, defaults: boolean) {
  const rng = sfc32FromHex(createHash('sha256').update(`golden|${seed}`).digest('hex'));
  const rand = () => sfc32Next(rng) / 0x100000000;
  const hash = createHash('sha256');
  let events: GameEvent[] = [];
  let dice = 0;
  const ctx: ResolveContext = {
    roll(sides, purpose, visibleTo) {
      dice++;
      const value = uniformDie(rng, sides);
      events.push({ type: 'die', sides, value, purpose, ...(visibleTo ? { visibleTo: [...visibleTo] } : {}) });
      return value;
    },
    emit: (e) => void events.push(e),
  };
  const opts = awOptionsSchema.parse(options);
  const wins: Record<string, number> = {};
  let steps = 0;
  let violations = 0;
  for (let g = 0; g < games; g++) {
    let s: AwState = game.setup({ mode, options: opts, data: game.defaultData });
    for (let i = 0; i < 500 && !s.result; i++) {
      const orders: Record<string, AwOrders> = {};
      for (const o of game.owed(s)) {
        // The decision point, not its prompt: the prompt's words may change without a rule changing.
        hash.update(JSON.stringify({ seat: o.seat, point: o.point, rule: o.rule }));
        orders[o.seat] = defaults ? game.defaultOrders(s, o.seat) : randomLegalOrders(s, o.seat, rand);
      }
      hash.update(JSON.stringify(orders));
      events = [];
      s = game.resolve(s, orders, ctx);
      steps++;
      hash.update(JSON.stringify(events));
      const { data: _d, options: _o, ...rest } = s;
      hash.update(JSON.stringify(rest));
      violations += game.invariants(s).length;
    }
    const w = s.result?.winner ?? 'unfinished';
    wins[w] = (wins[w] ?? 0) + 1;
  }
  return { wins, steps, dice, violations, digest: hash.digest('hex').slice(0, 16) };
}

describe('golden traces (recorded before the speed work)', () => {
  test('pbem simulate: 200 mail and 200 standard games give the recorded summary', () => {
    const pick = (r: ReturnType<typeof simulate>) => ({
      germanWins: r.germanWins,
      alliedWins: r.alliedWins,
      unfinished: r.unfinished,
      steps: r.steps,
      dice: r.dice,
      invariantViolations: r.invariantViolations,
      orderErrors: r.orderErrors,
    });
    const mail = simulate({ gameId: 'atlantic-wolves', mode: 'mail', games: 200, seed: '1', validate: true });
    const standard = simulate({ gameId: 'atlantic-wolves', mode: 'standard', games: 200, seed: '1', validate: false });
    expect({ mail: pick(mail), standard: pick(standard) }).toEqual(GOLDEN.simulate);
  });

  test('random and default play: every order, event, die and state matches the recorded digests', () => {
    const got: Record<string, unknown> = {};
    for (const mode of ['mail', 'standard']) {
      OPTION_SETS.forEach((o, i) => {
        got[`${mode}/${i}/random`] = trace(mode, o, 40, `${mode}-${i}`, false);
        got[`${mode}/${i}/default`] = trace(mode, o, 10, `${mode}-${i}-d`, true);
      });
    }
    if (process.env.PRINT_GOLDEN) console.log(JSON.stringify(got));
    expect(got).toEqual(GOLDEN.traces);
  });

  test('odds preview gives the recorded counts', () => {
    const start = game.setup({ mode: 'mail', options: awOptionsSchema.parse({}), data: game.defaultData });
    const r = previewOdds(game, start, 500, 'golden');
    expect({ wins: r.wins, unfinished: r.unfinished }).toEqual(GOLDEN.odds);
  });
});

// Recorded values (see the file comment). Regenerate only for an intended rules change, never for speed work.
const GOLDEN = {
  simulate: {
    mail: {
      germanWins: 136,
      alliedWins: 64,
      unfinished: 0,
      steps: 5650,
      dice: 25245,
      invariantViolations: 0,
      orderErrors: 0,
    },
    standard: {
      germanWins: 102,
      alliedWins: 98,
      unfinished: 0,
      steps: 4516,
      dice: 24584,
      invariantViolations: 0,
      orderErrors: 0,
    },
  },
  traces: {
    'mail/0/random': {
      wins: { german: 30, allied: 10 },
      steps: 1119,
      dice: 4927,
      violations: 0,
      digest: '5773cd9afdf5c495',
    },
    'mail/0/default': { wins: { german: 10 }, steps: 391, dice: 1397, violations: 0, digest: '8e6062a7c5e7eb84' },
    'mail/1/random': {
      wins: { german: 35, allied: 5 },
      steps: 2656,
      dice: 5139,
      violations: 0,
      digest: '50245b6a4166dd2e',
    },
    'mail/1/default': { wins: { german: 10 }, steps: 685, dice: 1408, violations: 0, digest: '5301229555965de8' },
    'mail/2/random': {
      wins: { german: 26, allied: 14 },
      steps: 1724,
      dice: 5269,
      violations: 0,
      digest: '4fadb2979abb81e6',
    },
    'mail/2/default': { wins: { german: 10 }, steps: 587, dice: 1423, violations: 0, digest: 'd58a1f2f50e9556c' },
    'mail/3/random': {
      wins: { allied: 12, german: 28 },
      steps: 1927,
      dice: 4780,
      violations: 0,
      digest: 'b9fa4fa541f92fd6',
    },
    'mail/3/default': { wins: { german: 10 }, steps: 512, dice: 1401, violations: 0, digest: '2e742db3ad63a229' },
    'standard/0/random': {
      wins: { allied: 22, german: 18 },
      steps: 823,
      dice: 4525,
      violations: 0,
      digest: '55c0d45e9874a05d',
    },
    'standard/0/default': {
      wins: { allied: 3, german: 7 },
      steps: 232,
      dice: 1312,
      violations: 0,
      digest: 'f88537935202827b',
    },
    'standard/1/random': {
      wins: { german: 35, allied: 5 },
      steps: 1975,
      dice: 4685,
      violations: 0,
      digest: 'a8ab505c51a3de09',
    },
    'standard/1/default': { wins: { german: 10 }, steps: 385, dice: 1429, violations: 0, digest: '23ab9d217825e91f' },
    'standard/2/random': {
      wins: { german: 23, allied: 17 },
      steps: 882,
      dice: 4891,
      violations: 0,
      digest: 'd94936a8e824a6f2',
    },
    'standard/2/default': {
      wins: { german: 7, allied: 3 },
      steps: 231,
      dice: 1313,
      violations: 0,
      digest: '9d38ba5c36b34fb8',
    },
    'standard/3/random': {
      wins: { german: 25, allied: 15 },
      steps: 1921,
      dice: 5340,
      violations: 0,
      digest: '8c4e8ebc0cd90065',
    },
    'standard/3/default': {
      wins: { german: 8, allied: 2 },
      steps: 394,
      dice: 1423,
      violations: 0,
      digest: 'a46aaa8fca52273e',
    },
  },
  odds: { wins: { german: 500 }, unfinished: 0 },
};
