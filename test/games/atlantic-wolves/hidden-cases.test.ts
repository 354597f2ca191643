/**
 * Standard-mode hidden information, case by case (each a leak the views once had): two positions that differ only in
 * what a seat may not see give that seat the same bytes. Fixture values only (spec section 7).
 */
import { describe, expect, test } from 'vitest';
import { forcedDice, type GameEvent, type ResolveContext, type Viewer } from '../../../src/engine/index.ts';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import {
  stateFromFixture,
  type FixtureSetup,
  type FixtureUnit,
} from '../../../src/games/atlantic-wolves/rules/fixture.ts';
import type { AwOrders } from '../../../src/games/atlantic-wolves/orders/schema.ts';
import { at, type AwState } from '../../../src/games/atlantic-wolves/state.ts';

const german: Viewer = { kind: 'seat', seat: 'german' };
const allied: Viewer = { kind: 'seat', seat: 'allied' };
const spectator: Viewer = { kind: 'public' };

/** A context with forced dice that keeps its events. */
function run(dice: number[]): { ctx: ResolveContext; events: GameEvent[] } {
  const d = forcedDice(dice);
  const events: GameEvent[] = [];
  const roll: ResolveContext['roll'] = (sides, purpose, visibleTo) => {
    const value = d.roll(sides, purpose);
    events.push({ type: 'die', sides, value, purpose, ...(visibleTo ? { visibleTo: [...visibleTo] } : {}) });
    return value;
  };
  return { ctx: { roll, emit: (e) => void events.push(e) }, events };
}

/** Everything a viewer is shown of a position: the view and (a seat) its choices. */
const shown = (s: AwState, v: Viewer): string =>
  JSON.stringify(game.view(s, v)) + JSON.stringify(v.kind === 'seat' ? game.choices(s, v.seat) : null);
/** The events a viewer is shown. */
const seen = (events: GameEvent[], v: Viewer): string => JSON.stringify(game.visibleEvents(events, v));

const units: FixtureUnit[] = [
  { id: 'C1', type: 'convoy', strength: 5, vp: 1 },
  { id: 'D1', type: 'DD', strength: 2 },
  { id: 'E1', type: 'DD', strength: 3 },
  { id: 'E2', type: 'DD', strength: 2 },
  { id: 'U1', type: 'UB', strength: 2 },
  { id: 'U2', type: 'UB', strength: 2 },
  { id: 'U3', type: 'UB', strength: 1 },
];
const base = (over: Partial<FixtureSetup> = {}): FixtureSetup => ({
  mode: 'standard',
  turn: 2,
  table: 10,
  start: 'allied-placement',
  data: { areas: 'F', units },
  used: ['D1', 'E1', 'E2', 'U1'],
  ...over,
});

/** Runs a fixture through Step 2 (option upTo: nothing drawn unless asked) to the Step-3 decision point. */
function atStep3(options: Record<string, unknown> = {}, step2: Record<string, number> = {}): AwState {
  const r = run([3, 3, 1, 1, 1, 1]);
  const s = game.resolve(stateFromFixture(base({ options: { step2Draw: 'upTo', ...options } })), {}, r.ctx);
  expect(s.phase.kind).toBe('step2');
  const t = game.resolve(s, { allied: { step2 } }, r.ctx);
  expect(t.phase.kind).toBe('step3');
  return t;
}

/** Step-3 orders: `AREA:unit,unit^` (^ = face up) per area, e.g. ['Area-1:C1,D1^', 'Area-5:E1']. */
function step3(...areas: string[]): NonNullable<AwOrders['step3']> {
  const out: NonNullable<AwOrders['step3']> = {};
  for (const spec of areas) {
    const [area, list] = spec.split(':');
    for (const u of list.split(',')) out[u.replace('^', '')] = { area, face: u.endsWith('^') ? 'up' : 'down' };
  }
  return out;
}

describe('AW 6.0-Step3 / AW 7.0: what the German sees of the Allied placement', () => {
  test('a face-up unit among face-down ones: the face-down ones are placeholders after it, whatever they are', () => {
    // C1 (a convoy, before D1 in data order) or E1 (an escort, after it) lies face down beside the face-up D1.
    const place = (here: string, there: string): AwState => {
      const orders = step3(`Area-1:${here},D1^`, `Area-2:${there}`, 'Area-5:E2,XC1,XC2');
      const t = game.resolve(atStep3(), { allied: { step3: orders } }, run([]).ctx);
      expect(t.phase.kind).toBe('ub-placement');
      return t;
    };
    const a = place('C1', 'E1');
    const b = place('E1', 'C1');
    for (const v of [german, spectator]) expect(shown(b, v)).toBe(shown(a, v));
    const view = game.view(a, german) as { areas: { id: string; allied: { id: string }[] }[] };
    expect(view.areas.find((x) => x.id === 'Area-1')!.allied.map((u) => u.id)).toEqual(['D1', 'hidden-1']);
  });

  test('the Step-3 counts come in area order, which does not tell where the first unit in data order went', () => {
    const events = (first: string, second: string): string => {
      const r = run([]);
      const orders = step3(`${first}:C1`, `${second}:D1`, 'Area-5:E1,E2,XC1,XC2');
      game.resolve(atStep3(), { allied: { step3: orders } }, r.ctx);
      return seen(r.events, german) + seen(r.events, spectator);
    };
    expect(events('Area-1', 'Area-3')).toBe(events('Area-3', 'Area-1'));
  });
});

