/**
 * Fin-Napoleon's order text, English and Japanese (spec 5.2). One statement a line; a line may start with a nation
 * (`AUSTRIA: REINFORCE 2`, `オーストリア: 増強 2`) to send a later activation of one's own nation this turn.
 *   ROLL | NONE | DECLARE [nation] | REINFORCE n | MOVE [n] area-area[-area] | COMBAT ORDER a, b | NOJOIN area: n, n
 *   ALLOCATE [area:] nation n, nation n | PRIORITY n, n | SURRENDER PLACE n | ASK BETWEEN NATIONS yes|no | IF ...
 * Movement paths are checked against adjacency by the rules (movement.ts), which name the broken link. Words:
 * text-words.ts; writing orders back: text-format.ts; HELP: text-syntax.ts.
 */
import type { OrderGrammar, StatementResult } from '../../../engine/grammar.ts';
import { nameKey } from '../../../orders-text/normalize.ts';
import type { Ally, Nation } from '../data/schema.ts';
import { slotOf } from '../rules/movement.ts';
import type { Activation, FnOrders } from './schema.ts';
import { format } from './text-format.ts';
import { SYNTAX } from './text-syntax.ts';
import { bad, context, type Ctx, items, NO, type Word, WORDS, YES } from './text-words.ts';

const set = (f: (o: FnOrders) => void): StatementResult<FnOrders> => ({ kind: 'order', apply: f });
const numberOf = (rest: string): number | null => (/^\d{1,2}$/.test(rest) ? Number(rest) : null);

/** A statement's activation (the top level for the current nation, `later` for another). */
const target = (o: FnOrders, n: Nation | null, ctx: Ctx): Activation | FnOrders => {
  if (!n || n === ctx.current) return o;
  o.later ??= {};
  o.later[n] ??= { activity: 'none' };
  return o.later[n];
};

function moveLine(rest: string, ctx: Ctx, nation: Nation | null): StatementResult<FnOrders> {
  const m = /^(\d{1,2})?\s*(.*)$/.exec(rest)!;
  const count = m[1] ? Number(m[1]) : 1;
  const parts = m[2] ? m[2].split(/\s*(?:->|-|→|〜)\s*/).filter(Boolean) : [];
  const ids = parts.map((p) => ctx.areas.get(nameKey(p)));
  const unknown = parts.find((_, i) => !ids[i]);
  if (unknown) return bad('area', `unknown area "${unknown}"`, `不明なエリア「${unknown}」`);
  if (parts.length === 1)
    return bad(
      'path',
      'MOVE needs a start and at least one area: MOVE 2 France-Rhine',
      '移動には出発エリアと移動先が必要です: 移動 2 フランス-ライン連邦',
    );
  return {
    kind: 'order',
    apply: (o) => {
      const a = target(o, nation, ctx);
      // FN-D4 after a halt: the moves alone (the activity is already move/combat).
      if (ctx.point !== 'FN-D4') a.activity = 'move';
      if (ids.length < 2) return;
      a.move ??= {};
      const from = ids[0]!;
      const used = Object.keys(a.move).filter((k) => slotOf(k)[0] === from).length;
      for (let k = 1; k <= count; k++) a.move[`${from}${used + k}`] = ids.slice(1) as string[];
    },
  };
}

function allocationOf(rest: string, ctx: Ctx): Partial<Record<Ally, number>> | string {
  const out: Partial<Record<Ally, number>> = {};
  for (const item of items(rest)) {
    const m = /^(.*?)\s*(\d{1,2})$/.exec(item);
    const n = m ? ctx.nations.get(nameKey(m[1])) : undefined;
    if (!m || !n || n === 'france') return item;
    out[n as Ally] = Number(m[2]);
  }
  return out;
}

function listOf<T>(rest: string, table: Map<string, T>): T[] | string {
  const out: T[] = [];
  for (const item of items(rest)) {
    const v = table.get(nameKey(item));
    if (v === undefined) return item;
    out.push(v);
  }
  return out;
}

const COND = {
  atWar: ['at war', '交戦中'],
  atPeace: ['at peace', '和平中'],
  noFrench: ['no french in', 'フランス軍なし'],
  french: ['french in', 'フランス軍'],
} as const;

