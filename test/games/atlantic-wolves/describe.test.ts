/**
 * Atlantic Wolves events in words: every event of real resolutions (the recorded games and the adjudication
 * fixtures run through the engine) described in English and Japanese, checked for the facts a player needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { advance, type GameEvent } from '../../../src/engine/index.ts';
import { type GameRecord, replayRecord } from '../../../src/engine/record.ts';
import { defaultData } from '../../../src/games/atlantic-wolves/data/default-data.ts';
import { atlanticWolves as game } from '../../../src/games/atlantic-wolves/index.ts';
import { casesDir, diceFor, loadCases, startOf } from '../../support/rules-harness.ts';

const gamesDir = fileURLToPath(new URL('./games/', import.meta.url));

/** Every event of the recorded games and of the fixtures' resolved steps, in order. */
function realEvents(): GameEvent[] {
  const out: GameEvent[] = [];
  for (const f of readdirSync(gamesDir)
    .filter((x) => x.endsWith('.json'))
    .sort()) {
    const r = replayRecord(game, JSON.parse(readFileSync(gamesDir + f, 'utf8')) as GameRecord);
    if (!r.ok) throw new Error(`${f}: step ${r.step + 1}: ${r.message} ${JSON.stringify(r.errors ?? {})}`);
    for (const step of r.steps) out.push(...step.events);
  }
  for (const fx of loadCases(casesDir(game.id))) {
    let env = startOf(game, fx);
    for (const step of fx.steps) {
      if (step.errors) continue;
      const r = advance(game, env, step.orders, diceFor(game, step.dice ?? []));
      if (!r.ok) break;
      env = r.envelope;
      out.push(...r.events);
    }
  }
  return out;
}

/** Events the fixtures do not reach, written as the engine emits them (placement.ts, reinforcement.ts). */
const constructed: GameEvent[] = [
  { type: 'overflow-named', rule: 'AW 6.0-C2', side: 'allied', count: 2, units: { C05: 'CB', 'GB-DD1': 'CB' } },
  { type: 'overflow-named', rule: 'AW 6.0-C2', side: 'allied', count: 1 },
  { type: 'overflow-named-units', rule: 'AW 6.0-C2', side: 'allied', units: { 'GB-DD1': 'CB' }, visibleTo: ['allied'] },
  { type: 'overflow-named', rule: 'AW 7.0[6]', side: 'german', count: 1, units: { U03: 'WA' } },
  { type: 'replaced', rule: 'AW 7.0[6]', side: 'german', placement: { '#1': 'CG' } },
  { type: 'moderator-flag', rule: 'AW-A07(c)', side: 'german', count: 1, units: ['U05'], visibleTo: [] },
  { type: 'reinforced', rule: 'AW 10.0-A', side: 'german', turn: 1, count: 4, units: ['U01', 'U02', 'U03', 'U04'] },
  { type: 'reinforced', rule: 'AW 11.0[4]', side: 'german', turn: 5, count: 2, units: ['U03', 'U07'] },
  { type: 'reinforced', rule: 'AW 5.0[1]', side: 'german', turn: 2, count: 3 },
  { type: 'response-roll', rule: 'AW 12.0-3b', roll: 4, dice: [5, 3], numbers: [53, 35], units: ['U03', 'US-CVE1'] },
  {
    type: 'response-move',
    rule: 'AW 12.0-3b',
    roll: 4,
    unit: 'U03',
    from: 'WA',
    to: 'CG',
    side: 'german',
    by: 'standing',
  },
  {
    type: 'attack',
    rule: 'AW 8.3[4]',
    area: 'CB',
    attacker: 'U07',
    target: 'C05',
    die: 5,
    strength: -1,
    need: 5,
    success: false,
  },
  {
    type: 'attack',
    rule: 'AW 8.2',
    area: 'CB',
    attacker: 'GB-DD1',
    target: 'U03',
    die: 4,
    strength: 2,
    success: false,
    damage: 1,
  },
  {
    type: 'vp-check',
    rule: 'AW 9.0',
    turn: 2,
    germanVp: 0,
    alliedVp: 6,
    difference: -6,
    tableBefore: 3,
    table: -3,
    sunk: [],
  },
  { type: 'game-end', rule: 'AW 9.0[8] (minus table: immediate Allied victory)', winner: 'allied', table: -3, turn: 2 },
  { type: 'game-end', rule: 'AW 9.0[8] (0 or minus at the end of turn 5)', winner: 'allied', table: 0, turn: 5 },
];

