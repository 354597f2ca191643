/** Every Fin-Napoleon event in words, English and Japanese, the rule id at the end (history, mails, replay). */
import { describeDie, dicePurposeOf } from '../../../engine/dice-purpose.ts';
import type { GameEvent, Text } from '../../../engine/types.ts';
import { defaultData } from '../data/default-data.ts';
import type { Nation } from '../data/schema.ts';

type L = 'en' | 'ja';
const nation = (n: unknown, l: L): string => defaultData.chart[n as Nation]?.name[l] ?? String(n);
const area = (a: unknown, l: L): string => defaultData.areas.find((x) => x.id === a)?.name[l] ?? String(a);
const list = (v: unknown, l: L, f: (x: unknown, l: L) => string) =>
  (Array.isArray(v) ? v : []).map((x) => f(x, l)).join(l === 'ja' ? '→' : ', ');
const byNation = (rec: unknown, l: L): string =>
  Object.entries((rec ?? {}) as Record<string, number>)
    .map(([n, d]) => `${nation(n, l)} ${d}`)
    .join(l === 'ja' ? '、' : ', ') || (l === 'ja' ? 'なし' : 'none');
const ACTIVITY: Record<string, Text> = {
  none: { en: 'no activity', ja: '活動なし' },
  declare: { en: 'declaration of war', ja: '宣戦布告' },
  reinforce: { en: 'reinforcement', ja: '増強' },
  move: { en: 'move/combat', ja: '移動/戦闘' },
};

type Say = (e: GameEvent, l: L) => { en: string; ja: string } | string;
const SAY: Record<string, Say> = {
  turn: (e, l) => ({
    en: `Turn ${e.turn}: France rolls ${e.roll}; order ${list(e.order, l, nation)}`,
    ja: `第${e.turn}ターン: フランスのダイスは${e.roll}、活動順 ${list(e.order, l, nation)}`,
  }),
  activity: (e) => ({
    en: `${nation(e.nation, 'en')}: ${ACTIVITY[String(e.activity)]?.en}`,
    ja: `${nation(e.nation, 'ja')}: ${ACTIVITY[String(e.activity)]?.ja}`,
  }),
  declare: (e) => ({
    en: `${nation(e.by, 'en')} declares war${e.by === e.target ? '' : ` on ${nation(e.target, 'en')}`}: roll ${e.roll}, ${e.success ? `${nation(e.target, 'en')} is at war` : 'no change'}`,
    ja: `${nation(e.by, 'ja')}の宣戦布告${e.by === e.target ? '' : `（対${nation(e.target, 'ja')}）`}: ダイス${e.roll}、${e.success ? `${nation(e.target, 'ja')}は交戦状態に` : '変化なし'}`,
  }),
  reinforce: (e) => ({
    en: `${nation(e.nation, 'en')} places ${e.count} unit(s) in ${area(e.area, 'en')}`,
    ja: `${nation(e.nation, 'ja')}は${area(e.area, 'ja')}に${e.count}ユニットを配置`,
  }),
  move: (e) => ({
    en: `${nation(e.nation, 'en')} unit moves ${area(e.from, 'en')} → ${list(e.path, 'en', area).replace(/, /g, ' → ')}`,
    ja: `${nation(e.nation, 'ja')}軍ユニットが${area(e.from, 'ja')}→${list(e.path, 'ja', area)}へ移動`,
  }),
  'sea-attrition': (e) => ({
    en: `Sea attrition: roll ${e.roll}, the ${nation(e.nation, 'en')} unit is ${e.lost ? 'lost' : 'safe'}`,
    ja: `海上消耗: ダイス${e.roll}、${nation(e.nation, 'ja')}軍ユニットは${e.lost ? '除去' : '無事'}`,
  }),
  morale: (e) => ({ en: `French morale ${e.from} → ${e.to}`, ja: `フランス士気 ${e.from}→${e.to}` }),
  combat: (e) => ({ en: `Combat in ${area(e.area, 'en')}`, ja: `${area(e.area, 'ja')}で戦闘` }),
  'french-attack': (e, l) => ({
    en: `French attack in ${area(e.area, 'en')}: dice ${byNation(e.allocation, l)}; hits ${byNation(e.hits, l)}; removed ${byNation(e.removed, l)}`,
    ja: `${area(e.area, 'ja')}でのフランス軍の攻撃: ダイス ${byNation(e.allocation, l)}、命中 ${byNation(e.hits, l)}、除去 ${byNation(e.removed, l)}`,
  }),
  'allied-attack': (e, l) => ({
    en: `Allied attack in ${area(e.area, 'en')} (${list(e.nations, l, nation) || 'nobody'}): ${e.dice} dice, ${e.hits} hit(s), ${e.removed} French unit(s) removed`,
    ja: `${area(e.area, 'ja')}での連合軍の攻撃（${list(e.nations, l, nation) || 'なし'}）: ダイス${e.dice}個、命中${e.hits}、フランス軍${e.removed}ユニット除去`,
  }),
  surrender: (e) => ({
    en: `${nation(e.nation, 'en')} surrenders${e.nation === 'france' ? '' : `: at peace, ${e.returned} unit(s) return home`}`,
    ja: `${nation(e.nation, 'ja')}が降伏${e.nation === 'france' ? '' : `: 和平となり${e.returned}ユニットが本国へ帰還`}`,
  }),
  'return-home': (e) => ({
    en: `${e.count} unit(s) return to their home areas`,
    ja: `${e.count}ユニットが本国エリアへ帰還`,
  }),
  adjustment: (e) => ({ en: `Adjustment phase of turn ${e.turn}`, ja: `第${e.turn}ターンの調整フェイズ` }),
  'french-adjustment': (e) => ({
    en: `No French unit abroad: roll ${e.roll}, ${e.lost ? 'morale -1' : 'no loss'}`,
    ja: `国外にフランス軍なし: ダイス${e.roll}、${e.lost ? '士気-1' : '損失なし'}`,
  }),
  attrition: (e) => ({
    en: `Attrition in ${area(e.area, 'en')}: ${nation(e.nation, 'en')} loses ${e.lost} of ${e.units}`,
    ja: `${area(e.area, 'ja')}での消耗: ${nation(e.nation, 'ja')}は${e.units}中${e.lost}ユニットを失う`,
  }),
  'game-over': (e) => {
    const r = (e.reason ?? {}) as Text;
    return { en: `Game over. ${r.en ?? ''}`, ja: `ゲーム終了。${r.ja ?? ''}` };
  },
  'later-dropped': (e) => {
    const r = (e.reason ?? {}) as Text;
    return {
      en: `Your activation sent ahead for ${nation(e.nation, 'en')} no longer fits (${r.en ?? ''}): you are asked`,
      ja: `${nation(e.nation, 'ja')}の事前命令は使えなくなりました（${r.ja ?? ''}）。改めて指示してください`,
    };
  },
};

