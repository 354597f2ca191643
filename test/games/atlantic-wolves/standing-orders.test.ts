/**
 * Standing orders never change an outcome (spec 5.2): a response table sent early (AW 12.0-3, `responseTable`)
 * gives exactly the game that answering each roll when asked (AW-D7) gives, with the same dice. Both runs use the
 * engine's default orders for every other decision and one dice stream; the asked run answers each D7 with what
 * the table would have chosen: its first entry that is a legal option now, else stay.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sfc32FromHex, streamDice } from '../../../src/engine/dice.ts';
import type { ResolveContext } from '../../../src/engine/types.ts';
import { atlanticWolves, type AwState } from '../../../src/games/atlantic-wolves/index.ts';
import type { AwOrders } from '../../../src/games/atlantic-wolves/orders/schema.ts';

const game = atlanticWolves;
const data = game.dataSchema.parse(game.defaultData);
const areaIds = data.areas.map((a) => a.id);
type Tables = Record<string, Record<string, string[]>>; // seat -> unit -> preferences

function tablesFor(seed: number, turn: number): Tables {
  let s = (seed * 7919 + turn * 104729) >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const tables: Tables = { allied: {}, german: {} };
  for (const unit of data.units) {
    if (next() < 0.3) continue;
    const prefs = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
      next() < 0.2 ? 'stay' : areaIds[Math.floor(next() * areaIds.length)],
    );
    tables[unit.side][unit.id] = prefs;
  }
  return tables;
}

interface Run {
  final: AwState;
  dice: number[];
  asked: number;
  moved: number;
  steps: number;
}

function play(seed: number, withTables: boolean): Run {
  let state = game.setup({ mode: 'mail', options: game.optionsSchema.parse({}), data });
  const dice = streamDice(sfc32FromHex(seed.toString(16).padStart(8, '0').repeat(4)));
  const rolled: number[] = [];
  const ctx: ResolveContext = {
    roll: (n, p) => {
      const v = dice.roll(n, p);
      rolled.push(v);
      return v;
    },
    emit: () => {},
  };
  let asked = 0;
  let moved = 0;
  let steps = 0;
  for (; steps < 600; steps++) {
    const owed = game.owed(state);
    if (owed.length === 0) {
      if (game.outcome(state)) break;
      state = game.resolve(state, {}, ctx);
      continue;
    }
    const orders: Record<string, AwOrders> = {};
    for (const { seat, point } of owed) {
      const tables = tablesFor(seed, state.turn);
      if (point === 'AW-D7') {
        asked++;
        const tree = game.choices(state, seat)!;
        // The prompt names the rolled unit: "Response roll 2: unit 31 (US-DD2) in CG may move ...".
        const rolledUnit = /unit \d+ \(([^)]+)\)/.exec(tree.prompt.en)?.[1];
        expect(rolledUnit).toBeDefined();
        const legal = new Set(tree.fields[0].options.map((o) => o.value));
        const response = (tables[seat][rolledUnit!] ?? []).find((p) => legal.has(p)) ?? 'stay';
        if (response !== 'stay') moved++;
        orders[seat] = { response };
      } else {
        const o = game.defaultOrders(state, seat);
        const placing = point === 'AW-D3' || point === 'AW-D5';
        orders[seat] =
          withTables && placing ? { ...o, standing: { responseTable: tablesFor(seed, state.turn)[seat] } } : o;
      }
      expect(game.validate(state, seat, orders[seat])).toEqual([]);
    }
    state = game.resolve(state, orders, ctx);
  }
  return { final: state, dice: rolled, asked, moved, steps };
}

describe('standing orders (spec 5.2)', () => {
  test('a response table sent early plays out exactly as answering each roll when asked', () => {
    let askedSomewhere = 0;
    let movedSomewhere = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const early = play(seed, true);
        const asked = play(seed, false);
        askedSomewhere += asked.asked - early.asked;
        movedSomewhere += asked.moved;
        expect(game.outcome(early.final)).toEqual(game.outcome(asked.final));
        expect(early.dice).toEqual(asked.dice);
        const { standing: _a, ...earlyRest } = early.final as unknown as Record<string, unknown>;
        const { standing: _b, ...askedRest } = asked.final as unknown as Record<string, unknown>;
        expect(JSON.stringify(earlyRest)).toBe(JSON.stringify(askedRest));
      }),
      { numRuns: 40 },
    );
    expect(askedSomewhere).toBeGreaterThan(0); // the tables really answered rolls the other run had to ask about
    expect(movedSomewhere).toBeGreaterThan(0); // and those answers moved units, so equal results mean something
  });
});
