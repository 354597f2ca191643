/**
 * The Grand Fleet order text (docs/grand-fleet.md): one statement per line, English or Japanese keywords
 * (text-words.ts), ships by id or name in either language, hexes by number or name. `format` writes orders back so
 * that reading the text gives the same orders (the echo of every reply).
 */
import type { GrammarInput, OrderGrammar, StatementResult } from '../../../engine/grammar.ts';
import type { Locale } from '../../../i18n/index.ts';
import { nameKey, tokenize } from '../../../orders-text/normalize.ts';
import { acceptedNames } from '../../../engine/names.ts';
import { gfNames } from '../data/names.ts';
import type { GfData } from '../data/schema.ts';
import type { GfHexOrders, GfOrders } from './schema.ts';
import type { Situation } from '../state.ts';
import { isWord, kw, SITUATION_WORDS, SYNTAX, type Word } from './text-words.ts';

/** Name tables: ship and hex by every name they go by. */
export interface GfTextContext {
  ship: Map<string, string>;
  hex: Map<string, string>;
}

/** Builds the name tables from the data set. */
function context(input: GrammarInput): GfTextContext {
  const data = input.data as GfData | undefined;
  const ship = new Map<string, string>();
  const hex = new Map<string, string>();
  // Every spelling of the name table (data/names.ts).
  for (const e of data?.ships ? gfNames(data) : []) {
    const table = e.kind === 'ship' ? ship : e.kind === 'hex' ? hex : null;
    for (const n of acceptedNames(e)) if (table && !table.has(nameKey(n))) table.set(nameKey(n), e.id);
  }
  return { ship, hex };
}

type Result = StatementResult<GfOrders>;
const fail = (code: string, en: string, ja: string, rule?: string): Result => ({
  ...{ kind: 'error', code: `gf/text-${code}`, message: { en, ja } },
  ...(rule ? { rule } : {}),
});
const ok = (apply: (o: GfOrders) => void): Result => ({ kind: 'order', apply });
const num = (t: string | undefined): number | null => (t && /^\d{1,3}$/.test(t) ? Number(t) : null);

/** Items of a list separated by commas: each item's tokens. */
function items(tokens: string[]): string[][] {
  const out: string[][] = [[]];
  for (const t of tokens) {
    if (t === ',') out.push([]);
    else out.at(-1)!.push(t);
  }
  return out.filter((x) => x.length);
}

/** A ship named by several tokens (names with spaces). */
const shipOf = (ctx: GfTextContext, tokens: string[]) => ctx.ship.get(nameKey(tokens.join('')));
const hexOf = (ctx: GfTextContext, tokens: string[]) => ctx.hex.get(nameKey(tokens.join('')));

/**
 * `NAME -> n`: a ship and a DDbox box (0-6, GF 6[3]); an unknown ship or box is named. `rule`: the order's rule.
 */
function shipToBox(
  ctx: GfTextContext,
  rest: string[],
  rule: string,
  set: (o: GfOrders, id: string, box: number) => void,
): Result {
  const arrow = rest.indexOf('->');
  if (arrow < 1 || rest[arrow + 1] === undefined)
    return fail('ship-box', 'write a ship and a box: GB42 -> 3', '艦と番号を書いてください: GB42 -> 3', rule);
  const name = rest.slice(0, arrow).join(' ');
  const id = shipOf(ctx, rest.slice(0, arrow));
  if (!id) return fail('ship', `unknown ship "${name}": GB42 -> 3`, `不明な艦「${name}」: GB42 -> 3`, rule);
  const box = num(rest[arrow + 1]);
  if (box === null || box > 6)
    return fail(
      'box',
      `unknown box "${rest[arrow + 1]}": the DDbox boxes are 0 to 6`,
      `不明なボックス「${rest[arrow + 1]}」: DDbox は 0〜6 です`,
      rule,
    );
  return ok((o) => set(o, id, box));
}

/** yes / no. */
function yesNo(token: string | undefined): boolean | null {
  const t = nameKey(token ?? '');
  return isWord(t, 'yes') ? true : isWord(t, 'no') ? false : null;
}

/** An unknown ship or hex, named as the player wrote it, with the order's usage and rule. */
const unknownName = (kind: 'ship' | 'hex', name: string, usage: [string, string], rule: string): Result =>
  kind === 'ship'
    ? fail('ship', `unknown ship "${name}": ${usage[0]}`, `不明な艦「${name}」: ${usage[1]}`, rule)
    : fail('hex', `unknown hex "${name}": ${usage[0]}`, `不明なヘクス「${name}」: ${usage[1]}`, rule);

