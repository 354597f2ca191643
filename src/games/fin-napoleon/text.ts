/**
 * Fin-Napoleon's order text, English and Japanese (spec 5.2). One statement a line; a line may start with a nation
 * (`AUSTRIA: REINFORCE 2`, `オーストリア: 増強 2`) to send a later activation of one's own nation this turn.
 *   ROLL | NONE | DECLARE [nation] | REINFORCE n | MOVE [n] area-area[-area] | COMBAT ORDER a, b | NOJOIN area: n, n
 *   ALLOCATE [area:] nation n, nation n | PRIORITY n, n | SURRENDER PLACE n | ASK BETWEEN NATIONS yes|no
 * Movement paths are checked against adjacency by the rules (movement.ts), which name the broken link.
 */
import type { GrammarInput, OrderGrammar, StatementResult } from '../../engine/grammar.ts';
import type { Locale } from '../../i18n/index.ts';
import { nameKey } from '../../orders-text/normalize.ts';
import { ALLIES, type Ally, defaultData, type FnData, NATIONS, type Nation } from './data.ts';
import { slotOf } from './movement.ts';
import type { Activation, FnOrders } from './state.ts';

interface Ctx {
  data: FnData;
  areas: Map<string, string>;
  nations: Map<string, Nation>;
  point: string | null;
  current: Nation | null;
}

const KW = {
  roll: ['roll', '振る'],
  none: ['none', 'なし', '活動なし'],
  declare: ['declare', '宣戦布告', '宣戦'],
  reinforce: ['reinforce', '増強'],
  move: ['move', '移動'],
  combatOrder: ['combat order', '戦闘順'],
  noJoin: ['nojoin', 'no join', '不参加'],
  allocate: ['allocate', '配分'],
  priority: ['priority', '優先順', '優先'],
  surrenderPlace: ['surrender place', '降伏後増強'],
  askBetween: ['ask between nations', '国ごとに確認'],
  haltAfterSea: ['halt after sea', '海上消耗後に停止'],
  when: ['if', '条件'],
  holdBack: ['hold back', '攻撃不参加'],
  perArea: ['standing allocate', '常備配分'],
  place: ['place', '配置'],
} as const;
type Word = keyof typeof KW;
const WORDS = (Object.keys(KW) as Word[])
  .flatMap((w) => KW[w].map((k) => [k, w] as const))
  .sort((a, b) => b[0].length - a[0].length);
const OUT: Record<Locale, Record<Word, string>> = {
  en: {
    roll: 'ROLL',
    none: 'NONE',
    declare: 'DECLARE',
    reinforce: 'REINFORCE',
    move: 'MOVE',
    combatOrder: 'COMBAT ORDER',
    noJoin: 'NOJOIN',
    allocate: 'ALLOCATE',
    priority: 'PRIORITY',
    surrenderPlace: 'SURRENDER PLACE',
    askBetween: 'ASK BETWEEN NATIONS',
    haltAfterSea: 'HALT AFTER SEA',
    when: 'IF',
    holdBack: 'HOLD BACK',
    perArea: 'STANDING ALLOCATE',
    place: 'PLACE',
  },
  ja: {
    roll: '振る',
    none: 'なし',
    declare: '宣戦',
    reinforce: '増強',
    move: '移動',
    combatOrder: '戦闘順',
    noJoin: '不参加',
    allocate: '配分',
    priority: '優先',
    surrenderPlace: '降伏後増強',
    askBetween: '国ごとに確認',
    haltAfterSea: '海上消耗後に停止',
    when: '条件',
    holdBack: '攻撃不参加',
    perArea: '常備配分',
    place: '配置',
  },
};
const YES = new Set(['yes', 'はい', 'on', 'true']);
const NO = new Set(['no', 'いいえ', 'off', 'false']);