/** Spec 5.2: a condition on a later nation's activation (IF AT WAR, IF FRENCH IN Rhine, IF NO FRENCH IN Rhine). */
function condition(rest: string, ctx: Ctx, nation: Nation | null): StatementResult<FnOrders> {
  if (!nation || nation === ctx.current) {
    return bad(
      'when',
      'a condition needs a later nation: Austria: IF AT WAR',
      '条件には後の国を付けます: オーストリア: 条件 交戦中',
    );
  }
  const lower = rest.toLowerCase();
  const kind = (Object.keys(COND) as (keyof typeof COND)[]).find((k) => COND[k].some((w) => lower.startsWith(w)));
  if (!kind)
    return bad(
      'when',
      'IF AT WAR, IF AT PEACE, IF FRENCH IN area or IF NO FRENCH IN area',
      '条件 交戦中 / 和平中 / フランス軍 エリア / フランス軍なし エリア',
    );
  const word = COND[kind].find((w) => lower.startsWith(w))!;
  const area = ctx.areas.get(nameKey(rest.slice(word.length)));
  if ((kind === 'french' || kind === 'noFrench') && !area)
    return bad(
      'area',
      `unknown area "${rest.slice(word.length).trim()}"`,
      `不明なエリア「${rest.slice(word.length).trim()}」`,
    );
  return {
    kind: 'order',
    apply: (o) => {
      const a = target(o, nation, ctx);
      const when = { ...a.when };
      if (kind === 'atWar' || kind === 'atPeace') when.atWar = kind === 'atWar';
      if (kind === 'french') when.french = area;
      if (kind === 'noFrench') when.noFrench = area;
      a.when = when;
    },
  };
}

/** The statements of an activation (D1-D5, D7 and a later nation's condition). */
function activityKeyword(word: Word, rest: string, ctx: Ctx, nation: Nation | null): StatementResult<FnOrders> {
  const num = numberOf(rest);
  switch (word) {
    case 'roll':
      return set((o) => {
        o.start = 'roll';
      });
    case 'none':
      return set((o) => {
        target(o, nation, ctx).activity = 'none';
      });
    case 'declare': {
      const t = rest ? ctx.nations.get(nameKey(rest)) : undefined;
      if (rest && (!t || t === 'france'))
        return bad('nation', `unknown Allied nation "${rest}"`, `不明な連合国「${rest}」`);
      return set((o) => {
        const a = target(o, nation, ctx);
        a.activity = 'declare';
        if (t) a.target = t as Ally;
      });
    }
    case 'reinforce':
    case 'place':
      if (num === null) return bad('count', 'give a number: REINFORCE 2', '数を書いてください: 増強 2');
      if (ctx.point === 'FN-D3')
        return set((o) => {
          o.count = num;
        });
      return set((o) => {
        const a = target(o, nation, ctx);
        a.activity = 'reinforce';
        a.count = num;
      });
    case 'move':
      return moveLine(rest, ctx, nation);
    case 'combatOrder': {
      const list = listOf(rest, ctx.areas);
      if (typeof list === 'string') return bad('area', `unknown area "${list}"`, `不明なエリア「${list}」`);
      return set((o) => {
        target(o, nation, ctx).combatOrder = list;
      });
    }
    case 'noJoin': {
      const [head, tail = ''] = rest.split(':');
      const area = ctx.areas.get(nameKey(head));
      const list = listOf(tail, ctx.nations);
      if (!area || typeof list === 'string' || list.includes('france'))
        return bad('nojoin', 'write NOJOIN area: nation, nation', '不参加 エリア: 国、国 と書いてください');
      return set((o) => {
        const a = target(o, nation, ctx);
        a.noJoin = { ...a.noJoin, [area]: list as Ally[] };
      });
    }
    case 'haltAfterSea':
      return set((o) => {
        target(o, nation, ctx).haltAfterSea = true;
      });
    default:
      return null;
  }
}