/** The first list item that `known` does not read, as written (undefined when every item is read). */
const firstUnknown = (list: string[][], known: (x: string[]) => unknown): string | undefined =>
  list.find((x) => !known(x))?.join(' ');

const needYesNo = (w: string) => fail('yes-no', `${w} takes YES or NO`, `${w} の後に はい か いいえ を書いてください`);

/** Readers by keyword. */
const READERS: Partial<Record<Word, (rest: string[], ctx: GfTextContext) => Result>> = {
  reinforce: (rest, ctx) =>
    shipToBox(ctx, rest, 'GF 6(2)', (o, id, box) => (o.reinforce = { ...o.reinforce, [id]: box })),
  redistribute: (rest, ctx) =>
    shipToBox(ctx, rest, 'GF 6[8]', (o, id, box) => {
      o.commit = { dice: o.commit?.dice ?? 2, ...o.commit, redistribute: { ...o.commit?.redistribute, [id]: box } };
    }),
  box: (rest, ctx) =>
    shipToBox(ctx, rest, 'GF 6[16]', (o, id, box) => {
      o.withdraw = { roll: o.withdraw?.roll ?? true, ...o.withdraw, boxes: { ...o.withdraw?.boxes, [id]: box } };
    }),
  commit: (rest) => {
    const dice = num(rest[0]);
    if (dice === null || dice > 2) return fail('commit', 'COMMIT 0, 1 or 2', '投入 0、1 または 2', 'GF 6[10]');
    const stop =
      rest.length > 1 && isWord(nameKey(rest[1]), 'stopIf') ? items(rest.slice(2)).map((x) => num(x[0])) : [];
    if (stop.some((x) => x === null))
      return fail('stop-if', 'STOPIF takes box numbers', '停止 の後に番号を書いてください', 'GF-A08');
    return ok((o) => {
      o.commit = { ...o.commit, dice, ...(stop.length ? { stopIf: stop as number[] } : {}) };
    });
  },
  withdraw: (rest, ctx) => {
    if (!rest.length) return ok((o) => (o.withdraw = { ...o.withdraw, roll: true }));
    if (yesNo(rest[0]) === false) return ok((o) => (o.withdraw = { ...o.withdraw, roll: false }));
    const ships = items(rest).map((x) => shipOf(ctx, x));
    const bad = firstUnknown(items(rest), (x) => shipOf(ctx, x));
    if (bad !== undefined) return unknownName('ship', bad, ['WITHDRAW GB34, GB35', '転出 GB34, GB35'], 'GF 6[16]');
    return ok((o) => (o.withdraw = { ...o.withdraw, roll: true, ships: ships as string[] }));
  },
  usw: (rest) => uswChoice(rest, (o, c) => (o.usw = c)),
  standing: (rest, ctx) => standingLine(rest, ctx),
  at: (rest, ctx) => atHexLine(rest, ctx),
  dice: (rest) => {
    const n = num(rest[0]);
    return n === 1 || n === 2
      ? ok((o) => (o.dice = n))
      : fail('dice', 'DICE 1 or 2', 'ダイス 1 または 2', 'GF 7(b)[2]');
  },
  battle: (rest) => bool(rest[0], 'BATTLE', (o, v) => (o.battle = v)),
  accept: (rest) => bool(rest[0], 'ACCEPT', (o, v) => (o.accept = v)),
  continue: (rest) => bool(rest[0], 'CONTINUE', (o, v) => (o.continue = v)),
  ifOffensive: (rest) =>
    bool(rest.at(-1), 'IFOFFENSIVE BATTLE', (o, v) => (o.standing = { ...o.standing, ifOffensive: v })),
  ifContinue: (rest) =>
    bool(rest.at(-1), 'IFCONTINUE CONTINUE', (o, v) => (o.standing = { ...o.standing, ifContinue: v })),
  ifStop: (rest) => bool(rest.at(-1), 'IFSTOP CONTINUE', (o, v) => (o.standing = { ...o.standing, ifStop: v })),
  ifIntercepting: (rest) =>
    bool(rest.at(-1), 'IFINTERCEPTING ACCEPT', (o, v) => (o.standing = { ...o.standing, ifIntercepting: v })),
  fleet: (rest, ctx) => {
    const n = num(rest[0]);
    const list = rest[1] === ':' ? rest.slice(2) : rest.slice(1);
    const ships = items(list).map((x) => shipOf(ctx, x));
    const usage: [string, string] = ['FLEET 1: GB01, GB02, GB03', '艦隊 1: GB01, GB02, GB03'];
    if (n === null) return fail('fleet', usage[0], usage[1], 'GF 8[1]');
    const bad = firstUnknown(items(list), (x) => shipOf(ctx, x));
    if (bad !== undefined) return unknownName('ship', bad, usage, 'GF 8[1]');
    return ok((o) => {
      o.organise = { ...o.organise };
      for (const id of ships as string[]) o.organise[id] = n;
    });
  },
  faceUp: (rest) => {
    const fleets = items(rest).map((x) => num(x[0]));
    if (fleets.some((x) => x === null)) return fail('face-up', 'FACEUP 5, 6', '表向き 5, 6', 'GF 8[2][1]');
    return ok((o) => (o.faceUp = [...(o.faceUp ?? []), ...(fleets as number[])]));
  },
  place: (rest, ctx) => {
    const arrow = rest.indexOf('->');
    const m = rest[0] && isWord(nameKey(rest[0]), 'down') ? 'down' : num(rest[0]);
    const hex = hexOf(ctx, rest.slice(arrow + 1));
    const usage: [string, string] = ['PLACE DOWN -> 101 or PLACE 5 -> 707', '配置 裏 -> 101 または 配置 5 -> 707'];
    if (arrow !== 1 || m === null || arrow + 1 >= rest.length) return fail('place', usage[0], usage[1], 'GF 8[2][2]');
    if (!hex) return unknownName('hex', rest.slice(arrow + 1).join(' '), usage, 'GF 8[2][2]');
    return ok((o) => (o.place = { marker: m, hex }));
  },
  intercept: (rest, ctx) => {
    const arrow = rest.indexOf('->');
    const from = hexOf(ctx, rest.slice(0, arrow));
    const to = hexOf(ctx, rest.slice(arrow + 1));
    const usage: [string, string] = ['INTERCEPT 305 -> 304', '迎撃 305 -> 304'];
    if (arrow < 1 || arrow + 1 >= rest.length) return fail('intercept', usage[0], usage[1], 'GF 8[3]');
    if (!from) return unknownName('hex', rest.slice(0, arrow).join(' '), usage, 'GF 8[3]');
    if (!to) return unknownName('hex', rest.slice(arrow + 1).join(' '), usage, 'GF 8[3]');
    return ok((o) => (o.intercept = { from, to }));
  },
  pass: () => ok((o) => (o.intercept = 'pass')),
  initiative: (rest) => {
    const [mode, word, n] = rest.map(nameKey);
    const half = isWord(mode ?? '', 'half') ? true : isWord(mode ?? '', 'full') ? false : null;
    const excess = num(n);
    if (half === null || !isWord(word ?? '', 'excess') || excess === null)
      return fail('initiative', 'INITIATIVE HALF EXCESS 1', '主導権 半砲撃 過剰 1', 'GF 8[4.2]');
    return ok((o) => (o.initiative = { half, excess }));
  },
  situations: (rest) => {
    const keys = Object.entries(SITUATION_WORDS);
    const list = items(rest).map((x) => keys.find(([, w]) => w.en === nameKey(x[0]) || w.ja === nameKey(x[0]))?.[0]);
    if (list.some((x) => !x))
      return fail('situations', 'SITUATIONS CONTINUE, SHORT', '戦闘状況 継続, 近距離', 'GF 8[4.2][9]');
    return ok((o) => (o.situations = [...(o.situations ?? []), ...(list as Situation[])]));
  },
  fire: (rest, ctx) => {
    if (yesNo(rest[0]) === false && rest.length === 1) return ok((o) => (o.fire = { ...o.fire }));
    const pairs = items(rest).map((x) => [shipOf(ctx, x.slice(0, -1)), num(x.at(-1))] as const);
    const usage: [string, string] = ['FIRE DE01 4, DE05 3', '砲撃 DE01 4, DE05 3'];
    if (pairs.some(([, n]) => n === null)) return fail('fire', usage[0], usage[1], 'GF 8[4.3][2]');
    const bad = firstUnknown(items(rest), (x) => shipOf(ctx, x.slice(0, -1)));
    if (bad !== undefined) return unknownName('ship', bad.split(' ').slice(0, -1).join(' '), usage, 'GF 8[4.3][2]');
    return ok((o) => {
      o.fire = { ...o.fire };
      for (const [id, n] of pairs) o.fire[id!] = n!;
    });
  },
};

