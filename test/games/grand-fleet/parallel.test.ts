/**
 * Adaptation GF-AD1 (option `combatHexes`): the same battle in three contested hexes played strictly (one hex at a
 * time, ascending) and in parallel (every hex in the same messages). Dice are keyed by purpose, not by the order
 * they are rolled in, so both readings meet the same dice: every hex must end exactly as in strict play (GF 8[4][2]),
 * in fewer steps. Also: validation, defaults, choices and the order text of the per-hex answers.
 */
import { describe, expect, test } from 'vitest';
import type { GameEvent, ResolveContext } from '../../../src/engine/types.ts';
import { stateFromFixture } from '../../../src/games/grand-fleet/rules/fixture.ts';
import { grandFleet as game } from '../../../src/games/grand-fleet/index.ts';
import type { GfOrders } from '../../../src/games/grand-fleet/orders/schema.ts';
import { type GfState, placesById } from '../../../src/games/grand-fleet/state.ts';
import { ordersFromForm } from '../../../src/web/form.ts';

const GB = (...ns: number[]) => ns.map((n) => `GB${String(n).padStart(2, '0')}`);
const DE = (...ns: number[]) => ns.map((n) => `DE${String(n).padStart(2, '0')}`);
const pad = (f: string[][], n: number) => [...f, ...Array.from({ length: n - f.length }, () => [])];
const up = (id: string, side: 'british' | 'german', fleet: number, hex: string) => ({
  ...{ id, side, hex, up: true, fleet, down: -1, moved: false, out: false },
});

/**
 * Three contested hexes after interception: 404 one fleet each (Britain decides first on the tie), 505 two British
 * fleets against one (Britain first), 606 two German fleets against one (Germany first, GF 8[4.2][2]).
 */
const position = (combatHexes: 'strict' | 'parallel'): GfState =>
  stateFromFixture({
    options: { combatHexes },
    offensive: 'british',
    battle: {
      offensive: 'british',
      fleets: {
        british: pad([GB(1, 2, 3), GB(5, 6, 7), GB(9, 10, 11), GB(13, 14, 15)], 8),
        german: pad([DE(1, 2, 3), DE(4, 5, 6), DE(7, 8, 9), DE(10, 11, 12)], 6),
      },
      markers: [
        up('B1', 'british', 1, '404'),
        up('G1', 'german', 1, '404'),
        up('B2', 'british', 2, '505'),
        up('B3', 'british', 3, '505'),
        up('G2', 'german', 2, '505'),
        up('B4', 'british', 4, '606'),
        up('G3', 'german', 3, '606'),
        up('G4', 'german', 4, '606'),
      ],
      finished: ['404', '505', '606'],
      passes: 1,
    },
    phase: { kind: 'intercept', side: 'british' },
  });

/** The dice by purpose: initiative 4 for Britain, 2 for Germany; each ship's damage dice from its id. */
function keyedDice(): (sides: number, text: string) => number {
  const count = new Map<string, number>();
  return (_sides, text) => {
    const n = count.get(text) ?? 0;
    count.set(text, n + 1);
    if (text.includes('initiative')) return text.includes('british') ? 4 : 2;
    const code = [...text].reduce((a, c) => a + c.charCodeAt(0), 0);
    return ((code + n * 5) % 6) + 1;
  };
}