/** France's dice: the answer to D6, ahead in its own activation, or standing per area. */
function allocationKeyword(word: Word, rest: string, ctx: Ctx, nation: Nation | null): StatementResult<FnOrders> {
  switch (word) {
    case 'allocate': {
      const colon = rest.indexOf(':');
      const area = colon >= 0 ? ctx.areas.get(nameKey(rest.slice(0, colon))) : undefined;
      const alloc = allocationOf(colon >= 0 ? rest.slice(colon + 1) : rest, ctx);
      if (typeof alloc === 'string' || (colon >= 0 && !area))
        return bad(
          'allocate',
          `cannot read "${typeof alloc === 'string' ? alloc : rest}": ALLOCATE Prussia 2, Austria 1`,
          `「${typeof alloc === 'string' ? alloc : rest}」を読めません: 配分 プロイセン 2、オーストリア 1`,
        );
      if (!area)
        return set((o) => {
          o.allocation = alloc;
        });
      return set((o) => {
        const a = target(o, nation, ctx);
        a.allocate = { ...a.allocate, [area]: alloc };
      });
    }
    case 'perArea': {
      const colon = rest.indexOf(':');
      const area = colon >= 0 ? ctx.areas.get(nameKey(rest.slice(0, colon))) : undefined;
      const alloc = allocationOf(rest.slice(colon + 1), ctx);
      if (!area || typeof alloc === 'string')
        return bad(
          'per-area',
          'write STANDING ALLOCATE Rhine: Prussia 2, Austria 1',
          '常備配分 ライン連邦: プロイセン 2、オーストリア 1 と書いてください',
        );
      return set((o) => {
        o.standing = { ...o.standing, perArea: { ...o.standing?.perArea, [area]: alloc } };
      });
    }
    default:
      return null;
  }
}

/** Standing orders (spec 5.2). */
function standingKeyword(word: Word, rest: string, ctx: Ctx): StatementResult<FnOrders> {
  const num = numberOf(rest);
  switch (word) {
    case 'priority': {
      const list = listOf(rest, ctx.nations);
      if (typeof list === 'string' || list.includes('france'))
        return bad(
          'priority',
          'write PRIORITY Prussia, Austria, ...',
          '優先 プロイセン、オーストリア… と書いてください',
        );
      return set((o) => {
        o.standing = { ...o.standing, priority: list as Ally[] };
      });
    }
    case 'holdBack': {
      const list = nameKey(rest) === 'none' || nameKey(rest) === 'なし' ? [] : listOf(rest, ctx.nations);
      if (typeof list === 'string' || list.includes('france'))
        return bad(
          'hold-back',
          'write HOLD BACK Prussia, Austria (or HOLD BACK NONE)',
          '攻撃不参加 プロイセン、オーストリア（または なし）と書いてください',
        );
      return set((o) => {
        o.standing = { ...o.standing, holdBack: list as Ally[] };
      });
    }
    case 'surrenderPlace':
      if (num === null) return bad('count', 'give a number: SURRENDER PLACE 3', '数を書いてください: 降伏後増強 3');
      return set((o) => {
        o.standing = { ...o.standing, surrenderCount: num };
      });
    case 'askBetween': {
      const v = nameKey(rest);
      if (!YES.has(v) && !NO.has(v)) return bad('yesno', 'answer YES or NO', 'はい か いいえ で答えてください');
      return set((o) => {
        o.standing = { ...o.standing, askBetween: YES.has(v) };
      });
    }
    default:
      return null;
  }
}

/** Reads one keyword statement. */
function keyword(word: Word, rest: string, ctx: Ctx, nation: Nation | null): StatementResult<FnOrders> {
  if (word === 'when') return condition(rest, ctx, nation);
  if (word === 'allocate' || word === 'perArea') return allocationKeyword(word, rest, ctx, nation);
  if (['priority', 'holdBack', 'surrenderPlace', 'askBetween'].includes(word)) return standingKeyword(word, rest, ctx);
  return activityKeyword(word, rest, ctx, nation);
}

/** Reads one statement line. */
function statement(raw: string, ctx: Ctx): StatementResult<FnOrders> {
  let line = raw.trim();
  let nation: Nation | null = null;
  const colon = line.indexOf(':');
  if (colon > 0 && ctx.nations.has(nameKey(line.slice(0, colon)))) {
    nation = ctx.nations.get(nameKey(line.slice(0, colon)))!;
    line = line.slice(colon + 1).trim();
  }
  const lower = line.toLowerCase();
  const hit = WORDS.find(([k]) => lower.startsWith(k) && !/[a-z]/.test(lower.charAt(k.length)));
  if (!hit) return nation ? bad('keyword', `unknown order "${line}"`, `不明な命令「${line}」`) : null;
  return keyword(hit[1], line.slice(hit[0].length).trim(), ctx, nation);
}

/** The Fin-Napoleon grammar: the `grammar` of its package. */
export const fnTextGrammar: OrderGrammar<FnOrders, Ctx> = {
  context,
  empty: () => ({}),
  statement,
  format,
  syntax: (locale) => SYNTAX[locale],
};
