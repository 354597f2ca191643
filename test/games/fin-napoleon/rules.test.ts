/**
 * Fin-Napoleon rules as tables with forced dice: the spec's illustrations FN-X1 to FN-X3 and one row per rule and
 * option. Each row builds a position (the package's fixtures), resolves one step with the dice given, and checks
 * what changed.
 */
import { describe, expect, test } from 'vitest';
import type { GameEvent, ResolveContext } from '../../../src/engine/types.ts';
import { finNapoleon as fn } from '../../../src/games/fin-napoleon/index.ts';
import type { FnOrders } from '../../../src/games/fin-napoleon/orders/schema.ts';
import type { FnState } from '../../../src/games/fin-napoleon/state.ts';
import type { FnFixture } from '../../../src/games/fin-napoleon/rules/fixture.ts';

/** A context whose dice come from a list (then 6s, which miss and fail). */
function forced(dice: number[]): ResolveContext & { events: GameEvent[] } {
  const events: GameEvent[] = [];
  const queue = [...dice];
  return {
    events,
    roll: (sides, purpose) => {
      const value = queue.shift() ?? 6;
      events.push({ type: 'die', sides, value, purpose });
      return value;
    },
    emit: (e) => void events.push(e),
  };
}

const position = (f: FnFixture): FnState => fn.fixtures!.position(f);
const step = (s: FnState, seat: string, orders: FnOrders, dice: number[] = []) => {
  expect(fn.validate(s, seat, orders)).toEqual([]);
  const ctx = forced(dice);
  return { after: fn.resolve(s, { [seat]: orders }, ctx), events: ctx.events };
};
const codes = (s: FnState, seat: string, orders: FnOrders) => fn.validate(s, seat, orders).map((e) => e.code);

describe('FN-X1 (French combat in two areas)', () => {
  test('FN 9.21[1]: 2 dice on Prussia, 1 on Austria; FN 9.23: the Prussian survivor hits; FN 9.21[5]: Spain hits on 1-2', () => {
    const s = position({
      active: 'france',
      atWar: { prussia: true, spain: true },
      units: {
        RH: { france: 3, prussia: 2, austria: 1 },
        SP: { france: 2, spain: 1 },
        FR: { france: 0 },
        PR: { prussia: 0 },
        AU: { austria: 3 },
      },
    });
    const orders: FnOrders = { activity: 'move', allocate: { RH: { prussia: 2, austria: 1 } } };
    // Rhine: Prussia dice 1, 4; Austria 3; Allied 2. Spain: French 3, 2 (only 2 hits).
    const { after } = step(s, 'france', orders, [1, 4, 3, 2, 3, 2]);
    expect(after.units.RH).toMatchObject({ france: 2, prussia: 1, austria: 0 });
    expect(after.units.SP).toMatchObject({ france: 2, spain: 0 });
    expect(after.morale).toBe(14);
  });
});

describe('FN-X2 (French movement, FN 9.12[3], [4])', () => {
  const base: FnFixture = { active: 'france', atWar: { prussia: true }, units: { FR: { france: 1 } } };
  test.each([
    ['1 at-war Prussian: pass through', { RH: { prussia: 1 } }, {}, []],
    ['1 Prussian and 1 Russian: must stop', { RH: { prussia: 1, russia: 1 } }, { russia: true }, ['fn/must-stop']],
    ['2 Austrians at peace: ignored', { RH: { austria: 2 } }, { austria: false }, []],
  ])('%s', (_label, units, atWar, expected) => {
    const s = position({ ...base, units: { ...base.units, ...units }, atWar: { ...base.atWar, ...atWar } });
    expect(codes(s, 'france', { activity: 'move', move: { FR1: ['RH', 'PR'] } })).toEqual(expected);
  });
  test('2 British units at sea do not stop France (FN 9.12[4]); sea attrition 2-6 removes the unit (FN 9.13[3])', () => {
    const s = position({ ...base, units: { FR: { france: 2 }, ATL: { britain: 2 }, GB: { britain: 0 } } });
    const { after } = step(s, 'france', { activity: 'move', move: { FR1: ['ATL', 'SP'], FR2: ['ATL', 'SP'] } }, [1, 5]);
    expect(after.units.SP.france).toBe(1);
    expect(after.morale).toBe(14);
  });
});

