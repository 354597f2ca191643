/**
 * The shape-level check of orders against a ChoiceTree, shared by every game: one row per kind of answer and per
 * limit, each citing the rule of the three coming games it models (FN, GF, OC specs, sections 4 and 5).
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { ChoiceField, ChoiceLimit, ChoiceTree, Text } from '../../src/engine/types.ts';
import { checkChoices, effectiveField } from '../../src/engine/choices.ts';
import { sfc32FromHex, sfc32Next } from '../../src/engine/dice.ts';
import { atlanticWolves as aw } from '../../src/games/atlantic-wolves/index.ts';
import { randomLegalOrders } from '../../src/games/atlantic-wolves/orders/random-orders.ts';

const t = (en: string): Text => ({ en, ja: en });
const opts = (...values: string[]) => values.map((v) => ({ value: v, label: t(v) }));
const tree = (fields: ChoiceField[], limits: ChoiceLimit[] = []): ChoiceTree => ({
  point: 'X-D1',
  rule: 'X 1',
  prompt: t('p'),
  fields,
  constraints: [],
  limits,
});
const codes = (tr: ChoiceTree, orders: unknown) => checkChoices(tr, orders).map((e) => `${e.code}@${e.path ?? ''}`);

// FN 9.12: a French unit moves up to 2 areas; FN 9.12[3]: entering 2+ enemy units stops it; FN 9.13[3]: only the
// British may stay at sea. Areas: FR-RH-PR-WS in a line, FR-ATL (sea)-SP, RH-IT.
const frenchMove: ChoiceField = {
  key: 'move.u1',
  label: t('French unit 1'),
  kind: 'path',
  options: opts('FR', 'RH', 'PR', 'WS', 'ATL', 'SP', 'IT'),
  path: {
    from: 'FR',
    edges: [
      ['FR', 'RH'],
      ['RH', 'FR'],
      ['RH', 'PR'],
      ['PR', 'RH'],
      ['PR', 'WS'],
      ['FR', 'ATL'],
      ['ATL', 'FR'],
      ['ATL', 'SP'],
      ['RH', 'IT'],
    ].map(([from, to]) => ({ from, to })),
    budget: 2,
    stopAt: ['RH'],
    noEndAt: ['ATL'],
  },
};
// OC 6.2(1)[2]: the coastal road costs 0.5 a point, a rough road 1; OC 6.2(2)[1]: an area costs 2.
const ocMove: ChoiceField = {
  key: 'path',
  label: t('group'),
  kind: 'path',
  options: opts('P1', 'P2', 'P3', 'A1'),
  path: {
    from: 'P1',
    edges: [
      { from: 'P1', to: 'P2', cost: 0.5, via: 'coastal' },
      { from: 'P2', to: 'P3', cost: 1, via: 'rough' },
      { from: 'P3', to: 'A1', cost: 2, via: 'area' },
    ],
    budget: 3,
  },
};

describe('path answers (FN 9.1, OC 6.2)', () => {
  test.each([
    ['FN 9.12[1]: two areas is legal', { move: { u1: ['ATL', 'SP'] } }, []],
    ['FN 9.1[4]: not moving is legal', { move: { u1: [] } }, []],
    ['FN 9.1[2]: each step goes to an adjacent area', { move: { u1: ['PR'] } }, ['choices/path-step@move.u1.0']],
    [
      'FN 9.12[1]: a unit moves through areas, not back to its start',
      { move: { u1: ['ATL', 'FR'] } },
      ['choices/path-revisit@move.u1.1'],
    ],
    [
      'FN 9.12[3]: a move ends where it enters 2+ enemies',
      { move: { u1: ['RH', 'IT'] } },
      ['choices/path-stop@move.u1.1'],
    ],
    ['FN 9.13[3]: a non-British move may not end at sea', { move: { u1: ['ATL'] } }, ['choices/path-end@move.u1']],
    ['a path is a list of spaces', { move: { u1: 'RH' } }, ['choices/not-a-path@move.u1']],
  ])('%s', (_rule, orders, expected) => {
    expect(codes(tree([frenchMove]), orders)).toEqual(expected);
  });

  test.each([
    ['OC 6.2(1): coastal 0.5 + rough 1 within MA 3', ['P2', 'P3'], []],
    ['OC 6.2(2): + an area (2) makes 3.5, over MA 3', ['P2', 'P3', 'A1'], ['choices/path-budget@path']],
  ])('%s', (_rule, path, expected) => {
    expect(codes(tree([ocMove]), { path })).toEqual(expected);
  });

  test('the budget counts movement points, not steps', () => {
    const far = { ...frenchMove, path: { ...frenchMove.path, stopAt: [], budget: 3 } } as ChoiceField;
    expect(codes(tree([far]), { move: { u1: ['RH', 'PR', 'WS'] } })).toEqual([]);
    // FN 9.12[1]: a French unit moves 2 areas, so three is over its budget.
    const two = { ...frenchMove, path: { ...frenchMove.path, stopAt: [] } } as ChoiceField;
    expect(codes(tree([two]), { move: { u1: ['RH', 'PR', 'WS'] } })).toEqual(['choices/path-budget@move.u1']);
    expect(
      codes(tree([{ ...far, path: { ...(far as typeof frenchMove).path, maxSteps: 2 } } as ChoiceField]), {
        move: { u1: ['RH', 'PR', 'WS'] },
      }),
    ).toEqual(['choices/path-length@move.u1']);
  });
});

describe('count answers (FN 8.0, GF 6[10])', () => {
  const reinforce: ChoiceField = {
    key: 'reinforce.count',
    label: t('units'),
    kind: 'count',
    options: [],
    min: 0,
    max: 3,
  };
  const dice: ChoiceField = {
    key: 'dice',
    label: t('dice'),
    kind: 'count',
    options: [],
    min: 1,
    max: 2,
    required: true,
  };
  test.each([
    ['FN 8.0[3]: the value need not be used up', reinforce, { reinforce: { count: 0 } }, []],
    [
      'FN 8.0[4]: at most the reinforcement value',
      reinforce,
      { reinforce: { count: 4 } },
      ['choices/count@reinforce.count'],
    ],
    ['FN 8.0[4]: whole units only', reinforce, { reinforce: { count: 1.5 } }, ['choices/count@reinforce.count']],
    ['a count is a number, not text', reinforce, { reinforce: { count: '2' } }, ['choices/count@reinforce.count']],
    ['GF 7(b)[2]: one or two dice', dice, { dice: 2 }, []],
    ['GF 7(b)[2]: the dice count must be given', dice, {}, ['choices/missing@dice']],
  ])('%s', (_rule, field, orders, expected) => {
    expect(codes(tree([field]), orders)).toEqual(expected);
  });
  test('a step makes only its multiples legal', () => {
    const even: ChoiceField = { key: 'n', label: t('n'), kind: 'count', options: [], min: 0, max: 10, step: 2 };
    expect(codes(tree([even]), { n: 4 })).toEqual([]);
    expect(codes(tree([even]), { n: 5 })).toEqual(['choices/count@n']);
  });
});

describe('allocation answers (GF 8[4.3][2], FN 9.21[1])', () => {
  // GF-X3: 8 points against ships of defence value 3 (fixture): points count in multiples of 3.
  const fire: ChoiceField = {
    key: 'fire',
    label: t('fire'),
    kind: 'allocation',
    options: opts('S1', 'S2', 'S3'),
    total: 8,
    sum: 'atMost',
    perTarget: { S1: { unit: 3 }, S2: { unit: 3 }, S3: { unit: 3 } },
  };
  // FN 9.21[1]: France allocates all of its 3 dice among the nations present.
  const frenchDice: ChoiceField = {
    key: 'dice',
    label: t('dice'),
    kind: 'allocation',
    options: opts('prussia', 'austria'),
    total: 3,
    sum: 'exact',
  };
  test.each([
    ['GF-X3: two ships of defence 3 with 8 points (2 wasted)', fire, { fire: { S1: 3, S2: 3 } }, []],
    [
      'GF 8[4.3][3]: points below the defence value are wasted, so only multiples',
      fire,
      { fire: { S1: 4 } },
      ['choices/points@fire.S1'],
    ],
    ['GF 8[4.3][2]: no more than the total', fire, { fire: { S1: 3, S2: 3, S3: 3 } }, ['choices/allocation-sum@fire']],
    ['GF 8[4.3][2]: only enemy ships in the hex', fire, { fire: { S9: 3 } }, ['choices/not-a-target@fire.S9']],
    ['FN-X1: 2 dice on Prussia, 1 on Austria', frenchDice, { dice: { prussia: 2, austria: 1 } }, []],
    [
      'FN 9.21[2]: every die is rolled, so every die is allocated',
      frenchDice,
      { dice: { prussia: 2 } },
      ['choices/allocation-sum@dice'],
    ],
    [
      'points are whole and not negative',
      frenchDice,
      { dice: { prussia: 3, austria: -1 } },
      ['choices/points@dice.austria'],
    ],
    ['an allocation is an object', frenchDice, { dice: [1, 2] }, ['choices/not-an-allocation@dice']],
  ])('%s', (_rule, field, orders, expected) => {
    expect(codes(tree([field]), orders)).toEqual(expected);
  });
});

describe('dependent fields (FN 6.0 activity, OC 6.1 group)', () => {
  // FN 6.0[3]: one activity; FN 7.0[1]: France declares war on one nation at peace.
  const activity: ChoiceField = {
    key: 'activity',
    label: t('activity'),
    kind: 'one',
    options: opts('none', 'declare', 'reinforce', 'move'),
    required: true,
  };
  const target: ChoiceField = {
    key: 'target',
    label: t('target'),
    kind: 'one',
    options: [],
    dependsOn: { key: 'activity', cases: { declare: { options: opts('prussia', 'austria') } } },
    required: true,
  };
  const count: ChoiceField = {
    key: 'count',
    label: t('units'),
    kind: 'count',
    options: [],
    min: 0,
    max: 9,
    dependsOn: { key: 'activity', cases: { reinforce: { max: 2 } } },
  };
  const fn = tree([activity, target, count]);
  test.each([
    ['FN 7.0[1]: declare war on a nation at peace', { activity: 'declare', target: 'austria' }, []],
    [
      'FN 7.0[3]: not on a nation already at war',
      { activity: 'declare', target: 'russia' },
      ['choices/not-an-option@target'],
    ],
    ['FN 7.0: the target is owed when declaring', { activity: 'declare' }, ['choices/missing@target']],
    [
      'FN 6.0[3]: one activity only, so no target when reinforcing',
      { activity: 'reinforce', target: 'austria', count: 1 },
      ['choices/not-asked@target'],
    ],
    ['FN 8.0[4]: the case sets the reinforcement value', { activity: 'reinforce', count: 3 }, ['choices/count@count']],
    ['FN 6.0[3]: doing nothing asks nothing more', { activity: 'none' }, []],
  ])('%s', (_rule, orders, expected) => {
    expect(codes(fn, orders)).toEqual(expected);
  });

  test('OC 6.1[2]: the units and the path depend on the location chosen', () => {
    const location: ChoiceField = { key: 'location', label: t('where'), kind: 'one', options: opts('P1', 'A1') };
    const units: ChoiceField = {
      key: 'units',
      label: t('units'),
      kind: 'many',
      options: [],
      min: 1,
      dependsOn: { key: 'location', cases: { P1: { options: opts('21Pz', '15Pz') }, A1: { options: opts('Ariete') } } },
    };
    const path: ChoiceField = {
      key: 'path',
      label: t('path'),
      kind: 'path',
      options: [],
      path: { from: '?', edges: [] },
      dependsOn: {
        key: 'location',
        cases: {
          P1: { path: { from: 'P1', edges: [{ from: 'P1', to: 'P2' }] } },
          A1: { path: { from: 'A1', edges: [{ from: 'A1', to: 'P1', cost: 2 }] } },
        },
      },
    };
    const oc = tree([location, units, path]);
    expect(codes(oc, { location: 'A1', units: ['Ariete'], path: ['P1'] })).toEqual([]);
    expect(codes(oc, { location: 'A1', units: ['21Pz'], path: ['P2'] })).toEqual([
      'choices/not-an-option@units',
      'choices/path-step@path.0',
    ]);
    const applied = effectiveField(path, { location: 'P1' });
    expect(applied?.kind === 'path' && applied.path.from).toBe('P1');
  });
});

describe('limits as data', () => {
  const ship = (id: string): ChoiceField => ({
    key: `ddbox.${id}`,
    label: t(id),
    kind: 'one',
    options: opts('0', '1', '2'),
  });
  const ships = ['B1', 'B2', 'B3'].map(ship);
  const keys = ships.map((f) => f.key);
  test.each<[string, ChoiceLimit, Record<string, unknown>, string[]]>([
    [
      'GF 6[5]: a numbered DDbox holds at most 2 more (5 with 3 in it)',
      { kind: 'capacity', value: '1', max: 2, fields: keys, rule: 'GF 6[5]', label: t('box 1') },
      { ddbox: { B1: '1', B2: '1', B3: '1' } },
      ['choices/capacity@ddbox.B3'],
    ],
    [
      'GF 6[5]: box 0 has no limit',
      { kind: 'capacity', value: '1', max: 2, fields: keys, rule: 'GF 6[5]', label: t('box 1') },
      { ddbox: { B1: '0', B2: '0', B3: '1' } },
      [],
    ],
    [
      'GF 8[4.2][9a]: each situation once',
      { kind: 'distinct', fields: keys, rule: 'GF 8[4.2][9a]', label: t('situations') },
      { ddbox: { B1: '2', B3: '2' } },
      ['choices/distinct@ddbox.B3'],
    ],
    [
      'OC 5.1(2): only spaces that trace supply',
      { kind: 'within', values: ['0', '1'], fields: keys, rule: 'OC 5.1(2)', label: t('supply') },
      { ddbox: { B1: '2' } },
      ['choices/within@ddbox.B1'],
    ],
    [
      'a sum of numeric answers',
      { kind: 'sum', max: 2, fields: keys, rule: 'FN 8.0[4]', label: t('total') },
      { ddbox: { B1: '2', B2: '1' } },
      ['choices/sum@ddbox.B1'],
    ],
  ])('%s', (_rule, limit, orders, expected) => {
    expect(codes(tree(ships, [limit]), orders)).toEqual(expected);
  });

  test('a path counts toward a capacity where it ends; within covers every space it enters', () => {
    const move = { ...ocMove, path: { ...ocMove.path } } as ChoiceField;
    const cap: ChoiceLimit = {
      kind: 'capacity',
      value: 'P3',
      max: 0,
      fields: ['path'],
      rule: 'X',
      label: t('P3 full'),
    };
    expect(codes(tree([move], [cap]), { path: ['P2'] })).toEqual([]);
    expect(codes(tree([move], [cap]), { path: ['P2', 'P3'] })).toEqual(['choices/capacity@path']);
    const supply: ChoiceLimit = { kind: 'within', values: ['P3'], fields: ['path'], rule: 'X', label: t('supply') };
    expect(codes(tree([move], [supply]), { path: ['P2', 'P3'] })).toEqual(['choices/within@path']);
  });
});

describe('pick one / pick some are read as before', () => {
  const one: ChoiceField = { key: 'placement.C11', label: t('C11'), kind: 'one', options: opts('WA', 'AF') };
  const many: ChoiceField = { key: 'air.A1', label: t('A1'), kind: 'many', options: opts('U1', 'U2'), min: 0, max: 1 };
  test.each([
    ['an unanswered field is no error', {}, []],
    ['a legal pick', { placement: { C11: 'AF' }, air: { A1: ['U2'] } }, []],
    ['a number matches its option text (AW step2 counts)', { placement: { C11: 'WA' } }, []],
    ['not an option', { placement: { C11: 'XX' } }, ['choices/not-an-option@placement.C11']],
    ['too many picks', { air: { A1: ['U1', 'U2'] } }, ['choices/pick-count@air.A1']],
    ['a pick twice', { air: { A1: ['U1', 'U1'] } }, ['choices/duplicate@air.A1', 'choices/pick-count@air.A1']],
  ])('%s', (_rule, orders, expected) => {
    expect(codes(tree([one, many]), orders)).toEqual(expected);
  });

  test('every random legal Atlantic Wolves order passes the check against its own choice tree', () => {
    const rng = sfc32FromHex(createHash('sha256').update('choices').digest('hex'));
    const rand = () => sfc32Next(rng) / 0x100000000;
    let checked = 0;
    for (const mode of ['mail', 'standard']) {
      for (let g = 0; g < 6; g++) {
        let s = aw.setup({ mode, options: aw.optionsSchema.parse({}), data: aw.defaultData });
        for (let i = 0; i < 400 && !s.result; i++) {
          const orders: Record<string, ReturnType<typeof randomLegalOrders>> = {};
          for (const o of aw.owed(s)) {
            orders[o.seat] = randomLegalOrders(s, o.seat, rand);
            const choices = aw.choices(s, o.seat);
            if (!choices) continue;
            checked++;
            expect(checkChoices(choices, orders[o.seat]), `${s.phase.kind}`).toEqual([]);
          }
          s = aw.resolve(s, orders, { roll: (sides) => 1 + Math.floor(rand() * sides), emit() {}, silent: true });
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