/** GF-AD1: `AT 404: <a D15-D18 line>`, that line's answer for one contested hex. */
function atHexLine(rest: string[], ctx: GfTextContext): Result {
  const colon = rest.indexOf(':');
  const hex = colon > 0 ? hexOf(ctx, rest.slice(0, colon)) : undefined;
  const inner = rest.slice(colon + 1);
  const key = nameKey(inner[0] ?? '');
  const word = HEX_WORDS.find((w) => isWord(key, w));
  const usage: [string, string] = ['AT 404: INITIATIVE HALF EXCESS 1', '戦闘ヘクス 404: 主導権 半砲撃 過剰 1'];
  if (colon > 0 && !hex) return unknownName('hex', rest.slice(0, colon).join(' '), usage, 'GF-AD1');
  if (!hex || !word) return fail('at-hex', usage[0], usage[1], 'GF-AD1');
  const one = READERS[word]!(inner.slice(1), ctx);
  if (one?.kind !== 'order') return one;
  return ok((o) => {
    const scratch: GfOrders = { ...o.hexes?.[hex] };
    one.apply(scratch);
    o.hexes = { ...o.hexes, [hex]: scratch };
  });
}

/** The statements a GF-AD1 hex line may hold (D15-D18). */
const HEX_WORDS = ['initiative', 'situations', 'fire', 'continue'] as const satisfies readonly Word[];

