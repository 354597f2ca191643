/** The words of Fin-Napoleon's order text: keywords in English and Japanese, name tables, shared helpers. */
import { acceptedNames } from '../../../engine/names.ts';
import { fnNames } from '../data/names.ts';
import type { GrammarInput, StatementResult } from '../../../engine/grammar.ts';
import type { Locale } from '../../../i18n/index.ts';
import { nameKey } from '../../../orders-text/normalize.ts';
import { defaultData } from '../data/default-data.ts';
import type { FnData, Nation } from '../data/schema.ts';
import type { FnOrders } from './schema.ts';

export interface Ctx {
  data: FnData;
  areas: Map<string, string>;
  nations: Map<string, Nation>;
  point: string | null;
  current: Nation | null;
}

export const KW = {
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
export type Word = keyof typeof KW;
export const WORDS = (Object.keys(KW) as Word[])
  .flatMap((w) => KW[w].map((k) => [k, w] as const))
  .sort((a, b) => b[0].length - a[0].length);
export const OUT: Record<Locale, Record<Word, string>> = {
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
export const YES = new Set(['yes', 'はい', 'on', 'true']);
export const NO = new Set(['no', 'いいえ', 'off', 'false']);

export function context(input: GrammarInput): Ctx {
  const data = (input.data as FnData | undefined)?.areas ? (input.data as FnData) : defaultData;
  const areas = new Map<string, string>();
  const nations = new Map<string, Nation>();
  // Every spelling of the name table (data/names.ts).
  for (const e of fnNames(data))
    for (const k of acceptedNames(e))
      if (e.kind === 'area') areas.set(nameKey(k), e.id);
      else nations.set(nameKey(k), e.id as Nation);
  const group = input.choices?.fields.find((f) => f.key === 'activity')?.group;
  return { data, areas, nations, point: input.choices?.point ?? null, current: (group as Nation | undefined) ?? null };
}

export const bad = (code: string, en: string, ja: string): StatementResult<FnOrders> => ({
  kind: 'error',
  code: `fn/text-${code}`,
  message: { en, ja },
});
export const items = (rest: string) =>
  rest
    .split(/[,、]/)
    .map((x) => x.trim())
    .filter(Boolean);

export const areaOut = (ctx: Ctx, id: string, l: Locale) => ctx.data.areas.find((a) => a.id === id)?.name[l] ?? id;
export const nationOut = (ctx: Ctx, n: string, l: Locale) => ctx.data.chart[n as Nation]?.name[l] ?? n;
export const sep = (l: Locale) => (l === 'ja' ? '、' : ', ');
