/**
 * The order text of Operation Crusader, English and Japanese keywords (spec 5.2; docs/operation-crusader.md):
 *   PASS                                           パス                                 D4 (OC 3.1③[a])
 *   ACTIVATE 12 7arm 22arm MOVE sidi-omar -> 06 ATTACK 7arm -> savona
 *                                                  活性化 12 7arm 22arm 移動 シディ・オマル -> 06 攻撃 7arm -> savona
 *   ATTACK NO (in an area: move without attacking) 攻撃 なし
 *   TARGET 7arm -> savona                          目標 7arm -> savona                  D7
 *   COUNTER 21pz -> 7arm, 15pz -> 22arm            反撃 21pz -> 7arm                    D8
 *   SETUP 7arm 12                                  配置 7arm 12                         D1
 *   REPLACE tobruk 70div                           補充 トブルク 70div                  D2
 *   RETURN 21pz west-coast                         復帰 21pz west-coast                 D3
 *   PREFER 7arm TANK MOST-STEPS / PREFER NONE      反撃優先 7arm 戦車 最多ステップ / 反撃優先 なし
 *   QUEUE ACTIVATE ... / QUEUE CLEAR               予約 活性化 ... / 予約 取消
 * Names: every spelling of the name table (data/names.ts): counter labels, full names and aliases of units and
 * places in English or Japanese, "area 11", "エリア11", full-width digits, ids; the echo writes labels.
 */
import type { GrammarInput, OrderGrammar, StatementResult } from '../../../engine/grammar.ts';
import type { Locale } from '../../../i18n/index.ts';
import { nameKey, tokenize } from '../../../orders-text/normalize.ts';
import { defaultData } from '../data/default-data.ts';
import { ocNames } from '../data/names.ts';
import type { OcData } from '../data/schema.ts';
import { acceptedNames } from '../../../engine/names.ts';
import type { Text } from '../../../engine/words.ts';
import { formatOrders } from './text-format.ts';
import type { OcActivation, OcOrders, OcPreference } from './schema.ts';

/** Name tables of one data set: spellings to ids for reading, ids to labels for the echo. */
interface OcGrammarContext {
  units: Map<string, string>;
  places: Map<string, string>;
  labels: Map<string, Text>;
}

const KW = {
  pass: ['pass', 'パス'],
  activate: ['activate', 'act', '活性化'],
  move: ['move', '移動'],
  attack: ['attack', '攻撃'],
  target: ['target', 'targets', '目標'],
  counter: ['counter', 'counterattack', '反撃'],
  setup: ['setup', '配置'],
  replace: ['replace', '補充'],
  return: ['return', '復帰'],
  prefer: ['prefer', '反撃優先'],
  queue: ['queue', '予約'],
  none: ['none', 'no', 'なし', 'clear', '取消'],
  at: ['at', '場所'],
} as const;
const is = (t: string | undefined, k: keyof typeof KW) => !!t && KW[k].some((w) => nameKey(w) === nameKey(t));
const keyed = <T>(m: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [nameKey(k), v]));
const ARMS = keyed<'tank' | 'infantry'>({ tank: 'tank', 戦車: 'tank', infantry: 'infantry', 歩兵: 'infantry' });
const ORDERS = keyed<NonNullable<OcPreference['order']>>({
  lowesthit: 'lowest-hit',
  最低ヒット値: 'lowest-hit',
  highesthit: 'highest-hit',
  最高ヒット値: 'highest-hit',
  moststeps: 'most-steps',
  最多ステップ: 'most-steps',
  feweststeps: 'fewest-steps',
  最少ステップ: 'fewest-steps',
});

function context(input: GrammarInput): OcGrammarContext {
  const parsed = input.data as OcData | undefined;
  const data = parsed?.units ? parsed : defaultData;
  const units = new Map<string, string>();
  const places = new Map<string, string>();
  const labels = new Map<string, Text>();
  // Every spelling of the name table (src/engine/names.ts) reads as the thing's id.
  for (const e of ocNames(data)) {
    const table = e.kind === 'unit' ? units : places;
    for (const n of acceptedNames(e)) if (!table.has(nameKey(n))) table.set(nameKey(n), e.id);
    labels.set(e.id, e.label);
  }
  return { units, places, labels };
}

type Fail = { kind: 'error'; code: string; message: { en: string; ja: string }; rule?: string };
const fail = (code: string, en: string, ja: string, rule?: string): Fail => ({
  ...{ kind: 'error', code, message: { en, ja } },
  ...(rule ? { rule } : {}),
});
const SEP = new Set(['->', ',', ':', '→', '、']);