describe('FN-X3 (surrender, FN 9.31-9.32)', () => {
  test('Prussia surrenders: peace, its units elsewhere return home; no combat there', () => {
    const s = position({
      active: 'france',
      atWar: { prussia: true },
      units: { PR: { prussia: 1 }, WA: { france: 1, prussia: 0 }, RH: { prussia: 2 } },
    });
    // France moves into Prussia with 1 unit (1 enemy: pass allowed); die 1 kills the Prussian, Allied attack none.
    const { after } = step(s, 'france', { activity: 'move', move: { WA1: ['PR'] } }, [1]);
    expect(after.atWar.prussia).toBe(false);
    expect(after.units.PR).toMatchObject({ france: 1, prussia: 2 });
    expect(after.units.RH.prussia).toBe(0);
  });
});

describe('rules', () => {
  test.each([
    [
      'FN 7.0[4]: a peace ally declares war on a 1-2',
      'prussia',
      { activity: 'declare' },
      [2],
      (s: FnState) => s.atWar.prussia,
    ],
    ['FN 7.0[4]: 3-6 fails', 'prussia', { activity: 'declare' }, [3], (s: FnState) => !s.atWar.prussia],
    [
      'FN 8.0[4]: reinforcement in the home area',
      'prussia',
      { activity: 'reinforce', count: 2 },
      [],
      (s: FnState) => s.units.PR.prussia === 5,
    ],
  ] as const)('%s', (_label, active, orders, dice, check) => {
    const s = position({ franceSlot: 6, active });
    expect(check(step(s, 'allies', orders as FnOrders, [...dice]).after)).toBe(true);
  });

  test.each([
    [
      'FN 3.1[1a]: a peace ally cannot move/combat',
      { active: 'prussia' },
      'allies',
      { activity: 'move' },
      'fn/move-at-peace',
    ],
    [
      'FN 9.11[3]: Spanish units cannot move',
      { active: 'spain', atWar: { spain: true } },
      'allies',
      { activity: 'move', move: { SP1: ['SF'] } },
      'fn/spain-fixed',
    ],
    [
      'FN 9.11[1]: allies move 1 area',
      { active: 'austria' },
      'allies',
      { activity: 'move', move: { AU1: ['RH', 'FR'] } },
      'fn/too-far',
    ],
    [
      'FN 9.1[2]: France and Italy are not adjacent',
      { active: 'france' },
      'france',
      { activity: 'move', move: { FR1: ['IT'] } },
      'fn/not-adjacent',
    ],
    [
      'FN 9.13[3]: only the British stay at sea',
      { active: 'france' },
      'france',
      { activity: 'move', move: { FR1: ['ATL'] } },
      'fn/sea-end',
    ],
    [
      'FN 8.0[4]: at most the reinforcement value',
      { active: 'austria' },
      'allies',
      { activity: 'reinforce', count: 3 },
      'fn/reinforce-limit',
    ],
    [
      'FN 7.0[3]: no declaration by a nation at war',
      { active: 'austria' },
      'allies',
      { activity: 'declare' },
      'fn/declare-at-war',
    ],
    [
      'FN-A06: France declares once a turn',
      { active: 'france', frenchDeclared: true },
      'france',
      { activity: 'declare', target: 'prussia' },
      'fn/declare-once',
    ],
    [
      'FN 9.11[2]: from French units straight into French units',
      { active: 'austria', units: { AU: { austria: 2, france: 1 }, RH: { france: 1 } } },
      'allies',
      { activity: 'move', move: { AU1: ['RH'] } },
      'fn/french-to-french',
    ],
  ] as const)('%s', (_label, fixture, seat, orders, code) => {
    expect(codes(position(fixture as FnFixture), seat, orders as FnOrders)).toContain(code);
  });

  test('FN 9.33: a French surrender costs 3 morale, sends everyone home, France places units, a new turn starts', () => {
    const s = position({
      active: 'austria',
      units: { FR: { france: 1 }, RH: { austria: 3 }, AU: { austria: 0 } },
      standing: { france: { surrenderCount: 2 } },
    });
    // Austria attacks France: French die 6 misses; Allied dice 1, 1, 1 remove the French unit.
    const { after } = step(
      s,
      'allies',
      { activity: 'move', move: { RH1: ['FR'], RH2: ['FR'], RH3: ['FR'] } },
      [6, 1, 1, 1],
    );
    expect(after.morale).toBe(15 - 1 - 3);
    expect(after.units.FR).toMatchObject({ france: 2, austria: 0 });
    expect(after.units.AU.austria).toBe(3);
    expect(after.turn).toBe(2);
  });

  test('FN 10.3[4]: France wins with 10 VP of Allies at peace', () => {
    const s = position({ active: 'britain', franceSlot: 1, atWar: { austria: false } });
    const { after } = step(s, 'allies', { activity: 'none' }, [6, 6]);
    expect(fn.outcome(after)?.winners).toEqual(['france']);
  });

  test('FN 12.0[P]: Road to Paris, morale 0 does not end the game', () => {
    const s = position({ active: 'britain', morale: 0, options: { roadToParis: true } });
    const { after } = step(s, 'allies', { activity: 'none' }, [6, 6]);
    expect(fn.outcome(after)).toBeNull();
    const plain = step(position({ active: 'britain', morale: 0 }), 'allies', { activity: 'none' }, [6, 6]).after;
    expect(fn.outcome(plain)?.winners).toEqual(['allies']);
  });

  test('FN 12.0[M]: start VP and joint winners of the multiplayer mode', () => {
    const s = position({ mode: 'allies-4', active: 'britain', morale: 0 });
    expect(s.startVp).toEqual({ 'ally-1': 2, 'ally-2': 1, 'ally-3': 0, 'ally-4': 0 });
    const { after } = step(s, 'ally-4', { activity: 'none' }, [6, 6]);
    // FN 12.0[M][7]-[8]: Spain's 2 units next to South France give ally-4 2 VP, level with ally-1's start VP.
    expect(fn.outcome(after)?.winners).toEqual(['ally-1', 'ally-4']);
  });

  test('spec 5.2: a later activation is used in turn without asking', () => {
    const s = position({ franceSlot: 6, active: 'prussia' });
    const { after } = step(s, 'allies', { activity: 'none', later: { austria: { activity: 'reinforce', count: 2 } } });
    expect(after.units.AU.austria).toBe(6);
    expect(fn.owed(after)[0]).toMatchObject({ seat: 'allies', point: 'FN-D1' });
  });
});