/**
 * A combat or attrition die's purpose with the area by its name: the recorded purpose (FN 9.21[2], the Russian
 * attrition) names the area by its id, which a player never reads.
 */
function namedPurpose(e: GameEvent) {
  const p = dicePurposeOf(undefined, e);
  const attrition = p && /^attrition in Russian territory \((\S+), 1-2: lost\)$/.exec(p.what.en);
  if (p && attrition) {
    const [, id] = attrition;
    const what = {
      en: `attrition in Russian territory (${area(id, 'en')}, 1-2: lost)`,
      ja: `ロシア領土内の消耗（${area(id, 'ja')}、1〜2で除去）`,
    };
    return { rule: p.rule, what };
  }
  const m = p && /^(French|Allied) attack in (\S+) \(hit on 1-(\d)\)$/.exec(p.what.en);
  if (!p || !m) return p;
  const [, who, id, hit] = m;
  const ja = who === 'French' ? 'フランス軍' : '連合軍';
  const what = {
    en: `${who} attack in ${area(id, 'en')} (hit on 1-${hit})`,
    ja: `${area(id, 'ja')}での${ja}の攻撃（1〜${hit}で命中）`,
  };
  return { rule: p.rule, what };
}

/** One event as a sentence. */
export function describeEvent(event: GameEvent, locale: L): string {
  if (event.type === 'die') return describeDie(event, locale, namedPurpose(event));
  const say = SAY[event.type];
  const rule = event.rule ? (locale === 'ja' ? `（${event.rule}）` : ` (${event.rule})`) : '';
  if (!say) return `${event.type}${rule}${locale === 'ja' ? '。' : '.'}`;
  const words = say(event, locale);
  const text = typeof words === 'string' ? words : words[locale];
  return locale === 'ja' ? `${text}${rule}。` : `${text}${rule}.`;
}