/** Reads one name (the longest run of tokens that names something) at `i`. */
function readName(tokens: string[], i: number, table: Map<string, string>): { id: string; next: number } | null {
  for (let n = Math.min(6, tokens.length - i); n >= 1; n--) {
    const run = tokens.slice(i, i + n);
    if (run.some((t) => SEP.has(t))) continue;
    const id = table.get(nameKey(run.join('')));
    if (id) return { id, next: i + n };
  }
  return null;
}

/** Reads names up to a keyword: every token must be part of a name. */
function readNames(tokens: string[], table: Map<string, string>, what: string): string[] | Fail {
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (SEP.has(tokens[i])) {
      i++;
      continue;
    }
    const hit = readName(tokens, i, table);
    if (!hit)
      return fail(
        'oc/text/name',
        `"${tokens[i]}" is not a ${what}`,
        `「${tokens[i]}」は${what === 'unit' ? 'ユニット' : '場所'}名ではありません`,
      );
    out.push(hit.id);
    i = hit.next;
  }
  return out;
}

/** Pairs `a -> b, c -> d` (firer to target). */
function readPairs(tokens: string[], ctx: OcGrammarContext): Record<string, string> | Fail {
  const names = readNames(tokens, ctx.units, 'unit');
  if (!Array.isArray(names)) return names;
  if (names.length % 2)
    return fail('oc/text/pairs', 'targets come in pairs: 7 Armd -> 21 Pz', '目標は組で書きます: 7機甲 -> 21装甲');
  const out: Record<string, string> = {};
  for (let i = 0; i < names.length; i += 2) out[names[i]] = names[i + 1];
  return out;
}

/** Splits at the keywords MOVE and ATTACK. */
function sections(tokens: string[]) {
  const m = tokens.findIndex((t) => is(t, 'move'));
  const a = tokens.findIndex((t) => is(t, 'attack'));
  const end = (x: number) => (x < 0 ? tokens.length : x);
  const head = tokens.slice(0, Math.min(end(m), end(a)));
  const move = m < 0 ? [] : tokens.slice(m + 1, a > m ? a : tokens.length);
  const attack = a < 0 ? null : tokens.slice(a + 1, m > a ? m : tokens.length);
  return { head, move, attack };
}

/** ACTIVATE <location> [units] [MOVE path] [ATTACK pairs | ATTACK NO]. */
function activation(tokens: string[], ctx: OcGrammarContext): OcActivation | Fail {
  const { head, move, attack } = sections(tokens);
  const at = readName(head, 0, ctx.places);
  if (!at)
    return fail(
      'oc/text/location',
      "ACTIVATE names the group's location first: ACTIVATE 12 7 Armd",
      '活性化の後にグループの場所を書きます: 活性化 12 7機甲',
    );
  const units = readNames(head.slice(at.next), ctx.units, 'unit');
  if (!Array.isArray(units)) return units;
  const path = readNames(move, ctx.places, 'place');
  if (!Array.isArray(path)) return path;
  const act: OcActivation = { at: at.id };
  if (units.length) act.units = units;
  if (path.length) act.path = path;
  if (attack) {
    if (attack.length === 1 && is(attack[0], 'none')) act.attack = 'no';
    else {
      act.attack = 'yes';
      const pairs = readPairs(attack, ctx);
      if ('kind' in pairs && pairs.kind === 'error') return pairs as Fail;
      if (Object.keys(pairs).length) act.targets = pairs as Record<string, string>;
    }
  }
  return act;
}

function preference(tokens: string[], ctx: OcGrammarContext): OcPreference | null | Fail {
  if (tokens.length === 1 && is(tokens[0], 'none')) return null;
  const pref: OcPreference = {};
  const prefer: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const k = nameKey(tokens[i]);
    if (ARMS[k]) pref.arm = ARMS[k];
    else if (ORDERS[k]) pref.order = ORDERS[k];
    else {
      const hit = SEP.has(tokens[i]) ? null : readName(tokens, i, ctx.units);
      if (!hit && !SEP.has(tokens[i]))
        return fail(
          'oc/text/prefer',
          `"${tokens[i]}": PREFER takes units, TANK/INFANTRY, LOWEST-HIT/HIGHEST-HIT/MOST-STEPS/FEWEST-STEPS`,
          `「${tokens[i]}」: 反撃優先にはユニット、戦車/歩兵、最低ヒット値/最高ヒット値/最多ステップ/最少ステップを書きます`,
        );
      if (hit) {
        prefer.push(hit.id);
        i = hit.next;
        continue;
      }
    }
    i++;
  }
  if (prefer.length) pref.prefer = prefer;
  return pref;
}

const order = (apply: (o: OcOrders) => void): StatementResult<OcOrders> => ({ kind: 'order', apply });
const isFail = (x: unknown): x is Fail => !!x && typeof x === 'object' && (x as Fail).kind === 'error';