function context(input: GrammarInput): Ctx {
  const data = (input.data as FnData | undefined)?.areas ? (input.data as FnData) : defaultData;
  const areas = new Map<string, string>();
  for (const a of data.areas) for (const k of [a.id, a.name.en, a.name.ja, ...a.aliases]) areas.set(nameKey(k), a.id);
  const nations = new Map<string, Nation>();
  for (const n of NATIONS)
    for (const k of [n, data.chart[n].name.en, data.chart[n].name.ja, ...data.chart[n].aliases])
      nations.set(nameKey(k), n);
  const group = input.choices?.fields.find((f) => f.key === 'activity')?.group;
  return { data, areas, nations, point: input.choices?.point ?? null, current: (group as Nation | undefined) ?? null };
}

const bad = (code: string, en: string, ja: string): StatementResult<FnOrders> => ({
  kind: 'error',
  code: `fn/text-${code}`,
  message: { en, ja },
});
const items = (rest: string) =>
  rest
    .split(/[,、]/)
    .map((x) => x.trim())
    .filter(Boolean);

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

/** Reads one keyword statement. */
function keyword(word: Word, rest: string, ctx: Ctx, nation: Nation | null): StatementResult<FnOrders> {
  const set = (f: (o: FnOrders) => void): StatementResult<FnOrders> => ({ kind: 'order', apply: f });
  const num = /^\d{1,2}$/.test(rest) ? Number(rest) : null;
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
    case 'when':
      return condition(rest, ctx, nation);
    case 'haltAfterSea':
      return set((o) => {
        target(o, nation, ctx).haltAfterSea = true;
      });
    case 'askBetween': {
      const v = nameKey(rest);
      if (!YES.has(v) && !NO.has(v)) return bad('yesno', 'answer YES or NO', 'はい か いいえ で答えてください');
      return set((o) => {
        o.standing = { ...o.standing, askBetween: YES.has(v) };
      });
    }
  }
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

const areaOut = (ctx: Ctx, id: string, l: Locale) => ctx.data.areas.find((a) => a.id === id)?.name[l] ?? id;
const nationOut = (ctx: Ctx, n: string, l: Locale) => ctx.data.chart[n as Nation]?.name[l] ?? n;
const sep = (l: Locale) => (l === 'ja' ? '、' : ', ');

/** The lines of a condition (spec 5.2). */
function conditionLines(when: Activation['when'], ctx: Ctx, l: Locale, prefix: string): string[] {
  if (!when) return [];
  const w = OUT[l].when;
  const ja = l === 'ja';
  const out: string[] = [];
  if (when.atWar !== undefined)
    out.push(`${prefix}${w} ${when.atWar ? (ja ? '交戦中' : 'AT WAR') : ja ? '和平中' : 'AT PEACE'}`);
  if (when.french) out.push(`${prefix}${w} ${ja ? 'フランス軍' : 'FRENCH IN'} ${areaOut(ctx, when.french, l)}`);
  if (when.noFrench)
    out.push(`${prefix}${w} ${ja ? 'フランス軍なし' : 'NO FRENCH IN'} ${areaOut(ctx, when.noFrench, l)}`);
  return out;
}

