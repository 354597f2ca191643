/**
 * The Atlantic Wolves order grammar (docs/orders.md): text lines -> AwOrders, and AwOrders -> canonical text.
 * Units are named by id (`U01`), unit number (`51`), type and number (`UB51`, `DD25`) or name (`Convoy HX`,
 * `HX船団`); areas by id (`WA`), name (`Western Approaches`, `ウエスタン・アプローチ`) or initials. Keywords are
 * English, with Japanese aliases. Shared by email and the web form's text mode.
 */
import type { ChoiceTree, Text } from '../../../engine/types.ts';
import type { Locale } from '../../../i18n/index.ts';
import { initials, NameTable, type NamedEntity } from '../../../orders-text/names.ts';
import { nameKey, tokenize } from '../../../orders-text/normalize.ts';
import type { GrammarInput, OrderGrammar, StatementResult } from '../../../engine/grammar.ts';
import type { AwOrders } from './schema.ts';

/** The parts of a data set the grammar reads (the shape of src/games/atlantic-wolves/data/schema.ts). */
export interface AwNames {
  areas: { id: string; name: Text }[];
  units: { id: string; type: string; number: number; name: Text }[];
}

/** Where an unkeyed `unit -> area` line goes at the current decision point. */
type PlaceTarget = 'placement' | 'step3' | 'replace';

/** The grammar's context for one message. */
export interface AwTextContext {
  names: NameTable;
  areas: Map<string, Text>;
  units: Map<string, { type: string; number: number; name: Text }>;
  place: PlaceTarget;
  /** True when D1 (AW 11.0[4]) is owed now or nothing is known: REINFORCE answers it instead of standing. */
  reinforceNow: boolean;
}

const TYPE_PREFIXES: Record<string, string[]> = {
  UB: ['U', 'UB'],
  DD: ['DD'],
  CVE: ['CVE', 'CV'],
  air: ['AIR', 'A'],
  convoy: ['C', 'CONVOY'],
};

/** Builds the name tables of a data set (see AwNames). */
export function awContext(input: GrammarInput): AwTextContext {
  const data = input.data as AwNames;
  const entities: NamedEntity[] = [];
  for (const a of data.areas) {
    const first = a.name.en.split(/\s+/)[0];
    entities.push({
      kind: 'area',
      id: a.id,
      keys: [[a.id], [a.name.en, a.name.ja], [initials(a.name.en) ?? '', first.length >= 4 ? first : '']],
    });
  }
  for (const u of data.units) {
    const loose = [u.id.replace(/(\D)0+(\d)/g, '$1$2'), ...(TYPE_PREFIXES[u.type] ?? []).map((p) => `${p}${u.number}`)];
    entities.push({ kind: 'unit', id: u.id, keys: [[u.id, String(u.number)], [u.name.en, u.name.ja], loose] });
  }
  const keys = (input.choices?.fields ?? []).map((f) => f.key);
  const has = (prefix: string) => keys.some((k) => k === prefix || k.startsWith(`${prefix}.`));
  return {
    names: new NameTable(entities),
    areas: new Map(data.areas.map((a) => [a.id, a.name])),
    units: new Map(data.units.map((u) => [u.id, u])),
    place: has('step3') ? 'step3' : has('replace') && !has('placement') ? 'replace' : 'placement',
    reinforceNow: !input.choices || has('reinforce'),
  };
}

// ---- keywords ----------------------------------------------------------------------------------------------

const KEYWORDS = {
  place: ['place', 'p', '配置'],
  step2: ['step2', 'blind', '手順2'],
  step3: ['step3', '手順3'],
  overflow: ['overflow', '超過'],
  replace: ['replace', '再配置'],
  move: ['move', 'm', '移動', '対応移動'],
  stay: ['stay', 'hold', '待機', '残留', 'そのまま', '移動なし'],
  air: ['air', '空軍', '航空攻撃'],
  escort: ['escort', 'e', '護衛', '護衛艦'],
  ub: ['ub', 'uboat', 'attack', 'fire', '攻撃', 'ub攻撃'],
  reinforce: ['reinforce', '増強'],
  response: ['response', 'responses', '対応', '対応表'],
  standing: ['standing', '予約'],
} as const;
type Keyword = keyof typeof KEYWORDS;
const KEYWORD_OF = new Map<string, Keyword>();
for (const [k, words] of Object.entries(KEYWORDS)) for (const w of words) KEYWORD_OF.set(nameKey(w), k as Keyword);