/** Two names: `SETUP unit place`, `RETURN unit point`, `REPLACE town unit`; an unknown name is named, with `rule`. */
function pairOf(
  rest: string[],
  tables: [Map<string, string>, Map<string, string>],
  kinds: ['unit' | 'place', 'unit' | 'place'],
  usage: [string, string],
  rule: string,
) {
  const unknown = (i: number, kind: 'unit' | 'place') =>
    fail(
      'oc/text/name',
      `"${rest[i]}" is not a ${kind}: ${usage[0]}`,
      `「${rest[i]}」は${kind === 'unit' ? 'ユニット' : '場所'}名ではありません: ${usage[1]}`,
      rule,
    );
  if (!rest.length) return fail('oc/text/usage', usage[0], usage[1], rule);
  const a = readName(rest, 0, tables[0]);
  if (!a) return unknown(0, kinds[0]);
  if (a.next >= rest.length) return fail('oc/text/usage', usage[0], usage[1], rule);
  const b = readName(rest, a.next, tables[1]);
  if (!b) return unknown(a.next, kinds[1]);
  if (b.next !== rest.length) return fail('oc/text/usage', usage[0], usage[1], rule);
  return [a.id, b.id] as const;
}

type Handler = (rest: string[], ctx: OcGrammarContext) => StatementResult<OcOrders>;
type Result = StatementResult<OcOrders>;

/** QUEUE ACTIVATE ... (appends) or QUEUE CLEAR (spec 5.2). */
function queueLine(rest: string[], ctx: OcGrammarContext): Result {
  if (rest.length === 1 && is(rest[0], 'none'))
    return order((o) => {
      o.standing = { ...o.standing, queue: [] };
    });
  if (!is(rest[0], 'activate'))
    return fail('oc/text/queue', 'QUEUE ACTIVATE ... or QUEUE CLEAR', '予約 活性化 ... または 予約 取消');
  const act = activation(rest.slice(1), ctx);
  if (isFail(act)) return act;
  return order((o) => {
    o.standing = { ...o.standing, queue: [...(o.standing?.queue ?? []), act] };
  });
}

/** PREFER [AT location] ... (spec 5.2 standing counterattack, global or per location). */
function preferLine(rest: string[], ctx: OcGrammarContext): Result {
  if (!is(rest[0], 'at')) {
    const pref = preference(rest, ctx);
    if (isFail(pref)) return pref;
    return order((o) => {
      o.standing = { ...o.standing, counterattack: pref };
    });
  }
  const where = readName(rest, 1, ctx.places);
  if (!where)
    return fail(
      'oc/text/prefer-at',
      'PREFER AT <location> ...: PREFER AT Tobruk TANK',
      '反撃優先 場所 <場所> ...: 反撃優先 場所 トブルク 戦車',
    );
  const pref = preference(rest.slice(where.next), ctx);
  if (isFail(pref)) return pref;
  return order((o) => {
    o.standing = { ...o.standing, counterattackAt: { ...o.standing?.counterattackAt, [where.id]: pref } };
  });
}

/** A line of two names into one map of the orders: SETUP (OC 4.2), RETURN (OC 6.3(8)③), REPLACE (OC 5.2). */
function mapLine(key: 'setup' | 'returns' | 'replacements', usage: [string, string], rule: string): Handler {
  return (rest, ctx) => {
    const replace = key === 'replacements';
    const tables: [Map<string, string>, Map<string, string>] = replace
      ? [ctx.places, ctx.units]
      : [ctx.units, ctx.places];
    const p = pairOf(rest, tables, replace ? ['place', 'unit'] : ['unit', 'place'], usage, rule);
    if (isFail(p)) return p;
    return order((o) => {
      o[key] = { ...o[key], [p[0]]: p[1] };
    });
  };
}

/** Firer -> target pairs into the D7 or D8 answer. */
function pairsLine(key: 'targets' | 'counterattack'): Handler {
  return (rest, ctx) => {
    const pairs = readPairs(rest, ctx);
    if (isFail(pairs)) return pairs;
    return order((o) => {
      o[key] = { ...o[key], ...pairs };
    });
  };
}

const HANDLERS: [keyof typeof KW, Handler][] = [
  [
    'activate',
    (rest, ctx) => {
      const act = activation(rest, ctx);
      if (isFail(act)) return act;
      return order((o) => {
        o.activation = act;
      });
    },
  ],
  ['queue', queueLine],
  ['target', pairsLine('targets')],
  ['counter', pairsLine('counterattack')],
  ['prefer', preferLine],
  [
    'setup',
    mapLine('setup', ['SETUP <unit> <area>: SETUP 7 Armd 12', '配置 <ユニット> <場所>: 配置 7機甲 12'], 'OC 4.2'),
  ],
  [
    'return',
    mapLine(
      'returns',
      ['RETURN <unit> <point>: RETURN 21 Pz Via Balbia', '復帰 <ユニット> <ポイント>: 復帰 21装甲 バルビア街道'],
      'OC 6.3(8)③',
    ),
  ],
  [
    'replace',
    mapLine(
      'replacements',
      ['REPLACE <town> <unit>: REPLACE Tobruk 70 Div', '補充 <町> <ユニット>: 補充 トブルク 70師'],
      'OC 5.2',
    ),
  ],
];