/** The lines of one activation. */
function activationLines(a: Partial<Activation>, ctx: Ctx, l: Locale, prefix: string): string[] {
  const w = OUT[l];
  const out: string[] = [];
  if (a.activity === 'none') out.push(`${prefix}${w.none}`);
  if (a.activity === 'declare') out.push(`${prefix}${w.declare}${a.target ? ` ${nationOut(ctx, a.target, l)}` : ''}`);
  if (a.activity === 'reinforce') out.push(`${prefix}${w.reinforce} ${a.count ?? 0}`);
  if (a.activity === 'move' || (a.activity === undefined && a.move)) {
    const ids = ctx.data.areas.map((x) => x.id);
    const slots = Object.keys(a.move ?? {})
      .filter((k) => a.move![k].length)
      .sort((x, y) => ids.indexOf(slotOf(x)[0]) - ids.indexOf(slotOf(y)[0]) || slotOf(x)[1] - slotOf(y)[1]);
    if (!slots.length && a.activity) out.push(`${prefix}${w.move}`);
    for (const k of slots)
      out.push(`${prefix}${w.move} 1 ${[slotOf(k)[0], ...a.move![k]].map((id) => areaOut(ctx, id, l)).join('-')}`);
  }
  if (a.haltAfterSea) out.push(`${prefix}${w.haltAfterSea}`);
  out.push(...conditionLines(a.when, ctx, l, prefix));
  if (a.combatOrder)
    out.push(`${prefix}${w.combatOrder} ${a.combatOrder.map((id) => areaOut(ctx, id, l)).join(sep(l))}`);
  for (const area of Object.keys(a.noJoin ?? {}).sort())
    out.push(
      `${prefix}${w.noJoin} ${areaOut(ctx, area, l)}: ${a.noJoin![area].map((n) => nationOut(ctx, n, l)).join(sep(l))}`,
    );
  for (const area of Object.keys(a.allocate ?? {}).sort())
    out.push(`${prefix}${w.allocate} ${areaOut(ctx, area, l)}: ${allocText(a.allocate![area], ctx, l)}`);
  return out;
}

const allocText = (alloc: Partial<Record<Ally, number>>, ctx: Ctx, l: Locale) =>
  ALLIES.filter((n) => alloc[n] !== undefined)
    .map((n) => `${nationOut(ctx, n, l)} ${alloc[n]}`)
    .join(sep(l));

/** Canonical text of orders: parsing it gives the same orders back. */
function format(o: FnOrders, ctx: Ctx, l: Locale): string[] {
  const w = OUT[l];
  const out: string[] = [];
  if (o.start) out.push(w.roll);
  if (ctx.point === 'FN-D3' && o.count !== undefined) out.push(`${w.place} ${o.count}`);
  else out.push(...activationLines(o, ctx, l, ''));
  if (o.allocation) out.push(`${w.allocate} ${allocText(o.allocation, ctx, l)}`);
  for (const n of NATIONS)
    if (o.later?.[n]) out.push(...activationLines(o.later[n], ctx, l, `${nationOut(ctx, n, l)}: `));
  const st = o.standing;
  if (st?.priority) out.push(`${w.priority} ${st.priority.map((n) => nationOut(ctx, n, l)).join(sep(l))}`);
  if (st?.surrenderCount !== undefined) out.push(`${w.surrenderPlace} ${st.surrenderCount}`);
  for (const area of Object.keys(st?.perArea ?? {}).sort())
    out.push(`${w.perArea} ${areaOut(ctx, area, l)}: ${allocText(st!.perArea![area], ctx, l)}`);
  if (st?.holdBack) {
    const none = l === 'ja' ? 'なし' : 'NONE';
    out.push(`${w.holdBack} ${st.holdBack.length ? st.holdBack.map((n) => nationOut(ctx, n, l)).join(sep(l)) : none}`);
  }
  if (st?.askBetween !== undefined)
    out.push(`${w.askBetween} ${st.askBetween ? (l === 'ja' ? 'はい' : 'YES') : l === 'ja' ? 'いいえ' : 'NO'}`);
  return out;
}