/** `STANDING USW ...`, `STANDING PLACE ...` (appended in order), `STANDING INTERCEPT a -> b` or `... PASS`. */
function standingLine(rest: string[], ctx: GfTextContext): Result {
  const word = nameKey(rest[0] ?? '');
  if (isWord(word, 'usw')) return uswChoice(rest.slice(1), (o, c) => (o.standing = { ...o.standing, usw: c }));
  if (isWord(word, 'place')) {
    const one = READERS.place!(rest.slice(1), ctx);
    if (one?.kind !== 'order') return one;
    return ok((o) => {
      const scratch: GfOrders = {};
      one.apply(scratch);
      o.standing = { ...o.standing, placements: [...(o.standing?.placements ?? []), scratch.place!] };
    });
  }
  if (isWord(word, 'intercept')) {
    if (isWord(nameKey(rest[1] ?? ''), 'pass'))
      return ok((o) => (o.standing = { ...o.standing, intercepts: o.standing?.intercepts ?? [] }));
    const one = READERS.intercept!(rest.slice(1), ctx);
    if (one?.kind !== 'order') return one;
    return ok((o) => {
      const scratch: GfOrders = {};
      one.apply(scratch);
      const move = scratch.intercept as { from: string; to: string };
      o.standing = { ...o.standing, intercepts: [...(o.standing?.intercepts ?? []), move] };
    });
  }
  return fail(
    'standing',
    'STANDING USW, STANDING PLACE or STANDING INTERCEPT',
    '常備 無制限潜水艦戦、常備 配置 または 常備 迎撃',
  );
}

function bool(token: string | undefined, word: string, set: (o: GfOrders, v: boolean) => void): Result {
  const v = yesNo(token);
  return v === null ? needYesNo(word) : ok((o) => set(o, v));
}

function uswChoice(rest: string[], set: (o: GfOrders, c: 'occur' | 'decline') => void): Result {
  const t = nameKey(rest[0] ?? '');
  const c = isWord(t, 'occur') ? 'occur' : isWord(t, 'decline') ? 'decline' : null;
  return c
    ? ok((o) => set(o, c))
    : fail('usw', 'USW OCCUR or USW DECLINE', '無制限潜水艦戦 発生 または 拒否', 'GF 7(a)[2]');
}

/** Reads one statement line (null: not an order of this game). */
function statement(line: string, ctx: GfTextContext): Result {
  const [first = '', ...rest] = tokenize(line);
  const key = nameKey(first);
  const word = (Object.keys(READERS) as Word[]).find((w) => isWord(key, w));
  return word ? READERS[word]!(rest, ctx) : null;
}

const yn = (v: boolean, l: Locale) => kw(v ? 'yes' : 'no', l);