/** Reads one statement line (null: not an order of this game). */
function statement(line: string, ctx: OcGrammarContext): Result {
  // The Japanese comma separates pairs as the comma does ("21装甲 -> 7機甲、15装甲 -> 22機甲").
  const [first = '', ...rest] = tokenize(line.replace(/、/g, ', '));
  if (is(first, 'pass') && !rest.length)
    return order((o) => {
      o.activation = { at: 'pass' };
    });
  const handler = HANDLERS.find(([k]) => is(first, k));
  return handler ? handler[1](rest, ctx) : null;
}

const SYNTAX: Record<Locale, string> = {
  en: `One order per line, keywords in any case; names are the counter labels or full names, in English or Japanese ("7 Armd", "7th Armoured Brigade", "area 11", "Fort Capuzzo").
  OC-D4  PASS
  OC-D4  ACTIVATE 12 7 Armd 22 Armd MOVE Sidi Omar -> 06 ATTACK 7 Armd -> Savona, 22 Armd -> Savona
         (the group's location, its units (all face-up units there if none), the path, ATTACK in an area;
          at a point the attack is compulsory; ATTACK NO to move in without attacking; targets may wait for OC-D7)
  OC-D7  TARGET 7 Armd -> Savona              (targets after the counterattack, OC-A09)
  OC-D8  COUNTER 21 Pz -> 7 Armd, 15 Pz -> 22 Armd (counterattack targets)
  OC-D1  SETUP 7 Armd 12                      (area 11, area 12, the coast road or the Giarabub track)
  OC-D2  REPLACE Tobruk 70 Div               (which unit in a town recovers a step)
  OC-D3  RETURN 21 Pz Via Balbia              (off-map point of a returning unit)
  any    PREFER 7 Armd TANK MOST-STEPS        (standing counterattack preference; PREFER NONE withdraws it)
  any    PREFER AT Tobruk INFANTRY            (the same for combats at one location, before the global one)
  any    QUEUE ACTIVATE 11 2 NZ MOVE Sidi Omar (queued activation, applied when legal on your turn; QUEUE CLEAR)
Commands: HELP, STATUS, SIGNON <password>, END (stops reading); moderators: APPROVE, REJECT <reason>.`,
  ja: `1行に1命令。名前は駒の略称か正式名、英語でも日本語でも(「7機甲」「第7機甲旅団」「エリア11」「カプッツォ砦」)。全角数字も可。
  OC-D4  パス
  OC-D4  活性化 12 7機甲 22機甲 移動 シディ・オマル -> 06 攻撃 7機甲 -> サヴォナ, 22機甲 -> サヴォナ
         (グループの場所、ユニット(省略時はそこの表向きユニット全部)、経路、エリアでの攻撃。
          ポイントでは攻撃は必須。攻撃 なし で攻撃しない。目標は OC-D7 まで待てます)
  OC-D7  目標 7機甲 -> サヴォナ                 (反撃の後に攻撃目標、OC-A09)
  OC-D8  反撃 21装甲 -> 7機甲, 15装甲 -> 22機甲      (反撃目標)
  OC-D1  配置 7機甲 12                          (エリア11、エリア12、海岸道路、ジャラブブ道)
  OC-D2  補充 トブルク 70師                   (町で1ステップ回復するユニット)
  OC-D3  復帰 21装甲 バルビア街道                  (復帰ユニットのマップ外ポイント)
  いつでも 反撃優先 7機甲 戦車 最多ステップ     (常備反撃指示。反撃優先 なし で取消)
  いつでも 反撃優先 場所 トブルク 歩兵         (その場所の戦闘だけの常備反撃指示。全体の指示より優先)
  いつでも 予約 活性化 11 2NZ 移動 シディ・オマル (予約活性化: 自分の番に合法なら実行。予約 取消)
コマンド: HELP または ヘルプ、STATUS または 状況、SIGNON <パスワード>、END または 終了 (以降を読まない)。モデレーター: APPROVE または 承認、REJECT または 却下 <理由>。`,
};

/** The grammar of the package. */
export const ocGrammar: OrderGrammar<OcOrders, OcGrammarContext> = {
  context,
  empty: () => ({}),
  statement,
  format: (orders, ctx, locale) => formatOrders(orders, locale, (id) => ctx.labels.get(id)?.[locale] ?? id),
  syntax: (locale) => SYNTAX[locale],
};