/** Plays from the position to the battle's end with every seat's default orders; counts the steps. */
function play(combatHexes: 'strict' | 'parallel') {
  let s = position(combatHexes);
  const events: GameEvent[] = [];
  const roll = keyedDice();
  const ctx: ResolveContext = { roll, emit: (e) => events.push(e) };
  const owedSeen: string[][] = [];
  const sealedSeen: boolean[] = [];
  let steps = 0;
  let orders: Record<string, GfOrders> = { british: { intercept: 'pass' } };
  while (s.battle) {
    s = game.resolve(s, orders, ctx);
    steps++;
    expect(game.invariants(s)).toEqual([]);
    const owed = game.owed(s);
    owedSeen.push(owed.map((o) => `${o.seat}:${o.point}`));
    sealedSeen.push(owed.some((o) => o.sealed === true));
    orders = Object.fromEntries(owed.map((o) => [o.seat, game.defaultOrders(s, o.seat)]));
    for (const [seat, o] of Object.entries(orders)) expect(game.validate(s, seat, o)).toEqual([]);
    if (steps > 60) throw new Error('battle does not end');
  }
  const byHex = (hex: string) =>
    events.filter((e) => e.hex === hex).map((e) => JSON.stringify({ ...e, hex: undefined }));
  return { s, steps, owedSeen, sealedSeen, byHex, events };
}

describe('GF-AD1: the same battle strictly and in parallel', () => {
  const strict = play('strict');
  const parallel = play('parallel');

  test('every hex is resolved by the rules exactly as in strict play (GF 8[4][2])', () => {
    for (const hex of ['404', '505', '606']) {
      expect(parallel.byHex(hex), hex).toEqual(strict.byHex(hex));
      expect(
        strict.byHex(hex).some((e) => e.includes('"type":"bombardment"')),
        hex,
      ).toBe(true);
    }
    expect(placesById(parallel.s)).toEqual(placesById(strict.s));
    expect(parallel.s.vp).toBe(strict.s.vp);
    // The battle did something: ships were hit, in more than one hex.
    const hit = Object.entries(placesById(strict.s)).filter(([, p]) => p === 'sunk' || p.startsWith('dd'));
    expect(hit.length).toBeGreaterThan(2);
  });

  test('the decision steps drop from the sum over the hexes to the longest hex', () => {
    // Strict: 404 D15, D15, D16, D17 (sealed, together), wiped out; 505 the same plus D18 from each side; 606 as 404
    // with Germany deciding first. Then the next turn's armament (D2, D3).
    const D = (...points: string[]) => points.map((p) => p.split(' '));
    const strictPoints = D(
      ...['british:GF-D15', 'german:GF-D15', 'british:GF-D16', 'british:GF-D17 german:GF-D17'],
      ...['british:GF-D15', 'german:GF-D15', 'british:GF-D16', 'british:GF-D17 german:GF-D17'],
      ...['british:GF-D18', 'german:GF-D18'],
      ...['german:GF-D15', 'british:GF-D15', 'british:GF-D16', 'british:GF-D17 german:GF-D17'],
      'british:GF-D2 german:GF-D3',
    );
    expect(strict.owedSeen).toEqual(strictPoints);
    // Parallel: each step answers every open hex; 404 and 606 end after step 4, 505 goes on to D18.
    const both = 'british:GF-AD1 german:GF-AD1';
    const parallelPoints = D(both, both, 'british:GF-AD1', both, 'british:GF-AD1', 'german:GF-AD1');
    expect(parallel.owedSeen).toEqual([...parallelPoints, ['british:GF-D2', 'german:GF-D3']]);
    // One interception pass, then 4 + 6 + 4 = 14 strict combat steps against 6 in parallel (the longest hex).
    expect(strict.steps).toBe(1 + 14);
    expect(parallel.steps).toBe(1 + 6);
  });

  test('under GF-AD1 both seats answer in the same message where the first deciders differ', () => {
    expect(strict.owedSeen[0]).toEqual(['british:GF-D15']);
    expect(parallel.owedSeen[0]).toEqual(['british:GF-AD1', 'german:GF-AD1']);
    expect(parallel.events.some((e) => e.type === 'parallel-combat')).toBe(true);
    // GF-A19 R1: the step where the hexes wait for fire allocations is sealed, and only that one.
    expect(parallel.sealedSeen.slice(0, 6)).toEqual([false, false, false, true, false, false]);
  });
});