const SYNTAX: Record<Locale, string> = {
  en: `One order per line, keywords in any case; areas and nations in English or Japanese.
  FN-D0  ROLL                                  (roll for the first activation order, FN 5.0[6])
  FN-D1  NONE | DECLARE | REINFORCE 2 | MOVE   (the active nation's one activity, FN 6.0[3])
  FN-D2  DECLARE Austria                       (France: war on one Allied nation at peace, FN 7.0[1])
  FN-D4  MOVE 2 France-Rhine-Prussia            (units from an area along adjacent areas, FN 9.1; Allies 1 area)
         HALT AFTER SEA                        (stop after a sea attrition roll to move the rest again, FN-A12)
  FN-D5  COMBAT ORDER Rhine, Italy             (order of the combats, FN 9.2[5])
  FN-D6  ALLOCATE Prussia 2, Austria 1         (France's dice in the area fought, FN 9.21[1])
         ALLOCATE Rhine: Prussia 2, Austria 1  (France, ahead, in its own move/combat)
  FN-D7  NOJOIN Rhine: Russia                  (an at-war ally that does not join the attack, FN-A16)
  FN-D3  PLACE 3                               (units placed after a French surrender, FN 9.33[1])
  later  Austria: REINFORCE 2                  (your later nation this turn, used unless it no longer fits)
         Austria: IF FRENCH IN Rhine           (its condition: IF AT WAR / AT PEACE / FRENCH IN a / NO FRENCH IN a)
  any    PRIORITY Prussia, Austria, Russia     (France's standing dice allocation, every combat)
         STANDING ALLOCATE Rhine: Prussia 2    (France's standing dice in one area, before the priority)
         SURRENDER PLACE 3                     (France's standing answer to FN 9.33[1])
         ASK BETWEEN NATIONS YES               (stop before each of your nations even with later orders)
         HOLD BACK Prussia                     (D7: your nation does not join other nations' attacks, FN-A16)
Commands: HELP, STATUS, SIGNON <password>, END (stops reading); moderators: APPROVE, REJECT <reason>.`,
  ja: `1行に1命令。キーワードは大文字・小文字を問いません。エリア名・国名は日本語でも英語でも可。
  FN-D0  振る                                   (最初の活動順のダイス、FN 5.0[6])
  FN-D1  なし | 宣戦 | 増強 2 | 移動            (活動中の国の活動を1つ、FN 6.0[3])
  FN-D2  宣戦 オーストリア                      (フランス: 和平中の連合国1国に宣戦、FN 7.0[1])
  FN-D4  移動 2 フランス-ライン連邦-プロイセン  (隣接エリアをたどる移動、FN 9.1。連合軍は1エリア)
         海上消耗後に停止                        (海上消耗のダイスの後で止め、残りを改めて移動、FN-A12)
  FN-D5  戦闘順 ライン連邦、イタリア            (戦闘の順番、FN 9.2[5])
  FN-D6  配分 プロイセン 2、オーストリア 1      (戦闘中エリアのフランス軍ダイス、FN 9.21[1])
         配分 ライン連邦: プロイセン 2、オーストリア 1 (フランス自身の移動/戦闘で事前に)
  FN-D7  不参加 ライン連邦: ロシア              (攻撃に加わらない交戦中の連合国、FN-A16)
  FN-D3  配置 3                                 (フランス降伏後の増強、FN 9.33[1])
  先の国 オーストリア: 増強 2                   (今ターンこの後に活動する自国。使えなければ改めて尋ねる)
         オーストリア: 条件 フランス軍 ライン連邦 (その条件: 交戦中 / 和平中 / フランス軍 エリア / フランス軍なし エリア)
  常備   優先 プロイセン、オーストリア、ロシア  (フランスのダイス配分の優先順、全戦闘で使用)
         常備配分 ライン連邦: プロイセン 2      (フランスの常備のエリア別配分、優先順より先)
         降伏後増強 3                           (FN 9.33[1] への常備の答え)
         国ごとに確認 はい                      (事前命令があっても各国の前で止める)
         攻撃不参加 プロイセン                  (D7: 他国の攻撃に自国を加えない、FN-A16)
コマンド: HELP, STATUS, SIGNON <パスワード>, END (以降を読まない)。モデレーター: APPROVE, REJECT <理由>。`,
};

/** The Fin-Napoleon grammar: the `grammar` of its package. */
export const fnTextGrammar: OrderGrammar<FnOrders, Ctx> = {
  context,
  empty: () => ({}),
  statement,
  format,
  syntax: (locale) => SYNTAX[locale],
};