describe('AW 5.0 / AW 7.0[1]: the German draw stays his until he places it', () => {
  // U1 and U2 were sunk; this turn the German drew one of them (U3 stays in the cup, never drawn).
  const drew = (id: string, other: string): AwState => {
    const fixture = base({ turn: 3, used: ['D1', id], sunkUbs: [other], unused: ['U3'] });
    const s = game.resolve(stateFromFixture(fixture), {}, run([3, 3]).ctx);
    expect(s.phase.kind).toBe('step2');
    return s;
  };

  test('the Allied seat and the public see one position whichever sunk UB was drawn; the German sees his own', () => {
    const a = drew('U1', 'U2');
    const b = drew('U2', 'U1');
    for (const v of [allied, spectator]) expect(shown(b, v)).toBe(shown(a, v));
    expect((game.view(a, german) as { sunkUbs: string[] }).sunkUbs).toEqual(['U2']);
    expect((game.view(a, allied) as { sunkUbs?: string[] }).sunkUbs).toBeUndefined();
  });

  test('once every UB in use is on the map, the sunk list is shown again, in data order', () => {
    const map = { 'Area-1': ['C1', 'D1'] };
    const fixture = base({ turn: 3, start: 'ub-placement', used: ['U2'], sunkUbs: ['U3', 'U1'], map });
    const s = game.resolve(stateFromFixture(fixture), {}, run([]).ctx);
    const t = game.resolve(s, { german: { placement: { U2: 'Area-1' } } }, run([]).ctx);
    expect((game.view(t, allied) as { sunkUbs: string[] }).sunkUbs).toEqual(['U1', 'U3']);
  });
});

describe('AW 6.0-C2 (literal overflow): naming and re-placing face-down units', () => {
  const literal = { overflow: 'literal' };
  /** Area-4 (capacity 2) overfilled by Step 3 with C1, D1 (face up), E1, E2; the two ☆ convoys in Area-1. */
  function overfull(): AwState {
    const orders = step3('Area-4:C1,D1^,E1,E2', 'Area-1:XC1,XC2');
    const t = game.resolve(atStep3(literal), { allied: { step3: orders } }, run([]).ctx);
    expect(t.phase.kind).toBe('overflow-name');
    return t;
  }
  const named = (names: string[]) => {
    const r = run([]);
    const s = game.resolve(overfull(), { allied: { overflow: names } }, r.ctx);
    expect(s.phase.kind).toBe('overflow-replace');
    return { s, events: r.events };
  };
  /** The events of the German's re-placement of D1 and "#2". */
  const replaced = (x: AwState) => {
    const r = run([]);
    game.resolve(x, { german: { replace: { D1: 'Area-2', '#2': 'Area-3' } } }, r.ctx);
    return r.events;
  };

  test('the German re-places D1 (face up) and "#2": the key does not say if the other came before D1 or after', () => {
    const a = named(['C1', 'D1']); // the face-down one before D1 in data order
    const b = named(['D1', 'E2']); // ... or after it
    for (const v of [german, spectator]) {
      expect(shown(b.s, v)).toBe(shown(a.s, v));
      expect(seen(b.events, v)).toBe(seen(a.events, v));
      expect(seen(replaced(b.s), v)).toBe(seen(replaced(a.s), v));
    }
    const view = game.view(a.s, german) as { phase: { units: { key: string }[] } };
    expect(view.phase.units.map((u) => u.key)).toEqual(['D1', '#2']);
    // The Allied player is told where each of his units went.
    expect(seen(replaced(a.s), allied)).toContain('"C1":"Area-3"');
  });

  test('the id of a face-down unit is refused as a key as if it were not named: a refusal is no oracle', () => {
    const orders = { replace: { C1: 'Area-2', D1: 'Area-3' } };
    const errors = (x: AwState) => JSON.stringify(game.validate(x, 'german', orders));
    expect(errors(named(['C1', 'D1']).s)).toBe(errors(named(['D1', 'E2']).s));
    expect(errors(named(['C1', 'D1']).s)).toContain('aw/replace/unknown-unit');
  });

  test('Step-2 units are named by area ("Area-4?1"), not by id; no choice, view or event says which', () => {
    // Step 2 puts 3 units blind in Area-4 (capacity 2) and 1 in Area-2; Step 3 puts the rest in Area-1.
    const s = atStep3(literal, { 'Area-4': 3, 'Area-2': 1 });
    const blind = s.t.step2;
    const rest = s.data.units.filter((u) => u.side === 'allied' && at(s, u.id) === 'used').map((u) => u.id);
    const t = game.resolve(s, { allied: { step3: step3(`Area-1:${rest.join(',')}`) } }, run([]).ctx);
    expect(t.phase.kind).toBe('overflow-name');
    const options = game.choices(t, 'allied')!.fields[0].options.map((o) => o.value);
    expect(options).toEqual(['Area-4?1', 'Area-4?2', 'Area-4?3']);
    for (const id of blind) expect(shown(t, allied)).not.toContain(`"${id}"`);
    // Naming a Step-2 unit by id is refused the same way wherever it lies (Area-4, over capacity, or Area-2).
    const refusal = (area: string) => {
      const id = blind.find((u) => at(t, u) === area)!;
      return game.validate(t, 'allied', { overflow: [id] }).map((e) => `${e.code} ${e.rule} ${e.path}`);
    };
    expect(refusal('Area-2')).toEqual(refusal('Area-4'));
    expect(refusal('Area-4')).toContain('aw/overflow/blind-unit AW-A06 overflow.0');
    expect(game.validate(t, 'allied', { overflow: ['Area-4?2'] })).toEqual([]);
    const r = run([]);
    const u = game.resolve(t, { allied: { overflow: ['Area-4?2'] } }, r.ctx);
    expect(u.phase.kind).toBe('overflow-replace');
    const told = shown(u, allied) + seen(r.events, allied);
    for (const id of blind) expect(told).not.toContain(`"${id}"`);
    expect(told).toContain('"blind":{"Area-4":1}');
  });
});