const ARROWS = new Set(['->', 'to', 'in', 'at', 'へ', 'に', 'を', '=>', '=', '>']);
const FACE = new Map<string, 'up' | 'down'>([
  ['up', 'up'],
  ['faceup', 'up'],
  ['表', 'up'],
  ['表向き', 'up'],
  ['down', 'down'],
  ['facedown', 'down'],
  ['裏', 'down'],
  ['裏向き', 'down'],
]);
const STAY_WORDS = new Set(['stay', 'hold', '待機', '残留', 'そのまま', '移動なし', 'none'].map(nameKey));
const NONE_WORDS = new Set(['none', 'no', 'pass', 'なし', '無し'].map(nameKey));

const err = (code: string, en: string, ja: string): StatementResult<AwOrders> => ({
  kind: 'error',
  code: `aw/text/${code}`,
  message: { en, ja },
});
const ok = (apply: (o: AwOrders) => void): StatementResult<AwOrders> => ({ kind: 'order', apply });

/** Splits the Japanese particles を, へ, に off words (`HX船団を中央ギャップへ`) and tokenizes. */
function awTokens(line: string): string[] {
  return tokenize(line.replace(/[をへに]/g, ' $& '));
}

/** One item of a statement after name lookup. */
type Item =
  | { t: 'unit'; id: string }
  | { t: 'area'; id: string }
  | { t: 'num'; n: number }
  | { t: 'face'; face: 'up' | 'down' }
  | { t: 'stay' }
  | { t: 'ask' }
  | { t: 'none' }
  | { t: 'arrow' }
  | { t: 'sep'; c: string };

/** `CG?2`: the second face-down Step-2 unit in an area (AW-A06), named so by its owner in OVERFLOW. */
function blindItem(tok: string, ctx: AwTextContext): Item | null {
  const m = /^([^?]+)\?([1-9]\d{0,2})$/.exec(tok);
  const area = m ? ctx.names.match('area', [m[1]], 0) : null;
  return area && !('ambiguous' in area) ? { t: 'unit', id: `${area.id}?${m![2]}` } : null;
}

/** Turns tokens into items; the first unknown word is returned as an error. */
function items(tokens: string[], ctx: AwTextContext, countsFirst = false): Item[] | StatementResult<AwOrders> {
  const out: Item[] = [];
  for (let i = 0; i < tokens.length; ) {
    const tok = tokens[i];
    const key = nameKey(tok);
    if (countsFirst && /^\d+$/.test(tok)) {
      out.push({ t: 'num', n: Number(tok) });
      i++;
      continue;
    }
    if (ARROWS.has(tok.toLowerCase())) {
      out.push({ t: 'arrow' });
      i++;
      continue;
    }
    if (tok === ',' || tok === ';' || tok === ':' || tok === '/') {
      out.push({ t: 'sep', c: tok });
      i++;
      continue;
    }
    const blind = blindItem(tok, ctx);
    if (blind) {
      out.push(blind);
      i++;
      continue;
    }
    const unit = ctx.names.match('unit', tokens, i);
    const area = ctx.names.match('area', tokens, i);
    const best = unit && area ? (area.length > unit.length ? area : unit) : (unit ?? area);
    if (best) {
      if ('ambiguous' in best)
        return err(
          'ambiguous',
          `"${tokens.slice(i, i + best.length).join(' ')}" could be ${best.ambiguous.join(' or ')}: use the id`,
          `「${tokens.slice(i, i + best.length).join(' ')}」は ${best.ambiguous.join('・')} のどれか分かりません。IDで書いてください`,
        );
      out.push({ t: best === area ? 'area' : 'unit', id: best.id });
      i += best.length;
      continue;
    }
    if (FACE.has(key)) out.push({ t: 'face', face: FACE.get(key)! });
    else if (STAY_WORDS.has(key) && key !== 'none') out.push({ t: 'stay' });
    else if (key === 'ask' || key === '質問') out.push({ t: 'ask' });
    else if (NONE_WORDS.has(key)) out.push({ t: 'none' });
    else if (/^\d+$/.test(tok)) out.push({ t: 'num', n: Number(tok) });
    else
      return err(
        'unknown-name',
        `"${tok}" is not a unit or area of this game`,
        `「${tok}」はこのゲームのユニットでもエリアでもありません`,
      );
    i++;
  }
  return out;
}