describe('FN-A12 halt after sea attrition (spec 5.2)', () => {
  test('France stops after the sea roll and moves the rest in a second answer; units that moved cannot move again', () => {
    const s = position({ active: 'france', units: { FR: { france: 3 } } });
    const first: FnOrders = {
      activity: 'move',
      haltAfterSea: true,
      move: { FR1: ['ATL', 'SP'], FR2: ['RH'], FR3: ['RH'] },
    };
    const { after } = step(s, 'france', first, [5]);
    expect(after.units.FR.france).toBe(2);
    expect(fn.owed(after)[0]).toMatchObject({ seat: 'france', point: 'FN-D4' });
    // The unit lost at sea: France sends the other two elsewhere; a unit that arrived may not move on.
    expect(codes(after, 'france', { move: { SP1: ['SF'] } })).toContain('fn/no-unit');
    const { after: done } = step(after, 'france', { move: { FR1: ['SF'], FR2: ['SF'] } });
    expect(done.units.SF.france).toBe(2);
    expect(fn.owed(done)[0]).toMatchObject({ point: 'FN-D1' });
  });
});

describe('spec 5.2 conditional later activations', () => {
  test.each([
    ['met: used without asking', { noFrench: 'AU' }, {}, 6, 'FN-D1 allies russia'],
    ['not met: the seat is asked for Austria', { french: 'RH' }, {}, 4, 'FN-D1 allies austria'],
    ['atWar met', { atWar: true }, {}, 6, 'FN-D1 allies russia'],
  ] as const)('%s', (_label, when, _extra, austria, next) => {
    const s = position({ franceSlot: 6, active: 'prussia' });
    const { after, events } = step(s, 'allies', {
      activity: 'none',
      later: { austria: { activity: 'reinforce', count: 2, when } },
    });
    expect(after.units.AU.austria).toBe(austria);
    const owed = fn.owed(after)[0];
    expect(`${owed.point} ${owed.seat} ${after.order[after.cursor]}`).toBe(next);
    if (austria === 4) expect(events.find((e) => e.type === 'later-dropped')?.visibleTo).toEqual(['allies']);
  });
  test('text: Austria: IF FRENCH IN Rhine / オーストリア: 条件 フランス軍 ライン連邦', async () => {
    const { readOrderText } = await import('../../../src/orders-text/game-text.ts');
    const s = position({ franceSlot: 6, active: 'prussia' });
    const input = { data: fn.defaultData, seat: 'allies', choices: fn.choices(s, 'allies') };
    const want = { activity: 'none', later: { austria: { activity: 'reinforce', count: 2, when: { french: 'RH' } } } };
    expect(readOrderText(fn, input, 'NONE\nAustria: REINFORCE 2\nAustria: IF FRENCH IN Rhine').orders).toEqual(want);
    expect(
      readOrderText(fn, input, 'なし\nオーストリア: 増強 2\nオーストリア: 条件 フランス軍 ライン連邦').orders,
    ).toEqual(want);
  });
});