describe('GF-AD1: the per-hex answers', () => {
  const first = () => game.resolve(position('parallel'), { british: { intercept: 'pass' } }, ctxOf());
  const ctxOf = (): ResolveContext => ({ roll: keyedDice(), emit: () => {} });

  test('defaults, choices and owed name each open hex; the prompt lists them', () => {
    const s = first();
    expect(Object.keys(game.defaultOrders(s, 'british').hexes ?? {})).toEqual(['404', '505']);
    expect(Object.keys(game.defaultOrders(s, 'german').hexes ?? {})).toEqual(['606']);
    const keys = game.choices(s, 'british')!.fields.map((f) => f.key);
    expect(keys).toEqual([
      'hexes.404.initiative.half',
      'hexes.404.initiative.excess',
      'hexes.505.initiative.half',
      'hexes.505.initiative.excess',
    ]);
    expect(game.owed(s)[0].prompt.en).toContain('404:');
    // The player's page builds per-hex orders from these fields, and they are legal.
    const body = { 'hexes.404.initiative.half': 'true', 'hexes.404.initiative.excess': '1' };
    const built = ordersFromForm(
      { ...body, 'hexes.505.initiative.half': 'false', 'hexes.505.initiative.excess': '0' },
      game.choices(s, 'british')!,
      game.ordersSchema,
    );
    expect(built).toEqual({
      hexes: { '404': { initiative: { half: true, excess: 1 } }, '505': { initiative: { half: false, excess: 0 } } },
    });
    expect(game.validate(s, 'british', game.ordersSchema.parse(built))).toEqual([]);
  });

  test('validation: every owed hex answered, no other hex, each by the strict rules', () => {
    const s = first();
    const codes = (o: GfOrders) => game.validate(s, 'german', o).map((e) => `${e.code}@${e.path}`);
    expect(codes({ initiative: { half: false, excess: 0 } })).toContain('gf/not-owed@initiative');
    expect(codes({ hexes: {} })).toEqual(['gf/missing@hexes.606.initiative']);
    expect(codes({ hexes: { '606': { initiative: { half: false, excess: 0 } }, '404': {} } })).toEqual([
      'gf/hex-not-owed@hexes.404',
    ]);
    // GF 8[4.2][5]: excess at most the side's fleets in that hex (two German fleets in 606).
    expect(codes({ hexes: { '606': { initiative: { half: true, excess: 3 } } } })).toEqual([
      'gf/excess@hexes.606.initiative.excess',
    ]);
    expect(codes({ hexes: { '606': { initiative: { half: true, excess: 2 } } } })).toEqual([]);
    // Strict play has no per-hex answers.
    const strict = game.resolve(position('strict'), { british: { intercept: 'pass' } }, ctxOf());
    expect(game.validate(strict, 'british', { hexes: {} }).map((e) => e.code)).toContain('gf/not-owed');
  });

  test('order text: AT hex: line, in English and Japanese, read back', () => {
    const data = position('parallel').data;
    const grammar = game.grammar!;
    const ctx = grammar.context({ data } as never);
    const orders: GfOrders = {
      hexes: { '404': { initiative: { half: true, excess: 1 } }, '505': { fire: { DE04: 3 }, continue: true } },
    };
    for (const l of ['en', 'ja'] as const) {
      const lines = grammar.format(orders, ctx, l);
      const read: GfOrders = grammar.empty();
      for (const line of lines) {
        const r = grammar.statement(line, ctx);
        if (r?.kind !== 'order') throw new Error(`${l}: ${line}`);
        r.apply(read);
      }
      expect(read, l).toEqual(orders);
    }
    expect(grammar.format(orders, ctx, 'en')[0]).toBe('AT 404: INITIATIVE HALF EXCESS 1');
    expect(grammar.format(orders, ctx, 'ja')[0]).toBe('戦闘ヘクス 404: 主導権 半砲撃 過剰 1');
    const bad = grammar.statement('AT 404 PLACE DOWN -> 404', ctx);
    expect(bad?.kind).toBe('error');
  });
});