const isErr = (x: Item[] | StatementResult<AwOrders>): x is Exclude<StatementResult<AwOrders>, null> | null =>
  !Array.isArray(x);
const unitsOf = (xs: Item[]) => xs.filter((x): x is { t: 'unit'; id: string } => x.t === 'unit').map((x) => x.id);

/** Placement clauses: `U1 U2 [->] AREA [UP|DOWN]` repeated, or `AREA: U1 U2` repeated. */
function placements(xs: Item[]): { unit: string; area: string; face?: 'up' | 'down' }[] | StatementResult<AwOrders> {
  const out: { unit: string; area: string; face?: 'up' | 'down' }[] = [];
  const form = () =>
    err('place-form', 'write PLACE <units> -> <area>', 'PLACE <ユニット> -> <エリア> と書いてください');
  const areaFirst = xs[0]?.t === 'area';
  let pending: string[] = [];
  let current: string | undefined;
  let clause = 0; // index in `out` where the latest clause starts (a facing word applies to it)
  for (const x of xs) {
    if (x.t === 'unit') {
      if (!areaFirst) pending.push(x.id);
      else if (current) out.push({ unit: x.id, area: current });
      else return form();
    } else if (x.t === 'area') {
      if (areaFirst) {
        current = x.id;
        clause = out.length;
      } else {
        if (!pending.length)
          return err('place-form', 'an area without units before it', 'ユニットのないエリア指定があります');
        clause = out.length;
        for (const u of pending) out.push({ unit: u, area: x.id });
        pending = [];
      }
    } else if (x.t === 'face') {
      for (const p of out.slice(clause)) p.face = x.face;
    } else if (x.t !== 'arrow' && x.t !== 'sep') {
      return form();
    }
  }
  if (pending.length)
    return err(
      'place-area',
      `no area given for ${pending.join(', ')}`,
      `${pending.join(', ')} の配置先エリアがありません`,
    );
  if (!out.length) return err('place-empty', 'no unit placed', '配置するユニットがありません');
  return out;
}

function applyPlacement(
  target: PlaceTarget,
  list: { unit: string; area: string; face?: 'up' | 'down' }[],
): StatementResult<AwOrders> {
  return ok((o) => {
    for (const p of list) {
      if (target === 'step3') (o.step3 ??= {})[p.unit] = { area: p.area, face: p.face ?? 'up' };
      else if (target === 'replace') (o.replace ??= {})[p.unit] = p.area;
      else (o.placement ??= {})[p.unit] = p.area;
    }
  });
}

/** `ACTOR [->] TARGET...` segments separated by `;`, for AIR / ESCORT / UB allocations. */
function allocations(xs: Item[], field: 'air' | 'escorts' | 'ubs', ctx: AwTextContext): StatementResult<AwOrders> {
  const segments: Item[][] = [[]];
  for (const x of xs) {
    if (x.t === 'sep' && x.c === ';') segments.push([]);
    else segments[segments.length - 1].push(x);
  }
  const result: Record<string, string[]> = {};
  for (const seg of segments.filter((s) => s.length)) {
    const [actor, ...rest] = seg;
    if (actor?.t !== 'unit')
      return err('alloc-form', 'write <attacking unit> -> <targets>', '<攻撃するユニット> -> <目標> と書いてください');
    const targets: string[] = [];
    for (const x of rest) {
      if (x.t === 'unit') targets.push(x.id);
      else if (x.t === 'num' && targets.length && x.n >= 1 && x.n <= 3) {
        // `U01 -> C03 x2` style repeat counts are written as `C03 C03`; a bare count after a target repeats it.
        for (let k = 1; k < x.n; k++) targets.push(targets[targets.length - 1]);
      } else if (x.t !== 'arrow' && x.t !== 'sep' && x.t !== 'none') {
        return err('alloc-form', 'targets must be units', '目標はユニットで書いてください');
      }
    }
    if (targets.length > 3)
      return err('alloc-count', `${actor.id}: at most 3 attacks`, `${actor.id}: 攻撃は3回までです`);
    result[actor.id] = targets;
  }
  if (!Object.keys(result).length) return err('alloc-form', 'no allocation given', '割り当てがありません');
  void ctx;
  return ok((o) => Object.assign((o[field] ??= {}), result));
}