describe('D6: France allocates its dice in every combat, Allied activations included (FN 9.21[1])', () => {
  const f = (standing?: FnFixture['standing']): FnFixture => ({
    active: 'austria',
    atWar: { prussia: true },
    units: { RH: { france: 2, prussia: 1 }, AU: { austria: 2 } },
    ...(standing ? { standing } : {}),
  });
  test('without a standing priority France is asked, then the combat goes on with its answer', () => {
    const { after } = step(position(f()), 'allies', { activity: 'move', move: { AU1: ['RH'] } });
    expect(fn.owed(after)[0]).toMatchObject({ seat: 'france', point: 'FN-D6' });
    expect(codes(after, 'france', { allocation: { prussia: 1 } })).toEqual(['fn/allocation-sum']);
    // Both dice on Austria: 1 and 2 remove the one Austrian unit (the second hit is void, FN 9.21[4]).
    const { after: done } = step(after, 'france', { allocation: { austria: 2 } }, [1, 2, 6]);
    expect(done.units.RH).toMatchObject({ france: 2, prussia: 1, austria: 0 });
  });
  test('a standing priority answers it without a message (spec 5.2)', () => {
    const { after } = step(
      position(f({ france: { priority: ['prussia', 'austria'] } })),
      'allies',
      { activity: 'move', move: { AU1: ['RH'] } },
      [1, 1, 6, 6],
    );
    expect(fn.owed(after)[0]).toMatchObject({ point: 'FN-D1' });
    // Priority: 1 die on Prussia (its one unit), the other on Austria; both hit.
    expect(after.units.RH).toMatchObject({ prussia: 0, austria: 0, france: 2 });
  });
  test('FN-A16: a non-active ally named in NOJOIN does not attack', () => {
    const s = position({
      ...f({ france: { priority: ['prussia'] } }),
      units: { RH: { france: 1, prussia: 3 }, AU: { austria: 1 } },
    });
    const events = step(
      s,
      'allies',
      { activity: 'move', move: { AU1: ['RH'] }, noJoin: { RH: ['prussia'] } },
      [6],
    ).events;
    expect(events.find((e) => e.type === 'allied-attack')).toMatchObject({ nations: ['austria'], dice: 1 });
  });
  test("D7 in multiplayer: a player holds its nation back from other nations' attacks (standing HOLD BACK)", () => {
    const f: FnFixture = {
      mode: 'allies-4',
      active: 'austria',
      atWar: { prussia: true },
      units: { RH: { france: 1, prussia: 3 }, AU: { austria: 1 } },
      standing: { france: { priority: ['prussia'] }, 'ally-1': { holdBack: ['prussia'] } },
    };
    const s = position(f);
    expect(fn.validate(s, 'ally-3', { standing: { holdBack: ['prussia'] } }).map((e) => e.code)).toEqual([
      'fn/standing-hold-back',
    ]);
    const events = step(s, 'ally-2', { activity: 'move', move: { AU1: ['RH'] } }, [6]).events;
    expect(events.find((e) => e.type === 'allied-attack')).toMatchObject({ nations: ['austria'], dice: 1 });
  });
  test('a standing per-area allocation comes before the priority (spec 5.2 per_area)', () => {
    const standing = { france: { priority: ['prussia' as const], perArea: { RH: { austria: 2 } } } };
    const s = position({
      active: 'austria',
      atWar: { prussia: true },
      units: { RH: { france: 2, prussia: 1 }, AU: { austria: 2 } },
      standing,
    });
    const { after } = step(s, 'allies', { activity: 'move', move: { AU1: ['RH'], AU2: ['RH'] } }, [1, 1, 6, 6, 6]);
    expect(after.units.RH).toMatchObject({ prussia: 1, austria: 0 });
  });
});