/** Canonical text of orders. */
function format(o: GfOrders, _ctx: GfTextContext, l: Locale): string[] {
  const out: string[] = [];
  for (const [id, box] of Object.entries(o.reinforce ?? {})) out.push(`${kw('reinforce', l)} ${id} -> ${box}`);
  if (o.commit) {
    const stop = o.commit.stopIf?.length ? ` ${kw('stopIf', l)} ${o.commit.stopIf.join(', ')}` : '';
    out.push(`${kw('commit', l)} ${o.commit.dice}${stop}`);
    for (const [id, box] of Object.entries(o.commit.redistribute ?? {}))
      out.push(`${kw('redistribute', l)} ${id} -> ${box}`);
  }
  if (o.withdraw) {
    const w = o.withdraw;
    out.push(
      !w.roll
        ? `${kw('withdraw', l)} ${kw('no', l)}`
        : w.ships
          ? `${kw('withdraw', l)} ${w.ships.join(', ')}`
          : kw('withdraw', l),
    );
    for (const [id, box] of Object.entries(w.boxes ?? {})) out.push(`${kw('box', l)} ${id} -> ${box}`);
  }
  if (o.usw) out.push(`${kw('usw', l)} ${kw(o.usw, l)}`);
  if (o.dice !== undefined) out.push(`${kw('dice', l)} ${o.dice}`);
  if (o.battle !== undefined) out.push(`${kw('battle', l)} ${yn(o.battle, l)}`);
  if (o.accept !== undefined) out.push(`${kw('accept', l)} ${yn(o.accept, l)}`);
  if (o.organise) {
    const fleets = [...new Set(Object.values(o.organise))].sort((a, b) => a - b);
    for (const n of fleets) {
      const ships = Object.keys(o.organise).filter((id) => o.organise![id] === n);
      out.push(`${kw('fleet', l)} ${n}: ${ships.join(', ')}`);
    }
  }
  if (o.faceUp) out.push(`${kw('faceUp', l)} ${o.faceUp.join(', ')}`);
  if (o.place)
    out.push(`${kw('place', l)} ${o.place.marker === 'down' ? kw('down', l) : o.place.marker} -> ${o.place.hex}`);
  if (o.intercept)
    out.push(o.intercept === 'pass' ? kw('pass', l) : `${kw('intercept', l)} ${o.intercept.from} -> ${o.intercept.to}`);
  out.push(...combatLines(o, l));
  for (const [hex, answers] of Object.entries(o.hexes ?? {}))
    for (const line of combatLines(answers, l)) out.push(`${kw('at', l)} ${hex}: ${line}`);
  out.push(...standingLines(o.standing, l));
  return out;
}

/** D15-D18 lines (also the body of a GF-AD1 `AT hex:` line). */
function combatLines(o: GfHexOrders, l: Locale): string[] {
  const out: string[] = [];
  if (o.initiative)
    out.push(
      `${kw('initiative', l)} ${kw(o.initiative.half ? 'half' : 'full', l)} ${kw('excess', l)} ${o.initiative.excess}`,
    );
  if (o.situations)
    out.push(
      `${kw('situations', l)} ${o.situations.map((x) => (l === 'en' ? SITUATION_WORDS[x].en.toUpperCase() : SITUATION_WORDS[x].ja)).join(', ')}`,
    );
  if (o.fire) {
    const pairs = Object.entries(o.fire).map(([id, n]) => `${id} ${n}`);
    out.push(`${kw('fire', l)} ${pairs.length ? pairs.join(', ') : kw('no', l)}`);
  }
  if (o.continue !== undefined) out.push(`${kw('continue', l)} ${yn(o.continue, l)}`);
  return out;
}

/** Standing order lines. */
function standingLines(st: GfOrders['standing'], l: Locale): string[] {
  const out: string[] = [];
  if (st?.usw) out.push(`${kw('standing', l)} ${kw('usw', l)} ${kw(st.usw, l)}`);
  if (st?.ifOffensive !== undefined) out.push(`${kw('ifOffensive', l)} ${kw('battle', l)} ${yn(st.ifOffensive, l)}`);
  if (st?.ifIntercepting !== undefined)
    out.push(`${kw('ifIntercepting', l)} ${kw('accept', l)} ${yn(st.ifIntercepting, l)}`);
  if (st?.ifContinue !== undefined) out.push(`${kw('ifContinue', l)} ${kw('continue', l)} ${yn(st.ifContinue, l)}`);
  if (st?.ifStop !== undefined) out.push(`${kw('ifStop', l)} ${kw('continue', l)} ${yn(st.ifStop, l)}`);
  for (const p of st?.placements ?? [])
    out.push(`${kw('standing', l)} ${kw('place', l)} ${p.marker === 'down' ? kw('down', l) : p.marker} -> ${p.hex}`);
  for (const i of st?.intercepts ?? []) out.push(`${kw('standing', l)} ${kw('intercept', l)} ${i.from} -> ${i.to}`);
  if (st?.intercepts && !st.intercepts.length) out.push(`${kw('standing', l)} ${kw('intercept', l)} ${kw('pass', l)}`);
  return out;
}

/** The Grand Fleet grammar: the `grammar` of its package. */
export const gfTextGrammar: OrderGrammar<GfOrders, GfTextContext> = {
  context,
  empty: () => ({}),
  statement,
  format,
  syntax: (locale) => SYNTAX[locale],
};