/** `STEP2 WA 3, CG 2` (area counts) and `STEP2 PLAN WA WA CG` (ordered slots). */
function step2(xs: Item[], plan: boolean): StatementResult<AwOrders> {
  const counts: Record<string, number> = {};
  const slots: string[] = [];
  let lastArea: string | undefined;
  let lastNum: number | undefined;
  for (const x of xs) {
    if (x.t === 'area') {
      if (lastNum !== undefined) {
        counts[x.id] = (counts[x.id] ?? 0) + lastNum;
        for (let k = 0; k < lastNum; k++) slots.push(x.id);
        lastNum = undefined;
        lastArea = undefined;
      } else {
        if (plan) slots.push(x.id);
        lastArea = x.id;
      }
    } else if (x.t === 'num') {
      if (x.n > 12) return err('step2-count', 'at most 12 units are drawn (2d6)', '引けるのは最大12ユニットです (2d6)');
      if (lastArea !== undefined) {
        counts[lastArea] = (counts[lastArea] ?? 0) + x.n;
        if (plan) for (let k = 1; k < x.n; k++) slots.push(lastArea);
        else for (let k = 0; k < x.n; k++) slots.push(lastArea);
        lastArea = undefined;
      } else lastNum = x.n;
    } else if (x.t !== 'sep' && x.t !== 'arrow') {
      return err('step2-form', 'write STEP2 <area> <count>, ...', 'STEP2 <エリア> <数>, ... と書いてください');
    }
  }
  if (plan) {
    if (!slots.length || slots.length > 12)
      return err('step2-plan', 'STEP2 PLAN lists 1 to 12 area slots', 'STEP2 PLAN には1〜12のエリアを並べてください');
    return ok((o) => ((o.standing ??= {}).step2Plan = slots));
  }
  if (!Object.keys(counts).length)
    return err('step2-form', 'write STEP2 <area> <count>, ...', 'STEP2 <エリア> <数>, ... と書いてください');
  return ok((o) => Object.assign((o.step2 ??= {}), counts));
}

/** `RESPONSE TABLE U01: CG, stay; 21: AF` */
function responseTable(xs: Item[]): StatementResult<AwOrders> {
  const table: Record<string, string[]> = {};
  let unit: string | undefined;
  for (const x of xs) {
    if (x.t === 'unit') {
      unit = x.id;
      table[unit] = [];
    } else if (x.t === 'area' || x.t === 'stay' || x.t === 'ask') {
      if (!unit)
        return err(
          'response-form',
          'write RESPONSE TABLE <unit>: <area or STAY or ASK>, ...',
          'RESPONSE TABLE <ユニット>: <エリア/STAY/ASK>, ... と書いてください',
        );
      table[unit].push(x.t === 'area' ? x.id : x.t);
    } else if (x.t !== 'sep' && x.t !== 'arrow') {
      return err(
        'response-form',
        'write RESPONSE TABLE <unit>: <area or STAY or ASK>, ...',
        'RESPONSE TABLE <ユニット>: <エリア/STAY/ASK>, ... と書いてください',
      );
    }
  }
  const empty = Object.entries(table).find(([, v]) => !v.length || v.length > 8);
  if (!unit || empty)
    return err(
      'response-form',
      `give 1 to 8 choices for ${empty?.[0] ?? 'a unit'}`,
      `${empty?.[0] ?? 'ユニット'} の選択肢を1〜8個書いてください`,
    );
  return ok((o) => Object.assign(((o.standing ??= {}).responseTable ??= {}), table));
}