const events = realEvents();
const all = [...events, ...constructed];

/** Up to three events per kind (type, rule, outcome, die purpose shape): the table of the test. */
function samples(list: GameEvent[]): [string, GameEvent][] {
  const seen = new Map<string, number>();
  const out: [string, GameEvent][] = [];
  for (const e of list) {
    const shape =
      e.type === 'die'
        ? String(e.purpose)
            .replace(/\b[A-Z]+(-[A-Z]+)?\d+\b/g, 'X')
            .replace(/\d+/g, 'n')
        : `${e.rule} ${e.success ?? ''} ${e.by ?? ''}`;
    const key = `${e.type} ${shape}`;
    const n = seen.get(key) ?? 0;
    if (n >= 3) continue;
    seen.set(key, n + 1);
    out.push([`${key} #${n + 1}`, e]);
  }
  return out;
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const unitName = new Map(defaultData.units.map((u) => [u.id, u.name]));
const areaName = new Map(defaultData.areas.map((a) => [a.id, a.name]));
const ruleIdOf = (rule: unknown) => (typeof rule === 'string' ? rule.replace(/ \(.*\)$/, '') : undefined);

type Lc = 'en' | 'ja';
const areaIn = (lc: Lc) => (id: unknown) => areaName.get(String(id))?.[lc] ?? String(id);
const word = (lc: Lc, en: string, ja: string) => (lc === 'ja' ? ja : en);

/** An attack's facts: the die, and the convoy's strength and result (UB) or the strength, result and damage. */
function attackFacts(e: GameEvent, lc: Lc): string[] {
  const out = [word(lc, `die ${e.die}`, `出目${e.die}`)];
  if (e.need !== undefined)
    return [...out, String(e.need), e.success ? word(lc, 'sunk', '撃沈') : word(lc, 'fails', '失敗')];
  out.push(
    word(lc, `strength ${e.strength}`, `戦力${e.strength}`),
    e.success ? word(lc, 'hit', '命中') : word(lc, 'miss', '失敗'),
  );
  if (e.success) out.push(word(lc, `damage ${e.damage}`, `損害${e.damage}`));
  return out;
}

/** The facts particular to each event type. */
const TYPE_FACTS = new Map<unknown, (e: GameEvent, lc: Lc) => string[]>([
  ['die', (e) => [`d${e.sides} = ${e.value}`, ...(/^AW \S+/.exec(String(e.purpose)) ?? [])]],
  ['attack', attackFacts],
  ['ub-removed', (e, lc) => [word(lc, `damage ${e.damage}`, `損害${e.damage}`)]],
  ['convoy-sunk', (e, lc) => [`${e.vp}`, word(lc, 'sunk', '撃沈'), ...(e.note ? [String(e.note)] : [])]],
  [
    'vp-check',
    (e, lc) => [
      word(lc, `German VP ${e.germanVp}`, `${e.germanVp}VP`),
      `${e.tableBefore}`,
      `${e.table}`,
      word(lc, 'VP check', 'VP確認'),
      ...(e.sunk as string[]),
    ],
  ],
  ['response-roll', (e, lc) => [...(e.numbers as number[]).map(String), word(lc, 'Response roll', '対応移動')]],
  ['response-move', (_e, lc) => [word(lc, 'Response roll', '対応移動')]],
  ['response-stay', (_e, lc) => [word(lc, 'Response roll', '対応移動')]],
  ['reinforced', (e, lc) => [String(e.count), word(lc, 'reinforce', '増強')]],
  [
    'placed',
    (e, lc) => [
      ...Object.keys(e.placement as object),
      ...new Set(Object.values(e.placement as object).map(areaIn(lc))),
      word(lc, 'place', '配置'),
    ],
  ],
  [
    'combat-reveal',
    (e, lc) => [
      ...Object.values(e.areas as Record<string, string[]>).flat(),
      ...Object.keys(e.areas as object).map(areaIn(lc)),
    ],
  ],
  ['step2-roll', (e) => [...(e.dice as number[]).map(String), String(e.sum)]],
  ['step2-placed', (e, lc) => Object.keys(e.counts as object).map(areaIn(lc))],
  ['step3-placed', (e, lc) => Object.keys(e.counts as object).map(areaIn(lc))],
  [
    'game-end',
    (e, lc) => [
      e.winner === 'german' ? word(lc, 'German victory', 'ドイツ軍の勝利') : word(lc, 'Allied victory', '連合軍の勝利'),
    ],
  ],
  ['turn-start', (e, lc) => [String(e.turn), (e.label as { en: string; ja: string })[lc]]],
]);

/** The facts an event's description must show: ids, area names, numbers, the result. */
function facts(e: GameEvent, lc: Lc): string[] {
  const area = areaIn(lc);
  const out: string[] = [];
  const rule = ruleIdOf(e.rule);
  if (rule) out.push(rule);
  for (const k of ['unit', 'attacker', 'target'] as const) if (typeof e[k] === 'string') out.push(e[k] as string);
  for (const k of ['area', 'from', 'to'] as const) if (typeof e[k] === 'string') out.push(area(e[k]));
  if (Array.isArray(e.units)) out.push(...(e.units as string[]));
  out.push(...(TYPE_FACTS.get(e.type)?.(e, lc) ?? []));
  return out;
}

describe('Atlantic Wolves events in words', () => {
  test('the real resolutions reach every event type the game emits, and the engine dice', () => {
    const types = new Set(all.map((e) => e.type));
    for (const t of [
      'die',
      'turn-start',
      'withdrawn',
      'reinforced',
      'reinforced-units',
      'star-cve-released',
      'placed',
      'step2-roll',
      'step2-placed',
      'step2-units',
      'step3-units',
      'step3-placed',
      'step3-units-placed',
      'overflow-named',
      'overflow-named-units',
      'replaced',
      'moderator-flag',
      'response-roll',
      'response-move',
      'response-stay',
      'combat-reveal',
      'attack',
      'attack-void',
      'ub-removed',
      'convoy-sunk',
      'vp-check',
      'clean-up',
      'game-end',
    ]) {
      expect(types, t).toContain(t);
    }
    expect(events.length).toBeGreaterThan(500);
  });

  test.each(samples(all))('%s', (_label, e) => {
    for (const lc of ['en', 'ja'] as const) {
      const text = game.describeEvent(e, lc);
      for (const fact of facts(e, lc)) expect(text, `${lc}: ${text}`).toContain(fact);
      // Known types get a sentence of their own, not the generic key=value line.
      expect(text).not.toMatch(/^Event "|^出来事「/);
    }
    const ja = game.describeEvent(e, 'ja');
    // Unit names of the shipped data set appear beside the ids of a short list.
    const id = [e.unit, e.attacker, e.target].find((x): x is string => typeof x === 'string' && unitName.has(x));
    if (id) {
      expect(game.describeEvent(e, 'en')).toContain(unitName.get(id)!.en);
      expect(ja).toContain(unitName.get(id)!.ja);
    }
  });

  test('no description of any real event is empty, undefined or an object dump; Japanese ones are Japanese', () => {
    for (const e of all) {
      for (const lc of ['en', 'ja'] as const) {
        const text = game.describeEvent(e, lc);
        expect(text.trim().length, JSON.stringify(e)).toBeGreaterThan(0);
        expect(text, JSON.stringify(e)).not.toMatch(/undefined|\[object|NaN/);
        if (lc === 'ja') expect(text, JSON.stringify(e)).toMatch(JAPANESE);
        if (lc === 'en') expect(text, JSON.stringify(e)).not.toMatch(/[\u3040-\u30ff]/);
      }
    }
  });

  test('the canonical attack sentence', () => {
    const e: GameEvent = {
      type: 'attack',
      rule: 'AW 8.2',
      area: 'CB',
      attacker: 'GB-DD1',
      target: 'U03',
      die: 2,
      strength: 3,
      success: true,
      damage: 2,
    };
    expect(game.describeEvent(e, 'en')).toBe(
      'GB-DD1 (British DD 1) attacks U03 (UB 3 ☆) in the Caribbean: die 2 ≤ strength 3, hit — U03 damage 2 (AW 8.2).',
    );
    expect(game.describeEvent(e, 'ja')).toBe(
      'GB-DD1（英駆逐艦1）がカリブ海でU03（UB3☆）を攻撃: 出目2 ≦ 戦力3で命中、U03の損害2（AW 8.2）。',
    );
  });

  test('a response die names its roll and digit', () => {
    const e: GameEvent = { type: 'die', index: 5, sides: 6, value: 4, purpose: 'AW 12.0-3 roll 3 first die (tens)' };
    expect(game.describeEvent(e, 'en')).toBe('Response roll 3, tens die: d6 = 4 (AW 12.0-3).');
    expect(game.describeEvent(e, 'ja')).toBe('対応移動3回目、十の位のサイコロ: d6 = 4（AW 12.0-3）。');
  });

  test('ids the shipped data set does not know (a moderator data set) are shown as ids', () => {
    const e: GameEvent = {
      type: 'response-move',
      rule: 'AW 12.0-3b',
      roll: 1,
      unit: 'X9',
      from: 'Area-1',
      to: 'Area-3',
      side: 'allied',
      by: 'orders',
    };
    expect(game.describeEvent(e, 'en')).toBe('Response roll 1: X9 moves from area Area-1 to area Area-3 (AW 12.0-3b).');
    expect(game.describeEvent(e, 'ja')).toBe(
      '対応移動1回目: X9はエリアArea-1からエリアArea-3へ移動した（AW 12.0-3b）。',
    );
  });

  test.each([
    [
      'an unknown type',
      { type: 'weather', rule: 'AW 99', wind: 'NW', force: 7, areas: ['CB', 'WA'], extra: { a: 1, b: null } },
    ],
    ['an unknown type with no rule or fields', { type: 'nothing' }],
    ['a known type missing its fields', { type: 'attack', rule: 'AW 8.2' }],
    [
      'a known type with fields of the wrong kind',
      { type: 'vp-check', rule: 'AW 9.0', turn: 'two', germanVp: {}, sunk: 'C01' },
    ],
    ['a die without a purpose', { type: 'die', index: 0, sides: 6, value: 3 }],
    ['a die with an unknown purpose', { type: 'die', index: 0, sides: 6, value: 3, purpose: 'tie-break' }],
    [
      'an event with its own text',
      { type: 'note', rule: 'AW-A99', text: { en: 'The moderator extended the deadline.', ja: '締切が延長された。' } },
    ],
  ] as [string, GameEvent][])('%s gets a readable line, never a crash', (_label, e) => {
    for (const lc of ['en', 'ja'] as const) {
      const text = game.describeEvent(e, lc);
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/undefined|\[object|NaN/);
      if (typeof e.rule === 'string') expect(text).toContain(e.rule);
      if (lc === 'ja') expect(text).toMatch(JAPANESE);
    }
    if (e.type === 'weather')
      expect(game.describeEvent(e, 'en')).toBe(
        'Event "weather": wind=NW, force=7, areas=[CB, WA], extra={a: 1, b: -} (AW 99).',
      );
    if (e.type === 'note') expect(game.describeEvent(e, 'ja')).toBe('締切が延長された（AW-A99）。');
  });
});
