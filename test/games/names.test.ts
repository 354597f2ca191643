/**
 * One name for each thing (src/engine/names.ts): every game's name table is complete in both languages, its ids are
 * unique, the order grammar reads every spelling it lists as the thing's id, the counters print its labels, and
 * Operation Crusader's echo writes labels and place names in the reader's language, never ids.
 */
import { describe, expect, test } from 'vitest';
import { acceptedNames, type NameEntry } from '../../src/engine/names.ts';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import { startGame } from '../../src/engine/step-runner.ts';
import { games } from '../../src/games/index.ts';
import { type OcState, operationCrusader as oc } from '../../src/games/operation-crusader/index.ts';

const named = Object.values(games)
  .filter((g) => g.names)
  .map((g) => [g.id, g] as const);

describe.each(named)('%s name table', (_id, game) => {
  const table = game.names!(game.defaultData);
  test('every entry has a label and a full name in English and Japanese, and ids are unique per kind', () => {
    expect(table.length).toBeGreaterThan(0);
    for (const e of table)
      for (const x of [e.label.en, e.label.ja, e.name.en, e.name.ja]) expect(x.trim()).not.toBe('');
    const keys = table.map((e) => `${e.kind}:${e.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

/** How a game's order text uses a name of each kind: a statement with `{}` for the name, and the id it must give. */
const USES: Record<string, Record<string, { line: string; read: (orders: Record<string, unknown>) => unknown }>> = {
  'operation-crusader': {
    unit: { line: 'SETUP {} 12', read: (o) => Object.keys(o.setup as object)[0] },
    point: { line: 'ACTIVATE {}', read: (o) => (o.activation as { at: string }).at },
    area: { line: 'ACTIVATE {}', read: (o) => (o.activation as { at: string }).at },
  },
  'grand-fleet': {
    ship: { line: 'REINFORCE {} -> 3', read: (o) => Object.keys(o.reinforce as object)[0] },
    hex: { line: 'PLACE DOWN -> {}', read: (o) => (o.place as { hex: string }).hex },
  },
  'fin-napoleon': {
    area: { line: 'COMBAT ORDER {}', read: (o) => (o.combatOrder as string[])[0] },
    nation: { line: '{}: NONE', read: (o) => Object.keys(o.later as object)[0] },
  },
};

/** Each entry the grammar reads, with each of its spellings. */
function spellings(game: AnyGamePackage): [string, string, string][] {
  const uses = USES[game.id] ?? {};
  return game.names!(game.defaultData)
    .filter((e: NameEntry) => uses[e.kind])
    .flatMap((e) => [...new Set(acceptedNames(e))].map((n): [string, string, string] => [e.kind, e.id, n]));
}

describe.each(named.filter(([id, g]) => g.grammar && USES[id]))('%s grammar', (_id, game) => {
  const ctx = game.grammar!.context({ data: game.defaultData });
  test.each(spellings(game))('a %s: %s is read from "%s"', (kind, id, spelling) => {
    const use = USES[game.id][kind];
    const r = game.grammar!.statement(use.line.replace('{}', spelling), ctx);
    expect(r?.kind, JSON.stringify(r)).toBe('order');
    const orders = game.grammar!.empty() as Record<string, unknown>;
    if (r?.kind === 'order') r.apply(orders);
    expect(use.read(orders)).toBe(id);
  });
});

describe('Operation Crusader: one name for each unit', () => {
  const table = oc.names!(oc.defaultData);
  const started = startGame(oc, { mode: 'standard', options: {}, data: oc.defaultData, secret: 'names' });
  if (!started.ok) throw new Error('no game');
  const board = oc.board(started.envelope.state as OcState, { kind: 'moderator' });

  test.each([
    ['7arm', '7 Armd', '7機甲', '7th Armoured Brigade', '第7機甲旅団'],
    ['21pz', '21 Pz', '21装甲', '21st Panzer Division', '第21装甲師団'],
    ['nz', '2 NZ', '2NZ', '2nd New Zealand Division', 'ニュージーランド第2師団'],
  ])('%s: counter %s / %s, full name %s / %s, on the counters too', (id, en, ja, full, fullJa) => {
    const e = table.find((x) => x.id === id)!;
    expect(e).toMatchObject({ label: { en, ja }, name: { en: full, ja: fullJa } });
    const piece = board.pieces.find((p) => p.id === id);
    if (piece) expect(piece).toMatchObject({ label: { en, ja }, name: { en: full, ja: fullJa } });
  });

  test('the echo writes labels and names in the reader language: no id, and it reads back to the same orders', () => {
    const ctx = oc.grammar!.context({ data: oc.defaultData });
    const orders = {
      activation: { at: '03', units: ['21pz'], path: ['gambut'], attack: 'yes' as const, targets: { '21pz': '7arm' } },
    };
    const ja = oc.grammar!.format(orders, ctx, 'ja');
    const en = oc.grammar!.format(orders, ctx, 'en');
    expect(ja).toEqual(['活性化 03 21装甲 移動 ガンブト 攻撃 21装甲 -> 7機甲']);
    expect(en).toEqual(['ACTIVATE 03 21 Pz MOVE Gambut ATTACK 21 Pz -> 7 Armd']);
    for (const text of [ja, en]) {
      const back = oc.grammar!.empty() as Record<string, unknown>;
      const r = oc.grammar!.statement(text[0], ctx);
      if (r?.kind === 'order') r.apply(back as never);
      expect(back).toEqual(orders);
    }
  });

  test('area titles carry their number once', () => {
    const area = board.spaces.find((s) => s.id === '01')!;
    expect(area.name.en).toBe('Area 01 (Gazala)');
    expect(area.code).toBeUndefined();
  });
});