/** Parses one statement line (see docs/orders.md). */
function statement(line: string, ctx: AwTextContext): StatementResult<AwOrders> {
  const tokens = awTokens(line);
  let kw = KEYWORD_OF.get(nameKey(tokens[0] ?? ''));
  // A unit or area named like a keyword ("UB 1") is read as the name when the keyword reading makes no sense.
  if (
    kw &&
    ctx.names.match('unit', tokens, 0) &&
    (kw === 'ub' || kw === 'air') &&
    ctx.names.match('unit', tokens, 0)!.length > 1
  )
    kw = undefined;
  let standing = false;
  if (kw === 'standing') {
    standing = true;
    tokens.shift();
    kw = KEYWORD_OF.get(nameKey(tokens[0] ?? ''));
  }
  const rest = kw ? tokens.slice(1) : tokens;
  if (kw === 'response' && nameKey(rest[0] ?? '') === 'table') rest.shift();
  let plan = false;
  if (kw === 'step2' && nameKey(rest[0] ?? '') === 'plan') {
    rest.shift();
    plan = true;
  }
  if (kw === 'stay')
    return rest.length <= 1
      ? ok((o) => (o.response = 'stay'))
      : err('stay-form', 'STAY takes nothing else', 'STAY の後には何も書きません');
  const xs = items(rest, ctx, kw === 'step2');
  if (isErr(xs)) return kw ? xs : null;
  switch (kw) {
    case 'place':
    case 'step3':
    case 'replace': {
      const list = placements(xs);
      if (!Array.isArray(list)) return list;
      return applyPlacement(kw === 'step3' ? 'step3' : kw === 'replace' ? 'replace' : ctx.place, list);
    }
    case 'step2':
      return step2(xs, plan);
    case 'overflow':
    case 'reinforce': {
      const units = unitsOf(xs);
      if (!units.length || xs.some((x) => x.t !== 'unit' && x.t !== 'sep'))
        return err(
          `${kw}-form`,
          `write ${kw.toUpperCase()} <units>`,
          `${kw.toUpperCase()} <ユニット> と書いてください`,
        );
      if (kw === 'overflow') return ok((o) => (o.overflow = units));
      return standing || !ctx.reinforceNow
        ? ok((o) => ((o.standing ??= {}).reinforce = units))
        : ok((o) => (o.reinforce = units));
    }
    case 'move': {
      const dest = xs.filter((x) => x.t === 'area' || x.t === 'stay');
      const bad = xs.find((x) => !['area', 'stay', 'unit', 'arrow', 'sep'].includes(x.t));
      if (dest.length !== 1 || bad || unitsOf(xs).length > 1)
        return err(
          'move-form',
          'write MOVE <unit> -> <area> or STAY',
          'MOVE <ユニット> -> <エリア> または STAY と書いてください',
        );
      const d = dest[0];
      return ok((o) => (o.response = d.t === 'area' ? d.id : 'stay'));
    }
    case 'air':
      return allocations(xs, 'air', ctx);
    case 'escort':
      return allocations(xs, 'escorts', ctx);
    case 'ub':
      return allocations(xs, 'ubs', ctx);
    case 'response':
      return responseTable(xs);
    case 'standing':
      return err('standing-form', 'STANDING goes before REINFORCE', 'STANDING の後には REINFORCE を書きます');
    default:
      return unkeyed(xs, ctx);
  }
}

/** Lines without a keyword: `U01 -> CG` (placement at this point), `GB-DD1 -> U01` (an attack by the unit's type). */
function unkeyed(xs: Item[], ctx: AwTextContext): StatementResult<AwOrders> {
  const first = xs[0];
  if (!first || (first.t !== 'unit' && first.t !== 'area')) return null;
  const hasArea = xs.some((x) => x.t === 'area');
  if (first.t === 'unit' && !hasArea) {
    const type = ctx.units.get(first.id)?.type;
    const field =
      type === 'UB' ? 'ubs' : type === 'air' ? 'air' : type === 'DD' || type === 'CVE' ? 'escorts' : undefined;
    if (!field || xs.length < 2) return null;
    return allocations(xs, field, ctx);
  }
  const list = placements(xs);
  return Array.isArray(list) ? applyPlacement(ctx.place, list) : list;
}

// ---- canonical text ------------------------------------------------------------------------------------------

function nameOf(ctx: AwTextContext, id: string, locale: Locale): string {
  const t = ctx.units.get(id)?.name ?? ctx.areas.get(id);
  return t ? t[locale] : id;
}

function grouped(record: Record<string, string>): [string, string[]][] {
  const by = new Map<string, string[]>();
  for (const unit of Object.keys(record).sort()) by.set(record[unit], [...(by.get(record[unit]) ?? []), unit]);
  return [...by.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Canonical text of AwOrders, one statement per line, names in `#` comments. Parsing it gives the orders back. */
function format(o: AwOrders, ctx: AwTextContext, locale: Locale): string[] {
  const n = (id: string) => nameOf(ctx, id, locale);
  const list = (ids: string[]) => ids.map(n).join(', ');
  const out: string[] = [];
  if (o.reinforce) out.push(`REINFORCE ${o.reinforce.join(' ')}  # ${list(o.reinforce)}`);
  for (const [area, units] of grouped(o.placement ?? {}))
    out.push(`PLACE ${units.join(' ')} -> ${area}  # ${list(units)} -> ${n(area)}`);
  if (o.step2)
    out.push(
      `STEP2 ${Object.keys(o.step2)
        .sort()
        .map((a) => `${a} ${o.step2![a]}`)
        .join(', ')}`,
    );
  if (o.step3) {
    const keyed: Record<string, string> = {};
    for (const [u, p] of Object.entries(o.step3)) keyed[u] = `${p.area} ${p.face.toUpperCase()}`;
    for (const [where, units] of grouped(keyed)) {
      const [area] = where.split(' ');
      out.push(`STEP3 ${units.join(' ')} -> ${where}  # ${list(units)} -> ${n(area)}`);
    }
  }
  if (o.overflow) out.push(`OVERFLOW ${o.overflow.join(' ')}  # ${list(o.overflow)}`);
  for (const [area, units] of grouped(o.replace ?? {}))
    out.push(`REPLACE ${units.join(' ')} -> ${area}  # ${list(units)} -> ${n(area)}`);
  if (o.response) out.push(o.response === 'stay' ? 'STAY' : `MOVE -> ${o.response}  # ${n(o.response)}`);
  const alloc = (kw: string, rec?: Record<string, string[]>) => {
    for (const actor of Object.keys(rec ?? {}).sort()) {
      const t = rec![actor];
      out.push(`${kw} ${actor} -> ${t.length ? t.join(' ') : 'NONE'}  # ${n(actor)} -> ${t.length ? list(t) : '-'}`);
    }
  };
  alloc('AIR', o.air);
  alloc('ESCORT', o.escorts);
  alloc('UB', o.ubs);
  const s = o.standing;
  if (s?.reinforce) out.push(`STANDING REINFORCE ${s.reinforce.join(' ')}  # ${list(s.reinforce)}`);
  if (s?.step2Plan) out.push(`STEP2 PLAN ${s.step2Plan.join(' ')}`);
  for (const unit of Object.keys(s?.responseTable ?? {}).sort()) {
    const prefs = s!.responseTable![unit];
    out.push(
      `RESPONSE TABLE ${unit}: ${prefs.map((p) => (p === 'stay' || p === 'ask' ? p.toUpperCase() : p)).join(', ')}  # ${n(unit)}`,
    );
  }
  return out;
}

const SYNTAX: Record<Locale, string> = {
  en: `One order per line; keywords in any case, full-width or half-width. Units by id (U01), number (51),
type and number (UB51) or name; areas by id (WA), name (Western Approaches / ウエスタン・アプローチ) or initials.
  D1  REINFORCE U01 U05 U07            (turn 5: which sunk UBs return, AW 11.0[4])
  D2  STEP2 WA 3, CG 2                 (standard game: blind-drawn units per area, AW 6.0-Step2)
      STEP2 PLAN WA WA CG AF ...       (standing: area slots, the first N are used)
  D3  PLACE C01 C02 -> WA              (mail game: every Allied unit face up, AW 12.0-2)
      STEP3 C01 -> WA DOWN             (standard game: remaining units with facing, AW 6.0-Step3)
  D4/D6  OVERFLOW C03 CG?1             (own units named for re-placement, AW 6.0-C2 / 7.0[6]; CG?1: a unit
                                       placed blind in Step 2 in CG, named by its area, AW-A06)
         REPLACE U05 -> CG             (opponent's named units re-placed)
  D5  PLACE U01 U02 -> CG              (every used UB, AW 7.0)
  D7  MOVE 21 -> CG   or   STAY        (response movement of the rolled unit, AW 12.0-3)
      RESPONSE TABLE 21: CG, STAY      (standing: preferences when its number is rolled)
  D8  AIR AIR1 -> U01 U02              (only with optional air attacks, AW-A10)
  D9  ESCORT GB-DD1 -> U01             (DD one target, CVE two: ESCORT GB-CVE1 -> U01 U01, AW 8.2)
  D10 UB U01 -> C01 C01 C03            (one convoy per attack, 2 or 3 attacks, AW 8.3)
Lines without a keyword work too: "C01 -> WA", "GB-DD1 -> U01". Japanese keywords: 配置 移動 待機 護衛 攻撃 増強.
Commands: HELP, STATUS, SIGNON <password>, END (stops reading); moderators: APPROVE, REJECT <reason>.`,
  ja: `1行に1命令。キーワードは大文字・小文字、全角・半角を問いません。ユニットはID (U01)、番号 (51)、
種別+番号 (UB51) または名前、エリアはID (WA)、名前 (ウエスタン・アプローチ / Western Approaches) で書きます。
  D1  REINFORCE U01 U05 U07            (第5ターン: 復帰させる撃沈UB、AW 11.0[4])
  D2  STEP2 WA 3, CG 2                 (通常ゲーム: 裏向きユニットのエリア別の数、AW 6.0-手順2)
  D3  配置 C01 C02 ウエスタン・アプローチ  (メールプレイ: 連合軍全ユニットを表向きで、AW 12.0-2)
      STEP3 C01 -> WA DOWN             (通常ゲーム: 残りのユニットと向き、AW 6.0-手順3)
  D4/D6  OVERFLOW C03 / REPLACE U05 -> CG (超過時の再配置、AW 6.0-C2 / 7.0[6])
         OVERFLOW CG?1                 (手順2で伏せて置いたユニットはエリアで指定、AW-A06)
  D5  配置 U01 U02 -> CG               (使用UBすべて、AW 7.0)
  D7  移動 21 中央ギャップ  または  待機  (対応移動、AW 12.0-3)
      RESPONSE TABLE 21: CG, STAY      (予約: 番号が出たときの希望)
  D8  AIR AIR1 -> U01 U02              (選択ルールの空軍攻撃のみ、AW-A10)
  D9  護衛 GB-DD1 -> U01                (DDは1目標、CVEは2目標、AW 8.2)
  D10 攻撃 U01 -> C01 C01 C03           (攻撃1回につき船団1つ、AW 8.3)
コマンド: HELP, STATUS, SIGNON <パスワード>, END (以降を読まない)。モデレーター: APPROVE, REJECT <理由>。`,
};

/** The Atlantic Wolves grammar: the `grammar` of its package (index.ts). */
export const awTextGrammar: OrderGrammar<AwOrders, AwTextContext> = {
  context: awContext,
  empty: () => ({}),
  statement,
  format,
  syntax: (locale) => SYNTAX[locale],
};

/** Convenience for tests and the web form: the choice tree's point, used only to choose PLACE's target. */
export type { ChoiceTree };
